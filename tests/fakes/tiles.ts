// A plain XYZ tile server ({z}/{x}/{y}.png) for IMAGERY_PROVIDER=tiles, and a writer of local tile
// directories for the air-gapped file:// case.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fakeControls, newModeState, pathPattern, startFakeServer, type FakeProvider } from './fake-server';
import { tile } from './public';
import { renderTile, syntheticPixel, worldPixel, type ImageFormat, type PixelSource } from './tile-images';

export const TILES_SERVICES = ['tiles'] as const;

export interface FakeTiles extends FakeProvider<'tiles'> {
  /** TILE_URL_TEMPLATE pointing at the fake. */
  url: string;
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
    ...fakeControls(state, TILES_SERVICES, [server]),
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
