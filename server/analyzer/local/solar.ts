// Solar panels: blue-grey photovoltaic colour (a colour table learned from the Fresno tiles with and
// without panels), in blobs with a panel array's shape: rectangular, straight-edged, at least one module in
// size, and not a shadow (shadows are darker, soft-edged and follow the buildings that cast them).
import { readFileSync } from 'node:fs';
import { lutIndex, LUT_SIZE, type ColourLut } from './colour-lut';
import { blobPolygon, boundaryPoints, convexHull, minAreaRect, type Pt } from './geometry';
import { boxMean, close, components, dilate, quantile, resizeMask, ringShareOn, type Mask, type Plane } from './raster';
import type { RgbImage } from './decode';
import { ribbedBodies } from './ribs';
import { px, pxArea, type Scene } from './scene';

let lut: Float32Array | null = null;
function solarLut(): Float32Array {
  if (!lut) {
    const raw = JSON.parse(readFileSync(new URL('./weights/solar-colour.json', import.meta.url), 'utf8')) as ColourLut;
    if (raw.log_odds.length !== LUT_SIZE) throw new Error('solar-colour.json does not match the colour table layout');
    lut = Float32Array.from(raw.log_odds);
  }
  return lut;
}

export const SOLAR = {
  minLogOdds: 0.55,
  /** Panel colour: bluish or neutral grey, never green/brown/red. */
  minHue: 180,
  maxHue: 265,
  maxSat: 0.55,
  minL: 0.08,
  maxL: 0.62,
  /** One residential module is ~1.7 m²; an array of two or more is what we report. */
  minAreaM2: 3,
  maxAreaM2: 600,
  minRectFill: 0.72,
  maxElongation: 12,
};

export interface SolarArray {
  mask: Mask;
  polygon: Pt[];
  areaPx: number;
  centroid: Pt;
  confidence: number;
  /**
   * Set when the stage that found the array placed it on the subject roof (each stage with its own margin: at
   * drone resolution the building map's roof stops at an array's edge, decision 013ze), so the results say so.
   */
  onSubjectRoof?: boolean;
}

/**
 * With the learned solar map (models/solar.onnx, trained on image-level labels: good at "is there solar in
 * this image", poor at "where"), a confident map adds presence where no panel-shaped blob was found, outlined
 * by the map's own hot region. Without it, the blobs alone decide.
 */
export const SOLAR_FUSION = {
  confidentMap: 0.5,
  /**
   * The map's hot region must cover at least one module (~1.7 m²): smaller peaks were dark spots, vents and the
   * edge of a tarp on panel-free roofs (whole-property set, decision 013h).
   */
  minMapAreaM2: 1.7,
  /**
   * On the subject roof, a map short of sure (peak under `sureMap`) needs the panels themselves near its hot
   * region: at least two modules (`minDarkPanelM2`) of panel-coloured roof darker than the roof's median by
   * `darkerBy`, within `searchM` of the region. On panel-free Florida roofs the map was fairly sure (0.66-0.91)
   * of pale metal, shading and vents with no panel-coloured pixels beside them (decision 013n).
   */
  sureMap: 0.95,
  minDarkPanelM2: 3.4,
  darkerBy: 0.05,
  searchM: 2,
  /**
   * Whatever the map's confidence, part of its hot region must be as dark as a panel can be (lightness up to
   * `SOLAR.maxL`): on pale metal and shingle roofs the map was sure (0.9-0.99) of regions with at most a fifth
   * of such pixels; arrays had a quarter or more, most of them all (decision 013q).
   */
  minDarkShare: 0.22,
};

/**
 * `mapThreshold`: the map's presence threshold from the model manifest (tuned on the dev tune half, 0.65); the
 * looser `confidentMap` only when no manifest value is given. At 0.5 the map called dark spots on a fifth of
 * panel-free house roofs panels.
 */
