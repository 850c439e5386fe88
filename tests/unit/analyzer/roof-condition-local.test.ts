// Roof condition from the pixels of the roof: staining is dark streaks and blotches against the roof around them,
// not a facet in shade (a hip roof's far side, a gable's north half), which darkens a whole plane evenly.
import { describe, expect, it } from 'vitest';
import { assessRoofCondition, roofInBox } from '../../../server/analyzer/local/roof-analysis';
import { buildScene } from '../../../server/analyzer/local/scene';

const W = 160;
const H = 120;
const BOX = [40, 40, 120, 80]; // a 20 m × 10 m roof at 0.25 m

function conditionOf(shade: (x: number, y: number) => number) {
  const grey = new Float32Array(W * H).fill(0.3);
  for (let y = BOX[1]; y < BOX[3]; y++) for (let x = BOX[0]; x < BOX[2]; x++) grey[y * W + x] = shade(x, y);
  const scene = buildScene({ w: W, h: H, r: grey, g: grey.slice(), b: grey.slice() }, { mPerPx: 0.25, known: true });
  return assessRoofCondition(scene, roofInBox(scene, null, BOX));
}

// Each pixel on the plane of its nearest side; the north side and the west end in shade, 0.3 darker than the rest.
const hip = (x: number, y: number) => {
  const u = x - 79.5;
  const v = y - 59.5;
  return 40 - Math.abs(u) < 20 - Math.abs(v) ? (u < 0 ? 0.4 : 0.7) : v < 0 ? 0.4 : 0.7;
};
const gable = (_x: number, y: number) => (y < 60 ? 0.4 : 0.7);
// Dark blotches 1.5 m across on a 3 m grid over a flat roof: a quarter of the cover, each 0.2 darker than around it.
const blotched = (x: number, y: number) => ((x - 40) % 12 < 6 && (y - 40) % 12 < 6 ? 0.5 : 0.7);

describe('local roof condition', () => {
  it('does not read a facet in shade as staining', () => {
    for (const shade of [hip, gable]) {
      const c = conditionOf(shade);
      expect(c.judged).toBe(true);
      expect(c.signs).toEqual([]);
    }
  });

  it('reads dark blotches across the cover as staining, a cosmetic sign', () => {
    const c = conditionOf(blotched);
    expect(c.judged).toBe(true);
    expect(c.signs).toEqual(['staining']);
    expect(c.damage).toBeNull();
  });

  it('leaves an even roof good', () => {
    expect(conditionOf(() => 0.6).signs).toEqual([]);
  });
});
