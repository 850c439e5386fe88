// The import rules of docs/architecture.md, checked on every relative import of the tree: a layer may
// import the layers below it, never a layer beside or above it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/(^|\/)(generated|__generated__)(\/|$)/.test(e.parentPath))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** Every relative import of `file` as a path from the repository root. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]);
  return specifiers.map((s) => path.relative(root, path.resolve(root, path.dirname(file), s)));
}

/** The imports of files under `from` that land under any of `forbidden`. */
function violations(from: string, forbidden: string[]): string[] {
  return sources(from).flatMap((file) =>
    importsOf(file)
      .filter((target) => forbidden.some((f) => target === f || target.startsWith(`${f}/`) || target.startsWith(`${f}.`)))
      .map((target) => `${file} → ${target}`),
  );
}

const TRANSPORTS = ['server/schema', 'server/rest', 'server/graphql', 'server/app', 'server/index'];
const SERVICES = ['server/services'];

describe('import rules (docs/architecture.md)', () => {
  it('the client imports the shared constants, never the server', () => {
    expect(violations('client', ['server'])).toEqual([]);
  });

  it('common/ imports nothing of the application', () => {
    expect(violations('common', ['server', 'client'])).toEqual([]);
  });

  it('the two transports never import each other', () => {
    expect(violations('server/schema', ['server/rest'])).toEqual([]);
    expect(violations('server/rest', ['server/schema', 'server/graphql'])).toEqual([]);
  });

  it('services never import a transport', () => {
    expect(violations('server/services', TRANSPORTS)).toEqual([]);
  });

  it('adapters and the domain never import services or transports', () => {
    for (const dir of ['server/domain', 'server/ingest', 'server/storage', 'server/imagery', 'server/analyzer', 'server/jobs']) {
      expect(violations(dir, [...SERVICES, ...TRANSPORTS])).toEqual([]);
    }
  });
});