export function detectSolar(scene: Scene, exclude: Mask, modelProb?: Plane | null, mapThreshold = SOLAR_FUSION.confidentMap): SolarArray[] {
  const blobs = solarBlobs(scene, exclude);
  if (!modelProb || blobs.length) return blobs;
  return solarFromMap(scene, modelProb, mapThreshold);
}

/**
 * The learned map's presence, outlined by its hot region (the pixels at 0.6 of its peak or more, connected to
 * the peak), looking only within `within` when given; none when the peak is below `mapThreshold`, the hot
 * region is smaller than one module or mostly lighter than a panel (`SOLAR_FUSION.minDarkShare`). With the
 * subject's `roof`, a peak under `SOLAR_FUSION.sureMap` also needs dark panel-coloured roof beside its region
 * (`darkPanelArea`).
 */
export function solarFromMap(
  scene: Scene,
  modelProb: Plane,
  mapThreshold = SOLAR_FUSION.confidentMap,
  within?: Mask,
  roof?: Mask,
): SolarArray[] {
  let max = 0;
  let arg = 0;
  for (let i = 0; i < modelProb.length; i++) {
    if (within && !within[i]) continue;
    if (modelProb[i] > max) {
      max = modelProb[i];
      arg = i;
    }
  }
  if (max < mapThreshold) return [];
  const { w, h } = scene;
  const hot: Mask = new Uint8Array(w * h);
  for (let i = 0; i < hot.length; i++) hot[i] = modelProb[i] >= 0.6 * max && (!within || within[i]) ? 1 : 0;
  const lab = components(hot, w, h);
  const label = lab.labels[arg];
  const c = lab.components.find((x) => x.label === label);
  if (!c || c.area < pxArea(scene, SOLAR_FUSION.minMapAreaM2)) return [];
  const mask = new Uint8Array(w * h);
  let first = -1;
  for (let i = 0; i < mask.length; i++) {
    if (lab.labels[i] === label) {
      mask[i] = 1;
      if (first < 0) first = i;
    }
  }
  if (darkShare(scene, mask) < SOLAR_FUSION.minDarkShare) return [];
  if (roof && max < SOLAR_FUSION.sureMap && darkPanelArea(scene, mask, roof, within) < SOLAR_FUSION.minDarkPanelM2) return [];
  return [
    { mask, polygon: blobPolygon(mask, w, h, first, 1.5), areaPx: c.area, centroid: [c.cx, c.cy], confidence: Math.round(max * 100) / 100 },
  ];
}

/** Bluish or neutral grey and not black: a panel's colour, of any lightness up to the caller. */
function panelHue(hue: number, sat: number, L: number): boolean {
  return (hue < 0 || (hue >= SOLAR.minHue && hue <= SOLAR.maxHue)) && sat <= SOLAR.maxSat && L >= SOLAR.minL;
}

/**
 * Area (m²) of panel-coloured roof pixels (the blob stage's colour bounds) darker than the roof's median luminance
 * by `SOLAR_FUSION.darkerBy`, within `SOLAR_FUSION.searchM` of the map's hot region; outside `within` (a tarp)
 * nothing counts.
 */
function darkPanelArea(scene: Scene, region: Mask, roof: Mask, within?: Mask): number {
  const { w, h, hue, sat, L } = scene;
  const med = quantile(L, 0.5, roof);
  const near = dilate(region, w, h, Math.max(1, Math.round(SOLAR_FUSION.searchM / scene.scale.mPerPx)));
  let n = 0;
  for (let i = 0; i < near.length; i++) {
    if (!near[i] || !roof[i] || (within && !within[i])) continue;
    if (panelHue(hue[i], sat[i], L[i]) && L[i] < med - SOLAR_FUSION.darkerBy) n++;
  }
  return n * scene.scale.mPerPx ** 2;
}

/** Share of the region's pixels no lighter than a panel (`SOLAR.maxL`). */
function darkShare(scene: Scene, region: Mask): number {
  const { L } = scene;
  let n = 0;
  let k = 0;
  for (let i = 0; i < region.length; i++) {
    if (!region[i]) continue;
    n++;
    if (L[i] <= SOLAR.maxL) k++;
  }
  return n ? k / n : 0;
}

