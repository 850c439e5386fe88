// The main building: the roof nearest the image centre (property images are centred on the address).
// Found by segmenting a small copy of the image, picking the most roof-like central segment and merging the
// neighbouring segments that continue the same roof (same material colour, keeping the outline compact),
// so that the two differently lit planes of a gable end up in one roof.
import { boundaryPoints, convexHull, minAreaRect, polygonArea, simplify, traceContour, type OrientedRect, type Pt } from './geometry';
import { blur, close, components, fillHoles, resizeMask, resizePlane, type Mask } from './raster';
import { felzenszwalb } from './segment';
import { pxArea, type Scene } from './scene';

export const BUILDING = {
  /** Segmentation works at about this ground resolution (coarser is faster and ignores roof texture). */
  segGsdM: 0.3,
  segMaxSide: 320,
  segK: 220,
  minRoofM2: 25,
  maxRoofM2: 4000,
  maxVegExg: 0.035,
  minSolidity: 0.72,
  /** Chromaticity distance under which two segments may be the same roof material. */
  sameMaterial: 0.06,
  /**
   * A found "roof" must look built: compact and box-like. Bare lots, lawns and rubble segment into ragged
   * shapes; L-, T- and U-shaped houses still pass.
   */
  minRoofSolidity: 0.72,
  minRoofRectFill: 0.5,
  /**
   * Below this confidence no building is reported (the property is not assessable) rather than a guess. On the
   * whole-property set (tests/eval/property.json) false buildings on empty lots, forest and wire frames fell
   * from 20 of 30 to 16 and band agreement rose from 48 % to 52 %; 0.6 drops more false ones but also
   * storm-destroyed houses whose ragged outlines score low, and their damage is what matters most.
   */
  minConfidence: 0.55,
};

export interface Roof {
  mask: Mask; // working resolution
  polygon: Pt[];
  rect: OrientedRect;
  areaPx: number;
  centroid: Pt;
  confidence: number;
  solidity: number;
}

