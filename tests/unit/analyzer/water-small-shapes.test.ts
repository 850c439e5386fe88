// Small water-coloured bodies (decision 013i): with a known ground resolution, a body no larger than a spa is a
// spa when it is round or square and beside a pool, and nothing at all when it is drawn out (a blue scrap, the
// corner of a tarp): no pool is that small. With a scale that is only assumed, areas are too rough to judge.
import { describe, expect, it } from 'vitest';
import { buildScene } from '../../../server/analyzer/local/scene';
import { detectWater, WATER } from '../../../server/analyzer/local/water';

const W = 300;
const H = 200;

/** Pale ground; pool-blue rectangles, with the learned pool map hot (0.95) on them. */
function picture(rects: [number, number, number, number][], known: boolean) {
  const r = new Float32Array(W * H).fill(0.72);
  const g = new Float32Array(W * H).fill(0.68);
  const b = new Float32Array(W * H).fill(0.6);
  const prob = new Float32Array(W * H).fill(0.01);
  for (const [x0, y0, x1, y1] of rects) {
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const i = y * W + x;
        r[i] = 0.25;
        g[i] = 0.7;
        b[i] = 0.85;
        prob[i] = 0.95;
      }
    }
  }
  return { scene: buildScene({ w: W, h: H, r, g, b }, { mPerPx: 0.1, known }), prob };
}

// At 0.1 m per pixel: a 4 × 8 m pool, a 2 × 2 m tub 2 m from it, and a lone 1.5 × 4 m strip far off.
const pool: [number, number, number, number] = [20, 40, 60, 120];
const tub: [number, number, number, number] = [80, 60, 100, 80];
const strip: [number, number, number, number] = [200, 100, 215, 140];

describe('small water-coloured bodies', () => {
  it('keeps the pool and the tub beside it, and drops the drawn-out strip', () => {
    const { scene, prob } = picture([pool, tub, strip], true);
    const { bodies } = detectWater(scene, prob, 0.15);
    expect(bodies.map((b) => b.kind).sort()).toEqual(['pool', 'spa']);
    expect(bodies.every((b) => b.centroid[0] < 150)).toBe(true);
  });

  it('does not judge by area when the scale is not known', () => {
    const { scene, prob } = picture([strip], false);
    expect(detectWater(scene, prob, 0.15).bodies).toHaveLength(1);
    const known = picture([strip], true);
    expect(detectWater(known.scene, known.prob, 0.15, false).bodies).toHaveLength(1);
    expect(detectWater(known.scene, known.prob, 0.15).bodies).toEqual([]);
  });
});

describe('covered water cut by the frame edge', () => {
  /** Pale ground with one deep-blue body (a cover or a tarp: hue about 225°), the pool map hot on it. */
  function covered(rect: [number, number, number, number]) {
    const { scene, prob } = picture([], true);
    const [x0, y0, x1, y1] = rect;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const i = y * W + x;
        scene.r[i] = 0.2;
        scene.g[i] = 0.3;
        scene.b[i] = 0.62;
        prob[i] = 0.95;
      }
    }
    return { scene: buildScene({ w: W, h: H, r: scene.r, g: scene.g, b: scene.b }, { mPerPx: 0.1, known: true }), prob };
  }

  it('keeps a covered pool inside the frame and drops the same body cut by the edge, where its shape is not seen', () => {
    const inside = covered([100, 60, 160, 140]);
    const found = detectWater(inside.scene, inside.prob, 0.15).bodies;
    expect(found).toHaveLength(1);
    expect(found[0].condition).toBe('covered');
    const cut = covered([0, 60, 60, 140]);
    expect(detectWater(cut.scene, cut.prob, 0.15).bodies).toEqual([]);
  });

  it('keeps open water cut by the edge: its colour alone says pool', () => {
    const { scene, prob } = picture([[0, 60, 60, 140]], true);
    const found = detectWater(scene, prob, 0.15).bodies;
    expect(found).toHaveLength(1);
    expect(found[0].condition).toBe('clean');
  });
});

describe('a speck with no scale at all', () => {
  /** A square of pool-blue `side` scene pixels across, the pool map hot on it; 1 m per pixel when the scale is known. */
  function speck(side: number, known: boolean) {
    const { scene, prob } = picture([], known);
    for (let y = 90; y < 90 + side; y++) {
      for (let x = 140; x < 140 + side; x++) {
        const i = y * W + x;
        scene.r[i] = 0.25;
        scene.g[i] = 0.7;
        scene.b[i] = 0.85;
        prob[i] = 0.95;
      }
    }
    return { scene: buildScene({ w: W, h: H, r: scene.r, g: scene.g, b: scene.b }, { mPerPx: known ? 1 : 0.5, known }), prob };
  }

  it('is not reported under WATER.minUnscaledPx pixels when no scale was given or estimated', () => {
    const small = Math.floor(Math.sqrt(WATER.minUnscaledPx - 1));
    const unscaled = speck(small, false);
    expect(small * small).toBeLessThan(WATER.minUnscaledPx);
    expect(detectWater(unscaled.scene, unscaled.prob, 0.15).bodies).toEqual([]);
    const larger = speck(small + 2, false);
    expect(detectWater(larger.scene, larger.prob, 0.15).bodies).toHaveLength(1);
  });

  it('is judged in metres when the scale is known: the same pixels at 1 m are a 25 m² pool', () => {
    const small = Math.floor(Math.sqrt(WATER.minUnscaledPx - 1));
    const known = speck(small, true);
    expect(detectWater(known.scene, known.prob, 0.15).bodies).toHaveLength(1);
  });
});
