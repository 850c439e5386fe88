import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { analyzerOutputSchema } from '../../../server/analyzer/contract';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);

describe('npm run analyze (scripts/analyze.ts)', () => {
  it('prints one contract line per image and an error line for an unreadable file, and goes on', async () => {
    const args = ['scripts/analyze.ts', '--no-models', '--gsd', '0.6', 'tests/fixtures/images/chico_2020_55.png', 'package.json', 'tests/fixtures/images/riverside_2018_48.png'];
    const result = await run(`${root}node_modules/.bin/tsx`, args, { cwd: root }).catch((e: { stdout: string; code: number }) => e);
    expect((result as { code?: number }).code).toBe(1); // one file failed
    const lines = (result as { stdout: string }).stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(3);
    const [first, bad, last] = lines;
    expect(Object.keys(first).sort()).toEqual(
      ['assessable', 'file', 'findings', 'ms', 'provenance', 'recommendations', 'results', 'score_breakdown', 'unassessable_reasons'].sort(),
    );
    const parsed = analyzerOutputSchema.safeParse({
      results: first.results,
      evidence: { findings: first.findings, score_breakdown: first.score_breakdown, recommendations: first.recommendations, assessable: first.assessable, unassessable_reasons: first.unassessable_reasons, provenance: first.provenance },
    });
    expect(parsed.success).toBe(true);
    expect(first.results.trees.count).toBeGreaterThan(0);
    expect(first.provenance.gsd_m_per_px).toBe(0.6);
    expect(bad).toMatchObject({ file: 'package.json', error: { code: 'IMAGE_UNREADABLE' } });
    expect(last.file).toBe('tests/fixtures/images/riverside_2018_48.png');
    expect(last.results.trees.count).toBe(0);
  }, 60_000);
});
