// The learned roof-shape network (models/roof_shape.onnx, training/train_roof_cnn.py): flat / gable / hip
// probabilities for one roof, read on the working image cut to the roof's box, grown by 8 % of its larger side
// each way as the training crops were. Its probabilities are three more features of the roof-style model
// (decision 013r), which alone can say "complex".
import type { DecodedImage, RgbImage } from './decode';
import { loadModels, runClassifier, type LoadedModel } from './models';
import type { Mask } from './raster';
import type { Scene } from './scene';

export const ROOF_SHAPE_CLASSES = ['flat', 'gable', 'hip'] as const;
/** The crop is the box grown by this share of its larger side each way (the training crops: 10 px on ~130 px). */
export const ROOF_SHAPE_PAD = 0.08;

export interface RoofShape {
  shapeFlat: number;
  shapeGable: number;
  shapeHip: number;
}

/** A box [x0, y0, x1, y1) in working-image pixels of a scene mask's set pixels. */
export function maskBoxInWork(mask: Mask, scene: Pick<Scene, 'w' | 'h'>, work: Pick<RgbImage, 'w' | 'h'>): number[] | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const x = i % scene.w;
    const y = (i - x) / scene.w;
    if (x < x0) x0 = x;
    if (y < y0) y0 = y;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
  }
  if (x1 < 0) return null;
  const kx = work.w / scene.w;
  const ky = work.h / scene.h;
  return [x0 * kx, y0 * ky, (x1 + 1) * kx, (y1 + 1) * ky];
}

/**
 * The box (working pixels) grown by `ROOF_SHAPE_PAD`, clipped to the image, resampled to `size`² by averaging
 * each output pixel's footprint (as the training crops were shrunk) or bilinearly when the crop is smaller.
 */
export function roofCrop(work: RgbImage, box: readonly number[], size: number): RgbImage {
  const pad = ROOF_SHAPE_PAD * Math.max(box[2] - box[0], box[3] - box[1]);
  const x0 = Math.max(0, box[0] - pad);
  const y0 = Math.max(0, box[1] - pad);
  const x1 = Math.min(work.w, box[2] + pad);
  const y1 = Math.min(work.h, box[3] + pad);
  const cw = Math.max(1e-6, x1 - x0);
  const ch = Math.max(1e-6, y1 - y0);
  const out: RgbImage = {
    w: size,
    h: size,
    r: new Float32Array(size * size),
    g: new Float32Array(size * size),
    b: new Float32Array(size * size),
  };
  const sx = cw / size;
  const sy = ch / size;
  // Each output pixel averages an n × n grid of bilinear samples over its footprint (n = 1 when enlarging).
  const nx = Math.max(1, Math.min(8, Math.round(sx)));
  const ny = Math.max(1, Math.min(8, Math.round(sy)));
  const sample = (plane: Float32Array, fx: number, fy: number) => {
    const x = Math.min(work.w - 1, Math.max(0, fx - 0.5));
    const y = Math.min(work.h - 1, Math.max(0, fy - 0.5));
    const xa = Math.floor(x);
    const ya = Math.floor(y);
    const xb = Math.min(work.w - 1, xa + 1);
    const yb = Math.min(work.h - 1, ya + 1);
    const tx = x - xa;
    const ty = y - ya;
    const top = plane[ya * work.w + xa] * (1 - tx) + plane[ya * work.w + xb] * tx;
    const bottom = plane[yb * work.w + xa] * (1 - tx) + plane[yb * work.w + xb] * tx;
    return top * (1 - ty) + bottom * ty;
  };
  for (let oy = 0; oy < size; oy++) {
    for (let ox = 0; ox < size; ox++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let j = 0; j < ny; j++) {
        const fy = y0 + (oy + (j + 0.5) / ny) * sy;
        for (let i = 0; i < nx; i++) {
          const fx = x0 + (ox + (i + 0.5) / nx) * sx;
          r += sample(work.r, fx, fy);
          g += sample(work.g, fx, fy);
          b += sample(work.b, fx, fy);
        }
      }
      const k = oy * size + ox;
      out.r[k] = r / (nx * ny);
      out.g[k] = g / (nx * ny);
      out.b[k] = b / (nx * ny);
    }
  }
  return out;
}

/** Flat / gable / hip probabilities of the roof in `box` (working pixels). */
export async function roofShape(model: LoadedModel, work: RgbImage, box: readonly number[]): Promise<RoofShape> {
  const size = model.entry.input.tile ?? 64;
  const p = await runClassifier(model, roofCrop(work, box, size));
  const classes = model.entry.classes ?? [...ROOF_SHAPE_CLASSES];
  const at = (c: string) => p[classes.indexOf(c)] ?? 0;
  return { shapeFlat: at('flat'), shapeGable: at('gable'), shapeHip: at('hip') };
}

/**
 * The network's reading of a box given in analysed-image pixels (a labelled subject box: the evaluation and the
 * roof-style training rows read it as the analyzer reads its subject roof), or nothing without the model.
 */
export async function roofShapeInImageBox(decoded: DecodedImage, box: readonly number[]): Promise<RoofShape | Record<string, never>> {
  const model = (await loadModels()).get('roof_shape');
  if (!model) return {};
  const { work, scaleX, scaleY } = decoded;
  return roofShape(model, work, [box[0] / scaleX, box[1] / scaleY, box[2] / scaleX, box[3] / scaleY]);
}
