import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analyzerOutputSchema } from '../../../server/analyzer/contract';
import { DJI_XMP } from '../ingest/fixtures';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);

describe('npm run analyze (scripts/analyze.ts)', () => {
  it('prints one contract line per image and an error line for an unreadable file, and goes on', async () => {
    const args = [
      'scripts/analyze.ts',
      '--no-models',
      '--gsd',
      '0.6',
      'tests/fixtures/images/chico_2020_55.png',
      'package.json',
      'tests/fixtures/images/riverside_2018_48.png',
    ];
    const result = await run(`${root}node_modules/.bin/tsx`, args, { cwd: root }).catch((e: { stdout: string; code: number }) => e);
    expect((result as { code?: number }).code).toBe(1); // one file failed
    const lines = (result as { stdout: string }).stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(3);
    const [first, bad, last] = lines;
    expect(Object.keys(first).sort()).toEqual(
      [
        'assessable',
        'file',
        'findings',
        'ms',
        'provenance',
        'recommendations',
        'results',
        'score_breakdown',
        'unassessable_reasons',
      ].sort(),
    );
    const parsed = analyzerOutputSchema.safeParse({
      results: first.results,
      evidence: {
        findings: first.findings,
        score_breakdown: first.score_breakdown,
        recommendations: first.recommendations,
        assessable: first.assessable,
        unassessable_reasons: first.unassessable_reasons,
        provenance: first.provenance,
      },
    });
    expect(parsed.success).toBe(true);
    expect(first.results.trees.count).toBeGreaterThan(0);
    expect(first.provenance.gsd_m_per_px).toBe(0.6);
    expect(bad).toMatchObject({ file: 'package.json', error: { code: 'IMAGE_UNREADABLE' } });
    expect(last.file).toBe('tests/fixtures/images/riverside_2018_48.png');
    expect(last.results.trees.count).toBe(0);
  }, 60_000);

  it("without --gsd, takes a drone photo's ground resolution from its metadata, as an upload does", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'aerisk-cli-'));
    try {
      const base = sharp('tests/fixtures/images/chico_2020_55.png').resize(400, 300, { fit: 'fill' });
      const drone = path.join(dir, 'drone.jpg');
      writeFileSync(
        drone,
        await base
          .clone()
          .jpeg()
          .withExif({ IFD0: { Make: 'DJI', Model: 'FC3582' }, IFD2: { FocalLengthIn35mmFilm: '24' } })
          .withXmp(DJI_XMP('+60.00', '-90.00'))
          .toBuffer(),
      );
      const plain = path.join(dir, 'plain.jpg');
      writeFileSync(plain, await base.clone().jpeg().toBuffer());
      const { stdout } = await run(`${root}node_modules/.bin/tsx`, ['scripts/analyze.ts', '--no-models', drone, plain], { cwd: root });
      const [fromDrone, fromPlain] = stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      // 60 m above take-off, 24 mm equivalent, 400 px on the long side of a 4:3 frame: 60 × 34.6 / (24 × 400).
      expect(fromDrone.provenance.gsd_source).toBe('estimated');
      expect(fromDrone.provenance.gsd_m_per_px).toBeCloseTo(0.2163, 3);
      expect(fromDrone.provenance.gsd_basis).toMatch(/height above take-off 60 m/);
      expect(fromPlain.provenance.gsd_m_per_px).toBeNull();
      expect(fromPlain.provenance.gsd_source).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
