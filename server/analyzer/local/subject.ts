// The subject building from the learned building map (models/building.onnx, training/train_building.py):
// the building nearest the image centre whose size is plausible for a house. Property images are centred on the
// address, so a large building a little off-centre beats a shed or a car port nearer to it, a blob the map is sure
// of beats an unsure one (dry ground, a yard) a little nearer, and a sliver of a
// neighbour's roof at the frame edge is never the subject. No building in the map ⇒ no subject (the property is
// not assessable), whatever colour the ground has.
import { boundaryPoints, convexHull, minAreaRect, polygonArea, simplify, traceContour, type Pt } from './geometry';
import { close, components, erode, fillHoles, type Component, type Labelling, type Mask, type Plane } from './raster';
import type { SubjectPoint } from '../contract';
import type { Roof } from './building';
import { pxArea, type Scene } from './scene';

export const SUBJECT = {
  /** Building pixels: probability at least this (tuned on the model's held-out patches, not on the property set). */
  threshold: 0.5,
  /** Smaller blobs are sheds, cars or noise (m²). */
  minBuildingM2: 16,
  /** Below this area (m²) a building is an outbuilding: it is the subject only when nothing larger is near. */
  outbuildingM2: 45,
  /** An outbuilding's distance to the centre counts this many times over when choosing the subject. */
  outbuildingPenalty: 3,
  /**
   * A building further from the centre than this share of the shorter side is never the subject (0.5 let a
   * neighbour's roof or a warehouse strip at the edge of a crop centred on an empty lot become the subject; 0.4
   * still let a house off the edge of a tile centred on woodland or a road junction, decision 013c).
   */
  maxCentreDistance: 0.35,
  /** Mean probability over a blob below this is too unsure to be a building. */
  minMeanProbability: 0.62,
  /**
   * Evidence beyond the map (whole-property set, decision 013b): a subject covers at least this share of the
   * frame (property images are framed on the property: smaller blobs were cars, pads and bits of a neighbour's
   * roof at the edge)…
   */
  minFrameShare: 0.0075,
  /**
   * …and its outline follows straight, square edges: the image gradient along the outline, folded modulo 90°,
   * has at least this coherence (0: edges in every direction, as round a dirt patch or a crown; 1: all edges
   * on two perpendicular directions, as round a roof).
   */
  minEdgeCoherence: 0.15,
  /**
   * A candidate more drawn-out than this (its oriented rectangle's long side over its short side) is a road, a
   * wall or a row of cars, not a house: a road through a forest was the subject (decision 013j addendum). A mobile
   * home is up to about 5:1 (14 × 70 ft) and a terrace row as much, so 4 turned away the house itself on the
   * property set's Keys crops and Cannes terraces (decision 013zm).
   */
  maxElongation: 5.5,
  /**
   * The subject's confidence (0.4 + 0.45 × the blob's mean probability + 0.1 × how centred it is) is at least
   * this: on the whole-property set no correctly found subject scored below 0.81, while debris on empty lots, a
   * slab on a close-range wire frame and pieces of a neighbour's roof off-centre did (decision 013l). At 0.8 exactly,
   * all three subjects of the set were wrong: a slab on an empty lot and two neighbours' roofs (decision 013zq).
   */
  minConfidence: 0.81,
  /**
   * How far a candidate's doubt counts against it when choosing the subject, in shares of the shorter side per unit
   * of (1 − mean probability): 0.5 moves a blob at a mean of 0.7 a tenth of the side further away than one at
   * 0.9. A confident house a little further out beats an unsure blob nearer the centre, which on tiles centred on
   * a garden or a field was dry ground, a car park or a yard (whole-property set, decision 013m: subject found
   * 119 → 124 given, 116 → 120 withheld; 0.25 / 1 / 2 gave 122 / 124 / 120 given).
   */
  unsurePenalty: 0.5,
  /** Candidates tried, cheapest first (nearest, then surest), before the image is said to have no building. */
  maxTried: 4,
  /**
   * Buildings joined by a neck narrower than about twice this (m) are split there before the subject is chosen:
   * the map's blobs run from a house over a terrace, a wall or a strip of paving into the next building
   * (whole-property set, decision 013c: subject found 44 → 48-49 %). 0: no split.
   */
  neckM: 1,
  /**
   * A building cut by the frame edge is the subject only when it comes within this share of the shorter side of
   * the centre (it may fill the frame of a crop centred on it): further out it is a neighbour seen at the edge of
   * a frame centred on an empty lot or on woodland (decision 013c).
   */
  edgeMaxCentre: 0.3,
  /**
   * A frame at most this wide (m, its longer side at the known or assumed scale) is a crop on one house: there a
   * building cut by the frame edge is the subject only within `edgeMaxCentreCrop` of the shorter side of the centre.
   * On a 35 m house crop centred on an empty lot, a neighbour's roof cut by the edge 0.24 of the side out was scored.
   */
  cropMaxExtentM: 50,
  edgeMaxCentreCrop: 0.15,
  /**
   * With a point the owner marked on their building, a blob is the subject only when it comes within this
   * distance (m) of the point, or within this share of the shorter side when the scale is assumed: a click just
   * off an eave still means that roof, one in a yard means no building.
   */
  pointMaxM: 4,
  pointMaxShare: 0.05,
};

