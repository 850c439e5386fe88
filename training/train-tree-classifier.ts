// Trains the tree crown classifier (weights/tree-crown.json) from the urban-tree point labels in
// ../shared/eval/train (NAIP, 0.6 m). Deterministic.
//   npm run train:tree-classifier -- [--train ../shared/eval/train]
// Candidates come from exactly the analyzer's pipeline. A crown is a tree when a labelled tree point falls
// in it (or within one pixel), otherwise not: the source labels every tree in a tile. The keep threshold
// and the crown area that counts as one more tree (merged crowns of neighbouring trees) are the pair that
// makes the per-tile tree count closest to the labelled count (lowest mean absolute error).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeImage } from '../server/analyzer/local/decode';
import { predict, train, type LogisticModel } from '../server/analyzer/local/logistic';
import { coarseScene } from '../server/analyzer/local/scene';
import { TREE_FEATURES, treeCandidates, treesInCrown } from '../server/analyzer/local/vegetation';
import { readTrainingManifest } from './train-data';

interface Rec {
  file: string;
  gsd_m_per_px: number | null;
  labels: { trees: boolean | null };
  boxes_or_masks: { points?: [number, number][]; count?: number } | null;
}
const { trainDir, manifest } = readTrainingManifest<Rec>();
const recs = manifest
  .filter((r) => r.file.startsWith('trees_urban_naip/') && r.labels.trees !== null)
  .sort((a, b) => a.file.localeCompare(b.file));
const xs: number[][] = [];
const ys: number[] = [];
const tiles: { gt: number; feats: number[][]; areas: number[] }[] = [];
for (const rec of recs) {
  const decoded = await decodeImage(readFileSync(join(trainDir, rec.file)));
  const { scene } = coarseScene(decoded, rec.gsd_m_per_px);
  const sx = scene.w / decoded.width;
  const sy = scene.h / decoded.height;
  const cand = treeCandidates(scene);
  const hit = new Set<number>();
  for (const [px, py] of rec.boxes_or_masks?.points ?? []) {
    const x = Math.round(px * sx);
    const y = Math.round(py * sy);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx < 0 || yy < 0 || xx >= scene.w || yy >= scene.h) continue;
        const k = cand.owner[yy * scene.w + xx];
        if (k >= 0) hit.add(k);
      }
    }
  }
  for (const c of cand.crowns) {
    xs.push(c.features);
    ys.push(hit.has(c.k) ? 1 : 0);
  }
  tiles.push({
    gt: rec.boxes_or_masks?.count ?? rec.boxes_or_masks?.points?.length ?? 0,
    feats: cand.crowns.map((c) => c.features),
    areas: cand.crowns.map((c) => c.areaPx / (scene.pxPerM * scene.pxPerM)),
  });
}
const pos = ys.filter((y) => y).length;
console.log(`${recs.length} tiles, ${xs.length} crown candidates: ${pos} trees, ${xs.length - pos} not`);
const fit = train(xs, ys, { l2: 1e-3, iterations: 3000, rate: 0.5 });
const model: LogisticModel = {
  name: 'tree-crown',
  features: TREE_FEATURES,
  ...fit,
  threshold: 0.5,
  trained_on: `train/trees_urban_naip point labels (${recs.length} tiles, ${xs.length} crowns)`,
};
let bestT = 0.5;
let bestA = 0;
let bestMae = Infinity;
const probs = tiles.map((tile) => tile.feats.map((f) => predict(model, f)));
for (let t = 0.1; t <= 0.9001; t += 0.025) {
  for (const A of [0, ...Array.from({ length: 40 }, (_, i) => 20 + 10 * i)]) {
    const mae =
      tiles.reduce((s, tile, ti) => {
        let n = 0;
        tile.areas.forEach((a, k) => {
          if (probs[ti][k] >= t) n += A ? treesInCrown(a, A) : 1;
        });
        return s + Math.abs(n - tile.gt);
      }, 0) / tiles.length;
    if (mae < bestMae - 1e-9) {
      bestMae = mae;
      bestT = Math.round(t * 1000) / 1000;
      bestA = A;
    }
  }
}
model.threshold = bestT;
(model as LogisticModel & { crown_m2_per_tree: number }).crown_m2_per_tree = bestA;
console.log(`crown area per tree: ${bestA} m²`);
const gtMean = tiles.reduce((s, t) => s + t.gt, 0) / tiles.length;
console.log(`threshold ${bestT}: training count MAE ${bestMae.toFixed(1)} (mean ${gtMean.toFixed(1)} trees per tile)`);
console.log(TREE_FEATURES.map((f, i) => `${f} ${model.weights[i].toFixed(2)}`).join(', '));
const round = (v: number) => Math.round(v * 1e5) / 1e5;
writeFileSync(
  join(import.meta.dirname, '..', 'server', 'analyzer', 'local', 'weights', 'tree-crown.json'),
  JSON.stringify(
    { ...model, mean: model.mean.map(round), std: model.std.map(round), weights: model.weights.map(round), bias: round(model.bias) },
    null,
    1,
  ) + '\n',
);
