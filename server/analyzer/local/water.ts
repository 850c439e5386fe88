// Pools and spas, in two learned stages. (1) Pixels: a colour likelihood table learned from pool masks and
// pool chips marks water-coloured pixels, grown from strong seeds by hysteresis into candidate blobs.
// (2) Blobs: a logistic regression over each blob's colour, shape and surroundings (trained on train/ by
// ./training/train-pool-classifier.ts) decides which candidates are pools; pale roofs, blue cars and bins
// share the colour but not the shape and setting. A spa is a small, round or square pool-like body — no
// source labels spas, so that last step is geometry alone.
import { existsSync, readFileSync } from 'node:fs';
import { lutIndex, LUT_SIZE, type ColourLut } from './colour-lut';
import { blobPolygon, boundaryPoints, convexHull, minAreaRect, polygonArea, type Pt } from './geometry';
import { predict, type LogisticModel } from './logistic';
import { boxMean, components, countSet, dilate, erode, fillHoles, grownBox, type Component, type Mask, type Plane } from './raster';
import { pxArea, type Scene } from './scene';

export const WATER = {
  seedLogOdds: 2.0,
  growLogOdds: 0.8,
  minCandidateM2: 1.5,
  maxAreaM2: 3000,
  spaMaxAreaM2: 6.5,
  /**
   * With a known ground resolution, a body no larger than a spa that is not spa-shaped (rounder or squarer than
   * this) is neither: no pool is that small, and such blobs were blue scraps and tarp corners (whole-property
   * set, decision 013i). With an assumed or estimated scale areas are too rough for this (real pools were lost).
   */
  spaMaxElongation: 1.6,
  /**
   * A spa sits by a pool: a small round body this close (m, edge to edge) to one is a spa; alone, such a blob
   * is more often a blue car, a tarp corner or a painted feature than a hot tub, and is not reported.
   */
  spaNearPoolM: 6,
  /** Used only when the blob classifier's weights are missing. */
  fallbackMinMeanLogOdds: 3.0,
  /**
   * Hard limits no pool breaks, whatever the classifier says (it only saw two sources): pools are compact,
   * not dark (deep shadows are blue too), and not drawn-out strips.
   */
  minSolidity: 0.6,
  maxElongation: 6,
  minValue: 0.3,
  minSat: 0.1,
  /** Water, covers and liners are cyan to blue (a green pool stays near cyan-green). */
  minHue: 140,
  maxHue: 265,
  minRectFill: 0.45,
  /**
   * A bright blue rim round a duller, darker core is a trampoline's padded frame round its mat, not water: open water
   * is as saturated in the middle as at its edge, and where it is not, its edge is the darker part (coping shadow).
   * The core is the body eroded by `coreErosion` of its equivalent radius. A body whose core is below both ratios of
   * its rim's saturation and lightness is not reported (decision 013zr: the trampoline reads 0.62 and 0.71; of 2,250
   * true pool bodies on the property, per-feature and training sets, none is below 0.85 on both).
   */
  maxMatSatRatio: 0.75,
  maxMatLightRatio: 0.8,
  coreErosion: 0.3,
  /**
   * With no scale at all (none given, none estimated), a body's size cannot be judged in metres; one smaller than this
   * many scene pixels (about 5.5 × 5.5) is a few blended pixels whose colour says little, and is not reported
   * (decision 013zs: read without a scale, the bodies under it were all blue specks on pool-free images, 21-30 pixels;
   * the smallest true one is 37).
   */
  minUnscaledPx: 32,
};

const weightsUrl = (name: string) => new URL(`./weights/${name}.json`, import.meta.url);

let lut: Float32Array | null = null;
/**
 * Pool colour evidence: the larger of two learned tables, one from hand-drawn masks of (mostly open, cyan)
 * pools and one from pool chips that include covered and above-ground pools (blue covers and liners).
 */
function poolLut(): Float32Array {
  if (!lut) {
    const load = (name: string) => {
      const raw = JSON.parse(readFileSync(weightsUrl(name), 'utf8')) as ColourLut;
      if (raw.log_odds.length !== LUT_SIZE) throw new Error(`${name}.json does not match the colour table layout`);
      return raw.log_odds;
    };
    const a = load('pool-colour');
    const b = load('pool-chip-colour');
    lut = Float32Array.from(a, (v, i) => Math.max(v, b[i]));
  }
  return lut;
}

let classifier: LogisticModel | null | undefined;
function poolClassifier(): LogisticModel | null {
  if (classifier === undefined) {
    classifier = existsSync(weightsUrl('pool-blob')) ? (JSON.parse(readFileSync(weightsUrl('pool-blob'), 'utf8')) as LogisticModel) : null;
  }
  return classifier;
}

