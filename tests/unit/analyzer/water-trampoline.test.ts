// A trampoline from above (decision 013zr): a bright blue padded frame round a dark grey-blue mat. The learned pool
// map takes the whole disc, and its mean colour is a pool's; what water never shows is a core both duller and darker
// than its rim. A uniform pool, and a pool whose edge is the darker part (coping shadow), are still pools.
import { describe, expect, it } from 'vitest';
import { buildScene } from '../../../server/analyzer/local/scene';
import { detectWater, isTrampolineMat, WATER } from '../../../server/analyzer/local/water';

const W = 200;
const H = 160;
type Rgb = [number, number, number];

const lawn: Rgb = [0.3, 0.45, 0.22];
const cyan: Rgb = [0.35, 0.62, 0.85];
const mat: Rgb = [0.24, 0.27, 0.31];
const shadowedEdge: Rgb = [0.12, 0.3, 0.45];

/** A 4.4 m disc at 0.1 m per pixel on a lawn: `rim` for its outer 0.5 m, `core` inside; the pool map hot on all of it. */
function disc(rim: Rgb, core: Rgb) {
  const r = new Float32Array(W * H).fill(lawn[0]);
  const g = new Float32Array(W * H).fill(lawn[1]);
  const b = new Float32Array(W * H).fill(lawn[2]);
  const prob = new Float32Array(W * H).fill(0.01);
  const [cx, cy, radius, rimWidth] = [100, 80, 22, 5];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const d = Math.hypot(x - cx, y - cy);
      if (d > radius) continue;
      const c = d > radius - rimWidth ? rim : core;
      const i = y * W + x;
      [r[i], g[i], b[i]] = c;
      prob[i] = 0.95;
    }
  }
  return { scene: buildScene({ w: W, h: H, r, g, b }, { mPerPx: 0.1, known: true }), prob };
}

describe('a trampoline is not a pool', () => {
  it('drops a bright blue ring round a dark mat', () => {
    const { scene, prob } = disc(cyan, mat);
    expect(detectWater(scene, prob, 0.15).bodies).toEqual([]);
  });

  it('keeps the same disc when it is water all through', () => {
    const { scene, prob } = disc(cyan, cyan);
    const found = detectWater(scene, prob, 0.15).bodies;
    expect(found).toHaveLength(1);
    expect(found[0].kind).toBe('pool');
  });

  it('keeps a pool whose edge is the darker part: a shadowed rim round lit water', () => {
    const { scene, prob } = disc(shadowedEdge, cyan);
    expect(detectWater(scene, prob, 0.15).bodies).toHaveLength(1);
  });

  it('needs the core both duller and darker than the rim', () => {
    const sat = WATER.maxMatSatRatio;
    const light = WATER.maxMatLightRatio;
    expect(isTrampolineMat({ coreToRim: { sat: sat - 0.01, light: light - 0.01 } })).toBe(true);
    expect(isTrampolineMat({ coreToRim: { sat: sat - 0.01, light: 1.2 } })).toBe(false);
    expect(isTrampolineMat({ coreToRim: { sat: 1, light: light - 0.01 } })).toBe(false);
    expect(isTrampolineMat({ coreToRim: { sat: 1, light: 1 } })).toBe(false);
  });
});
