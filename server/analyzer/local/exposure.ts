// Exposure: a drone frame taken against the sun, or one an export tool darkened or brightened, comes out nearly black
// or washed out, and the building, pool and solar maps (trained on ordinary orthophotos, median luminance about
// 0.3-0.6, with brightness and gamma jitter of a quarter) see no roof in it. Such a frame is brought back into the
// ordinary range once, before any detector reads it: its luminance is stretched between low and high percentiles,
// and a gamma moves its median to `targetMedian`. Every other image is left untouched (decision 013z).
import type { RgbImage } from './decode';
import { quantile } from './raster';

export const EXPOSURE = {
  /** A median luminance below this is a dark frame. */
  darkMedian: 0.1,
  /**
   * A median luminance above this is washed out, when the frame also lacks dark pixels (its `lowQ` percentile is at
   * least `washedBlack`): pale concrete and white roofs in sunlight are bright too, but keep their shadows.
   */
  washedMedian: 0.7,
  washedBlack: 0.3,
  /** The luminance percentiles that become black and white. */
  lowQ: 0.01,
  highQ: 0.99,
  /** The median after correction. */
  targetMedian: 0.38,
  /** Gamma is kept within these bounds. */
  minGamma: 0.35,
  maxGamma: 3,
};

export interface ExposureCorrection {
  /** `dark` or `washed out`; the luminance that became black and white; the gamma applied after; the median before. */
  kind: 'dark' | 'washed out';
  black: number;
  white: number;
  gamma: number;
  median: number;
}

/** The correction a frame needs, or null when its exposure is ordinary. */
export function exposureCorrection(img: RgbImage): ExposureCorrection | null {
  const n = img.w * img.h;
  const L = new Float32Array(n);
  for (let i = 0; i < n; i++) L[i] = 0.299 * img.r[i] + 0.587 * img.g[i] + 0.114 * img.b[i];
  const median = quantile(L, 0.5);
  const black = quantile(L, EXPOSURE.lowQ);
  const kind =
    median < EXPOSURE.darkMedian ? 'dark' : median > EXPOSURE.washedMedian && black >= EXPOSURE.washedBlack ? 'washed out' : null;
  if (!kind) return null;
  const white = Math.max(black + 0.05, quantile(L, EXPOSURE.highQ));
  const m = Math.min(0.95, Math.max(0.05, (median - black) / (white - black)));
  const gamma = Math.min(EXPOSURE.maxGamma, Math.max(EXPOSURE.minGamma, Math.log(EXPOSURE.targetMedian) / Math.log(m)));
  return { kind, black, white, gamma, median };
}

/** The image with `c` applied: the same curve on each channel (1024-entry table). */
export function applyExposure(img: RgbImage, c: ExposureCorrection): RgbImage {
  const lut = new Float32Array(1024);
  const top = lut.length - 1;
  for (let k = 0; k <= top; k++) lut[k] = Math.min(1, Math.max(0, (k / top - c.black) / (c.white - c.black))) ** c.gamma;
  const map = (p: Float32Array) => {
    const out = new Float32Array(p.length);
    for (let i = 0; i < p.length; i++) out[i] = lut[Math.min(top, Math.max(0, Math.round(p[i] * top)))];
    return out;
  };
  return { w: img.w, h: img.h, r: map(img.r), g: map(img.g), b: map(img.b) };
}
