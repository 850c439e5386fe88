// Panels in drone frames (finer than 0.1 m): modules of blue cells between pale frames, read on the working copy
// where the coarse stages see a pale roof (decision 013za).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../../../server/analyzer/local/decode';
import { buildScene, downsample } from '../../../server/analyzer/local/scene';
import { solarOnRoof } from '../../../server/analyzer/local/analyzer';
import { FINE_PANELS, finePanels, finePanelsElsewhere, finePanelsOnRoof, type SolarArray } from '../../../server/analyzer/local/solar';
import { seededRandom } from '../../helpers/random';

const M = 0.05; // working pixels of 5 cm
const W = 400; // 20 m
const H = 300; // 15 m
// The roof fills x 40-360, y 32-272 (16 × 12 m); the coarse scene is a quarter of the size.
const ROOF = [40, 32, 360, 272];

type Rgb = [number, number, number];
/** A terracotta roof, with `paint` drawing anything on top of it, and a noisy texture of tiles. */
function frame(paint: (x: number, y: number) => Rgb | null): RgbImage {
  const next = seededRandom(5);
  const n = W * H;
  const img: RgbImage = { w: W, h: H, r: new Float32Array(n), g: new Float32Array(n), b: new Float32Array(n) };
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const t = (next() - 0.5) * 0.08;
      const onRoof = x >= ROOF[0] && x < ROOF[2] && y >= ROOF[1] && y < ROOF[3];
      let c: Rgb = onRoof ? [0.72 + t, 0.45 + t, 0.36 + t] : [0.7 + t, 0.66 + t, 0.56 + t];
      c = paint(x, y) ?? c;
      const i = y * W + x;
      [img.r[i], img.g[i], img.b[i]] = c;
    }
  }
  return img;
}

/** An array of modules (1 × 1.65 m, 20 × 33 px) from (x0, y0), cols × rows, cells blue, frames pale grey. */
const array =
  (x0: number, y0: number, cols: number, rows: number) =>
  (x: number, y: number): Rgb | null => {
    const dx = x - x0;
    const dy = y - y0;
    if (dx < 0 || dy < 0 || dx >= cols * 20 || dy >= rows * 33) return null;
    const frameLine = dx % 20 === 0 || dy % 33 === 0;
    const cellLine = (dx % 20) % 3 === 0 || (dy % 33) % 3 === 0;
    if (frameLine) return [0.82, 0.83, 0.85];
    return cellLine ? [0.33, 0.4, 0.55] : [0.22, 0.3, 0.52];
  };

function sceneOf(img: RgbImage) {
  return buildScene(downsample(img, W / 4, H / 4), { mPerPx: 4 * M, known: true }, 4, 4);
}

/** A mask on the coarse scene covering the working-copy box [x0, y0, x1, y1). */
function boxMask(box: number[]): Uint8Array {
  const mask = new Uint8Array((W / 4) * (H / 4));
  for (let y = box[1] / 4; y < box[3] / 4; y++) for (let x = box[0] / 4; x < box[2] / 4; x++) mask[y * (W / 4) + x] = 1;
  return mask;
}

function run(img: RgbImage, imageMPerPx: number | null) {
  return finePanels(img, M, imageMPerPx, sceneOf(img), boxMask(ROOF));
}

describe('panels at drone resolution', () => {
  it('finds an array of eight blue modules on a tiled roof, outlined where it lies', () => {
    const found = run(frame(array(120, 80, 4, 2)), M);
    expect(found).toHaveLength(1);
    const [a] = found;
    // 8 modules of 1.65 m² ≈ 13 m² = 330 coarse pixels of 0.2 m.
    expect(a.areaPx).toBeGreaterThan(250);
    expect(a.areaPx).toBeLessThan(420);
    const xs = a.polygon.map(([x]) => x);
    const ys = a.polygon.map(([, y]) => y);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(120 / 4 - 2);
    expect(Math.max(...xs)).toBeLessThanOrEqual(200 / 4 + 2);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(80 / 4 - 2);
    expect(Math.max(...ys)).toBeLessThanOrEqual(146 / 4 + 2);
  });

  it('finds nothing on a bare roof, on two modules alone, or on a thin blue strip of shadow along an eave', () => {
    expect(
      run(
        frame(() => null),
        M,
      ),
    ).toEqual([]);
    expect(run(frame(array(120, 80, 2, 1)), M)).toEqual([]);
    const strip = (x: number, y: number): Rgb | null => (y >= 40 && y < 50 && x >= 60 && x < 340 ? [0.25, 0.3, 0.45] : null);
    expect(run(frame(strip), M)).toEqual([]);
  });

  it('is not read on coarser images, nor when the resolution is unknown', () => {
    const img = frame(array(120, 80, 4, 2));
    expect(run(img, 0.135)).toEqual([]);
    expect(run(img, null)).toEqual([]);
  });
});

