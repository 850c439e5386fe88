// Many tile sources stop short of zoom 20 (OSM-style servers at 19, caches built to 18, a local directory cut
// at any level) and answer 404 above. Rather than fail, a missing tile is cut from its nearest existing
// ancestor and enlarged, and the coarsest level used is reported so the image's resolution stays honest.
import sharp from 'sharp';
import { FetchFailure } from './errors';
import { decodeToRgb } from './image-check';
import type { TileFetcher } from './stitch';
import { TILE_SIZE } from './tile-math';

/** Enlarging a tile more than 16× gives a picture of nothing; fail instead. */
export const MAX_OVERZOOM_LEVELS = 4;

export interface OverzoomFetcher {
  fetchTile: TileFetcher;
  /** The lowest zoom level any tile actually came from. */
  coarsestZoom: () => number;
}

/** One per image: it caches ancestors (several children share one) and tracks the coarsest level used. */
export function withOverzoom(fetchTile: TileFetcher, requestedZoom: number, source: string): OverzoomFetcher {
  let coarsest = requestedZoom;
  const ancestors = new Map<string, Promise<Buffer>>();
  const ancestor = (z: number, x: number, y: number, signal: AbortSignal): Promise<Buffer> => {
    const key = `${z}/${x}/${y}`;
    let pending = ancestors.get(key);
    if (!pending) {
      pending = fetchTile(z, x, y, signal);
      ancestors.set(key, pending);
    }
    return pending;
  };

  const fetchWithFallback: TileFetcher = async (z, x, y, signal) => {
    for (let up = 0; ; up++) {
      try {
        const bytes = up === 0 ? await fetchTile(z, x, y, signal) : await ancestor(z - up, x >> up, y >> up, signal);
        if (up === 0) return bytes;
        coarsest = Math.min(coarsest, z - up);
        return await cutAndEnlarge(bytes, up, x, y, source);
      } catch (error) {
        const missing = error instanceof FetchFailure && error.status === 404;
        if (!missing || up >= MAX_OVERZOOM_LEVELS || z - up <= 0) throw error;
      }
    }
  };
  return { fetchTile: fetchWithFallback, coarsestZoom: () => coarsest };
}

/** The part of an ancestor `up` levels above that covers tile (x, y), enlarged to a whole tile. */
async function cutAndEnlarge(ancestorBytes: Buffer, up: number, x: number, y: number, source: string): Promise<Buffer> {
  const parent = await decodeToRgb(ancestorBytes, TILE_SIZE, TILE_SIZE, source);
  const size = TILE_SIZE >> up;
  const mask = (1 << up) - 1;
  return sharp(parent.data, { raw: { width: TILE_SIZE, height: TILE_SIZE, channels: 3 } })
    .extract({ left: (x & mask) * size, top: (y & mask) * size, width: size, height: size })
    .resize(TILE_SIZE, TILE_SIZE, { kernel: 'cubic' })
    .png()
    .toBuffer();
}