interface Candidate {
  label: number;
  box: readonly [number, number, number, number];
  small: boolean;
  area: number;
  dist: number;
  meanP: number;
  cost: number;
}

/**
 * Panels are part of the roof they sit on: the building map misses dark arrays, and cut roofs with panels in two
 * or left the array's side out (decision 013j). Where the learned solar map is at or above `solarThreshold` (the
 * solar model's own, 0.65 by default) and the pixel is not water, the building probability is at least the solar
 * map's. Returns a new plane.
 */
export function withPanelsAsRoof(buildingMap: Plane, solarMap: Plane, solarThreshold = 0.65, water?: Mask): Plane {
  return buildingMap.map((v, i) => (solarMap[i] >= solarThreshold && !(water && water[i]) ? Math.max(v, solarMap[i]) : v));
}

/**
 * The subject building's roof from the building probability map (at scene resolution), or null when there is none.
 * `minM2` uses the scene's scale, known or assumed: with an assumed scale the thresholds still scale with the frame.
 */
export function findSubjectBuilding(scene: Scene, prob: Plane, point: SubjectPoint | null = null): { roof: Roof | null; buildings: Mask } {
  const { w, h } = scene;
  const raw: Mask = new Uint8Array(w * h);
  for (let i = 0; i < raw.length; i++) raw[i] = prob[i] >= SUBJECT.threshold ? 1 : 0;
  const buildings = raw;
  const lab = buildingBlobs(scene, raw);
  // The owner's mark, when given, stands where the image centre stands otherwise.
  const cx = (point ? point.x : 0.5) * (w - 1);
  const cy = (point ? point.y : 0.5) * (h - 1);
  const short = Math.min(w, h);
  const pointMax = scene.scale.known ? SUBJECT.pointMaxM * scene.pxPerM : SUBJECT.pointMaxShare * short;
  const crop = Math.max(w, h) * scene.scale.mPerPx <= SUBJECT.cropMaxExtentM;
  const edgeMaxCentre = crop ? SUBJECT.edgeMaxCentreCrop : SUBJECT.edgeMaxCentre;
  // A building the owner marked needs no more evidence than the map's blob under the mark: the checks below that
  // tell a house from dry ground, debris or a slab are for a guess at the centre (on the whole-property set with the
  // mark at each labelled house: subject found 147 → 149 of 198 and band agreement 208 → 214 without them).
  const marked = point !== null;
  const sums = new Float64Array(lab.components.length + 1);
  const minD = new Float64Array(lab.components.length + 1).fill(Infinity);
  const index = new Map<number, number>();
  lab.components.forEach((c, k) => index.set(c.label, k));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const k = index.get(lab.labels[i]);
      if (k === undefined) continue;
      sums[k] += prob[i];
      const d = Math.hypot(x - cx, y - cy);
      if (d < minD[k]) minD[k] = d;
    }
  }
  const candidates: Candidate[] = [];
  lab.components.forEach((c, k) => {
    const meanP = sums[k] / c.area;
    if (meanP < SUBJECT.minMeanProbability && !marked) return;
    const dist = minD[k];
    if (marked) {
      // The owner said which building: a roof cut by the frame edge or far from the centre is theirs all the same.
      if (dist > pointMax) return;
    } else {
      if (dist > SUBJECT.maxCentreDistance * short) return;
      const cut = c.x0 === 0 || c.y0 === 0 || c.x1 === w - 1 || c.y1 === h - 1;
      if (cut && dist > edgeMaxCentre * short) return;
    }
    const small = c.area < pxArea(scene, SUBJECT.outbuildingM2);
    // Distance from the centre to the blob, in pixels (a blob covering the centre costs nothing), plus its doubt.
    const cost = dist * (small ? SUBJECT.outbuildingPenalty : 1) + (small ? 0.04 * short : 0) + SUBJECT.unsurePenalty * short * (1 - meanP);
    candidates.push({ label: c.label, box: [c.x0, c.y0, c.x1, c.y1], small, area: c.area, dist, meanP, cost });
  });
  // An outbuilding-sized blob within a larger candidate's box is a piece of that building (a wing or a roof part the
  // map split off, a courtyard structure), not a shed beside it: the larger one stands for it (decision 013zm).
  const pieces = candidates.filter((p) => p.small && candidates.some((b) => !b.small && inside(p.box, b.box)));
  const tried = candidates.filter((c) => !pieces.includes(c));
  tried.sort((a, b) => a.cost - b.cost || b.area - a.area);
  for (const best of tried.slice(0, SUBJECT.maxTried)) {
    if (best.area < SUBJECT.minFrameShare * w * h && !marked) continue;
    // The confidence needs only the candidate's mean probability and distance: an unsure one is passed over
    // before its outline is built.
    const confidence = candidateConfidence(scene, best);
    if (confidence < SUBJECT.minConfidence && !marked) continue;
    let mask: Mask = new Uint8Array(w * h);
    for (let i = 0; i < mask.length; i++) mask[i] = lab.labels[i] === best.label ? 1 : 0;
    mask = fillHoles(close(mask, w, h, Math.max(1, Math.round(0.5 * scene.pxPerM))), w, h);
    const roof = roofOfMask(scene, mask, confidence);
    if (!roof || (roof.areaPx < SUBJECT.minFrameShare * w * h && !marked)) continue;
    if (roof.rect.width > SUBJECT.maxElongation * Math.max(1, roof.rect.height)) continue;
    if (marked || edgeCoherence(roof.mask, scene.L, w, h) >= SUBJECT.minEdgeCoherence) return { roof, buildings };
  }
  return { roof: null, buildings };
}

