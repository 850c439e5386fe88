// Trains the colour tables from ../shared/eval/train (a development tool: deterministic, no randomness,
// reads the training split only, writes server/analyzer/local/weights/{pool,solar}-colour.json).
//   npm run train:colour-luts -- [--train ../shared/eval/train]
// Pool — positives: pixels inside the Cannes pool masks. Negatives: Cannes pixels more than 3 px outside the masks
// (the mask edges are hand-drawn) and every pixel of the no-pool chips.
// Solar — the Fresno tiles carry image-level labels only, so the table contrasts the colours of tiles with
// panels against tiles without (a multiple-instance estimate: colours enriched where panels are).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { LUT_SIZE, lutIndex, rgbToHsv, type ColourLut } from '../server/analyzer/local/colour-lut';
import { readTrainingManifest } from './train-data';

interface Rec {
  file: string;
  labels: { pool: boolean | null };
  boxes_or_masks: { mask?: string } | null;
}

const { trainDir, manifest } = readTrainingManifest<Rec>();
const pos = new Float64Array(LUT_SIZE);
const neg = new Float64Array(LUT_SIZE);
let nPos = 0;
let nNeg = 0;

async function rgb(file: string) {
  const { data, info } = await sharp(join(trainDir, file)).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data, w: info.width, h: info.height, ch: info.channels };
}

const cannes = manifest
  .filter((r) => r.file.startsWith('pools_kOussama_cannes/') && r.boxes_or_masks?.mask)
  .sort((a, b) => a.file.localeCompare(b.file));
const chips = manifest
  .filter((r) => r.file.startsWith('pools_yacine_chips/') && r.labels.pool === false)
  .sort((a, b) => a.file.localeCompare(b.file));

for (const rec of cannes) {
  const img = await rgb(rec.file);
  const mask = await sharp(join(trainDir, rec.boxes_or_masks!.mask!))
    .greyscale()
    .resize(img.w, img.h, { kernel: 'nearest' })
    .raw()
    .toBuffer();
  // Distance band: pixels within 3 px of a mask pixel but outside it are ambiguous and skipped.
  const near = new Uint8Array(img.w * img.h);
  for (let y = 0; y < img.h; y++)
    for (let x = 0; x < img.w; x++) {
      if (mask[y * img.w + x] < 128) continue;
      for (let dy = -3; dy <= 3; dy++)
        for (let dx = -3; dx <= 3; dx++) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy >= 0 && xx >= 0 && yy < img.h && xx < img.w) near[yy * img.w + xx] = 1;
        }
    }
  for (let i = 0; i < img.w * img.h; i++) {
    const p = i * img.ch;
    const k = lutIndex(...rgbToHsv(img.data[p] / 255, img.data[p + 1] / 255, img.data[p + 2] / 255));
    if (mask[i] >= 128) {
      pos[k]++;
      nPos++;
    } else if (!near[i]) {
      neg[k]++;
      nNeg++;
    }
  }
}
// The chips are tiny; weight them so they count about as much as the Cannes background they complement.
const chipWeight = 20;
for (const rec of chips) {
  const img = await rgb(rec.file);
  for (let i = 0; i < img.w * img.h; i++) {
    const p = i * img.ch;
    neg[lutIndex(...rgbToHsv(img.data[p] / 255, img.data[p + 1] / 255, img.data[p + 2] / 255))] += chipWeight;
    nNeg += chipWeight;
  }
}
// alpha: pseudo-count per bin. Rare colours get shrunk towards "no evidence"; the weak solar labels need more.
function logOdds(p: Float64Array, np: number, q: Float64Array, nq: number, alpha = 0.5): number[] {
  return Array.from({ length: LUT_SIZE }, (_, k) => {
    const lp = Math.log((p[k] + alpha) / (np + alpha * LUT_SIZE));
    const ln = Math.log((q[k] + alpha) / (nq + alpha * LUT_SIZE));
    return Math.round((lp - ln) * 100) / 100;
  });
}
function save(lut: ColourLut) {
  const out = join(import.meta.dirname, '..', 'server', 'analyzer', 'local', 'weights', `${lut.name}.json`);
  writeFileSync(out, JSON.stringify(lut) + '\n');
  console.log(`wrote ${out}: ${lut.positives} positive px, ${lut.negatives} negative px (weighted)`);
}
save({
  name: 'pool-colour',
  trained_on: `train/pools_kOussama_cannes masks (${cannes.length} tiles) + train/pools_yacine_chips no_pools (${chips.length} chips)`,
  positives: nPos,
  negatives: nNeg,
  log_odds: logOdds(pos, nPos, neg, nNeg),
});

// Pool chips: the pools are roughly centred, and many are covered or above-ground (blue covers and liners,
// not cyan water), which the Cannes masks hardly show. Positives: the central 24×24 window of each pool
// chip. Negatives: the frame outside its central 34×34 (the same yards, without the pool) plus the pool
// table's negatives, so the ground colours that share the window cancel out.
const chipPos = new Float64Array(LUT_SIZE);
const chipNeg = Float64Array.from(neg);
let ncp = 0;
let ncn = nNeg;
const poolChips = manifest
  .filter((r) => r.file.startsWith('pools_yacine_chips/') && r.labels.pool === true)
  .sort((a, b) => a.file.localeCompare(b.file));
for (const rec of poolChips) {
  const img = await rgb(rec.file);
  const cx = img.w / 2;
  const cy = img.h / 2;
  for (let y = 0; y < img.h; y++)
    for (let x = 0; x < img.w; x++) {
      const p = (y * img.w + x) * img.ch;
      const k = lutIndex(...rgbToHsv(img.data[p] / 255, img.data[p + 1] / 255, img.data[p + 2] / 255));
      const dx = Math.abs(x + 0.5 - cx);
      const dy = Math.abs(y + 0.5 - cy);
      if (dx < 12 && dy < 12) {
        chipPos[k]++;
        ncp++;
      } else if (dx >= 17 || dy >= 17) {
        chipNeg[k] += chipWeight;
        ncn += chipWeight;
      }
    }
}
save({
  name: 'pool-chip-colour',
  trained_on: `train/pools_yacine_chips pools (${poolChips.length} chips: centre vs frame) + the pool table's negatives`,
  positives: ncp,
  negatives: ncn,
  log_odds: logOdds(chipPos, ncp, chipNeg, ncn, 20),
});

const solarPos = new Float64Array(LUT_SIZE);
const solarNeg = new Float64Array(LUT_SIZE);
let nsp = 0;
let nsn = 0;
const fresno = manifest
  .filter((r) => r.file.startsWith('solar_fresno_kaggle/') && (r.labels as { solar?: boolean | null }).solar != null)
  .sort((a, b) => a.file.localeCompare(b.file));
for (const rec of fresno) {
  const img = await rgb(rec.file);
  const isPos = (rec.labels as { solar?: boolean | null }).solar === true;
  for (let i = 0; i < img.w * img.h; i++) {
    const p = i * img.ch;
    const k = lutIndex(...rgbToHsv(img.data[p] / 255, img.data[p + 1] / 255, img.data[p + 2] / 255));
    if (isPos) {
      solarPos[k]++;
      nsp++;
    } else {
      solarNeg[k]++;
      nsn++;
    }
  }
}
save({
  name: 'solar-colour',
  trained_on: `train/solar_fresno_kaggle image-level labels (${fresno.length} tiles, colours of tiles with panels vs without)`,
  positives: nsp,
  negatives: nsn,
  log_odds: logOdds(solarPos, nsp, solarNeg, nsn, 400),
});