export interface WaterCandidate {
  mask: Mask;
  first: number;
  area: number;
  centroid: Pt;
  bbox: [number, number, number, number];
  features: number[];
  meanHue: number;
  meanSat: number;
  meanScore: number;
  solidity: number;
  elongation: number;
  areaM2: number;
  greenish: boolean;
  /** Mean saturation and lightness of the body's core over those of its rim (1 when the body has no core). */
  coreToRim: { sat: number; light: number };
}

export interface WaterBody {
  kind: 'pool' | 'spa';
  mask: Mask;
  polygon: Pt[];
  areaPx: number;
  centroid: Pt;
  confidence: number;
  condition: 'clean' | 'green' | 'covered' | 'unknown';
  elongation: number;
  /** Deep blue (hue ≥ 205°): a pool cover or liner — or a tarp, which only its place on a roof tells apart. */
  deepBlue: boolean;
  meanHue: number;
}

export const POOL_FEATURES = [
  'mean_log_odds',
  'p90_log_odds',
  'mean_sat',
  'hue_cos',
  'hue_sin',
  'mean_value',
  'log_area_m2',
  'solidity',
  'rect_fill',
  'log_elongation',
  'ring_contrast',
  'ring_sat',
  'ring_exg',
  'texture',
  'blue_minus_red',
  'green_minus_red',
];

/** Per-pixel pool log-odds, lightly smoothed so single noisy pixels neither seed nor break a pool. */
export function waterLogOdds(scene: Scene): Plane {
  const t = poolLut();
  const { r, g, b, w, h } = scene;
  const out = new Float32Array(w * h);
  for (let i = 0; i < out.length; i++) out[i] = t[lutIndex(scene.hue[i], scene.sat[i], Math.max(r[i], g[i], b[i]))];
  return boxMean(out, w, h, 1);
}

/** Region growing from strong seeds through weaker water pixels (hysteresis thresholding). */
function hysteresis(score: Plane, w: number, h: number, hi: number, lo: number): Mask {
  const out = new Uint8Array(w * h);
  const stack = new Int32Array(w * h);
  let sp = 0;
  for (let i = 0; i < score.length; i++) {
    if (score[i] >= hi && !out[i]) {
      out[i] = 1;
      stack[sp++] = i;
      while (sp > 0) {
        const p = stack[--sp];
        const x = p % w;
        const y = (p - x) / w;
        for (let k = 0; k < 4; k++) {
          const q =
            k === 0 ? (x > 0 ? p - 1 : -1) : k === 1 ? (x < w - 1 ? p + 1 : -1) : k === 2 ? (y > 0 ? p - w : -1) : y < h - 1 ? p + w : -1;
          if (q >= 0 && !out[q] && score[q] >= lo) {
            out[q] = 1;
            stack[sp++] = q;
          }
        }
      }
    }
  }
  return out;
}

/** The colour evidence the classical candidates are grown on (kept for the training scripts). */
export function waterScore(scene: Scene): Plane {
  return waterLogOdds(scene);
}

