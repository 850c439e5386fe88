// Trees, in two stages. (1) Candidates: vegetation by excess green, canopy where it is rough or darker than
// its surroundings (lawn is smooth and light), split into crowns at maxima of the canopy's distance
// transform so touching crowns count separately. (2) A logistic regression over each crown's size, colour,
// texture and shading (trained on the urban-tree point labels by ./training/train-tree-classifier.ts)
// keeps the crowns that are trees and drops shrubs, hedges and lawn edges.
import { existsSync, readFileSync } from 'node:fs';
import { blobPolygon, type Pt } from './geometry';
import { predict, type LogisticModel } from './logistic';
import { blur, boxMean, close, components, distanceTransform, fillSmallHoles, grownBox, open, type Mask, type Plane } from './raster';
import { px, pxArea, type Scene } from './scene';

export const TREES = {
  /** Excess green above which a pixel is vegetation. */
  vegExg: 0.05,
  /** Holes in the canopy up to this size (m²) are gaps between leaves; larger ones are roofs or clearings. */
  maxCanopyGapM2: 12,
  /** Texture (local luminance σ) above which vegetation counts as canopy rather than lawn. */
  canopyTexture: 0.035,
  /** Vegetation this much darker than its 6 m neighbourhood counts as canopy (crowns and their shade). */
  darkerBy: 0.02,
  /** Smallest crown candidate: about 2 m across. */
  minCrownM2: 3,
  /** Crown radius used to separate neighbouring tree tops. */
  crownRadiusM: 2.2,
  minPeakRadiusM: 0.7,
  maxTreeFindings: 80,
  /** Canopy covering all but this share of the frame is wall-to-wall: the frame counts as the crowns' edge. */
  frameEdgeBelow: 0.01,
};

/**
 * Closed forest canopy seen finer than about 0.26 m (decision 013zd). There the crown classifier, trained on 0.6 m
 * NAIP crowns that are darker than their surroundings, rejects sunlit crowns that are brighter than theirs: on the
 * NEON forest scenes it kept 2 and 15 trees of 61 and 279. When the frame is at least `minCanopyShare` canopy and the
 * classifier keeps under `maxKeptShare` of it (or its crowns are implausibly large, `maxMeanCrownM2`: the canopy of a
 * wall-to-wall frame is one blob), the crowns are found again from their sunlit tops instead: maxima of
 * the lightness smoothed over `topSigmaM`, highest within `topRadiusM`, at least `minSeparationM` apart; a crown is
 * a tree when it covers `minCrownM2` and is as rough as foliage (`minTexture`).
 */
export const FOREST_TREES = {
  maxSceneMPerPx: 0.26,
  minCanopyShare: 0.2,
  maxKeptShare: 0.3,
  /** …or when the crowns it keeps average more than this (m²): a wall-to-wall canopy read as a handful of huge trees. */
  maxMeanCrownM2: 150,
  topSigmaM: 0.6,
  topRadiusM: 1.5,
  minSeparationM: 2,
  minCrownM2: 5,
  minTexture: 0.05,
};

export const TREE_FEATURES = [
  'log_area_m2',
  'peak_radius_m',
  'mean_exg',
  'mean_L',
  'contrast_6m',
  'texture',
  'mean_sat',
  'hue_cos',
  'hue_sin',
  'ring_exg',
  'ring_L',
  'shade_share',
  'fill',
];

export interface Crown {
  k: number;
  centre: Pt;
  areaPx: number;
  radiusPx: number;
  bbox: [number, number, number, number];
  features: number[];
  probability: number;
}

/** How many trees a crown blob of `areaM2` holds, when merged neighbouring crowns average `perTreeM2` each. */
export function treesInCrown(areaM2: number, perTreeM2: number): number {
  return perTreeM2 > 0 ? Math.max(1, Math.round(areaM2 / perTreeM2)) : 1;
}