function solarBlobs(scene: Scene, exclude: Mask): SolarArray[] {
  const { w, h, r, g, b, hue, sat, L } = scene;
  const t = solarLut();
  const score = new Float32Array(w * h);
  for (let i = 0; i < score.length; i++) {
    const colourOk = panelHue(hue[i], sat[i], L[i]) && L[i] <= SOLAR.maxL;
    score[i] = colourOk && !exclude[i] ? t[lutIndex(hue[i], sat[i], Math.max(r[i], g[i], b[i]))] : -3;
  }
  const s: Plane = boxMean(score, w, h, 1);
  let cand: Mask = new Uint8Array(w * h);
  for (let i = 0; i < cand.length; i++) cand[i] = s[i] >= SOLAR.minLogOdds ? 1 : 0;
  cand = close(cand, w, h, 1);
  const minPx = Math.max(6, pxArea(scene, SOLAR.minAreaM2));
  const lab = components(cand, w, h, minPx);
  const out: SolarArray[] = [];
  for (const c of lab.components) {
    if (c.area > pxArea(scene, SOLAR.maxAreaM2)) continue;
    const mask = new Uint8Array(w * h);
    let first = -1;
    let sumScore = 0;
    for (let y = c.y0; y <= c.y1; y++) {
      for (let x = c.x0; x <= c.x1; x++) {
        const i = y * w + x;
        if (lab.labels[i] !== c.label) continue;
        mask[i] = 1;
        sumScore += s[i];
        if (first < 0) first = i;
      }
    }
    const hull = convexHull(boundaryPoints(mask, w, h, c.x0, c.y0, c.x1, c.y1));
    const rect = minAreaRect(hull);
    const fill = c.area / Math.max(1, rect.area);
    const elong = rect.height > 0 ? rect.width / rect.height : 99;
    if (fill < SOLAR.minRectFill || elong > SOLAR.maxElongation) continue;
    const mean = sumScore / c.area;
    const confidence = Math.round(Math.min(0.9, 0.3 + 0.3 * Math.min(1, mean / 1.5) + 0.3 * fill) * 100) / 100;
    out.push({
      mask,
      polygon: fill > 0.85 ? rect.corners : blobPolygon(mask, w, h, first, 1),
      areaPx: c.area,
      centroid: [c.cx, c.cy],
      confidence,
    });
  }
  return out.sort((a, b) => b.areaPx - a.areaPx);
}

/**
 * Panels in images finer than 0.1 m per pixel (drone frames): each module shows its blue cells between pale frames,
 * which the coarse copy blends into a pale grey-blue that the colour table (learned on 0.3 m tiles, where arrays are
 * dark) and the solar map miss. Read on the working copy: pixels of a panel's blue, closed over the module frames,
 * in array-shaped blobs on the subject roof (decision 013za).
 */