describe('panels beyond the edge of the building map’s roof', () => {
  // The map's roof stops at x 200 (10 m), as it stops at the edge of an array whose blue it reads as not-building;
  // the tiled roof itself runs on to x 360.
  const mapRoof = boxMask([40, 32, 200, 272]);
  const none = new Uint8Array(mapRoof.length);

  it('finds an array that starts where the map’s roof stops, which the 1 m margin of the coarse stages cut too thin', () => {
    const img = frame(array(205, 80, 4, 2));
    expect(FINE_PANELS.roofMarginM).toBeGreaterThan(2);
    expect(finePanelsOnRoof(img, M, M, sceneOf(img), mapRoof, none)).toHaveLength(1);
    const oneMetre = dilateBy(mapRoof, 5);
    expect(finePanels(img, M, M, sceneOf(img), oneMetre)).toEqual([]);
  });

  it('leaves out an array in the yard further off, and one on excluded pixels (water, canopy, a tarp)', () => {
    const far = frame(array(270, 80, 4, 2));
    expect(finePanelsOnRoof(far, M, M, sceneOf(far), boxMask([40, 32, 120, 272]), none)).toEqual([]);
    const img = frame(array(205, 80, 4, 2));
    expect(finePanelsOnRoof(img, M, M, sceneOf(img), mapRoof, new Uint8Array(mapRoof.length).fill(1))).toEqual([]);
  });

  it('is not read on coarser images, nor when the resolution is unknown', () => {
    const img = frame(array(205, 80, 4, 2));
    expect(finePanelsOnRoof(img, M, 0.135, sceneOf(img), mapRoof, none)).toEqual([]);
    expect(finePanelsOnRoof(img, M, null, sceneOf(img), mapRoof, none)).toEqual([]);
  });
});

describe('panels when no subject roof was found', () => {
  // A frame of bare ground at 5 cm (no roof): the building map saw no building near the centre.
  function ground(paint: (x: number, y: number) => Rgb | null): RgbImage {
    const next = seededRandom(9);
    const n = W * H;
    const img: RgbImage = { w: W, h: H, r: new Float32Array(n), g: new Float32Array(n), b: new Float32Array(n) };
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const t = (next() - 0.5) * 0.08;
        const c = paint(x, y) ?? [0.7 + t, 0.62 + t, 0.48 + t];
        const i = y * W + x;
        [img.r[i], img.g[i], img.b[i]] = c;
      }
    return img;
  }
  /** The frame as the analysed image's bytes (the rib test reads them at full size). */
  const bytes = (img: RgbImage) =>
    sharp(Buffer.from(Array.from({ length: W * H * 3 }, (_, k) => Math.round(255 * [img.r, img.g, img.b][k % 3][Math.floor(k / 3)]))), {
      raw: { width: W, height: H, channels: 3 },
    })
      .png()
      .toBuffer();
  const none = new Uint8Array((W / 4) * (H / 4));
  const elsewhere = async (img: RgbImage, mPerPx: number | null = M, exclude = none) =>
    finePanelsElsewhere(await bytes(img), { width: W, height: H }, img, M, mPerPx, sceneOf(img), exclude);

  it('finds a ground-mounted array anywhere in the frame, and not one cut by the frame edge', async () => {
    const found = await elsewhere(ground(array(120, 80, 6, 3)));
    expect(found).toHaveLength(1);
    expect(found[0].onSubjectRoof).toBeUndefined();
    expect(await elsewhere(ground(array(300, 80, 6, 3)))).toEqual([]); // runs off the right edge at x 400
    expect(await elsewhere(ground(array(120, 80, 6, 3)), 0.135)).toEqual([]);
  });

  it('asks more blue of it than on a roof: a mottled grey-blue shrub passes on a roof, not elsewhere', async () => {
    const next = seededRandom(3);
    const shrub = (x: number, y: number): Rgb | null =>
      x >= 100 && x < 200 && y >= 60 && y < 160 ? (next() < 0.62 ? [0.3, 0.38, 0.55] : [0.45, 0.5, 0.42]) : null;
    const img = ground(shrub);
    const all = new Uint8Array(none.length).fill(1);
    expect(finePanels(img, M, M, sceneOf(img), all)).toHaveLength(1);
    expect(await elsewhere(img)).toEqual([]);
  });

  it('asks an array’s rectangle of it: an L of blue passes on a roof (arrays step round vents), not elsewhere', async () => {
    // 4 × 4 m less a 2.5 × 2.5 m corner: 61 % of its rectangle.
    const el = (x: number, y: number): Rgb | null =>
      x >= 100 && x < 180 && y >= 60 && y < 140 && !(x >= 130 && y < 110) ? [0.24, 0.32, 0.54] : null;
    const img = ground(el);
    expect(finePanels(img, M, M, sceneOf(img), new Uint8Array(none.length).fill(1))).toHaveLength(1);
    expect(await elsewhere(img)).toEqual([]);
  });

  it('leaves out deep-blue shade in a gap of the canopy, which a ground-mounted array is not', async () => {
    // A 4 × 3 m patch of navy shade whose 1 m ring is canopy (excluded), as between conifers at 0.1 m.
    const img = ground((x, y) => (x >= 100 && x < 180 && y >= 80 && y < 140 ? [0.2, 0.26, 0.42] : null));
    const canopy = new Uint8Array(none.length);
    const box = [100, 80, 180, 140];
    for (let y = 0; y < H / 4; y++)
      for (let x = 0; x < W / 4; x++) {
        const inBox = x * 4 >= box[0] && x * 4 < box[2] && y * 4 >= box[1] && y * 4 < box[3];
        const near = x * 4 >= box[0] - 40 && x * 4 < box[2] + 40 && y * 4 >= box[1] - 40 && y * 4 < box[3] + 40;
        if (near && !inBox) canopy[y * (W / 4) + x] = 1;
      }
    expect(await elsewhere(img)).toHaveLength(1);
    expect(await elsewhere(img, M, canopy)).toEqual([]);
  });

  it('leaves out a blue corrugated metal roof: its ribs are not cells', async () => {
    const ribs = (x: number, y: number): Rgb | null => {
      if (x < 100 || x >= 260 || y < 60 || y >= 200) return null;
      const rib = 0.1 * Math.sin((2 * Math.PI * x) / 5);
      return [0.3 + rib, 0.45 + rib, 0.7 + rib];
    };
    const img = ground(ribs);
    const all = new Uint8Array(none.length).fill(1);
    expect(finePanels(img, M, M, sceneOf(img), all, FINE_PANELS.elsewhere)).toHaveLength(1);
    expect(await elsewhere(img)).toEqual([]);
  });
});

