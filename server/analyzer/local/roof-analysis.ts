// Roof style and condition from the pixels inside the main roof.
// Style reads the ridge structure: pitched planes facing different ways are lit differently, so a gable
// shows two halves of different brightness split along the roof's long axis, a hip adds diagonal hip lines
// (edges at ~45° to the axes) and end planes, and a flat roof has neither. Condition looks for material damage
// (a blue tarp; broken, fragmented cover) versus cosmetic marks, per the cosmetic-vs-material rule.
import type { RoofStyle } from '../contract';
import type { RoofSign } from '../roof-condition';
import type { Roof } from './building';
import { blur, countSet, erode, sobel, type Mask } from './raster';
import type { Scene } from './scene';

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
  for (let i = 0; i < inner.length; i++) {
    if (!inner[i]) continue;
    n++;
    const x = i % w;
    const y = (i - x) / w;
    const u = (x - rcx) * ca + (y - rcy) * sa; // along the long axis
    const v = -(x - rcx) * sa + (y - rcy) * ca; // across it
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
  return {
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

/**
 * Rules chosen on the tune half of the labelled roofs (see docs/analyzer.md); few labels exist, so the rules
 * are deliberately simple and the confidence low.
 */
export function classifyRoofStyle(f: RoofFeatures): { style: RoofStyle; confidence: number } {
  if (f.pixels < 60) return { style: 'unknown', confidence: 0.2 };
  if (f.rectFill < ROOF_STYLE.complexFill) return { style: 'complex', confidence: 0.35 };
  if (f.diagShare >= ROOF_STYLE.hipDiagonalShare) return { style: 'hip', confidence: 0.45 };
  if (f.halfContrast >= ROOF_STYLE.pitchedContrast) return { style: 'gable', confidence: 0.45 };
  if (f.energy < ROOF_STYLE.smoothPlaneEnergy) return { style: 'gable', confidence: 0.35 };
  return { style: 'flat', confidence: 0.35 };
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
  stainShare: 0.18,
};

export function assessRoofCondition(scene: Scene, roof: Roof): RoofCondition {
  const { w, h, r, g, b, sat, hue, texture, L } = scene;
  const inner = erode(roof.mask, w, h, Math.max(1, Math.round(0.5 * scene.pxPerM)));
  const n = countSet(inner);
  if (n < 80) return { signs: [], damage: null, judged: false, tarpShare: 0, fragmentation: 0 };
  const tarp = new Uint8Array(w * h);
  let nTarp = 0;
  let rough = 0;
  let meanL = 0;
  for (let i = 0; i < inner.length; i++) if (inner[i]) meanL += L[i];
  meanL /= n;
  let dark = 0;
  for (let i = 0; i < inner.length; i++) {
    if (!inner[i]) continue;
    // Tarp blue is deep and saturated (hue ~205–250°), unlike the cyan of pool water or grey-blue panels;
    // green trailing blue by a margin keeps teal covers out.
    if (hue[i] >= 200 && hue[i] <= 250 && sat[i] > 0.4 && b[i] > 0.3 && b[i] > r[i] + 0.15 && b[i] > g[i] + 0.05) {
      tarp[i] = 1;
      nTarp++;
    }
    if (texture[i] > ROOF_CONDITION.brokenTexture) rough++;
    if (L[i] < meanL - 0.12) dark++;
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