export const FINE_PANELS = {
  /**
   * Only images finer than this (m per image pixel, given or estimated): read on 0.135 m house crops, a blue strip
   * between two roof planes passed, and on 0.3 m Fresno tiles pale blue-grey roofs (false solar on the
   * property set 3 → 8 given and 3 → 14 withheld).
   */
  maxMPerPx: 0.1,
  /**
   * A panel's blue: hue, saturation and lightness bounds. On the drone frames' labelled arrays, such pixels are 20 to
   * 300 times as common inside the arrays as outside them.
   */
  minHue: 205,
  maxHue: 255,
  minSat: 0.1,
  maxSat: 0.65,
  minL: 0.15,
  maxL: 0.85,
  /** Gaps closed between cells and modules (m). */
  closeM: 0.2,
  /** An array is at least about four modules: 4 m² strips of blue shadow along eaves passed at 3 m². */
  minAreaM2: 6,
  /** Its pixels fill at least this share of its oriented rectangle (arrays step round vents and hips)… */
  minRectFill: 0.5,
  /** …whose short side is at least a module's width (m): a strip of blue shadow along an eave is narrower. */
  minWidthM: 0.9,
  /** Share of an array's pixels that are panel blue themselves (not only closed over). */
  minBlueShare: 0.5,
  /**
   * Arrays are looked for on the subject roof grown by this much (m). At drone resolution the building map leaves
   * the planes an array covers out of the roof (their dark blue reads as not-building, and the roof stops at the
   * array's edge), so the 1 m margin of the coarse stages missed arrays lying 2 m beyond the map's roof. 3 m found
   * two more arrays on the property set and one in each half of the drone folder, with no false solar anywhere
   * (5 m merged an array with the ground beside it and lost one; decision 013ze).
   */
  roofMarginM: 3,
  /**
   * With no subject roof (the building map saw no building near the centre: a barn, a house under its arrays), arrays
   * are looked for anywhere, with stronger evidence (decision 013zf): most of the array panel blue, an array's
   * rectangle, and open ground or roof round it, not canopy (shadows between conifers are deep blue); none cut by the
   * frame edge and none ribbed. On the drone frames, arrays read blue 0.72-1 and fill 0.71-1 where they are not cut
   * by a roof's edges; a grey-blue shrub read 0.62 / 0.66, and forest shadows at 0.1 m 0.95 / 0.52-0.69.
   */
  elsewhere: { minBlueShare: 0.75, minRectFill: 0.75, ringM: 1, maxRingExcluded: 0.5 },
};

/**
 * `finePanels` anywhere in the frame but `exclude`, for images with no subject roof, with the stricter evidence of
 * `FINE_PANELS.elsewhere`: none cut by the frame edge, none ringed by excluded pixels, none ribbed (`ribbedBodies`,
 * read on `image`).
 */
export async function finePanelsElsewhere(
  image: Buffer,
  size: { width: number; height: number },
  work: RgbImage,
  workMPerPx: number,
  imageMPerPx: number | null,
  scene: Scene,
  exclude: Mask,
): Promise<SolarArray[]> {
  if (!fineEnough(imageMPerPx)) return [];
  const anywhere = new Uint8Array(scene.w * scene.h);
  for (let i = 0; i < anywhere.length; i++) anywhere[i] = exclude[i] ? 0 : 1;
  const { minBlueShare, minRectFill, ringM, maxRingExcluded } = FINE_PANELS.elsewhere;
  const found = finePanels(work, workMPerPx, imageMPerPx, scene, anywhere, { minBlueShare, minRectFill }).filter(
    (s) =>
      !touchesFrame(s.mask, scene.w, scene.h) &&
      ringShareOn(s.mask, exclude, scene.w, scene.h, Math.max(1, px(scene, ringM))) <= maxRingExcluded,
  );
  const ribbed = await ribbedBodies(
    image,
    size,
    scene,
    found.map((s) => s.mask),
    imageMPerPx,
  );
  return found.filter((_, i) => !ribbed[i]);
}

/** Whether a mask of a w × h frame has a pixel on its edge. */
function touchesFrame(m: Mask, w: number, h: number): boolean {
  for (let x = 0; x < w; x++) if (m[x] || m[(h - 1) * w + x]) return true;
  for (let y = 0; y < h; y++) if (m[y * w] || m[y * w + w - 1]) return true;
  return false;
}

/**
 * `finePanels` on the subject `roof` grown by `FINE_PANELS.roofMarginM`, leaving out `exclude` (water, canopy, tarps).
 */
export function finePanelsOnRoof(
  work: RgbImage,
  workMPerPx: number,
  imageMPerPx: number | null,
  scene: Scene,
  roof: Mask,
  exclude: Mask,
): SolarArray[] {
  if (!fineEnough(imageMPerPx)) return [];
  const near = dilate(roof, scene.w, scene.h, px(scene, FINE_PANELS.roofMarginM));
  for (let i = 0; i < near.length; i++) if (exclude[i]) near[i] = 0;
  return finePanels(work, workMPerPx, imageMPerPx, scene, near);
}

