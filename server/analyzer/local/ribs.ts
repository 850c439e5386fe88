// A blue corrugated metal roof (a barn, a carport) has the colour of pool water, and at drone resolution the pool
// map takes it for one. What water never has is its ribs: parallel ridges a few decimetres apart. Across them
// the lightness rises and falls with one period, so its autocorrelation along the dominant gradient direction
// swings negative then positive again; water, covers and pool floors decorrelate and stay near zero
// (decision 013y).
import sharp from 'sharp';
import { DECODE_OPTIONS } from './decode';
import { boxMean, type Mask, type Plane } from './raster';
import type { Scene } from './scene';

export const RIBS = {
  /** Ribs are read only on images at least this fine (m per analysed-image pixel, given or estimated). */
  maxMPerPx: 0.1,
  /** The longest rib pitch looked for (m): metal roofing runs 0.15-0.3 m, trapezoidal sheet up to about 0.5. */
  maxPitchM: 0.7,
  /** Lags looked at, at most (pixels of the analysed image). */
  maxLag: 16,
  /** A body needs this many inner pixels (analysed resolution) and this many pairs per lag to be judged. */
  minPixels: 1500,
  minPairs: 400,
  /** Ribbed: the autocorrelation swings to −swing, +swing and −swing again (two periods). */
  swing: 0.25,
  /** Pixels sampled per body (a regular grid), which bounds the time on a large roof. */
  samples: 4000,
};

/**
 * The normalised autocorrelation of high-passed lightness along the dominant gradient direction of the pixels
 * where `inside` holds, for lags 1..`maxLag`; `null` when too few pixels or pairs to say.
 */
export function ribAutocorrelation(
  gray: Plane,
  w: number,
  h: number,
  inside: (x: number, y: number) => boolean,
  maxLag: number,
): number[] | null {
  // High-pass (lightness minus its 7×7 mean), so the roof's or the water's slow shading does not correlate.
  const mean = boxMean(gray, w, h, 3);
  const hp = new Float32Array(w * h);
  for (let i = 0; i < hp.length; i++) hp[i] = gray[i] - mean[i];
  const border = 4;
  const ok = (x: number, y: number) => x >= border && y >= border && x < w - border && y < h - border && inside(x, y);
  let count = 0;
  let jxx = 0;
  let jyy = 0;
  let jxy = 0;
  for (let y = border; y < h - border; y++) {
    for (let x = border; x < w - border; x++) {
      if (!inside(x, y)) continue;
      const i = y * w + x;
      const gx = (gray[i + 1] - gray[i - 1]) / 2;
      const gy = (gray[i + w] - gray[i - w]) / 2;
      jxx += gx * gx;
      jyy += gy * gy;
      jxy += gx * gy;
      count++;
    }
  }
  if (count < RIBS.minPixels) return null;
  const theta = 0.5 * Math.atan2(2 * jxy, jxx - jyy);
  const cx = Math.cos(theta);
  const cy = Math.sin(theta);
  const step = Math.max(1, Math.floor(Math.sqrt(count / RIBS.samples)));
  const points: number[] = [];
  let variance = 0;
  for (let y = border; y < h - border; y += step) {
    for (let x = border; x < w - border; x += step) {
      if (!inside(x, y)) continue;
      points.push(x, y);
      variance += hp[y * w + x] ** 2;
    }
  }
  variance /= points.length / 2;
  if (variance <= 1e-10) return null;
  const out: number[] = [];
  for (let k = 1; k <= maxLag; k++) {
    let sum = 0;
    let pairs = 0;
    for (let p = 0; p < points.length; p += 2) {
      const x = points[p];
      const y = points[p + 1];
      const x2 = Math.round(x + k * cx);
      const y2 = Math.round(y + k * cy);
      if (!ok(x2, y2)) continue;
      sum += hp[y * w + x] * hp[y2 * w + x2];
      pairs++;
    }
    if (pairs < RIBS.minPairs) break;
    out.push(sum / pairs / variance);
  }
  return out.length >= 3 ? out : null;
}