/** The mask grown by `r` coarse pixels (a square, enough for a box). */
function dilateBy(mask: Uint8Array, r: number): Uint8Array {
  const w = W / 4;
  const h = H / 4;
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!mask[y * w + x]) continue;
      for (let dy = -r; dy <= r; dy++)
        for (let dx = -r; dx <= r; dx++) {
          const X = x + dx;
          const Y = y + dy;
          if (X >= 0 && Y >= 0 && X < w && Y < h) out[Y * w + X] = 1;
        }
    }
  return out;
}

describe('solar on the subject roof in the results', () => {
  const w = 100;
  const h = 80;
  const box = (x0: number, y0: number, x1: number, y1: number) => {
    const m = new Uint8Array(w * h);
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) m[y * w + x] = 1;
    return m;
  };
  const arrayOf = (mask: Uint8Array, onSubjectRoof?: boolean): SolarArray => ({
    mask,
    polygon: [
      [0, 0],
      [1, 1],
    ],
    areaPx: mask.reduce((n, v) => n + v, 0),
    centroid: [0, 0],
    confidence: 0.7,
    ...(onSubjectRoof === undefined ? {} : { onSubjectRoof }),
  });
  const roof = box(20, 20, 60, 60); // 1,600 px

  it('counts an array its stage placed on the roof whole, where the map’s roof stops at the array’s edge', () => {
    // 10 × 40 px just beyond the roof's east edge: the map left the planes it covers out of the roof.
    const beyond = box(62, 20, 72, 60);
    const placed = solarOnRoof([arrayOf(beyond, true)], roof, w, h, 1);
    expect(placed.mounted).toEqual([true]);
    expect(placed.coverage).toBe(Math.round((1000 * 400) / 2000) / 10); // 400 of the 1,600 + 400 px roof: 20 %
    // Without the stage's word the same array is beside the roof: another building or a ground mount.
    const unplaced = solarOnRoof([arrayOf(beyond)], roof, w, h, 1);
    expect(unplaced.mounted).toEqual([false]);
    expect(unplaced.coverage).toBeLessThan(3);
  });

  it('places an array by its share within the margin when no stage placed it, and none without a roof', () => {
    const on = box(30, 30, 50, 40);
    expect(solarOnRoof([arrayOf(on), arrayOf(box(80, 0, 100, 10))], roof, w, h, 1)).toEqual({ mounted: [true, false], coverage: 12.5 });
    expect(solarOnRoof([arrayOf(on, true)], null, w, h, 1)).toEqual({ mounted: [true], coverage: 0 });
  });
});