/**
 * The building map's blobs as the subject rule sees them: the sure pixels (`buildings`, at scene resolution) split
 * at necks, with blobs smaller than a shed left out. The property evaluation reads them too, to tell a subject the
 * map never offered from one the rule passed over.
 */
export function buildingBlobs(scene: Scene, buildings: Mask): Labelling {
  const minPx = Math.max(4, Math.round(pxArea(scene, SUBJECT.minBuildingM2)));
  return splitAtNecks(buildings, scene.w, scene.h, Math.round(SUBJECT.neckM * scene.pxPerM), minPx);
}

/**
 * How square the edges along a blob's outline are: the gradient-weighted mean of e^{4iθ} (θ the Sobel gradient's
 * angle on luminance `L`, folded so that edges at 0° and 90° agree) over a 1 px band on both sides of the
 * outline, as a length 0..1. Only the blob's bounding box is visited.
 */
export function edgeCoherence(mask: Mask, L: Plane, w: number, h: number): number {
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const x = i % w;
    const y = (i - x) / w;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  let c = 0;
  let s = 0;
  let total = 0;
  for (let y = Math.max(1, y0 - 1); y <= Math.min(h - 2, y1 + 1); y++) {
    for (let x = Math.max(1, x0 - 1); x <= Math.min(w - 2, x1 + 1); x++) {
      // On the band: the 3×3 neighbourhood holds both blob and ground (pixels at the frame edge have no gradient).
      let on = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) on += mask[(y + dy) * w + x + dx];
      if (on === 0 || on === 9) continue;
      const i = y * w + x;
      const sx = L[i - w + 1] + 2 * L[i + 1] + L[i + w + 1] - (L[i - w - 1] + 2 * L[i - 1] + L[i + w - 1]);
      const sy = L[i + w - 1] + 2 * L[i + w] + L[i + w + 1] - (L[i - w - 1] + 2 * L[i - w] + L[i - w + 1]);
      const m = Math.hypot(sx, sy);
      const th = 4 * Math.atan2(sy, sx);
      c += m * Math.cos(th);
      s += m * Math.sin(th);
      total += m;
    }
  }
  return total > 0 ? Math.hypot(c, s) / total : 0;
}

