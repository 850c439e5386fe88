// Roof style and condition from the pixels inside the main roof.
// Style reads the ridge structure: pitched planes facing different ways are lit differently, so a gable
// shows two halves of different brightness split along the roof's long axis, a hip adds diagonal hip lines
// (edges at ~45° to the axes) and end planes, and a flat roof has neither. Condition looks for material damage
// (a blue tarp; broken, fragmented cover) versus cosmetic marks, per the cosmetic-vs-material rule.
import { existsSync, readFileSync } from 'node:fs';
import type { RoofStyle } from '../contract';
import type { RoofSign } from '../roof-condition';
import type { Roof } from './building';
import { chooseClass, type SoftmaxModel } from './logistic';
import { simplify, traceContour } from './geometry';
import { and, blur, boxMean, componentMask, components, countSet, erode, fillHoles, sobel, type Mask, type Plane } from './raster';
import type { Scene } from './scene';
import { roofOfMask } from './subject';

export const ROOF_STYLE = {
  /** Share of internal edge energy at 25–65° to the roof axis above which the roof is a hip. */
  hipDiagonalShare: 0.45,
  /** Difference in mean brightness between the two long halves above which the roof is pitched. */
  pitchedContrast: 0.08,
  /**
   * A roof face with almost no internal edges is one smooth pitched plane (a flat roof carries parapets,
   * vents and AC units that show as edges).
   */
  smoothPlaneEnergy: 0.01,
  /** Outline filling less of its oriented rectangle than this is an L/T/complex plan. */
  complexFill: 0.5,
};

export interface RoofFeatures {
  halfContrast: number;
  endContrast: number;
  diagShare: number;
  parShare: number;
  perpShare: number;
  energy: number;
  rectFill: number;
  elongation: number;
  pixels: number;
  /** Share of the roof's brightness variance explained by two planes split along the long axis (a gable). */
  gableR2: number;
  /** …by four planes, each pixel on the plane of its nearest side of the oriented rectangle (a hip). */
  hipR2: number;
  /** Coefficient of variation of brightness inside the roof (one plane with units on it, or many planes). */
  lumCv: number;
  /** Outline filling its convex hull. */
  solidity: number;
  /** Vertices of the outline simplified at 1 m, per 10 m of perimeter of the oriented rectangle (L, T, U plans). */
  cornerDensity: number;
  /** The roof-shape network's flat / gable / hip probabilities (roof-shape.ts), when it ran. */
  shapeFlat?: number;
  shapeGable?: number;
  shapeHip?: number;
}