/** Whether an image of this resolution (m per pixel; null when unknown) shows its panels' cells. */
const fineEnough = (imageMPerPx: number | null): imageMPerPx is number => imageMPerPx !== null && imageMPerPx <= FINE_PANELS.maxMPerPx;

/**
 * Panel arrays at drone resolution within `within` (scene pixels), read on the working copy `work`: blobs of the
 * modules' blue at least `minBlueShare` blue and filling `minRectFill` of their oriented rectangle (the roof's
 * limits by default), at least `FINE_PANELS.minAreaM2` and a module wide. None on images coarser than
 * `FINE_PANELS.maxMPerPx` or of unknown resolution.
 */
export function finePanels(
  work: RgbImage,
  workMPerPx: number,
  imageMPerPx: number | null,
  scene: Scene,
  within: Mask,
  { minBlueShare, minRectFill }: { minBlueShare: number; minRectFill: number } = FINE_PANELS,
): SolarArray[] {
  if (!fineEnough(imageMPerPx)) return [];
  const { w, h, r, g, b } = work;
  const inside = resizeMask(within, scene.w, scene.h, w, h);
  const blue: Mask = new Uint8Array(w * h);
  for (let i = 0; i < blue.length; i++) {
    if (!inside[i]) continue;
    const R = r[i];
    const G = g[i];
    const B = b[i];
    const max = Math.max(R, G, B);
    const min = Math.min(R, G, B);
    const d = max - min;
    const L = 0.299 * R + 0.587 * G + 0.114 * B;
    if (max <= 1e-3 || d < 1e-3 || L < FINE_PANELS.minL || L > FINE_PANELS.maxL) continue;
    const sat = d / max;
    if (sat < FINE_PANELS.minSat || sat > FINE_PANELS.maxSat) continue;
    let hue: number;
    if (max === R) hue = (60 * ((G - B) / d) + 360) % 360;
    else if (max === G) hue = 60 * ((B - R) / d) + 120;
    else hue = 60 * ((R - G) / d) + 240;
    if (hue >= FINE_PANELS.minHue && hue <= FINE_PANELS.maxHue) blue[i] = 1;
  }
  const rClose = Math.max(1, Math.round(FINE_PANELS.closeM / workMPerPx));
  const closed = close(blue, w, h, rClose);
  for (let i = 0; i < closed.length; i++) if (!inside[i]) closed[i] = 0;
  const minPx = FINE_PANELS.minAreaM2 / (workMPerPx * workMPerPx);
  const lab = components(closed, w, h, Math.max(6, Math.round(minPx)));
  const out: SolarArray[] = [];
  for (const c of lab.components) {
    const m: Mask = new Uint8Array(w * h);
    let nBlue = 0;
    for (let y = c.y0; y <= c.y1; y++) {
      for (let x = c.x0; x <= c.x1; x++) {
        const i = y * w + x;
        if (lab.labels[i] !== c.label) continue;
        m[i] = 1;
        nBlue += blue[i];
      }
    }
    const hull = convexHull(boundaryPoints(m, w, h, c.x0, c.y0, c.x1, c.y1));
    const rect = minAreaRect(hull);
    if (nBlue < minBlueShare * c.area) continue;
    if (c.area / Math.max(1, rect.area) < minRectFill) continue;
    if (rect.height * workMPerPx < FINE_PANELS.minWidthM) continue;
    const mask = resizeMask(m, w, h, scene.w, scene.h);
    let first = -1;
    let area = 0;
    let cx = 0;
    let cy = 0;
    for (let i = 0; i < mask.length; i++) {
      if (!mask[i]) continue;
      if (first < 0) first = i;
      area++;
      cx += i % scene.w;
      cy += Math.floor(i / scene.w);
    }
    if (!area) continue;
    out.push({
      mask,
      polygon: blobPolygon(mask, scene.w, scene.h, first, 1),
      areaPx: area,
      centroid: [cx / area, cy / area],
      confidence: 0.7,
    });
  }
  return out.sort((a, b) => b.areaPx - a.areaPx);
}
