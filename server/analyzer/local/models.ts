// Optional learned models (server/analyzer/models/manifest.json, trained by the vision-model scripts) run
// with onnxruntime-node. The analyzer works without them; with them, each detector combines the model's
// probability map with its own cues. Sessions are created once per process and reused.
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { RgbImage } from './decode';
import { resizePlane, type Plane } from './raster';

export const MODELS_DIR = fileURLToPath(new URL('../models/', import.meta.url));

const entrySchema = z.object({
  name: z.string(),
  file: z.string(),
  kind: z.enum(['segmentation', 'classifier']),
  input_gsd_m: z.number().positive().nullable(),
  input: z.object({
    layout: z.literal('NCHW'),
    channels: z.literal('RGB'),
    range: z.string().optional(),
    multiple_of: z.number().int().positive().default(1),
    tile: z.number().int().positive().nullable().optional(),
    /**
     * At most this many pixels go through the model: a frame covering more ground is read at a coarser scale (a
     * 1.8 km frame at 0.6 m would otherwise run the building ensemble over 11 MP, several seconds; property frames
     * stay far below it).
     */
    max_pixels: z.number().int().positive().optional(),
  }),
  output: z.string().optional(),
  threshold: z.number().min(0).max(1).default(0.5),
  classes: z.array(z.string()).optional(),
  version: z.string().optional(),
});
const manifestSchema = z.union([z.array(entrySchema), z.object({ models: z.array(entrySchema) }).transform((m) => m.models)]);

export type ModelEntry = z.infer<typeof entrySchema>;

type Ort = typeof import('onnxruntime-node');
interface Loaded {
  entry: ModelEntry;
  session: import('onnxruntime-node').InferenceSession;
  ort: Ort;
}

let registry: Promise<Map<string, Loaded>> | null = null;
let loadErrors: string[] = [];

/** Loads every model listed in the manifest (once). A broken model is skipped and reported, never fatal. */
export function loadModels(dir = MODELS_DIR): Promise<Map<string, Loaded>> {
  if (registry) return registry;
  registry = (async () => {
    const out = new Map<string, Loaded>();
    const manifestPath = `${dir}manifest.json`;
    if (!existsSync(manifestPath)) return out;
    let entries: ModelEntry[];
    try {
      entries = manifestSchema.parse(JSON.parse(readFileSync(manifestPath, 'utf8')));
    } catch (e) {
      loadErrors.push(`models/manifest.json is invalid: ${(e as Error).message.slice(0, 200)}`);
      return out;
    }
    const ort: Ort = await import('onnxruntime-node');
    for (const entry of entries) {
      const file = `${dir}${entry.file}`;
      if (!existsSync(file)) {
        loadErrors.push(`model ${entry.name}: ${entry.file} is missing`);
        continue;
      }
      try {
        const session = await ort.InferenceSession.create(file, {
          intraOpNumThreads: Math.max(1, Math.min(2, availableParallelism())),
          interOpNumThreads: 1,
          graphOptimizationLevel: 'all',
        });
        out.set(entry.name, { entry, session, ort });
      } catch (e) {
        loadErrors.push(`model ${entry.name}: ${(e as Error).message.slice(0, 200)}`);
      }
    }
    return out;
  })();
  return registry;
}

export function modelLoadErrors(): string[] {
  return loadErrors.slice();
}

/** For tests: forget loaded models so another directory can be loaded. */
export function resetModels(): void {
  registry = null;
  loadErrors = [];
}

function toTensorData(img: RgbImage, W: number, H: number, x0: number, y0: number, tw: number, th: number): Float32Array {
  // NCHW float32 in 0..1. Past the image's bottom/right edge the last row/column is repeated (the models'
  // contract, training/README.md): the models never saw black bands, and zero padding made a small image's
  // whole frame read as building.
  const data = new Float32Array(3 * tw * th);
  const plane = tw * th;
  for (let y = 0; y < th; y++) {
    const sy = Math.min(H - 1, y0 + y);
    for (let x = 0; x < tw; x++) {
      const sx = Math.min(W - 1, x0 + x);
      const si = sy * W + sx;
      const di = y * tw + x;
      data[di] = img.r[si];
      data[plane + di] = img.g[si];
      data[2 * plane + di] = img.b[si];
    }
  }
  return data;
}