export function roofFeatures(scene: Scene, roof: Roof): RoofFeatures {
  const { w, h } = scene;
  const inner = erode(roof.mask, w, h, Math.max(1, Math.round(0.6 * scene.pxPerM)));
  const Ls = blur(scene.L, w, h, Math.max(0.6, 0.12 * scene.pxPerM));
  const { mag, gx, gy } = sobel(Ls, w, h);
  const ang = roof.rect.angle;
  const ca = Math.cos(ang);
  const sa = Math.sin(ang);
  const [rcx, rcy] = roof.rect.corners.reduce<[number, number]>((a, p) => [a[0] + p[0] / 4, a[1] + p[1] / 4], [0, 0]);
  let par = 0;
  let perp = 0;
  let diag = 0;
  let total = 0;
  let n = 0;
  // Brightness of the two long halves (split by the long axis) and of the two end caps vs the middle.
  const sums = { a: 0, na: 0, b: 0, nb: 0, ends: 0, ne: 0, mid: 0, nm: 0 };
  const halfLen = roof.rect.width / 2;
  const halfWid = roof.rect.height / 2;
  // Sum and sum of squares of brightness per plane: gable halves 0–1, hip planes 2–5; 6 = the whole roof.
  const ps = new Float64Array(7);
  const pq = new Float64Array(7);
  const pn = new Float64Array(7);
  const addTo = (k: number, l: number) => {
    ps[k] += l;
    pq[k] += l * l;
    pn[k]++;
  };
  for (let i = 0; i < inner.length; i++) {
    if (!inner[i]) continue;
    n++;
    const x = i % w;
    const y = (i - x) / w;
    const u = (x - rcx) * ca + (y - rcy) * sa; // along the long axis
    const v = -(x - rcx) * sa + (y - rcy) * ca; // across it
    addTo(v < 0 ? 0 : 1, Ls[i]);
    addTo(halfLen - Math.abs(u) < halfWid - Math.abs(v) ? (u < 0 ? 2 : 3) : v < 0 ? 4 : 5, Ls[i]);
    addTo(6, Ls[i]);
    if (v < 0) {
      sums.a += Ls[i];
      sums.na++;
    } else {
      sums.b += Ls[i];
      sums.nb++;
    }
    if (Math.abs(u) > 0.7 * halfLen) {
      sums.ends += Ls[i];
      sums.ne++;
    } else if (Math.abs(u) < 0.4 * halfLen) {
      sums.mid += Ls[i];
      sums.nm++;
    }
    const m = mag[i];
    if (m < 0.01) continue;
    total += m;
    // Edge direction is perpendicular to the gradient; measure it against the roof axis, folded to 0–90°.
    const edgeAng = Math.atan2(gy[i], gx[i]) + Math.PI / 2;
    let rel = Math.abs((((edgeAng - ang) % Math.PI) + Math.PI) % Math.PI);
    if (rel > Math.PI / 2) rel = Math.PI - rel;
    const deg = (rel * 180) / Math.PI;
    if (deg < 20) par += m;
    else if (deg > 70) perp += m;
    else if (deg >= 25 && deg <= 65) diag += m;
  }
  const mean = (s: number, c: number) => (c ? s / c : 0);
  const within = (ks: number[]) => ks.reduce((t, k) => t + (pn[k] ? pq[k] - (ps[k] * ps[k]) / pn[k] : 0), 0);
  const totalSS = Math.max(0, within([6]));
  const r2 = (ks: number[]) => (totalSS > 1e-9 ? Math.max(0, 1 - within(ks) / totalSS) : 0);
  const meanL = mean(ps[6], pn[6]);
  return {
    gableR2: r2([0, 1]),
    hipR2: r2([2, 3, 4, 5]),
    lumCv: pn[6] && meanL > 0 ? Math.sqrt(totalSS / pn[6]) / meanL : 0,
    solidity: roof.solidity,
    cornerDensity: outlineCorners(roof.mask, w, h, scene.pxPerM) / Math.max(1e-6, (4 * halfLen + 4 * halfWid) / (10 * scene.pxPerM)),
    halfContrast: Math.abs(mean(sums.a, sums.na) - mean(sums.b, sums.nb)),
    endContrast: Math.abs(mean(sums.ends, sums.ne) - mean(sums.mid, sums.nm)),
    diagShare: total ? diag / total : 0,
    parShare: total ? par / total : 0,
    perpShare: total ? perp / total : 0,
    energy: n ? total / n : 0,
    rectFill: roof.areaPx / Math.max(1, roof.rect.area),
    elongation: roof.rect.height > 0 ? roof.rect.width / roof.rect.height : 1,
    pixels: n,
  };
}

/** Vertices of the mask's outer outline simplified at 1 m (a rectangle has 4). */
function outlineCorners(mask: Mask, w: number, h: number, pxPerM: number): number {
  const first = mask.indexOf(1);
  if (first < 0) return 0;
  return simplify(traceContour(mask, w, h, first), Math.max(1, pxPerM)).length;
}

/** The learned roof-style model (weights/roof-style.json, training/train_roof_style.py), or null if absent. */
let styleModel: SoftmaxModel | null | undefined;
function roofStyleModel(): SoftmaxModel | null {
  const url = new URL('./weights/roof-style.json', import.meta.url);
  if (styleModel === undefined) styleModel = existsSync(url) ? (JSON.parse(readFileSync(url, 'utf8')) as SoftmaxModel) : null;
  return styleModel;
}

const SHAPE_FEATURES = new Set(['shapeFlat', 'shapeGable', 'shapeHip']);

/**
 * A feature by the name the model was trained with (`log_pixels` is the log of the roof's inner pixel count). The
 * roof-shape network's probabilities are missing when it did not run (models off or absent): then they take the
 * training mean, which leaves the other features to decide.
 */