export interface Tree {
  /** Trees this crown blob holds (merged neighbouring crowns count as several). */
  count: number;
  centre: Pt;
  radiusPx: number;
  polygon: Pt[];
  areaPx: number;
  confidence: number;
}

export interface Vegetation {
  vegetation: Mask;
  /** Canopy of the kept trees only. */
  canopy: Mask;
  trees: Tree[];
}

const weightsUrl = new URL('./weights/tree-crown.json', import.meta.url);
let classifier: (LogisticModel & { crown_m2_per_tree?: number }) | null | undefined;
function treeClassifier(): (LogisticModel & { crown_m2_per_tree?: number }) | null {
  if (classifier === undefined)
    classifier = existsSync(weightsUrl) ? (JSON.parse(readFileSync(weightsUrl, 'utf8')) as LogisticModel) : null;
  return classifier;
}

export function vegetationMask(scene: Scene, exclude?: Mask): Mask {
  const { w, h, exg, g, r, b, L } = scene;
  const out = new Uint8Array(w * h);
  for (let i = 0; i < out.length; i++) {
    if (exclude && exclude[i]) continue;
    // Dark canopy in its own shade keeps a green cast but little excess green: accept it when green leads.
    const dark = L[i] < 0.22 && g[i] >= r[i] && g[i] >= b[i] * 0.95 && exg[i] > 0.02;
    out[i] = exg[i] > TREES.vegExg || dark ? 1 : 0;
  }
  return out;
}

export interface TreeCandidates {
  vegetation: Mask;
  canopy: Mask;
  owner: Int32Array;
  crowns: Crown[];
}

