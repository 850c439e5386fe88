// persisted-queries.json must hold exactly the operations the client sends (by their Relay ids): a stale
// file would make a production server refuse the app's own requests (relay:check does not look at it).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const generated = new URL('../../../client/__generated__/', import.meta.url);
const documents = JSON.parse(readFileSync(new URL('../../../persisted-queries.json', import.meta.url), 'utf8')) as Record<string, string>;

describe('persisted-queries.json', () => {
  it('has the text of every operation the client sends, under its MD5 id, and nothing else', () => {
    const ids = readdirSync(generated)
      .filter((name) => name.endsWith('.graphql.ts'))
      .flatMap((name) => [...readFileSync(new URL(name, generated), 'utf8').matchAll(/"id": "([0-9a-f]{32})"/g)].map((m) => m[1]));
    expect(ids.length).toBeGreaterThan(10);
    expect([...new Set(ids)].sort()).toEqual(Object.keys(documents).sort());
    for (const [id, text] of Object.entries(documents)) {
      expect(createHash('md5').update(text).digest('hex'), id).toBe(id);
    }
  });
});
