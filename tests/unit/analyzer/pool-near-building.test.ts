// A pool belongs to a property (decision 013k): water with no building within 25 m is a shadow, a pond or a green
// patch in a meadow, unless the frame is a close crop on the water, where the house may be out of view.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { coveredWaterOffProperty, createLocalAnalyzer, poolsNearBuildings } from '../../../server/analyzer/local/analyzer';
import type { Mask } from '../../../server/analyzer/local/raster';
import { buildScene } from '../../../server/analyzer/local/scene';

/** A grey frame of `w` × `h` pixels at 0.25 m per pixel. */
function frame(w: number, h: number) {
  const grey = () => new Float32Array(w * h).fill(0.5);
  return buildScene({ w, h, r: grey(), g: grey(), b: grey() }, { mPerPx: 0.25, known: true });
}

function rect(w: number, h: number, [x0, y0, x1, y1]: [number, number, number, number]): Mask {
  const m: Mask = new Uint8Array(w * h);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) m[y * w + x] = 1;
  return m;
}

function body(w: number, h: number, box: [number, number, number, number]) {
  const mask = rect(w, h, box);
  return { mask, areaPx: mask.reduce((a, v) => a + v, 0) };
}

describe('pools near buildings', () => {
  // 400 px = 100 m a side; a 4 × 8 m pool (16 × 32 px) is 0.3 % of the frame.
  const W = 400;
  const H = 400;
  const scene = frame(W, H);
  const pool = body(W, H, [40, 40, 56, 72]);

  it('keeps a pool 10 m from a house and drops one 40 m from any building', () => {
    const house = rect(W, H, [96, 40, 160, 100]); // 40 px = 10 m east of the pool
    expect(poolsNearBuildings([pool], house, scene)).toEqual([pool]);
    const farHouse = rect(W, H, [216, 40, 280, 100]); // 160 px = 40 m away
    expect(poolsNearBuildings([pool], farHouse, scene)).toEqual([]);
  });

  it('drops every small body when no building is in view', () => {
    const none: Mask = new Uint8Array(W * H);
    const other = body(W, H, [300, 300, 320, 320]);
    expect(poolsNearBuildings([pool, other], none, scene)).toEqual([]);
  });

  it('keeps the water of a close crop on a pool, with no house in view', () => {
    const w = 60;
    const h = 60; // 15 m a side; the pool fills a third of it
    const chip = frame(w, h);
    const big = body(w, h, [15, 10, 45, 50]);
    expect(poolsNearBuildings([big], new Uint8Array(w * h), chip)).toEqual([big]);
  });
});

describe('the analyzer with its models', () => {
  it('reports no pool for a pool-blue patch in a meadow with no building in view', async () => {
    // 100 m of textured grass at 0.25 m per pixel, with a 5 × 9 m cyan patch ringed by pale coping at the centre:
    // the pool model takes it for a pool, the building map finds no building anywhere.
    const W = 400;
    const H = 400;
    const px = Buffer.alloc(W * H * 3);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const i = (y * W + x) * 3;
        const n = ((x * 7 + y * 13) % 11) - 5;
        const water = x >= 180 && x < 200 && y >= 180 && y < 216;
        const coping = !water && x >= 176 && x < 204 && y >= 176 && y < 220;
        const [r, g, b] = water ? [60, 170, 210] : coping ? [200, 195, 185] : [95 + n, 130 + n, 70 + n];
        px[i] = r;
        px[i + 1] = g;
        px[i + 2] = b;
      }
    }
    const png = await sharp(px, { raw: { width: W, height: H, channels: 3 } })
      .png()
      .toBuffer();
    const out = await createLocalAnalyzer().analyze(png, { source: 'upload', gsd_m_per_px: 0.25 });
    expect(out.results.pool.present).toBe(false);
  });
});

describe('covered water with no building near the centre (decision 013zo)', () => {
  // 400 px = 100 m a side at 0.25 m per pixel.
  const scene = frame(400, 400);
  const small = { areaPx: 16 * 32 }; // a 4 × 8 m body: 0.3 % of the frame
  const close = { areaPx: 80 * 60 }; // 3 % of the frame: a close crop on the water

  it('drops a covered body that does not fill a close crop, and keeps open and green water', () => {
    const tarp = { ...small, condition: 'covered' as const };
    const clean = { ...small, condition: 'clean' as const };
    const green = { ...small, condition: 'green' as const };
    expect(coveredWaterOffProperty([tarp, clean, green], scene)).toEqual([clean, green]);
  });

  it('keeps a covered pool that fills a close crop, where the house may be out of view', () => {
    const cover = { ...close, condition: 'covered' as const };
    expect(coveredWaterOffProperty([cover], scene)).toEqual([cover]);
  });
});
