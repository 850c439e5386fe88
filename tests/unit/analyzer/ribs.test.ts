// A blue corrugated roof is not water (decision 013y): its ribs make the lightness across it periodic, which
// pool water, covers and floors are not. Read on the image's own pixels, only when they are fine enough.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ribAutocorrelation, ribbedBodies, RIBS, swingsLikeRibs } from '../../../server/analyzer/local/ribs';
import { buildScene } from '../../../server/analyzer/local/scene';
import { seededRandom } from '../../helpers/random';

const W = 400;
const H = 240;
// Two blue bodies on pale ground, in image pixels: a ribbed roof on the left, rippled water on the right.
const ROOF: [number, number, number, number] = [40, 40, 180, 200];
const WATER: [number, number, number, number] = [220, 40, 360, 200];
const within = ([x0, y0, x1, y1]: number[], x: number, y: number) => x >= x0 && x < x1 && y >= y0 && y < y1;

/** The picture as RGB bytes: ribs of a 5 px period across the roof (ribs run at 30°), blotchy noise on the water. */
function picture(): Buffer {
  const next = seededRandom(7);
  const rgb = Buffer.alloc(W * H * 3);
  const blotch = new Float32Array((W / 4) * (H / 4)).map(() => next());
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let [r, g, b] = [190, 175, 150];
      if (within(ROOF, x, y)) {
        const across = x * Math.cos(Math.PI / 6) + y * Math.sin(Math.PI / 6);
        const rib = 30 * Math.sin((2 * Math.PI * across) / 5) + 8 * (next() - 0.5);
        [r, g, b] = [110 + rib, 160 + rib, 210 + rib];
      } else if (within(WATER, x, y)) {
        const ripple = 30 * (blotch[Math.floor(y / 4) * (W / 4) + Math.floor(x / 4)] - 0.5) + 8 * (next() - 0.5);
        [r, g, b] = [60 + ripple, 170 + ripple, 210 + ripple];
      }
      rgb.set(
        [r, g, b].map((v) => Math.max(0, Math.min(255, Math.round(v)))),
        (y * W + x) * 3,
      );
    }
  }
  return rgb;
}

async function png(): Promise<Buffer> {
  return sharp(picture(), { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer();
}

/** A scene at a quarter of the image's size, and the two bodies' masks on it. */
function sceneAndMasks() {
  const w = W / 4;
  const h = H / 4;
  const plane = () => new Float32Array(w * h).fill(0.5);
  const scene = buildScene({ w, h, r: plane(), g: plane(), b: plane() }, { mPerPx: 0.2, known: true }, 4, 4);
  const mask = (box: number[]) => {
    const m = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (within(box, x * 4 + 2, y * 4 + 2)) m[y * w + x] = 1;
    return m;
  };
  return { scene, masks: [mask(ROOF), mask(WATER)] };
}

describe('swingsLikeRibs', () => {
  it('needs two periods: down, up and down again past the swing', () => {
    expect(swingsLikeRibs([-0.3, -0.5, 0.5, 0.4, -0.6, 0.1])).toBe(true);
    expect(swingsLikeRibs([0.4, -0.3, 0.3, -0.3])).toBe(true);
  });

  it("reads ribs blurred by an upload's re-encode: the same period with the whole curve lifted (decision 013zj)", () => {
    // The upper barn of drone frame MP4-34 as uploaded (JPEG quality 90): troughs stop at −0.13 and −0.23.
    expect(swingsLikeRibs([0.42, -0.13, 0.27, 0.41, 0.41, -0.23, 0.01, 0.36, 0.11])).toBe(true);
    // Water beside it in the same frame: one drop, then within a few hundredths of zero.
    expect(swingsLikeRibs([0.5, -0.07, -0.12, -0.06, -0.06, 0.01, 0.02, 0.02, 0.01])).toBe(false);
    expect(swingsLikeRibs([-0.15, -0.37, -0.0, -0.0, 0.08, 0.02, 0.0, 0.01, 0.03])).toBe(false);
  });

  it('is not fooled by one dip, a dip and a rise, or a slow decay', () => {
    expect(swingsLikeRibs([0.5, -0.3, -0.2, 0.0])).toBe(false);
    expect(swingsLikeRibs([0.5, -0.3, 0.3, 0.1, -0.2])).toBe(false);
    expect(swingsLikeRibs([0.6, 0.4, 0.2, 0.1, 0.0, -0.1])).toBe(false);
    expect(swingsLikeRibs([-RIBS.swing + 0.01, RIBS.swing, -RIBS.swing])).toBe(false);
  });
});

describe('ribAutocorrelation', () => {
  const gray = (f: (x: number, y: number) => number) => {
    const out = new Float32Array(120 * 120);
    for (let y = 0; y < 120; y++) for (let x = 0; x < 120; x++) out[y * 120 + x] = f(x, y);
    return out;
  };
  const everywhere = () => true;

  it('swings with the period of vertical stripes', () => {
    const stripes = gray((x) => 0.5 + 0.2 * Math.sin((2 * Math.PI * x) / 6));
    const correlation = ribAutocorrelation(stripes, 120, 120, everywhere, 12)!;
    expect(correlation[2]).toBeLessThan(-0.5); // half a period
    expect(correlation[5]).toBeGreaterThan(0.5); // one period
    expect(swingsLikeRibs(correlation)).toBe(true);
  });

  it('decorrelates on noise', () => {
    const next = seededRandom(3);
    const correlation = ribAutocorrelation(
      gray(() => next()),
      120,
      120,
      everywhere,
      12,
    )!;
    expect(Math.max(...correlation.map(Math.abs))).toBeLessThan(0.2);
    expect(swingsLikeRibs(correlation)).toBe(false);
  });

  it('says nothing on a flat surface or on too few pixels', () => {
    expect(
      ribAutocorrelation(
        gray(() => 0.5),
        120,
        120,
        everywhere,
        12,
      ),
    ).toBeNull();
    const stripes = gray((x) => 0.5 + 0.2 * Math.sin(x));
    expect(ribAutocorrelation(stripes, 120, 120, (x, y) => x < 20 && y < 20, 12)).toBeNull();
  });
});

describe('ribbedBodies', () => {
  it('finds the ribbed roof and leaves the water, on the image decoded again at full size', async () => {
    const { scene, masks } = sceneAndMasks();
    expect(await ribbedBodies(await png(), { width: W, height: H }, scene, masks, 0.05)).toEqual([true, false]);
  });

  it('reads no ribs on images coarser than the limit, nor without a scale', async () => {
    const { scene, masks } = sceneAndMasks();
    const image = await png();
    expect(await ribbedBodies(image, { width: W, height: H }, scene, masks, RIBS.maxMPerPx * 1.5)).toEqual([false, false]);
    expect(await ribbedBodies(image, { width: W, height: H }, scene, masks, null)).toEqual([false, false]);
  });

  it('keeps every body when the image cannot be read again', async () => {
    const { scene, masks } = sceneAndMasks();
    expect(await ribbedBodies(Buffer.from('not an image'), { width: W, height: H }, scene, masks, 0.05)).toEqual([false, false]);
  });
});
