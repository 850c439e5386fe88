// Roof style: the roof read inside a labelled box (the eval scores style apart from the subject choice), the plane
// features the learned model reads (a gable is two planes split along the long axis, a hip four planes meeting
// the four sides), and the committed model answering with a contract style and a modest confidence.
import { describe, expect, it } from 'vitest';
import { classifyRoofStyle, roofFeatures, roofInBox } from '../../../server/analyzer/local/roof-analysis';
import { buildScene } from '../../../server/analyzer/local/scene';

const W = 160;
const H = 120;
const BOX = [40, 40, 120, 80]; // a 20 m × 10 m roof at 0.25 m

/** Grey ground with the roof box painted by `shade(x, y)` (relative to the box's centre). */
function sceneWith(shade: (u: number, v: number) => number) {
  const grey = new Float32Array(W * H).fill(0.3);
  for (let y = BOX[1]; y < BOX[3]; y++) for (let x = BOX[0]; x < BOX[2]; x++) grey[y * W + x] = shade(x - 79.5, y - 59.5);
  return buildScene({ w: W, h: H, r: grey, g: grey.slice(), b: grey.slice() }, { mPerPx: 0.25, known: true });
}

const flat = () => 0.6;
const gable = (_u: number, v: number) => (v < 0 ? 0.45 : 0.75);
// Each pixel on the plane of its nearest side: the two long sides and the two hipped ends lit differently.
const hip = (u: number, v: number) => (40 - Math.abs(u) < 20 - Math.abs(v) ? (u < 0 ? 0.55 : 0.65) : v < 0 ? 0.45 : 0.75);

describe('roof style', () => {
  it('reads the box itself when no building map is given, and the building inside the box when there is one', () => {
    const scene = sceneWith(flat);
    expect(roofInBox(scene, null, BOX).areaPx).toBe(80 * 40);
    // An L-shaped building filling most of the box: its outline, not the box, is the roof.
    const map = new Uint8Array(W * H);
    for (let y = 40; y < 80; y++) for (let x = 40; x < 120; x++) map[y * W + x] = x < 70 || y >= 60 ? 1 : 0;
    const l = roofInBox(scene, map, BOX);
    expect(l.areaPx).toBe(30 * 40 + 50 * 20);
    expect(roofFeatures(scene, l).rectFill).toBeLessThan(0.75);
    // A map covering under a third of the box is not trusted: the box is read.
    const speck = new Uint8Array(W * H);
    for (let y = 40; y < 50; y++) for (let x = 40; x < 60; x++) speck[y * W + x] = 1;
    expect(roofInBox(scene, speck, BOX).areaPx).toBe(80 * 40);
  });

  it('explains a gable by two planes and a hip by four', () => {
    const g = roofFeatures(sceneWith(gable), roofInBox(sceneWith(gable), null, BOX));
    const h = roofFeatures(sceneWith(hip), roofInBox(sceneWith(hip), null, BOX));
    const f = roofFeatures(sceneWith(flat), roofInBox(sceneWith(flat), null, BOX));
    expect(g.gableR2).toBeGreaterThan(0.9);
    expect(h.hipR2).toBeGreaterThan(0.9);
    expect(h.hipR2).toBeGreaterThan(h.gableR2 + 0.1);
    expect(f.gableR2).toBe(0);
    expect(f.hipR2).toBe(0);
    expect(f.cornerDensity).toBeGreaterThan(0);
  });

  it('answers with a contract style and at most 0.6 confidence, and unknown on a sliver', () => {
    for (const shade of [flat, gable, hip]) {
      const scene = sceneWith(shade);
      const { style, confidence } = classifyRoofStyle(roofFeatures(scene, roofInBox(scene, null, BOX)));
      expect(['flat', 'gable', 'hip', 'complex']).toContain(style);
      expect(confidence).toBeGreaterThan(0);
      expect(confidence).toBeLessThanOrEqual(0.6);
    }
    const tiny = roofFeatures(sceneWith(flat), roofInBox(sceneWith(flat), null, [78, 58, 84, 62]));
    expect(classifyRoofStyle(tiny).style).toBe('unknown');
  });
});