export function waterCandidates(
  scene: Scene,
  score: Plane,
  thresholds = { seed: WATER.seedLogOdds, grow: WATER.growLogOdds },
): WaterCandidate[] {
  const { w, h } = scene;
  const raw = fillHoles(hysteresis(score, w, h, thresholds.seed, thresholds.grow), w, h);
  const lab = components(raw, w, h, Math.max(4, pxArea(scene, WATER.minCandidateM2)));
  const ringR = Math.max(1, Math.round(0.8 * scene.pxPerM));
  const out: WaterCandidate[] = [];
  for (const c of lab.components) {
    if (scene.scale.known && c.area > pxArea(scene, WATER.maxAreaM2)) continue;
    const [bx0, by0, bx1, by1] = grownBox(c, ringR, w, h);
    const mask = new Uint8Array(w * h);
    const scores: number[] = [];
    let first = -1;
    let sat = 0;
    let hc = 0;
    let hs = 0;
    let val = 0;
    let L = 0;
    let tex = 0;
    let bmr = 0;
    let gmr = 0;
    for (let y = c.y0; y <= c.y1; y++) {
      for (let x = c.x0; x <= c.x1; x++) {
        const i = y * w + x;
        if (lab.labels[i] !== c.label) continue;
        if (first < 0) first = i;
        mask[i] = 1;
        scores.push(score[i]);
        sat += scene.sat[i];
        if (scene.hue[i] >= 0) {
          hc += Math.cos((scene.hue[i] * Math.PI) / 180);
          hs += Math.sin((scene.hue[i] * Math.PI) / 180);
        }
        val += Math.max(scene.r[i], scene.g[i], scene.b[i]);
        L += scene.L[i];
        tex += scene.texture[i];
        bmr += scene.b[i] - scene.r[i];
        gmr += scene.g[i] - scene.r[i];
      }
    }
    // The ring of pixels just outside the blob: coping, lawn or roof around it.
    let ringN = 0;
    let ringL = 0;
    let ringSat = 0;
    let ringExg = 0;
    const grown = dilate(cropMask(mask, w, bx0, by0, bx1, by1), bx1 - bx0 + 1, by1 - by0 + 1, ringR);
    for (let y = by0; y <= by1; y++) {
      for (let x = bx0; x <= bx1; x++) {
        const i = y * w + x;
        if (mask[i] || !grown[(y - by0) * (bx1 - bx0 + 1) + (x - bx0)]) continue;
        ringN++;
        ringL += scene.L[i];
        ringSat += scene.sat[i];
        ringExg += scene.exg[i];
      }
    }
    const n = c.area;
    scores.sort((a, b) => a - b);
    const hull = convexHull(boundaryPoints(mask, w, h, c.x0, c.y0, c.x1, c.y1));
    const solidity = Math.min(1, n / Math.max(1, polygonArea(hull)));
    const rect = minAreaRect(hull);
    const rectFill = Math.min(1, n / Math.max(1, rect.area));
    const elongation = rect.height > 0 ? rect.width / rect.height : 20;
    const areaM2 = n / (scene.pxPerM * scene.pxPerM);
    const meanHue = hc || hs ? ((Math.atan2(hs, hc) * 180) / Math.PI + 360) % 360 : -1;
    const features = [
      scores.reduce((a, b) => a + b, 0) / n,
      scores[Math.floor(0.9 * (scores.length - 1))],
      sat / n,
      hc / n,
      hs / n,
      val / n,
      Math.log(Math.max(0.5, areaM2)),
      solidity,
      rectFill,
      Math.log(Math.min(20, elongation)),
      ringN ? ringL / ringN - L / n : 0,
      ringN ? ringSat / ringN : 0,
      ringN ? ringExg / ringN : 0,
      tex / n,
      bmr / n,
      gmr / n,
    ];
    out.push({
      mask,
      first,
      area: n,
      centroid: [c.cx, c.cy],
      bbox: [c.x0, c.y0, c.x1, c.y1],
      features,
      meanHue,
      meanSat: sat / n,
      meanScore: features[0],
      solidity,
      elongation,
      areaM2,
      greenish: gmr > bmr * 1.05 && gmr > 0,
      coreToRim: coreToRim(scene, mask, c),
    });
  }
  return out;
}

/** A duller, darker core inside a brighter rim: a trampoline's mat in its padded frame (`WATER.maxMat*`). */
export function isTrampolineMat(c: Pick<WaterCandidate, 'coreToRim'>): boolean {
  return c.coreToRim.sat < WATER.maxMatSatRatio && c.coreToRim.light < WATER.maxMatLightRatio;
}

/** Mean saturation and lightness of a body's core (`WATER.coreErosion` of its radius in) over those of its rim. */
function coreToRim(scene: Scene, mask: Mask, c: Pick<Component, 'x0' | 'y0' | 'x1' | 'y1' | 'area'>): WaterCandidate['coreToRim'] {
  const { w, h } = scene;
  const r = Math.max(1, Math.round(WATER.coreErosion * Math.sqrt(c.area / Math.PI)));
  const [x0, y0, x1, y1] = grownBox(c, 1, w, h);
  const cw = x1 - x0 + 1;
  const inCore = erode(cropMask(mask, w, x0, y0, x1, y1), cw, y1 - y0 + 1, r);
  const core = { n: 0, sat: 0, light: 0 };
  const rim = { n: 0, sat: 0, light: 0 };
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const i = y * w + x;
      if (!mask[i]) continue;
      const part = inCore[(y - y0) * cw + (x - x0)] ? core : rim;
      part.n++;
      part.sat += scene.sat[i];
      part.light += scene.L[i];
    }
  }
  if (!core.n || !rim.n) return { sat: 1, light: 1 };
  const ratio = (k: 'sat' | 'light') => (rim[k] > 0 ? core[k] / core.n / (rim[k] / rim.n) : 1);
  return { sat: ratio('sat'), light: ratio('light') };
}

function cropMask(mask: Mask, w: number, x0: number, y0: number, x1: number, y1: number): Mask {
  const cw = x1 - x0 + 1;
  const out = new Uint8Array(cw * (y1 - y0 + 1));
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) out[(y - y0) * cw + (x - x0)] = mask[y * w + x];
  return out;
}

/** Probability that a candidate is a pool or spa (learned), or a conservative rule when no weights exist. */
export function poolProbability(c: WaterCandidate): number {
  if (
    c.solidity < WATER.minSolidity ||
    c.elongation > WATER.maxElongation ||
    c.features[5] < WATER.minValue ||
    c.meanSat < WATER.minSat ||
    c.meanHue < WATER.minHue ||
    c.meanHue > WATER.maxHue ||
    c.features[8] < WATER.minRectFill
  )
    return 0;
  const model = poolClassifier();
  if (model) return predict(model, c.features);
  return c.meanScore >= WATER.fallbackMinMeanLogOdds && c.solidity >= 0.7 && c.meanSat >= 0.2 ? 0.8 : 0.1;
}

