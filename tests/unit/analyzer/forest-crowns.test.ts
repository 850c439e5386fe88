// Closed forest canopy at fine resolution (decision 013zd): the 0.6 m crown classifier rejects sunlit crowns, which
// are brighter than their surroundings there; the crowns are then counted from their sunlit tops.
import { describe, expect, it } from 'vitest';
import { buildScene } from '../../../server/analyzer/local/scene';
import { detectTrees } from '../../../server/analyzer/local/vegetation';
import { seededRandom } from '../../helpers/random';

/**
 * A stand of conifers seen from above: crowns of radius `crownM` on a jittered grid `spacingM` apart, each a bright
 * sunlit cone fading to dark green at its rim, over shaded ground; leaf texture everywhere. Returns the scene at
 * `mPerPx` and the number of crowns drawn.
 */
function stand(mPerPx: number, sizeM = 40, spacingM = 4.2, crownM = 2.1) {
  const next = seededRandom(21);
  const n = Math.round(sizeM / mPerPx);
  const centres: [number, number][] = [];
  for (let y = spacingM / 2; y < sizeM; y += spacingM)
    for (let x = spacingM / 2; x < sizeM; x += spacingM) centres.push([x + (next() - 0.5) * 0.8, y + (next() - 0.5) * 0.8]);
  const r = new Float32Array(n * n);
  const g = new Float32Array(n * n);
  const b = new Float32Array(n * n);
  for (let py = 0; py < n; py++) {
    for (let px = 0; px < n; px++) {
      const x = (px + 0.5) * mPerPx;
      const y = (py + 0.5) * mPerPx;
      let d = Infinity;
      for (const [cx, cy] of centres) d = Math.min(d, Math.hypot(x - cx, y - cy));
      // Sunlit at the top, darker towards the rim, shade between crowns.
      const lit = d < crownM ? 1 - d / crownM : 0;
      const t = (next() - 0.5) * 0.08;
      const i = py * n + px;
      r[i] = 0.1 + 0.25 * lit + t;
      g[i] = 0.18 + 0.4 * lit + t;
      b[i] = 0.08 + 0.18 * lit + t;
    }
  }
  return { scene: buildScene({ w: n, h: n, r, g, b }, { mPerPx, known: true }), crowns: centres.length };
}

const count = (scene: ReturnType<typeof stand>['scene']) => detectTrees(scene).trees.reduce((a, t) => a + t.count, 0);

describe('crowns of a closed forest canopy', () => {
  it('counts the crowns of a 40 m stand seen at 0.25 m within a third of their number', () => {
    const { scene, crowns } = stand(0.25);
    const found = count(scene);
    expect(found).toBeGreaterThan(0.67 * crowns);
    expect(found).toBeLessThan(1.33 * crowns);
  });

  it('leaves a coarse frame to the 0.6 m classifier, where such crowns are a few pixels across', () => {
    const fine = count(stand(0.25).scene);
    const coarse = count(stand(0.6).scene);
    expect(coarse).toBeLessThan(fine);
  });
});
