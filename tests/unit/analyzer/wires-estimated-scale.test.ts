// The wire detector's length floor with a ground resolution estimated from building sizes (decision 013h): the
// estimate is rough, so the floor holds with slack, but a line that cannot be a 40 m span even then is dropped.
import { describe, expect, it } from 'vitest';
import { detectWires, WIRES } from '../../../server/analyzer/local/powerlines';

/** A textured field (deterministic) with a thin bright line y = 60 + 0.3·x across the whole width. */
function field(w: number, h: number): { w: number; h: number; L: Float32Array } {
  const L = new Float32Array(w * h);
  let seed = 11;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) L[y * w + x] = 0.55 + (rnd() - 0.5) * 0.15 + (Math.abs(y - (60 + 0.3 * x)) <= 1 ? 0.35 : 0);
  }
  return { w, h, L };
}

describe('wires at an estimated ground resolution', () => {
  const scene = field(540, 360);
  // The line is about 560 px long.

  it('keeps the line when nothing is known of the scale', () => {
    expect(detectWires(scene, null).wires.length).toBeGreaterThanOrEqual(1);
  });

  it('keeps it when the estimate makes it a plausible span', () => {
    // 0.1 m/px estimated: 56 m as estimated, 84 m with the slack.
    expect(detectWires(scene, null, null, 0.1).wires.length).toBeGreaterThanOrEqual(1);
  });

  it('drops it when even the slack cannot make it 40 m long', () => {
    // 0.04 m/px estimated: 22 m as estimated, 34 m with the slack (a roof edge or a kerb).
    expect(WIRES.minLengthM / (0.04 * WIRES.estimateSlack)).toBeGreaterThan(560);
    expect(detectWires(scene, null, null, 0.04).wires).toEqual([]);
  });

  it('still takes a known resolution at its word', () => {
    // Known 0.06 m/px: 34 m, dropped; the slack is only for estimates.
    expect(detectWires(scene, 0.06).wires).toEqual([]);
    expect(detectWires(scene, null, null, 0.06).wires.length).toBeGreaterThanOrEqual(1);
  });
});
