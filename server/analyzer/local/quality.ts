// Can this image support a judgement at all? Checked before anything is detected: too dark, washed out or
// clouded, blurred, blank, without colour, or far too coarse to see a roof. The reasons are sentences a person can act on.
import { NO_COLOUR } from '../contract';
import { quantile } from './raster';
import type { Scene } from './scene';

export const QUALITY = {
  darkP95: 0.18,
  darkMean: 0.07,
  /** Share of bright, colourless, featureless pixels above which the view is clouded or washed out. */
  cloudShare: 0.6,
  /** Mean absolute Laplacian (on luminance) under which the image holds no usable detail. */
  minSharpness: 0.0045,
  /** Ground resolution above which roofs, pools and trees cannot be told apart. */
  maxGsdM: 2.0,
  /**
   * A pixel has colour when its channels differ by more than this (of 1; 3/255 is above a JPEG's rounding of grey).
   * An image is greyscale when fewer than `minColourShare` of its pixels have colour: a colour photo of the greyest
   * scene in the evaluation sets (wires against an overcast sky) has about 50 %, a grey image saved as RGB none.
   */
  colourStep: 3 / 255,
  minColourShare: 0.001,
};

export interface Quality {
  reasons: string[];
  metrics: { meanL: number; p95L: number; cloudShare: number; sharpness: number; colourShare: number };
}

export function assessQuality(scene: Scene, gsdInput: number | null): Quality {
  const { w, h, L, sat, texture } = scene;
  const n = w * h;
  let sum = 0;
  let cloud = 0;
  let coloured = 0;
  const { r, g, b } = scene;
  for (let i = 0; i < n; i++) {
    sum += L[i];
    if (L[i] > 0.8 && sat[i] < 0.12 && texture[i] < 0.03) cloud++;
    if (Math.max(Math.abs(r[i] - g[i]), Math.abs(g[i] - b[i]), Math.abs(r[i] - b[i])) > QUALITY.colourStep) coloured++;
  }
  const meanL = sum / n;
  const p95L = quantile(L, 0.95);
  // Sharpness: mean |∇²L| normalised by the image's own contrast, so a dim but sharp image is not "blurred".
  let lap = 0;
  let cnt = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      lap += Math.abs(4 * L[i] - L[i - 1] - L[i + 1] - L[i - w] - L[i + w]);
      cnt++;
    }
  }
  const contrast = Math.max(0.05, quantile(L, 0.95) - quantile(L, 0.05));
  const sharpness = cnt ? lap / cnt / contrast / 4 : 0;
  const reasons: string[] = [];
  if (p95L < QUALITY.darkP95 || meanL < QUALITY.darkMean) reasons.push('The image is too dark to see the property.');
  if (cloud / n > QUALITY.cloudShare) reasons.push('Cloud, haze or over-exposure hides most of the property.');
  if (sharpness < QUALITY.minSharpness) reasons.push('The image is too blurred or featureless to make out roofs, trees or water.');
  // Water, vegetation, tarps and panels are told apart by their colour: without it every one of them would be
  // reported absent, and the score would read as a low risk that nobody measured.
  if (coloured / n < QUALITY.minColourShare) {
    reasons.push(NO_COLOUR);
  }
  if (gsdInput && gsdInput > QUALITY.maxGsdM) {
    reasons.push(`The ground resolution (${gsdInput.toFixed(1)} m per pixel) is far too coarse to see roofs, pools or trees.`);
  }
  return { reasons, metrics: { meanL, p95L, cloudShare: cloud / n, sharpness, colourShare: coloured / n } };
}