/**
 * True when the autocorrelation swings like a regular surface's: down to −`swing`, up to +`swing` and down to
 * −`swing` again (two periods), or, around some other level, through three swings in a row between its turning
 * points each at least 2 × `swing` from peak to trough (a re-encoded upload blurs the ribs and lifts the whole
 * curve, while its period stays). Water, covers and pool floors decorrelate within a lag or two and do not swing
 * back.
 */
export function swingsLikeRibs(correlation: number[]): boolean {
  let swings = 0;
  for (const value of correlation) {
    const wanted = swings % 2 === 0 ? value <= -RIBS.swing : value >= RIBS.swing;
    if (wanted && ++swings >= 3) return true;
  }
  // The turning points: the first value, then each value where the curve changes direction (flat steps skipped).
  const turns: number[] = correlation.length ? [correlation[0]] : [];
  let direction = 0;
  for (let i = 1; i < correlation.length; i++) {
    const step = Math.sign(correlation[i] - correlation[i - 1]);
    if (step === 0) continue;
    if (direction !== 0 && step !== direction) turns.push(correlation[i - 1]);
    direction = step;
  }
  let run = 0;
  for (let i = 1; i < turns.length; i++) {
    run = Math.abs(turns[i] - turns[i - 1]) >= 2 * RIBS.swing ? run + 1 : 0;
    if (run >= 3) return true;
  }
  return false;
}

/**
 * Which of `masks` (scene resolution) are ribbed surfaces, read on the analysed image's own pixels: the working
 * copy of a large drone frame is too coarse for ribs, so the bodies' box is decoded again at full size. Only on
 * images finer than `RIBS.maxMPerPx`; a body that cannot be judged is not ribbed.
 */
export async function ribbedBodies(
  image: Buffer,
  size: { width: number; height: number },
  scene: Scene,
  masks: Mask[],
  mPerImagePx: number | null,
): Promise<boolean[]> {
  const none = masks.map(() => false);
  if (!masks.length || !mPerImagePx || mPerImagePx > RIBS.maxMPerPx) return none;
  const kx = size.width / scene.w;
  const ky = size.height / scene.h;
  // One decode of the box around every body (with a margin for the filters).
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const m of masks) {
    for (let i = 0; i < m.length; i++) {
      if (!m[i]) continue;
      const x = i % scene.w;
      const y = (i - x) / scene.w;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  }
  if (x1 < x0) return none;
  const left = Math.max(0, Math.floor(x0 * kx) - 8);
  const top = Math.max(0, Math.floor(y0 * ky) - 8);
  const width = Math.min(size.width, Math.ceil((x1 + 1) * kx) + 8) - left;
  const height = Math.min(size.height, Math.ceil((y1 + 1) * ky) + 8) - top;
  let gray: Float32Array;
  try {
    const { data, info } = await sharp(image, DECODE_OPTIONS)
      .autoOrient()
      .extract({ left, top, width, height })
      .flatten({ background: '#000000' })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    gray = new Float32Array(info.width * info.height);
    for (let i = 0; i < gray.length; i++) gray[i] = data[i * info.channels] / 255;
  } catch {
    return none;
  }
  const maxLag = Math.min(RIBS.maxLag, Math.ceil(RIBS.maxPitchM / mPerImagePx));
  return masks.map((m) => {
    // Inner pixels only: the body and its four scene neighbours, so the outline's own edges do not count.
    const inside = (x: number, y: number) => {
      const sx = Math.floor((x + left) / kx);
      const sy = Math.floor((y + top) / ky);
      if (sx < 1 || sy < 1 || sx >= scene.w - 1 || sy >= scene.h - 1) return false;
      const si = sy * scene.w + sx;
      return m[si] === 1 && m[si - 1] === 1 && m[si + 1] === 1 && m[si - scene.w] === 1 && m[si + scene.w] === 1;
    };
    const correlation = ribAutocorrelation(gray, width, height, inside, maxLag);
    return correlation !== null && swingsLikeRibs(correlation);
  });
}
