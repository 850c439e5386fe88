// A frame darkened or washed out (a drone shot against the sun, an export tool's brightness change) is brought back
// into the ordinary range before the detectors read it (decision 013z); every ordinary image is read as it came.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildOutput, detect } from '../../../server/analyzer/local/analyzer';
import { decodeImage, type RgbImage } from '../../../server/analyzer/local/decode';
import { applyExposure, exposureCorrection, EXPOSURE } from '../../../server/analyzer/local/exposure';
import { quantile } from '../../../server/analyzer/local/raster';
import { seededRandom } from '../../helpers/random';

const W = 240;
const H = 200;
// A pool of clear water (in image pixels) on dry ground, with a grey roof beside it that casts a shadow, and a pale
// concrete drive.
const POOL = [100, 70, 150, 110];
const ROOF = [20, 20, 80, 90];
const inBox = ([x0, y0, x1, y1]: number[], x: number, y: number) => x >= x0 && x < x1 && y >= y0 && y < y1;

/** The scene as 0..1 RGB with `curve` applied to each channel (identity for an ordinary exposure). */
function sceneRgb(curve: (v: number) => number = (v) => v): RgbImage {
  const next = seededRandom(11);
  const n = W * H;
  const img: RgbImage = { w: W, h: H, r: new Float32Array(n), g: new Float32Array(n), b: new Float32Array(n) };
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const t = (next() - 0.5) * 0.1;
      // Dry ground, lighter and darker in broad patches.
      const patch = 0.18 * Math.sin(x / 17) * Math.cos(y / 13);
      let c = [0.6 + patch + t, 0.56 + patch + t, 0.46 + patch + t];
      if (y >= H - 24)
        c = [0.86 + t / 4, 0.85 + t / 4, 0.82 + t / 4]; // a concrete drive along the bottom
      else if (inBox(POOL, x, y)) c = [0.25 + t / 3, 0.73 + t / 3, 0.84 + t / 3];
      else if (inBox(ROOF, x, y)) c = [0.45 + t / 4, 0.45 + t / 4, 0.47 + t / 4];
      else if (inBox([ROOF[2], ROOF[1] + 12, ROOF[2] + 16, ROOF[3] + 12], x, y)) c = [0.22 + t / 4, 0.22 + t / 4, 0.26 + t / 4];
      const i = y * W + x;
      [img.r[i], img.g[i], img.b[i]] = c.map((v) => curve(Math.max(0, Math.min(1, v))));
    }
  }
  return img;
}

// Under-exposure crushes the shadows and mid-tones (bright surfaces keep some light); over-exposure lifts the blacks
// towards white.
const dark = (v: number) => 0.55 * v ** 3.2;
const washed = (v: number) => 0.55 + 0.45 * v;

async function png(img: RgbImage): Promise<Buffer> {
  const buf = Buffer.alloc(img.w * img.h * 3);
  for (let i = 0; i < img.w * img.h; i++) {
    buf[3 * i] = Math.round(img.r[i] * 255);
    buf[3 * i + 1] = Math.round(img.g[i] * 255);
    buf[3 * i + 2] = Math.round(img.b[i] * 255);
  }
  return sharp(buf, { raw: { width: img.w, height: img.h, channels: 3 } })
    .png()
    .toBuffer();
}

const medianL = (img: RgbImage) =>
  quantile(
    img.r.map((r, i) => 0.299 * r + 0.587 * img.g[i] + 0.114 * img.b[i]),
    0.5,
  );

describe('exposure correction', () => {
  it('leaves an ordinary image alone, and a bright one that keeps its shadows (white roofs in sunlight)', () => {
    expect(exposureCorrection(sceneRgb())).toBeNull();
    // Bright overall (median over the washed-out line) but with dark shadows: not washed out.
    const bright = sceneRgb((v) => Math.min(1, v * 1.3));
    expect(medianL(bright)).toBeGreaterThan(EXPOSURE.washedMedian);
    expect(exposureCorrection(bright)).toBeNull();
  });

  it('brings a dark frame and a washed-out one back to an ordinary median, keeping which channel is strongest', () => {
    for (const [curve, kind] of [
      [dark, 'dark'],
      [washed, 'washed out'],
    ] as const) {
      const img = sceneRgb(curve);
      const c = exposureCorrection(img);
      expect(c?.kind).toBe(kind);
      const fixed = applyExposure(img, c!);
      expect(Math.abs(medianL(fixed) - EXPOSURE.targetMedian)).toBeLessThan(0.08);
      // The pool stays blue-green, the ground stays warm: the same curve on each channel keeps their order.
      const pool = (POOL[1] + 10) * W + POOL[0] + 10;
      expect(fixed.b[pool]).toBeGreaterThan(fixed.r[pool]);
      expect(fixed.r[5 * W + 200]).toBeGreaterThan(fixed.b[5 * W + 200]);
    }
  });

  it('feeds every detector the corrected frame and says so in provenance; an ordinary frame is read as it came', async () => {
    const context = { source: 'upload', gsd_m_per_px: 0.2 } as const;
    const ordinary = await detect(await png(sceneRgb()), context, { useModels: false });
    expect(ordinary.exposure).toBeNull();
    const original = await decodeImage(await png(sceneRgb()));
    expect(ordinary.decoded.work.r).toEqual(original.work.r);
    for (const [curve, kind] of [
      [dark, 'dark'],
      [washed, 'washed out'],
    ] as const) {
      const bytes = await png(sceneRgb(curve));
      const d = await detect(bytes, context, { useModels: false });
      expect(d.exposure?.kind).toBe(kind);
      const m = quantile(d.scene.L, 0.5);
      expect(m).toBeGreaterThan(0.25);
      expect(m).toBeLessThan(0.55);
      const out = buildOutput(d, context, 0);
      expect(String(out.evidence.provenance.exposure_note)).toMatch(new RegExp(`frame is ${kind}.*exposure corrected`));
    }
  });
});