interface SegStat {
  id: number;
  area: number;
  sx: number;
  sy: number;
  r: number;
  g: number;
  b: number;
  L: number;
  exg: number;
  water: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function findMainRoof(scene: Scene, water: Mask, vegetation: Mask): Roof | null {
  const { w, h } = scene;
  const f = Math.max(1, Math.min(BUILDING.segGsdM / scene.scale.mPerPx, Math.max(w, h) / 96), Math.max(w, h) / BUILDING.segMaxSide);
  const sw = Math.max(8, Math.round(w / f));
  const sh = Math.max(8, Math.round(h / f));
  const sig = Math.max(0.5, 0.4 * f);
  const r = resizePlane(blur(scene.r, w, h, sig), w, h, sw, sh);
  const g = resizePlane(blur(scene.g, w, h, sig), w, h, sw, sh);
  const b = resizePlane(blur(scene.b, w, h, sig), w, h, sw, sh);
  const wat = resizeMask(water, w, h, sw, sh);
  const veg = resizeMask(vegetation, w, h, sw, sh);
  const segPxPerM = scene.pxPerM / f;
  const minSeg = Math.max(4, Math.round(2.5 * segPxPerM * segPxPerM));
  const seg = felzenszwalb(r, g, b, sw, sh, BUILDING.segK, minSeg);

  const stats: SegStat[] = Array.from({ length: seg.n }, (_, id) => ({
    id,
    area: 0,
    sx: 0,
    sy: 0,
    r: 0,
    g: 0,
    b: 0,
    L: 0,
    exg: 0,
    water: 0,
    x0: sw,
    y0: sh,
    x1: 0,
    y1: 0,
  }));
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < sw; x++) {
      const i = y * sw + x;
      const s = stats[seg.labels[i]];
      s.area++;
      s.sx += x;
      s.sy += y;
      s.r += r[i];
      s.g += g[i];
      s.b += b[i];
      s.water += wat[i];
      s.exg += veg[i];
      if (x < s.x0) s.x0 = x;
      if (x > s.x1) s.x1 = x;
      if (y < s.y0) s.y0 = y;
      if (y > s.y1) s.y1 = y;
    }
  }
  for (const s of stats) {
    s.r /= s.area;
    s.g /= s.area;
    s.b /= s.area;
    s.L = 0.299 * s.r + 0.587 * s.g + 0.114 * s.b;
    s.exg /= s.area; // share of vegetation pixels
    s.water /= s.area;
  }
  // Adjacency with shared-boundary lengths.
  const adj = new Map<number, Map<number, number>>();
  const link = (a: number, c: number) => {
    if (a === c) return;
    let m = adj.get(a);
    if (!m) adj.set(a, (m = new Map()));
    m.set(c, (m.get(c) ?? 0) + 1);
  };
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < sw; x++) {
      const a = seg.labels[y * sw + x];
      if (x < sw - 1) {
        const c = seg.labels[y * sw + x + 1];
        link(a, c);
        link(c, a);
      }
      if (y < sh - 1) {
        const c = seg.labels[(y + 1) * sw + x];
        link(a, c);
        link(c, a);
      }
    }
  }
  // Blurred edges leave one- or two-pixel strips as segments of their own; fold each into the neighbour it
  // shares most boundary with, so the strips cannot make a roof outline ragged or bridge roof and ground.
  for (const s of stats) {
    const thickness = s.area / Math.max(s.x1 - s.x0 + 1, s.y1 - s.y0 + 1);
    if (thickness >= 2.5 || s.area === 0) continue;
    let best = -1;
    let bestLen = 0;
    for (const [nb, len] of adj.get(s.id) ?? []) {
      if (len > bestLen && stats[nb].area > s.area) {
        bestLen = len;
        best = nb;
      }
    }
    if (best < 0) continue;
    const t = stats[best];
    const n = t.area + s.area;
    for (const k of ['r', 'g', 'b', 'L', 'exg', 'water'] as const) t[k] = (t[k] * t.area + s[k] * s.area) / n;
    t.sx += s.sx;
    t.sy += s.sy;
    t.area = n;
    t.x0 = Math.min(t.x0, s.x0);
    t.y0 = Math.min(t.y0, s.y0);
    t.x1 = Math.max(t.x1, s.x1);
    t.y1 = Math.max(t.y1, s.y1);
    for (let y = s.y0; y <= s.y1; y++)
      for (let x = s.x0; x <= s.x1; x++) if (seg.labels[y * sw + x] === s.id) seg.labels[y * sw + x] = best;
    for (const [nb, len] of adj.get(s.id) ?? []) {
      if (nb === best) continue;
      const m1 = adj.get(best)!;
      m1.set(nb, (m1.get(nb) ?? 0) + len);
      const m2 = adj.get(nb)!;
      m2.set(best, (m2.get(best) ?? 0) + len);
      m2.delete(s.id);
    }
    adj.get(best)!.delete(s.id);
    adj.delete(s.id);
    s.area = 0;
  }
  const live = stats.filter((s) => s.area > 0);
  const medianL = medianOf(
    live.map((s) => s.L),
    live.map((s) => s.area),
  );
  const segArea = (m2: number) => m2 * segPxPerM * segPxPerM;
  // A roof plane facing away from the sun can be as dark as a shadow; what gives a shadow away is the blue
  // cast of skylight, so dark segments count as roof only when they keep a neutral or warm colour.
  const roofLike = (s: SegStat) =>
    s.exg < 0.35 &&
    s.water < 0.3 &&
    s.L > Math.max(0.08, 0.3 * medianL) &&
    (s.L > 0.5 * medianL || s.b < 1.1 * s.r) &&
    s.area <= segArea(BUILDING.maxRoofM2);
  const chroma = (s: SegStat): [number, number] => {
    const t = s.r + s.g + s.b + 1e-3;
    return [s.r / t, s.g / t];
  };

  // Property images are centred on the address: the seed is the roof-like segment that covers most of a
  // small disc at the centre (falling back to the nearest one), preferring compact, box-filling segments.
  const cx = (sw - 1) / 2;
  const cy = (sh - 1) / 2;
  const rc = Math.max(2, 0.1 * Math.min(sw, sh));
  const central = new Map<number, number>();
  for (let y = Math.max(0, Math.floor(cy - rc)); y <= Math.min(sh - 1, Math.ceil(cy + rc)); y++) {
    for (let x = Math.max(0, Math.floor(cx - rc)); x <= Math.min(sw - 1, Math.ceil(cx + rc)); x++) {
      if ((x - cx) ** 2 + (y - cy) ** 2 > rc * rc) continue;
      const id = seg.labels[y * sw + x];
      central.set(id, (central.get(id) ?? 0) + 1);
    }
  }
  const discArea = Math.max(
    1,
    [...central.values()].reduce((a, b) => a + b, 0),
  );
  const spread = 0.25 * Math.min(sw, sh);
  let seed: SegStat | null = null;
  let bestScore = 0;
  for (const s of stats) {
    if (!roofLike(s) || s.area < segArea(6)) continue;
    const touches = Number(s.x0 === 0) + Number(s.y0 === 0) + Number(s.x1 === sw - 1) + Number(s.y1 === sh - 1);
    if (touches >= 2 && s.area > 0.25 * sw * sh) continue; // a road or yard running across the frame
    const d = Math.hypot(s.sx / s.area - cx, s.sy / s.area - cy);
    const share = (central.get(s.id) ?? 0) / discArea;
    const near = Math.exp(-(d * d) / (2 * spread * spread));
    const fill = s.area / ((s.x1 - s.x0 + 1) * (s.y1 - s.y0 + 1));
    // Roads and drives are long and thin; a house is not (checked only for segments that could win).
    if (fill < 0.5 || touches >= 1) {
      const el = segmentElongation(seg.labels, sw, s);
      if (el > 4) continue;
    }
    const score = (0.25 * near + share) * (0.4 + fill) * Math.min(1, s.area / segArea(40)) * (1 - s.exg) * (touches ? 0.7 : 1);
    if (score > bestScore) {
      bestScore = score;
      seed = s;
    }
  }
  if (!seed || bestScore < 0.05) return null;

  // Grow: merge neighbours of the same roof material while the union stays compact.
  const inRoof = new Uint8Array(seg.n);
  inRoof[seed.id] = 1;
  let members = [seed];
  let totalArea = seed.area;
  const seedChroma = chroma(seed);
  for (let iter = 0; iter < 20; iter++) {
    let best: SegStat | null = null;
    let bestShare = 0;
    const border = new Map<number, number>();
    for (const m of members) {
      for (const [nb, len] of adj.get(m.id) ?? []) if (!inRoof[nb]) border.set(nb, (border.get(nb) ?? 0) + len);
    }
    for (const [nb, len] of border) {
      const s = stats[nb];
      if (!roofLike(s)) continue;
      const touches = Number(s.x0 === 0) + Number(s.y0 === 0) + Number(s.x1 === sw - 1) + Number(s.y1 === sh - 1);
      if (touches >= 2) continue;
      const [a1, b1] = chroma(s);
      const dc = Math.hypot(a1 - seedChroma[0], b1 - seedChroma[1]);
      if (dc > BUILDING.sameMaterial) continue;
      if (totalArea + s.area > segArea(BUILDING.maxRoofM2)) continue;
      const perim = 2 * Math.sqrt(Math.PI * s.area);
      const share = len / perim;
      if (share > bestShare) {
        bestShare = share;
        best = s;
      }
    }
    if (!best || bestShare < 0.15) break;
    const trial = [...members, best];
    if (solidityOf(seg.labels, sw, trial) < BUILDING.minSolidity) {
      inRoof[best.id] = 2; // rejected; never retried
      continue;
    }
    inRoof[best.id] = 1;
    members = trial;
    totalArea += best.area;
  }
  // The merged roof, or, when merging produced a ragged outline (a shadow or yard joined in), the seed alone.
  const seedId = seed.id;
  const roof =
    roofFromSegments(scene, seg.labels, sw, sh, (id) => inRoof[id] === 1, bestScore, 1) ??
    // The seed alone sits on the address itself, so its outline is held to a slightly looser standard.
    roofFromSegments(scene, seg.labels, sw, sh, (id) => id === seedId, bestScore, 0.9);
  return roof && roof.confidence >= BUILDING.minConfidence ? roof : null;
}