/**
 * With the learned pool segmentation (models/pool.onnx; pixel IoU 0.89 on its own report half) the model's
 * map draws the pools: blobs grown from confident pixels down to the model's threshold, kept when they pass
 * the same physical limits as classical candidates. Without it, the colour table + blob classifier decide.
 * `areasTrusted`: the scene's scale is a known ground resolution (not assumed, not estimated from buildings).
 */
export function detectWater(
  scene: Scene,
  modelProb?: Plane | null,
  modelThreshold = 0.15,
  areasTrusted = scene.scale.known,
): { bodies: WaterBody[]; score: Plane } {
  const { w, h } = scene;
  const colour = waterLogOdds(scene);
  const candidates: { c: WaterCandidate; p: number }[] = [];
  if (modelProb) {
    for (const c of waterCandidates(scene, modelProb, { seed: Math.max(0.5, modelThreshold), grow: modelThreshold })) {
      let max = 0;
      for (let i = 0; i < c.mask.length; i++) if (c.mask[i] && modelProb[i] > max) max = modelProb[i];
      if (c.elongation > WATER.maxElongation || c.areaM2 < WATER.minCandidateM2) continue;
      candidates.push({ c, p: max });
    }
  } else {
    const threshold = poolClassifier()?.threshold ?? 0.5;
    for (const c of waterCandidates(scene, colour)) {
      const p = poolProbability(c);
      if (p >= threshold) candidates.push({ c, p });
    }
  }
  const bodies: WaterBody[] = [];
  for (const { c, p } of candidates) {
    if (isTrampolineMat(c)) continue;
    if (!scene.scale.known && c.area < WATER.minUnscaledPx) continue;
    const spaSized = c.areaM2 <= WATER.spaMaxAreaM2;
    if (areasTrusted && spaSized && c.elongation > WATER.spaMaxElongation) continue;
    const kind: WaterBody['kind'] = spaSized && c.elongation <= WATER.spaMaxElongation ? 'spa' : 'pool';
    let condition: WaterBody['condition'] = 'unknown';
    // Open water reads cyan (160–205°); a cover or liner is a deeper, more uniform blue, or grey.
    if (c.meanSat < 0.1 || (c.meanHue >= 208 && c.meanHue <= 260)) condition = 'covered';
    else if (c.meanHue >= 150 && c.meanHue < 208) condition = c.greenish ? 'green' : 'clean';
    else if (c.meanHue >= 70 && c.meanHue < 150) condition = 'green';
    // A covered pool is told from a tarp or a blue roof by its shape and the coping round it; cut by the frame edge
    // it shows neither, and on the property set every such body was a neighbour's tarp (decision 013zb).
    if (condition === 'covered' && cutByFrame(c.bbox, w, h)) continue;
    bodies.push({
      kind,
      mask: c.mask,
      polygon: blobPolygon(c.mask, w, h, c.first, Math.max(0.7, 0.2 * scene.pxPerM)),
      areaPx: c.area,
      centroid: c.centroid,
      confidence: Math.round(Math.min(0.99, p) * 100) / 100,
      condition,
      elongation: c.elongation,
      deepBlue: c.meanHue >= 205,
      meanHue: c.meanHue,
    });
  }
  bodies.sort((a, b) => b.areaPx - a.areaPx);
  return { bodies: bodies.filter((b) => b.kind === 'pool' || besidePool(b, bodies, scene.pxPerM)), score: colour };
}

/** A box [x0, y0, x1, y1] (inclusive) that touches the edge of a w × h frame. */
function cutByFrame([x0, y0, x1, y1]: readonly number[], w: number, h: number): boolean {
  return x0 === 0 || y0 === 0 || x1 === w - 1 || y1 === h - 1;
}

function besidePool(spa: WaterBody, bodies: WaterBody[], pxPerM: number): boolean {
  const radius = (b: WaterBody) => Math.sqrt(b.areaPx / Math.PI);
  return bodies.some(
    (p) =>
      p.kind === 'pool' &&
      Math.hypot(p.centroid[0] - spa.centroid[0], p.centroid[1] - spa.centroid[1]) - radius(p) - radius(spa) <= WATER.spaNearPoolM * pxPerM,
  );
}

/** Union mask of all water bodies (for excluding water from roofs and vegetation). */
export function waterMask(bodies: WaterBody[], w: number, h: number): Mask {
  const out = new Uint8Array(w * h);
  for (const b of bodies) for (let i = 0; i < out.length; i++) out[i] |= b.mask[i];
  return countSet(out) ? dilate(out, w, h, 1) : out;
}
