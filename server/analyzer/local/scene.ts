// Per-pixel cues computed once per image and shared by every detector: luminance, chromaticity,
// vegetation and water indices, saturation/hue, texture, shadow. Also the ground scale used to turn metres
// into pixels (known from the caller, or assumed and said so).
import type { DecodedImage, RgbImage } from './decode';
import { boxMean, boxStd, resizePlane, type Plane } from './raster';

export interface Scale {
  /** Metres per working pixel used for size thresholds. */
  mPerPx: number;
  /** True when derived from a known ground resolution; false when assumed from the image extent. */
  known: boolean;
}

/**
 * Without a known ground resolution we assume the image spans about 70 m, the extent of a zoom-20
 * property tile (600 px × ~0.12–0.15 m). Only used for size thresholds; areas are then reported as null.
 * A small image is a crop around one house rather than a whole tile: from `SMALL_FRAME_PX` down its assumed
 * extent falls to `SMALL_EXTENT_M` (a 101 px solar crop spans 30 m, a 256 px roof crop 35 m; assuming 70 m made
 * their houses too small for the building map to find).
 */
export const ASSUMED_EXTENT_M = 70;
export const SMALL_EXTENT_M = 35;
export const SMALL_FRAME_PX = { from: 128, to: 512 };

export function assumedExtentM(longSidePx: number): number {
  const t = Math.min(1, Math.max(0, (longSidePx - SMALL_FRAME_PX.from) / (SMALL_FRAME_PX.to - SMALL_FRAME_PX.from)));
  return SMALL_EXTENT_M + t * (ASSUMED_EXTENT_M - SMALL_EXTENT_M);
}

export function workingScale(gsdInput: number | null | undefined, scaleX: number, w: number, h: number): Scale {
  if (gsdInput && gsdInput > 0) return { mPerPx: gsdInput * scaleX, known: true };
  // The extent goes by the image's own size (the working copy of a large photo is smaller than the photo).
  return { mPerPx: assumedExtentM(Math.max(w, h) * scaleX) / Math.max(w, h), known: false };
}

/**
 * Area detectors (trees, roofs, water, solar) run on a coarse copy near 0.25 m per pixel: finer pixels add
 * texture noise and cost, not information, for objects metres across. Thin wires use the full working copy.
 */
export const COARSE_GSD_M = 0.25;
export const COARSE_MAX_SIDE = 512;

export function coarseSize(w: number, h: number, scale: Scale): { W: number; H: number } {
  const f = Math.max(1, COARSE_GSD_M / scale.mPerPx, Math.max(w, h) / COARSE_MAX_SIDE);
  return { W: Math.max(16, Math.round(w / f)), H: Math.max(16, Math.round(h / f)) };
}

/** Area-averaging downsample (box prefilter, then bilinear). */
export function downsample(img: RgbImage, W: number, H: number): RgbImage {
  if (W >= img.w && H >= img.h) return img;
  const r = Math.max(0, Math.floor(img.w / W / 2));
  const one = (p: Plane) => resizePlane(r > 0 ? boxMean(p, img.w, img.h, r) : p, img.w, img.h, W, H);
  return { w: W, h: H, r: one(img.r), g: one(img.g), b: one(img.b) };
}

export interface Scene {
  w: number;
  h: number;
  r: Plane;
  g: Plane;
  b: Plane;
  /** Luminance 0..1. */
  L: Plane;
  /** Excess green on chromatic coordinates, 2g − r − b over r + g + b, about −1..2. */
  exg: Plane;
  /** HSV saturation and hue (degrees; −1 for grey). */
  sat: Plane;
  hue: Plane;
  /** Local standard deviation of luminance over ~1.5 m: canopy is rough, lawn and roofs are smooth. */
  texture: Plane;
  scale: Scale;
  /** Pixels per metre, for readability in thresholds. */
  pxPerM: number;
  /** Analysed-image pixels per scene pixel (to map polygons back). */
  sx: number;
  sy: number;
}

export function buildScene(img: RgbImage, scale: Scale, sx = 1, sy = 1): Scene {
  const { w, h, r, g, b } = img;
  const n = w * h;
  const L = new Float32Array(n);
  const exg = new Float32Array(n);
  const sat = new Float32Array(n);
  const hue = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const R = r[i];
    const G = g[i];
    const B = b[i];
    L[i] = 0.299 * R + 0.587 * G + 0.114 * B;
    const s = R + G + B + 1e-3;
    exg[i] = (2 * G - R - B) / s;
    const max = Math.max(R, G, B);
    const min = Math.min(R, G, B);
    const d = max - min;
    sat[i] = max > 1e-3 ? d / max : 0;
    if (d < 1e-3) hue[i] = -1;
    else if (max === R) hue[i] = (60 * ((G - B) / d) + 360) % 360;
    else if (max === G) hue[i] = 60 * ((B - R) / d) + 120;
    else hue[i] = 60 * ((R - G) / d) + 240;
  }
  const pxPerM = 1 / scale.mPerPx;
  const texture = boxStd(L, w, h, Math.max(1, Math.round(0.75 * pxPerM)));
  return { w, h, r, g, b, L, exg, sat, hue, texture, scale, pxPerM, sx, sy };
}

/** Metres → working pixels (at least `min`). */
export function px(scene: Scene, metres: number, min = 1): number {
  return Math.max(min, Math.round(metres * scene.pxPerM));
}

/** Square metres → working pixels. */
export function pxArea(scene: Scene, m2: number): number {
  return m2 * scene.pxPerM * scene.pxPerM;
}

/** The coarse scene of a decoded image, exactly as the analyzer builds it (shared with training scripts). */
export function coarseScene(decoded: DecodedImage, gsdInput: number | null): { scene: Scene; fine: Scale; wireScale: number } {
  const work = decoded.work;
  const fine = workingScale(gsdInput, decoded.scaleX, work.w, work.h);
  const { W, H } = coarseSize(work.w, work.h, fine);
  const wireScale = work.w / W;
  const scene = buildScene(
    downsample(work, W, H),
    { mPerPx: fine.mPerPx * wireScale, known: fine.known },
    decoded.scaleX * wireScale,
    decoded.scaleY * (work.h / H),
  );
  return { scene, fine, wireScale };
}