function featureValue(f: RoofFeatures, name: string, mean: number): number {
  if (name === 'log_pixels') return Math.log(f.pixels + 1);
  const v = f[name as keyof RoofFeatures];
  if (v === undefined && SHAPE_FEATURES.has(name)) return mean;
  if (typeof v !== 'number') throw new Error(`roof-style.json asks for an unknown feature: ${name}`);
  return v;
}

/**
 * Roof style from the learned model (decision 013d; trained on half of the whole-property set's labelled roofs,
 * about 0.6 right on the other half), else from the earlier rules. The confidence is the model's probability,
 * capped at 0.6: even the best class is wrong about four times in ten.
 */
export function classifyRoofStyle(f: RoofFeatures): { style: RoofStyle; confidence: number } {
  if (f.pixels < 60) return { style: 'unknown', confidence: 0.2 };
  const model = roofStyleModel();
  if (!model) return classifyRoofStyleByRules(f);
  const { label, p } = chooseClass(
    model,
    model.features.map((name, i) => featureValue(f, name, model.mean[i])),
  );
  return { style: label as RoofStyle, confidence: Math.round(Math.min(0.6, p) * 100) / 100 };
}

/** The earlier rules (chosen on the BRAILS dev images' tune half), used when the model file is absent. */
export function classifyRoofStyleByRules(f: RoofFeatures): { style: RoofStyle; confidence: number } {
  if (f.pixels < 60) return { style: 'unknown', confidence: 0.2 };
  if (f.rectFill < ROOF_STYLE.complexFill) return { style: 'complex', confidence: 0.35 };
  if (f.diagShare >= ROOF_STYLE.hipDiagonalShare) return { style: 'hip', confidence: 0.45 };
  if (f.halfContrast >= ROOF_STYLE.pitchedContrast) return { style: 'gable', confidence: 0.45 };
  if (f.energy < ROOF_STYLE.smoothPlaneEnergy) return { style: 'gable', confidence: 0.35 };
  return { style: 'flat', confidence: 0.35 };
}

/**
 * The roof inside a given box (image pixels), for scoring roof style apart from the subject choice: the learned
 * building pixels inside the box (their largest piece, holes filled) when they cover at least a third of it, else
 * the box itself. `buildings` is the learned map at scene resolution (null when the model did not run).
 */
export function roofInBox(scene: Scene, buildings: Mask | null, box: readonly number[]): Roof {
  const { w, h } = scene;
  const x0 = Math.max(0, Math.floor(box[0] / scene.sx));
  const y0 = Math.max(0, Math.floor(box[1] / scene.sy));
  const x1 = Math.min(w - 1, Math.ceil(box[2] / scene.sx) - 1);
  const y1 = Math.min(h - 1, Math.ceil(box[3] / scene.sy) - 1);
  const inBox: Mask = new Uint8Array(w * h);
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) inBox[y * w + x] = 1;
  let mask = inBox;
  if (buildings) {
    const lab = components(and(buildings, inBox), w, h);
    const main = lab.components.reduce<(typeof lab.components)[number] | null>((a, b) => (!a || b.area > a.area ? b : a), null);
    if (main && main.area >= countSet(inBox) / 3) mask = fillHoles(componentMask(lab, main.label), w, h);
  }
  const roof = roofOfMask(scene, mask, 1);
  if (!roof) throw new Error('The box does not overlap the image');
  return roof;
}

export interface RoofCondition {
  signs: RoofSign[];
  /** Mask of material damage (tarp) pixels, for a damage finding. */
  damage: Mask | null;
  judged: boolean;
  tarpShare: number;
  fragmentation: number;
}

