// Trains the pool blob classifier (weights/pool-blob.json) from ../shared/eval/train. Deterministic.
//   npm run train:pool-classifier -- [--train ../shared/eval/train]
// Candidates come from exactly the analyzer's pipeline (decode → coarse scene → colour table → hysteresis).
// Labels: Cannes tiles — a candidate is a pool when ≥ 50% of it lies on the source mask, background when
// < 10% does (in between: skipped). Pool chips — the candidate nearest the chip centre is a pool (others
// skipped: chips are cut around one pool). No-pool chips — every candidate is background.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { decodeImage } from '../server/analyzer/local/decode';
import { train, predict, type LogisticModel } from '../server/analyzer/local/logistic';
import { coarseScene } from '../server/analyzer/local/scene';
import { POOL_FEATURES, waterCandidates, waterScore } from '../server/analyzer/local/water';
import { readTrainingManifest } from './train-data';

interface Rec {
  file: string;
  gsd_m_per_px: number | null;
  labels: { pool: boolean | null };
  boxes_or_masks: { mask?: string } | null;
}
const { trainDir, manifest } = readTrainingManifest<Rec>();
const recs = manifest.filter((r) => r.file.startsWith('pools_') && r.labels.pool !== null).sort((a, b) => a.file.localeCompare(b.file));

const xs: number[][] = [];
const ys: number[] = [];
// Image-level records, to pick the presence threshold: max probability over an image's candidates.
const images: { label: boolean; cands: number[][] }[] = [];
let done = 0;
for (const rec of recs) {
  const decoded = await decodeImage(readFileSync(join(trainDir, rec.file)));
  const { scene } = coarseScene(decoded, rec.gsd_m_per_px);
  const cands = waterCandidates(scene, waterScore(scene));
  const isChip = rec.file.startsWith('pools_yacine_chips/');
  if (rec.boxes_or_masks?.mask) {
    const m = await sharp(join(trainDir, rec.boxes_or_masks.mask))
      .greyscale()
      .resize(scene.w, scene.h, { kernel: 'nearest', fit: 'fill' })
      .raw()
      .toBuffer();
    for (const c of cands) {
      let on = 0;
      for (let i = 0; i < c.mask.length; i++) if (c.mask[i] && m[i] > 127) on++;
      const share = on / c.area;
      if (share >= 0.5) {
        xs.push(c.features);
        ys.push(1);
      } else if (share < 0.1) {
        xs.push(c.features);
        ys.push(0);
      }
    }
  } else if (isChip && rec.labels.pool) {
    let best = -1;
    let bestD = Infinity;
    cands.forEach((c, k) => {
      const d = Math.hypot(c.centroid[0] - scene.w / 2, c.centroid[1] - scene.h / 2);
      if (d < bestD) {
        bestD = d;
        best = k;
      }
    });
    if (best >= 0 && bestD < 0.3 * scene.w) {
      xs.push(cands[best].features);
      ys.push(1);
    }
  } else if (isChip && rec.labels.pool === false) {
    for (const c of cands) {
      xs.push(c.features);
      ys.push(0);
    }
  } else continue;
  images.push({ label: rec.labels.pool === true, cands: cands.map((c) => c.features) });
  if (++done % 500 === 0) console.log(`  ${done}/${recs.length} images`);
}
const pos = ys.filter((y) => y === 1).length;
console.log(`${xs.length} candidates: ${pos} pools, ${xs.length - pos} background`);
const fit = train(xs, ys, { l2: 1e-3, iterations: 4000, rate: 0.5, positiveWeight: Math.max(1, (xs.length - pos) / Math.max(1, pos) / 2) });
const model: LogisticModel = {
  name: 'pool-blob',
  features: POOL_FEATURES,
  ...fit,
  threshold: 0.5,
  trained_on: `train/pools_kOussama_cannes (masks) + train/pools_yacine_chips (${images.length} images, ${xs.length} candidate blobs)`,
};
// Presence threshold: best image-level F1 on the chips (the only split with pool negatives).
let bestT = 0.5;
let bestF1 = -1;
for (let t = 0.2; t <= 0.9001; t += 0.025) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const im of images) {
    const p = im.cands.some((f) => predict(model, f) >= t);
    if (p && im.label) tp++;
    else if (p && !im.label) fp++;
    else if (!p && im.label) fn++;
  }
  const f1 = (2 * tp) / Math.max(1, 2 * tp + fp + fn);
  if (f1 > bestF1 + 1e-9) {
    bestF1 = f1;
    bestT = Math.round(t * 1000) / 1000;
  }
}
model.threshold = bestT;
console.log(`threshold ${bestT}: training image-level F1 ${bestF1.toFixed(3)}`);
console.log(POOL_FEATURES.map((f, i) => `${f} ${model.weights[i].toFixed(2)}`).join(', '));
const round = (v: number) => Math.round(v * 1e5) / 1e5;
writeFileSync(
  join(import.meta.dirname, '..', 'server', 'analyzer', 'local', 'weights', 'pool-blob.json'),
  JSON.stringify(
    { ...model, mean: model.mean.map(round), std: model.std.map(round), weights: model.weights.map(round), bias: round(model.bias) },
    null,
    1,
  ) + '\n',
);