function roofFromSegments(
  scene: Scene,
  labels: Int32Array,
  sw: number,
  sh: number,
  member: (id: number) => boolean,
  seedScore: number,
  strictness: number,
): Roof | null {
  const { w, h } = scene;
  const small = new Uint8Array(sw * sh);
  for (let i = 0; i < small.length; i++) small[i] = member(labels[i]) ? 1 : 0;
  let mask = resizeMask(small, sw, sh, w, h);
  mask = fillHoles(close(mask, w, h, Math.max(1, Math.round(0.5 * scene.pxPerM))), w, h);
  const lab = components(mask, w, h);
  if (!lab.components.length) return null;
  const main = lab.components.reduce((a, c) => (c.area > a.area ? c : a));
  mask = new Uint8Array(w * h);
  let first = -1;
  for (let i = 0; i < mask.length; i++) {
    if (lab.labels[i] === main.label) {
      mask[i] = 1;
      if (first < 0) first = i;
    }
  }
  if (main.area < pxArea(scene, BUILDING.minRoofM2) && scene.scale.known) return null;
  const hull = convexHull(boundaryPoints(mask, w, h, main.x0, main.y0, main.x1, main.y1));
  const solidity = Math.min(1, main.area / Math.max(1, polygonArea(hull)));
  const rect = minAreaRect(hull);
  const rectFill = Math.min(1, main.area / Math.max(1, rect.area));
  if (solidity < strictness * BUILDING.minRoofSolidity || rectFill < strictness * BUILDING.minRoofRectFill) return null;
  // A roof outline is mostly straight: a near-rectangular blob is drawn as its rectangle.
  const polygon = rectFill > 0.9 ? rect.corners : simplify(traceContour(mask, w, h, first), Math.max(1, 0.6 * scene.pxPerM));
  const confidence = Math.round(Math.min(0.95, 0.35 + 0.35 * Math.min(1, seedScore) + 0.25 * rectFill) * 100) / 100;
  return { mask, polygon, rect, areaPx: main.area, centroid: [main.cx, main.cy], confidence, solidity };
}