export function treeCandidates(scene: Scene, exclude?: Mask, sunlitTops = false): TreeCandidates {
  const { w, h, L, texture } = scene;
  const vegetation = vegetationMask(scene, exclude);
  const localL = boxMean(L, w, h, px(scene, 6));
  let canopy: Mask = new Uint8Array(w * h);
  for (let i = 0; i < canopy.length; i++) {
    if (exclude && exclude[i]) continue;
    if (vegetation[i]) canopy[i] = texture[i] > TREES.canopyTexture || L[i] < localL[i] - TREES.darkerBy ? 1 : 0;
  }
  const rr = px(scene, 0.6);
  canopy = fillSmallHoles(close(open(canopy, w, h, Math.max(1, Math.floor(rr / 2))), w, h, rr), w, h, pxArea(scene, TREES.maxCanopyGapM2));
  const lab = components(canopy, w, h, Math.max(3, pxArea(scene, TREES.minCrownM2)));
  canopy = new Uint8Array(w * h);
  for (let i = 0; i < canopy.length; i++) canopy[i] = lab.labels[i] ? 1 : 0;

  // Crown centres: maxima of the smoothed distance-to-edge inside the canopy, at least one crown radius apart.
  // Wall-to-wall canopy (a lot fully under trees, a foliage close-up) has no edge inside the frame: then the
  // frame itself is the edge, so the distance field stays finite and crowns are still separated.
  const inv = new Uint8Array(w * h);
  let openPx = 0;
  for (let i = 0; i < inv.length; i++) openPx += inv[i] = canopy[i] ? 0 : 1;
  if (openPx < TREES.frameEdgeBelow * inv.length) {
    for (let x = 0; x < w; x++) inv[x] = inv[(h - 1) * w + x] = 1;
    for (let y = 0; y < h; y++) inv[y * w] = inv[y * w + w - 1] = 1;
  }
  const dt = blur(distanceTransform(inv, w, h), w, h, Math.max(0.5, 0.4 * scene.pxPerM));
  const sep = px(scene, TREES.crownRadiusM);
  const topSep = px(scene, FOREST_TREES.minSeparationM);
  const minPeak = TREES.minPeakRadiusM * scene.pxPerM;
  const peaks: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const v = dt[i];
      if (!canopy[i] || v < minPeak) continue;
      if (
        (x > 0 && dt[i - 1] > v) ||
        (x < w - 1 && dt[i + 1] > v) ||
        (y > 0 && dt[i - w] > v) ||
        (y < h - 1 && dt[i + w] > v) ||
        (x > 0 && y > 0 && dt[i - w - 1] > v) ||
        (x < w - 1 && y > 0 && dt[i - w + 1] > v) ||
        (x > 0 && y < h - 1 && dt[i + w - 1] > v) ||
        (x < w - 1 && y < h - 1 && dt[i + w + 1] > v)
      )
        continue;
      peaks.push(i);
    }
  }
  if (sunlitTops) for (const i of sunlitTreeTops(scene, canopy)) peaks.push(i);
  peaks.sort((a, b) => dt[b] - dt[a]);
  // Non-maximum suppression on a coarse grid of taken centres, so it stays linear in the number of peaks.
  const cell = Math.max(1, sep);
  const gw = Math.ceil(w / cell);
  const gridReach = Math.max(gw, Math.ceil(h / cell));
  const grid = new Map<number, number[]>();
  const taken: { x: number; y: number; v: number }[] = [];
  for (const i of peaks) {
    const x = i % w;
    const y = (i - x) / w;
    const v = dt[i];
    const gx = Math.floor(x / cell);
    const gy = Math.floor(y / cell);
    let blocked = false;
    // Never wider than the grid itself: the search is bounded whatever the distance field holds.
    const reach = sunlitTops ? Math.ceil(topSep / cell) + 1 : Math.min(gridReach, Math.ceil(Math.max(sep, 0.9 * dt[peaks[0]]) / cell));
    for (let dy = -reach; dy <= reach && !blocked; dy++) {
      for (let dx = -reach; dx <= reach && !blocked; dx++) {
        for (const k of grid.get((gy + dy) * gw + gx + dx) ?? []) {
          const t = taken[k];
          if (Math.hypot(t.x - x, t.y - y) < (sunlitTops ? topSep : Math.max(sep, 0.9 * t.v))) {
            blocked = true;
            break;
          }
        }
      }
    }
    if (blocked) continue;
    const key = gy * gw + gx;
    grid.set(key, [...(grid.get(key) ?? []), taken.length]);
    taken.push({ x, y, v });
  }
  // Every canopy component holds at least one crown, even when too thin for a distance peak.
  const hasPeak = new Uint8Array(lab.components.length + 2);
  for (const t of taken) hasPeak[lab.labels[t.y * w + t.x]] = 1;
  for (const c of lab.components) if (!hasPeak[c.label]) taken.push({ x: Math.round(c.cx), y: Math.round(c.cy), v: minPeak });

  // Crowns: each canopy pixel joins the nearest centre within its component (a cheap Voronoi split).
  const owner = new Int32Array(w * h).fill(-1);
  const queue = new Int32Array(w * h);
  let qh = 0;
  let qt = 0;
  taken.forEach((t, k) => {
    const i = t.y * w + t.x;
    if (canopy[i] && owner[i] < 0) {
      owner[i] = k;
      queue[qt++] = i;
    }
  });
  while (qh < qt) {
    const p = queue[qh++];
    const x = p % w;
    const y = (p - x) / w;
    for (let k = 0; k < 4; k++) {
      const q =
        k === 0 ? (x > 0 ? p - 1 : -1) : k === 1 ? (x < w - 1 ? p + 1 : -1) : k === 2 ? (y > 0 ? p - w : -1) : y < h - 1 ? p + w : -1;
      if (q >= 0 && canopy[q] && owner[q] < 0) {
        owner[q] = owner[p];
        queue[qt++] = q;
      }
    }
  }
  const n = taken.length;
  const acc = Array.from({ length: n }, () => ({ a: 0, exg: 0, L: 0, tex: 0, sat: 0, hc: 0, hs: 0, x0: w, y0: h, x1: 0, y1: 0, lc: 0 }));
  for (let i = 0; i < owner.length; i++) {
    const k = owner[i];
    if (k < 0) continue;
    const s = acc[k];
    const x = i % w;
    const y = (i - x) / w;
    s.a++;
    s.exg += scene.exg[i];
    s.L += L[i];
    s.lc += L[i] - localL[i];
    s.tex += texture[i];
    s.sat += scene.sat[i];
    if (scene.hue[i] >= 0) {
      s.hc += Math.cos((scene.hue[i] * Math.PI) / 180);
      s.hs += Math.sin((scene.hue[i] * Math.PI) / 180);
    }
    if (x < s.x0) s.x0 = x;
    if (x > s.x1) s.x1 = x;
    if (y < s.y0) s.y0 = y;
    if (y > s.y1) s.y1 = y;
  }
  // Ring just outside each crown's box: what the crown stands on, and whether it casts a shadow.
  const ringR = Math.max(1, px(scene, 1.5));
  const crowns: Crown[] = [];
  for (let k = 0; k < n; k++) {
    const s = acc[k];
    if (!s.a) continue;
    let rn = 0;
    let rexg = 0;
    let rL = 0;
    let shade = 0;
    const meanL = s.L / s.a;
    const [x0, y0, x1, y1] = grownBox(s, ringR, w, h);
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const i = y * w + x;
        if (owner[i] === k) continue;
        if (x >= s.x0 && x <= s.x1 && y >= s.y0 && y <= s.y1) continue;
        rn++;
        rexg += scene.exg[i];
        rL += L[i];
        if (L[i] < meanL - 0.05) shade++;
      }
    }
    const areaM2 = s.a / (scene.pxPerM * scene.pxPerM);
    const t = taken[k];
    const features = [
      Math.log(Math.max(0.5, areaM2)),
      t.v / scene.pxPerM,
      s.exg / s.a,
      meanL,
      s.lc / s.a,
      s.tex / s.a,
      s.sat / s.a,
      s.hc / s.a,
      s.hs / s.a,
      rn ? rexg / rn : 0,
      rn ? rL / rn : 0,
      rn ? shade / rn : 0,
      s.a / ((s.x1 - s.x0 + 1) * (s.y1 - s.y0 + 1)),
    ];
    crowns.push({
      k,
      centre: [t.x, t.y],
      areaPx: s.a,
      radiusPx: Math.sqrt(s.a / Math.PI),
      bbox: [s.x0, s.y0, s.x1, s.y1],
      features,
      probability: 1,
    });
  }
  return { vegetation, canopy, owner, crowns };
}