function resample(img: RgbImage, W: number, H: number): RgbImage {
  if (W === img.w && H === img.h) return img;
  return {
    w: W,
    h: H,
    r: resizePlane(img.r, img.w, img.h, W, H),
    g: resizePlane(img.g, img.w, img.h, W, H),
    b: resizePlane(img.b, img.w, img.h, W, H),
  };
}

const roundUp = (v: number, m: number) => Math.ceil(v / m) * m;

/**
 * Probability map (one per class, or one for binary models) at the working image's resolution.
 * The image is resampled to the model's ground resolution when both are known, padded to `multiple_of`,
 * and cut into tiles when larger than the model's tile size.
 */
export async function runSegmentation(model: Loaded, img: RgbImage, mPerPx: number | null): Promise<Plane[]> {
  const { entry, session, ort } = model;
  let k = 1;
  if (entry.input_gsd_m && mPerPx) k = mPerPx / entry.input_gsd_m;
  const budget = entry.input.max_pixels;
  if (budget && img.w * img.h * k * k > budget) k = Math.sqrt(budget / (img.w * img.h));
  // Never blow a small image up more than 4× or shrink it below 32 px: the model would see mush either way.
  k = Math.min(4, Math.max(k, 32 / Math.min(img.w, img.h)));
  const W = Math.max(1, Math.round(img.w * k));
  const H = Math.max(1, Math.round(img.h * k));
  const src = resample(img, W, H);
  const mult = entry.input.multiple_of;
  const tile = entry.input.tile ?? null;
  const tw = tile ? Math.min(roundUp(W, mult), tile) : roundUp(W, mult);
  const th = tile ? Math.min(roundUp(H, mult), tile) : roundUp(H, mult);
  const nClasses = entry.classes?.length ?? 1;
  const sum = Array.from({ length: nClasses }, () => new Float32Array(W * H));
  const weight = new Float32Array(W * H);
  const stride = (t: number, total: number) => (total <= t ? [0] : starts(total, t));
  const inputName = session.inputNames[0];
  const outputName = session.outputNames[0];
  for (const y0 of stride(th, H)) {
    for (const x0 of stride(tw, W)) {
      const tensor = new ort.Tensor('float32', toTensorData(src, W, H, x0, y0, tw, th), [1, 3, th, tw]);
      const result = await session.run({ [inputName]: tensor });
      const out = result[outputName];
      const data = out.data as Float32Array;
      const dims = out.dims;
      const oh = dims[dims.length - 2];
      const ow = dims[dims.length - 1];
      const planes = data.length / (oh * ow);
      for (let c = 0; c < nClasses; c++) {
        const off = Math.min(c, planes - 1) * oh * ow;
        for (let y = 0; y < th && y0 + y < H; y++) {
          const oy = Math.min(oh - 1, Math.floor((y * oh) / th));
          for (let x = 0; x < tw && x0 + x < W; x++) {
            const ox = Math.min(ow - 1, Math.floor((x * ow) / tw));
            const i = (y0 + y) * W + x0 + x;
            sum[c][i] += data[off + oy * ow + ox];
            if (c === 0) weight[i] += 1;
          }
        }
      }
    }
  }
  return sum.map((s) => {
    for (let i = 0; i < s.length; i++) s[i] /= Math.max(1, weight[i]);
    return W === img.w && H === img.h ? s : resizePlane(s, W, H, img.w, img.h);
  });
}

/** Tile origins covering `total` with tiles of `t`, overlapping so the last tile ends at the edge. */
function starts(total: number, t: number): number[] {
  const n = Math.ceil(total / t);
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(Math.min(total - t, Math.round((i * (total - t)) / Math.max(1, n - 1))));
  return [...new Set(out)];
}

/** Class probabilities for a crop (classifier models), resized to the model's tile size. */
export async function runClassifier(model: Loaded, crop: RgbImage): Promise<number[]> {
  const { entry, session, ort } = model;
  const size = entry.input.tile ?? 128;
  const src = resample(crop, size, size);
  const tensor = new ort.Tensor('float32', toTensorData(src, size, size, 0, 0, size, size), [1, 3, size, size]);
  const result = await session.run({ [session.inputNames[0]]: tensor });
  return Array.from(result[session.outputNames[0]].data as Float32Array);
}

export type { Loaded as LoadedModel };