function segmentElongation(labels: Int32Array, w: number, s: SegStat): number {
  const pts: Pt[] = [];
  for (let y = s.y0; y <= s.y1; y++) {
    let left = -1;
    let right = -1;
    for (let x = s.x0; x <= s.x1; x++) {
      if (labels[y * w + x] === s.id) {
        if (left < 0) left = x;
        right = x;
      }
    }
    if (left >= 0) pts.push([left, y], [right + 1, y], [left, y + 1], [right + 1, y + 1]);
  }
  const rect = minAreaRect(convexHull(pts));
  // Use the blob's own thickness (area over length), which a diagonal or curved road cannot fake.
  const thickness = s.area / Math.max(1, rect.width);
  return rect.width / Math.max(1, thickness);
}

function solidityOf(labels: Int32Array, w: number, members: SegStat[]): number {
  const ids = new Set(members.map((m) => m.id));
  const x0 = Math.min(...members.map((m) => m.x0));
  const y0 = Math.min(...members.map((m) => m.y0));
  const x1 = Math.max(...members.map((m) => m.x1));
  const y1 = Math.max(...members.map((m) => m.y1));
  const pts: Pt[] = [];
  let area = 0;
  for (let y = y0; y <= y1; y++) {
    let left = -1;
    let right = -1;
    for (let x = x0; x <= x1; x++) {
      if (ids.has(labels[y * w + x])) {
        area++;
        if (left < 0) left = x;
        right = x;
      }
    }
    if (left >= 0) pts.push([left, y], [right + 1, y], [left, y + 1], [right + 1, y + 1]);
  }
  return area / Math.max(1, polygonArea(convexHull(pts)));
}

function medianOf(values: number[], weights: number[]): number {
  const idx = values.map((_, i) => i).sort((a, b) => values[a] - values[b]);
  const total = weights.reduce((s, x) => s + x, 0);
  let acc = 0;
  for (const i of idx) {
    acc += weights[i];
    if (acc >= total / 2) return values[i];
  }
  return values[idx[idx.length - 1]] ?? 0.5;
}