export const ROOF_CONDITION = {
  tarpMinShare: 0.04,
  /**
   * Share of roof pixels with very high local contrast above which the cover reads as broken. Set high on
   * purpose: a false "material damage" costs a homeowner far more than a missed one costs the check (it is
   * what a non-renewal may rest on), and tile roofs and compressed imagery are textured too.
   */
  brokenShare: 0.5,
  brokenTexture: 0.11,
  /**
   * Staining: the share of roof pixels darker by `stainDarkening` than the roof around them (the mean over a
   * window of ±`stainWindowM`) above which the cover reads as stained. Darkening against the whole roof's mean
   * counted the shaded facets of every hip roof, panels and tree shade as stains (whole-property set: 14 of 158
   * good roofs called fair, none of them stained; decision 013f); against its surroundings only streaks and
   * blotches count, and a facet is darker than its neighbour only along a strip at the ridge.
   */
  stainShare: 0.18,
  stainDarkening: 0.12,
  stainWindowM: 1.5,
};

/** Mean luminance of the roof pixels within ±r px of each roof pixel (0 off the roof). */
function localRoofLuminance(L: Plane, roof: Mask, w: number, h: number, r: number): Float32Array {
  const lum = new Float32Array(w * h);
  const on = new Float32Array(w * h);
  for (let i = 0; i < roof.length; i++) {
    if (!roof[i]) continue;
    lum[i] = L[i];
    on[i] = 1;
  }
  const sum = boxMean(lum, w, h, r);
  const count = boxMean(on, w, h, r);
  const out = new Float32Array(w * h);
  for (let i = 0; i < roof.length; i++) if (roof[i]) out[i] = sum[i] / Math.max(1e-6, count[i]);
  return out;
}

/**
 * Tarp blue: deep and saturated (hue ~205–250°), unlike the cyan of pool water or grey-blue panels; green trailing
 * blue by a margin keeps teal covers out.
 */
export function isTarpBlue(scene: Scene, i: number): boolean {
  const { r, g, b, sat, hue } = scene;
  return hue[i] >= 200 && hue[i] <= 250 && sat[i] > 0.4 && b[i] > 0.3 && b[i] > r[i] + 0.15 && b[i] > g[i] + 0.05;
}

/** The tarp-blue pixels of `mask`. */
export function tarpBlueMask(scene: Scene, mask: Mask): Mask {
  const out = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) out[i] = mask[i] && isTarpBlue(scene, i) ? 1 : 0;
  return out;
}

/**
 * `metal`: the roof's own ribbed blue (a blue metal roof, decision 013zk), which has a tarp's colour but is no
 * damage: its pixels are not counted as tarp.
 */
export function assessRoofCondition(scene: Scene, roof: Roof, metal: Mask | null = null): RoofCondition {
  const { w, h, texture, L } = scene;
  const inner = erode(roof.mask, w, h, Math.max(1, Math.round(0.5 * scene.pxPerM)));
  const n = countSet(inner);
  if (n < 80) return { signs: [], damage: null, judged: false, tarpShare: 0, fragmentation: 0 };
  const tarp = new Uint8Array(w * h);
  let nTarp = 0;
  let rough = 0;
  const local = localRoofLuminance(L, inner, w, h, Math.max(1, Math.round(ROOF_CONDITION.stainWindowM * scene.pxPerM)));
  let dark = 0;
  for (let i = 0; i < inner.length; i++) {
    if (!inner[i]) continue;
    if (!metal?.[i] && isTarpBlue(scene, i)) {
      tarp[i] = 1;
      nTarp++;
    }
    if (texture[i] > ROOF_CONDITION.brokenTexture) rough++;
    if (L[i] < local[i] - ROOF_CONDITION.stainDarkening) dark++;
  }
  const signs: RoofSign[] = [];
  const tarpShare = nTarp / n;
  const fragmentation = rough / n;
  if (tarpShare > ROOF_CONDITION.tarpMinShare) signs.push('tarp');
  if (fragmentation > ROOF_CONDITION.brokenShare) signs.push('missing_cover');
  else if (dark / n > ROOF_CONDITION.stainShare) signs.push('staining');
  let damage: Mask | null = null;
  if (signs.includes('tarp')) damage = tarp;
  else if (signs.includes('missing_cover')) {
    damage = new Uint8Array(w * h);
    for (let i = 0; i < inner.length; i++) damage[i] = inner[i] && texture[i] > ROOF_CONDITION.brokenTexture ? 1 : 0;
  }
  return { signs, damage, judged: true, tarpShare, fragmentation };
}
