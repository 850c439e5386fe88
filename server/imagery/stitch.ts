// Builds one width × height picture from XYZ tiles. Tiles are decoded to raw RGB and copied row by row, so a
// tile pixel lands exactly where the tile maths says, with no resampling. (The `staticmaps` package does the
// same job but fetches with its own HTTP client, which has no byte cap, no content checks and no file://.)
import { FetchFailure } from './errors';
import { decodeToRgb, rgbToPng, type RgbImage } from './image-check';
import { planView, TILE_SIZE, type TilePlacement } from './tile-math';
import type { LatLon } from './types';

/** Fetches one tile's encoded bytes; must honour `signal`. */
export type TileFetcher = (z: number, x: number, y: number, signal: AbortSignal) => Promise<Buffer>;

export interface StitchOptions {
  center: LatLon;
  zoom: number;
  width: number;
  height: number;
  fetchTile: TileFetcher;
  /** Deadline for the whole picture. */
  signal: AbortSignal;
  /** Names the source in log details. */
  source: string;
  concurrency?: number;
}

const BLANK = 128;

export async function stitchTiles(options: StitchOptions): Promise<Buffer> {
  const { width, height } = options;
  const plan = planView(options.center, options.zoom, width, height);
  const canvas: RgbImage = { data: Buffer.alloc(width * height * 3, BLANK), width, height };

  // The first failing tile stops the others: a picture with holes would be analysed as if it were whole.
  const stop = new AbortController();
  const signal = AbortSignal.any([options.signal, stop.signal]);
  const queue = [...plan.tiles];
  const worker = async (): Promise<void> => {
    for (let tile = queue.shift(); tile; tile = queue.shift()) {
      if (signal.aborted) return;
      const bytes = await options.fetchTile(options.zoom, tile.x, tile.y, signal);
      const rgb = await decodeToRgb(bytes, TILE_SIZE, TILE_SIZE, options.source);
      blit(rgb, tile, canvas);
    }
  };
  const workers = Array.from({ length: Math.min(options.concurrency ?? 4, queue.length) }, () =>
    worker().catch((error: unknown) => {
      stop.abort();
      throw error;
    }),
  );
  const results = await Promise.allSettled(workers);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw pickFailure(results, failed.reason);
  if (options.signal.aborted) throw new FetchFailure('timeout', `timed out fetching tiles from ${options.source}`);
  return rgbToPng(canvas);
}

/** Copies the part of a tile that overlaps the canvas. */
function blit(tile: RgbImage, at: TilePlacement, canvas: RgbImage): void {
  const x0 = Math.max(0, at.left);
  const x1 = Math.min(canvas.width, at.left + tile.width);
  const y0 = Math.max(0, at.top);
  const y1 = Math.min(canvas.height, at.top + tile.height);
  if (x0 >= x1 || y0 >= y1) return;
  for (let y = y0; y < y1; y++) {
    const from = ((y - at.top) * tile.width + (x0 - at.left)) * 3;
    tile.data.copy(canvas.data, (y * canvas.width + x0) * 3, from, from + (x1 - x0) * 3);
  }
}

/** Several workers may fail after the first aborts them; report the cause, not the abort it triggered. */
function pickFailure(results: PromiseSettledResult<void>[], first: unknown): unknown {
  for (const r of results) {
    if (r.status === 'rejected' && !(r.reason instanceof FetchFailure && r.reason.detail.startsWith('aborted'))) {
      return r.reason;
    }
  }
  return first;
}
