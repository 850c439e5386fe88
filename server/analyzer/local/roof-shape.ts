// The learned roof-shape network (models/roof_shape.onnx, training/train_roof_cnn.py): flat / gable / hip
// probabilities for one roof, read on the working image cut to the roof's box, grown by 8 % of its larger side
// each way as the training crops were. Its probabilities are three more features of the roof-style model
// (decision 013r), which alone can say "complex".
import type { DecodedImage, RgbImage } from './decode';
import { loadModels, runClassifier, type LoadedModel } from './models';
import { maskBox, type Mask } from './raster';
import type { Scene } from './scene';

export const ROOF_SHAPE_CLASSES = ['flat', 'gable', 'hip'] as const;
/** The crop is the box grown by this share of its larger side each way (the training crops: 10 px on ~130 px). */
export const ROOF_SHAPE_PAD = 0.08;

export interface RoofShape {
  shapeFlat: number;
  shapeGable: number;
  shapeHip: number;
}

/** A box [x0, y0, x1, y1) in working-image pixels of a scene mask's set pixels, or null when none is set. */
export function maskBoxInWork(mask: Mask, scene: Pick<Scene, 'w' | 'h'>, work: Pick<RgbImage, 'w' | 'h'>): number[] | null {
  return maskBox(mask, scene.w, work.w / scene.w, work.h / scene.h);
}

/**
 * One axis of the crop's resampling: for each of `n` output pixels over [start, start + n × step) in input
 * coordinates (pixel i spans [i, i + 1)), the input pixels it reads and their weights. Shrinking (step ≥ 1), each
 * output pixel averages the input it covers, partial pixels by their overlap (as OpenCV's INTER_AREA shrank the
 * training crops); enlarging, it interpolates linearly between the two nearest pixel centres.
 */
function axisTaps(start: number, step: number, n: number, limit: number): { index: Int32Array; weight: Float32Array; offset: Int32Array } {
  const index: number[] = [];
  const weight: number[] = [];
  const offset = new Int32Array(n + 1);
  for (let o = 0; o < n; o++) {
    if (step >= 1) {
      const a = start + o * step;
      const b = a + step;
      let total = 0;
      const first = index.length;
      for (let i = Math.max(0, Math.floor(a)); i < Math.min(limit, Math.ceil(b)); i++) {
        const overlap = Math.min(b, i + 1) - Math.max(a, i);
        if (overlap <= 0) continue;
        index.push(i);
        weight.push(overlap);
        total += overlap;
      }
      if (total > 0) for (let k = first; k < index.length; k++) weight[k] /= total;
      else {
        index.push(Math.min(limit - 1, Math.max(0, Math.floor(a))));
        weight.push(1);
      }
    } else {
      const c = Math.min(limit - 1, Math.max(0, start + (o + 0.5) * step - 0.5));
      const i = Math.floor(c);
      const t = c - i;
      index.push(i, Math.min(limit - 1, i + 1));
      weight.push(1 - t, t);
    }
    offset[o + 1] = index.length;
  }
  return { index: Int32Array.from(index), weight: Float32Array.from(weight), offset };
}

/**
 * The box (working pixels) grown by `ROOF_SHAPE_PAD`, clipped to the image, resampled to `size`² by averaging
 * each output pixel's footprint (as the training crops were shrunk) or bilinearly when the crop is smaller: rows
 * first, then columns, so a large roof costs its box's pixels once rather than a grid of samples per output pixel.
 */
export function roofCrop(work: RgbImage, box: readonly number[], size: number): RgbImage {
  const pad = ROOF_SHAPE_PAD * Math.max(box[2] - box[0], box[3] - box[1]);
  const x0 = Math.max(0, box[0] - pad);
  const y0 = Math.max(0, box[1] - pad);
  const x1 = Math.min(work.w, box[2] + pad);
  const y1 = Math.min(work.h, box[3] + pad);
  const cols = axisTaps(x0, Math.max(1e-6, x1 - x0) / size, size, work.w);
  const rows = axisTaps(y0, Math.max(1e-6, y1 - y0) / size, size, work.h);
  // Only the input rows some output row reads are resampled horizontally.
  let rowMin = work.h;
  let rowMax = -1;
  for (const i of rows.index) {
    if (i < rowMin) rowMin = i;
    if (i > rowMax) rowMax = i;
  }
  const band = rowMax - rowMin + 1;
  const out: RgbImage = {
    w: size,
    h: size,
    r: new Float32Array(size * size),
    g: new Float32Array(size * size),
    b: new Float32Array(size * size),
  };
  const across = new Float32Array(band * size);
  for (const [src, dst] of [
    [work.r, out.r],
    [work.g, out.g],
    [work.b, out.b],
  ] as const) {
    for (let y = 0; y < band; y++) {
      const row = (rowMin + y) * work.w;
      for (let ox = 0; ox < size; ox++) {
        let v = 0;
        for (let k = cols.offset[ox]; k < cols.offset[ox + 1]; k++) v += src[row + cols.index[k]] * cols.weight[k];
        across[y * size + ox] = v;
      }
    }
    for (let oy = 0; oy < size; oy++) {
      for (let ox = 0; ox < size; ox++) {
        let v = 0;
        for (let k = rows.offset[oy]; k < rows.offset[oy + 1]; k++) v += across[(rows.index[k] - rowMin) * size + ox] * rows.weight[k];
        dst[oy * size + ox] = v;
      }
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