/** Box `a` lies within box `b` ([x0, y0, x1, y1], inclusive). */
function inside(a: readonly number[], b: readonly number[]): boolean {
  return a[0] >= b[0] && a[1] >= b[1] && a[2] <= b[2] && a[3] <= b[3];
}

/** A candidate's confidence: 0.4 + 0.45 × its mean probability + 0.1 × how centred it is, to two decimals, ≤ 0.97. */
function candidateConfidence(scene: Scene, c: Candidate): number {
  const centred = Math.exp(-((c.dist / Math.min(scene.w, scene.h)) ** 2) / (2 * 0.2 ** 2));
  return Math.round(Math.min(0.97, 0.4 + 0.45 * c.meanP + 0.1 * centred) * 100) / 100;
}

/**
 * The roof of the largest piece of `mask`: its oriented rectangle, its outline (the rectangle where the piece
 * fills it, else the traced contour) and its solidity; null when the mask is empty.
 */
export function roofOfMask(scene: Scene, mask: Mask, confidence: number): Roof | null {
  const { w, h } = scene;
  const lab = components(mask, w, h);
  if (!lab.components.length) return null;
  const main = lab.components.reduce((a, b) => (b.area > a.area ? b : a));
  let first = -1;
  const m: Mask = new Uint8Array(w * h);
  for (let i = 0; i < m.length; i++) {
    if (lab.labels[i] === main.label) {
      m[i] = 1;
      if (first < 0) first = i;
    }
  }
  const hull = convexHull(boundaryPoints(m, w, h, main.x0, main.y0, main.x1, main.y1));
  const solidity = Math.min(1, main.area / Math.max(1, polygonArea(hull)));
  const rect = minAreaRect(hull);
  const rectFill = Math.min(1, main.area / Math.max(1, rect.area));
  const polygon: Pt[] = rectFill > 0.88 ? rect.corners : simplify(traceContour(m, w, h, first), Math.max(1, 0.5 * scene.pxPerM));
  return { mask: m, polygon, rect, areaPx: main.area, centroid: [main.cx, main.cy], confidence, solidity };
}

/**
 * Connected components of `mask`, with blobs joined by necks narrower than 2r+1 px split there: the cores left by
 * an erosion of radius r each claim the pixels nearest them (breadth-first within the mask); parts thinner than
 * the neck everywhere keep their own component. Components below `minArea` are dropped (label 0), as in
 * `components`.
 */
export function splitAtNecks(mask: Mask, w: number, h: number, r: number, minArea: number): Labelling {
  if (r <= 0) return components(mask, w, h, minArea);
  const cores = components(erode(mask, w, h, r), w, h);
  const labels = new Int32Array(w * h);
  const queue = new Int32Array(w * h);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < labels.length; i++) {
    if (cores.labels[i] && mask[i]) {
      labels[i] = cores.labels[i];
      queue[tail++] = i;
    }
  }
  while (head < tail) {
    const p = queue[head++];
    const x = p % w;
    for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, p - w, p + w]) {
      if (q < 0 || q >= labels.length || !mask[q] || labels[q]) continue;
      labels[q] = labels[p];
      queue[tail++] = q;
    }
  }
  const rest = new Uint8Array(w * h);
  for (let i = 0; i < rest.length; i++) rest[i] = mask[i] && !labels[i] ? 1 : 0;
  const thin = components(rest, w, h);
  const offset = cores.components.length;
  for (let i = 0; i < labels.length; i++) if (thin.labels[i]) labels[i] = thin.labels[i] + offset;
  const stats = new Map<number, Component>();
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i];
    if (!label) continue;
    const x = i % w;
    const y = (i - x) / w;
    const c = stats.get(label);
    if (!c) stats.set(label, { label, area: 1, x0: x, y0: y, x1: x, y1: y, cx: x, cy: y });
    else {
      c.area++;
      c.cx += x;
      c.cy += y;
      if (x < c.x0) c.x0 = x;
      if (x > c.x1) c.x1 = x;
      if (y < c.y0) c.y0 = y;
      if (y > c.y1) c.y1 = y;
    }
  }
  const kept: Component[] = [];
  for (const c of stats.values()) {
    if (c.area < minArea) continue;
    c.cx /= c.area;
    c.cy /= c.area;
    kept.push(c);
  }
  const keep = new Set(kept.map((c) => c.label));
  for (let i = 0; i < labels.length; i++) if (labels[i] && !keep.has(labels[i])) labels[i] = 0;
  return { labels, components: kept.sort((a, b) => a.label - b.label) };
}
