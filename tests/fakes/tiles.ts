// A plain XYZ tile server ({z}/{x}/{y}.png) for IMAGERY_PROVIDER=tiles, and a writer of local tile
// directories for the air-gapped file:// case.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { newModeState, pathPattern, setMode, startFakeServer, type FakeMode, type RecordedRequest } from './fake-server';
import { tile } from './public';
import { renderTile, syntheticPixel, worldPixel, type ImageFormat, type PixelSource } from './tile-images';

export const TILES_SERVICES = ['tiles'] as const;

export interface FakeTiles {
  /** TILE_URL_TEMPLATE pointing at the fake. */
  url: string;
  env: Record<string, string>;
  requests: RecordedRequest[];
  setMode: (mode: FakeMode, service?: 'tiles') => void;
  reset: () => void;
  close: () => Promise<void>;
}

export interface FakeTilesOptions {
  pixels?: PixelSource;
  format?: ImageFormat;
  /** Deepest tile level served (404 above); 22 by default. */
  maxZoom?: number;
}

export async function startFakeTiles(options: FakeTilesOptions = {}): Promise<FakeTiles> {
  const pixels = options.pixels ?? syntheticPixel;
  const format = options.format ?? 'png';
  const state = newModeState();
  const server = await startFakeServer(
    [
      {
        service: 'tiles',
        kind: 'image',
        method: 'GET',
        match: pathPattern('/tiles/:z/:x/:y'),
        handle: (req, [z, x, y]) => tile(req, pixels, format, options.maxZoom ?? 22, [z, x, y.replace(/\.(png|jpe?g)$/, '')]),
      },
    ],
    state,
  );
  const url = `${server.url}/tiles/{z}/{x}/{y}.${format === 'png' ? 'png' : 'jpg'}`;
  return {
    url,
    env: { IMAGERY_PROVIDER: 'tiles', TILE_URL_TEMPLATE: url, TILE_ATTRIBUTION: 'Imagery: fake tile server' },
    requests: state.requests,
    setMode: (mode, service) => setMode(state, TILES_SERVICES, mode, service),
    reset: () => {
      state.requests.length = 0;
      state.modes.clear();
    },
    close: server.close,
  };
}

/**
 * Writes the tiles around a point into `dir` as {z}/{x}/{y}.png and returns the file:// template.
 * `radius` tiles on each side of the centre tile: 2 covers a 600×400 view wherever the point falls in its tile.
 */
export async function writeFakeTileDirectory(
  dir: string,
  center: { latitude: number; longitude: number },
  options: { zoom?: number; radius?: number; pixels?: PixelSource } = {},
): Promise<string> {
  const zoom = options.zoom ?? 20;
  const radius = options.radius ?? 2;
  const c = worldPixel(center.latitude, center.longitude, zoom);
  const cx = Math.floor(c.x / 256);
  const cy = Math.floor(c.y / 256);
  for (let x = cx - radius; x <= cx + radius; x++) {
    await mkdir(join(dir, String(zoom), String(x)), { recursive: true });
    for (let y = cy - radius; y <= cy + radius; y++) {
      await writeFile(join(dir, String(zoom), String(x), `${y}.png`), await renderTile(options.pixels ?? syntheticPixel, x, y, 'png'));
    }
  }
  return `${pathToFileURL(dir).href}/{z}/{x}/{y}.png`;
}
