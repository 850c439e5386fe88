// Decision 013zk: a blue metal roof has a tarp's colour and ribs that read as panel cells; ribbed blue on the
// subject roof is the roof itself, neither damage nor panels. A smooth blue patch on a roof stays a tarp.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createLocalAnalyzer } from '../../../server/analyzer/local/analyzer';
import { seededRandom } from '../../helpers/random';

const W = 400;
const H = 240;
const ROOF = [140, 60, 280, 180];
const within = ([x0, y0, x1, y1]: number[], x: number, y: number) => x >= x0 && x < x1 && y >= y0 && y < y1;

/** A blue roof on sandy ground at 0.05 m per pixel: ribbed (a 5 px period across it) or smooth with blotches. */
async function roofImage(ribbed: boolean): Promise<Buffer> {
  const next = seededRandom(7);
  const rgb = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let [r, g, b] = [190 + 10 * (next() - 0.5), 175, 150];
      if (within(ROOF, x, y)) {
        const across = x * Math.cos(Math.PI / 6) + y * Math.sin(Math.PI / 6);
        const rib = ribbed ? 30 * Math.sin((2 * Math.PI * across) / 5) : 12 * Math.sin(x / 17) * Math.cos(y / 13);
        const v = rib + 8 * (next() - 0.5);
        [r, g, b] = [70 + v, 130 + v, 210 + v];
      }
      rgb.set(
        [r, g, b].map((v) => Math.max(0, Math.min(255, Math.round(v)))),
        (y * W + x) * 3,
      );
    }
  }
  return sharp(rgb, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer();
}

describe('a blue metal roof', () => {
  const analyzer = createLocalAnalyzer();
  const context = { source: 'upload' as const, gsd_m_per_px: 0.05, subject_point: { x: 0.5, y: 0.5 } };

  it('is a roof in good condition, not a tarp and not panels, when its ribs show', async () => {
    const out = await analyzer.analyze(await roofImage(true), context);
    expect(out.results.roof.condition).toBe('good');
    expect(out.results.solar.present).toBe(false);
    expect(out.evidence.findings.some((f) => f.feature === 'damage')).toBe(false);
  });

  it('stays a tarp where the blue is smooth', async () => {
    const out = await analyzer.analyze(await roofImage(false), context);
    expect(out.results.roof.condition).toBe('poor');
    expect(out.evidence.findings.find((f) => f.feature === 'damage')?.note).toMatch(/tarp/);
  });
});