const TEXTURE_FEATURE = TREE_FEATURES.indexOf('texture');

/** A fine-resolution frame mostly under canopy whose crowns the classifier mostly rejected (`FOREST_TREES`). */
function closedCanopyMissed(scene: Scene, crowns: Crown[], kept: Crown[]): boolean {
  if (scene.scale.mPerPx > FOREST_TREES.maxSceneMPerPx) return false;
  const canopyPx = crowns.reduce((a, c) => a + c.areaPx, 0);
  const keptPx = kept.reduce((a, c) => a + c.areaPx, 0);
  if (canopyPx < FOREST_TREES.minCanopyShare * scene.w * scene.h) return false;
  return keptPx < FOREST_TREES.maxKeptShare * canopyPx || keptPx > pxArea(scene, FOREST_TREES.maxMeanCrownM2) * kept.length;
}

/** Canopy pixels where the smoothed lightness is highest within `FOREST_TREES.topRadiusM`: the sunlit tops of crowns. */
function sunlitTreeTops(scene: Scene, canopy: Mask): number[] {
  const { w, h, L } = scene;
  const smooth = blur(L, w, h, Math.max(0.7, FOREST_TREES.topSigmaM * scene.pxPerM));
  const r = px(scene, FOREST_TREES.topRadiusM);
  const tops: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!canopy[i]) continue;
      const v = smooth[i];
      let top = true;
      for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r) && top; yy++) {
        for (let xx = Math.max(0, x - r); xx <= Math.min(w - 1, x + r); xx++) {
          if (smooth[yy * w + xx] > v) {
            top = false;
            break;
          }
        }
      }
      if (top) tops.push(i);
    }
  }
  return tops;
}

