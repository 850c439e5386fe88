// A colour likelihood-ratio table: log P(colour | class) − log P(colour | background) over hue × saturation ×
// value bins, learned from labelled pixels by ./training/train-colour-luts.ts. It is the "learned" half of
// the pool detector (the shape rules are the other half): cheap enough to apply to every pixel.
export const HUE_BINS = 36; // 10°; bin 36 holds grey pixels (no hue)
export const SAT_BINS = 10;
export const VAL_BINS = 10;
export const LUT_SIZE = (HUE_BINS + 1) * SAT_BINS * VAL_BINS;

export interface ColourLut {
  name: string;
  trained_on: string;
  positives: number;
  negatives: number;
  /** Log-odds per bin, rounded to two decimals. */
  log_odds: number[];
}

export function lutIndex(hue: number, sat: number, val: number): number {
  const hb = hue < 0 ? HUE_BINS : Math.min(HUE_BINS - 1, Math.floor(hue / (360 / HUE_BINS)));
  const sb = Math.min(SAT_BINS - 1, Math.floor(sat * SAT_BINS));
  const vb = Math.min(VAL_BINS - 1, Math.floor(val * VAL_BINS));
  return (hb * SAT_BINS + sb) * VAL_BINS + vb;
}

export function rgbToHsv(R: number, G: number, B: number): [number, number, number] {
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const d = max - min;
  const s = max > 1e-3 ? d / max : 0;
  let h = -1;
  if (d >= 1e-3) {
    if (max === R) h = (60 * ((G - B) / d) + 360) % 360;
    else if (max === G) h = 60 * ((B - R) / d) + 120;
    else h = 60 * ((R - G) / d) + 240;
  }
  return [h, s, max];
}
