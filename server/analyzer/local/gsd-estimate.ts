// Ground resolution of an upload without metadata, estimated from the buildings in it: a detached house's
// footprint is a few hundred square metres nearly everywhere, so the size in pixels of the buildings the learned
// building map finds says roughly how many metres a pixel spans. Said as `gsd_source: "estimated"` with its basis;
// without buildings (a forest, an empty lot) nothing is estimated and the analysis stays in relative terms.
import { components, type Plane } from './raster';

export const GSD_ESTIMATE = {
  /** A typical detached house's footprint (m²): US and European suburbs alike are 120-300 m². */
  typicalFootprintM2: 200,
  /** Buildings counted: probability at least this, mean over the blob at least `minMeanP`. */
  threshold: 0.5,
  minMeanP: 0.62,
  /** Blobs smaller than this share of the largest are sheds, cars or noise, not houses. */
  minShareOfLargest: 0.25,
  /** The estimate may move the assumed scale by at most this factor either way. */
  maxFactor: 3,
  /**
   * No building in view is larger than this (m²): a blob cut by the frame edge is at least as large as what is
   * visible of it, which caps the scale (a house filling a small tile cannot be tiny).
   */
  maxBuildingM2: 1000,
  /** A frame with a shorter side below this (px) shows one house at most, usually cut: nothing to estimate from. */
  minSidePx: 160,
};

export interface GsdEstimate {
  /** Metres per pixel of the image the map was computed on. */
  mPerPx: number;
  buildings: number;
  basis: string;
}

/**
 * Estimate from a building probability map `prob` (w×h) computed at an assumed `assumedMPerPx`. Blobs cut by the
 * frame edge are left out (their size is unknown); the median of the house-sized rest gives the scale.
 */
export function estimateGsdFromBuildings(prob: Plane, w: number, h: number, assumedMPerPx: number): GsdEstimate | null {
  if (Math.min(w, h) < GSD_ESTIMATE.minSidePx) return null;
  const mask = new Uint8Array(w * h);
  for (let i = 0; i < mask.length; i++) mask[i] = prob[i] >= GSD_ESTIMATE.threshold ? 1 : 0;
  const lab = components(mask, w, h, 12);
  const sums = new Map<number, number>();
  for (let i = 0; i < mask.length; i++) if (lab.labels[i] > 0) sums.set(lab.labels[i], (sums.get(lab.labels[i]) ?? 0) + prob[i]);
  const sure = lab.components.filter((c) => (sums.get(c.label) ?? 0) / c.area >= GSD_ESTIMATE.minMeanP);
  const whole = sure.filter((c) => c.x0 > 0 && c.y0 > 0 && c.x1 < w - 1 && c.y1 < h - 1);
  if (!whole.length) return null;
  const biggestSeen = Math.max(...sure.map((c) => c.area));
  const largest = Math.max(...whole.map((c) => c.area));
  const houses = whole
    .filter((c) => c.area >= GSD_ESTIMATE.minShareOfLargest * largest)
    .map((c) => c.area)
    .sort((a, b) => a - b);
  const median = houses[Math.floor(houses.length / 2)];
  let mPerPx = Math.min(Math.sqrt(GSD_ESTIMATE.typicalFootprintM2 / median), Math.sqrt(GSD_ESTIMATE.maxBuildingM2 / biggestSeen));
  mPerPx = Math.min(assumedMPerPx * GSD_ESTIMATE.maxFactor, Math.max(assumedMPerPx / GSD_ESTIMATE.maxFactor, mPerPx));
  const n = houses.length;
  return {
    mPerPx,
    buildings: n,
    basis: `estimated from the size of ${n} building${n === 1 ? '' : 's'} in view (a typical house footprint is about ${GSD_ESTIMATE.typicalFootprintM2} m²); areas are rough`,
  };
}