/**
 * `centreProb` is the optional learned tree-centre heatmap (models/tree.onnx): a crown holding a confident
 * tree centre is kept even when its colour and shape alone were doubtful.
 */
export function detectTrees(scene: Scene, exclude?: Mask, centreProb?: Plane | null, centreThreshold = 0.175): Vegetation {
  const { w, h } = scene;
  let cand = treeCandidates(scene, exclude);
  const model = treeClassifier();
  const peak = new Float32Array(cand.crowns.length ? Math.max(...cand.crowns.map((c) => c.k)) + 1 : 0);
  if (centreProb)
    for (let i = 0; i < cand.owner.length; i++)
      if (cand.owner[i] >= 0 && centreProb[i] > peak[cand.owner[i]]) peak[cand.owner[i]] = centreProb[i];
  let kept = cand.crowns.filter((c) => {
    c.probability = model ? predict(model, c.features) : 0.7;
    const confirmed = centreProb ? peak[c.k] >= 2 * centreThreshold : false;
    if (confirmed) c.probability = Math.max(c.probability, 0.6);
    return !model || c.probability >= model.threshold;
  });
  if (model && closedCanopyMissed(scene, cand.crowns, kept)) {
    // Closed canopy at fine resolution, mostly rejected by the 0.6 m classifier: crowns from their sunlit tops.
    cand = treeCandidates(scene, exclude, true);
    kept = cand.crowns.filter((c) => {
      const tree = c.areaPx >= pxArea(scene, FOREST_TREES.minCrownM2) && c.features[TEXTURE_FEATURE] >= FOREST_TREES.minTexture;
      c.probability = tree ? 0.6 : 0.1;
      return tree;
    });
  }
  kept.sort((a, b) => b.areaPx - a.areaPx);
  const keep = new Uint8Array(cand.crowns.length ? Math.max(...cand.crowns.map((c) => c.k)) + 1 : 0);
  for (const c of kept) keep[c.k] = 1;
  const canopy = new Uint8Array(w * h);
  for (let i = 0; i < canopy.length; i++) canopy[i] = cand.owner[i] >= 0 && keep[cand.owner[i]] ? 1 : 0;
  const crown = new Uint8Array(w * h);
  const trees: Tree[] = kept.map((c, idx) => {
    let polygon: Pt[];
    const [x0, y0, x1, y1] = c.bbox;
    if (idx < TREES.maxTreeFindings) {
      let first = -1;
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          const i = y * w + x;
          crown[i] = cand.owner[i] === c.k ? 1 : 0;
          if (crown[i] && first < 0) first = i;
        }
      }
      polygon = blobPolygon(crown, w, h, first, Math.max(0.8, 0.3 * scene.pxPerM));
      for (let y = y0; y <= y1; y++) crown.fill(0, y * w + x0, y * w + x1 + 1);
    } else polygon = circle(c.centre[0], c.centre[1], c.radiusPx);
    return {
      count: treesInCrown(c.areaPx / (scene.pxPerM * scene.pxPerM), model?.crown_m2_per_tree ?? 0),
      centre: c.centre,
      radiusPx: c.radiusPx,
      polygon,
      areaPx: c.areaPx,
      confidence: Math.round(Math.min(0.97, Math.max(0.3, c.probability)) * 100) / 100,
    };
  });
  return { vegetation: cand.vegetation, canopy, trees };
}

function circle(x: number, y: number, r: number): Pt[] {
  const out: Pt[] = [];
  for (let k = 0; k < 8; k++) out.push([x + r * Math.cos((k * Math.PI) / 4), y + r * Math.sin((k * Math.PI) / 4)]);
  return out;
}
