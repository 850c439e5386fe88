import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FetchFailure } from '../../../server/imagery/errors';
import { stitchTiles, type TileFetcher } from '../../../server/imagery/stitch';
import { renderTile, syntheticPixel, worldPixel, type PixelSource } from '../../fakes/tile-images';

const WORLD = 2 ** 28;

function memoryTiles(pixels: PixelSource, format: 'png' | 'jpeg' = 'png', scale = 1) {
  const fetched: string[] = [];
  const fetchTile: TileFetcher = async (z, x, y) => {
    fetched.push(`${z}/${x}/${y}`);
    return renderTile(pixels, x, y, format, scale);
  };
  return { fetched, fetchTile };
}

async function rawOf(png: Buffer) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { data, info };
}

function stitch(latitude: number, longitude: number, fetchTile: TileFetcher, signal = AbortSignal.timeout(10_000)) {
  return stitchTiles({ center: { latitude, longitude }, zoom: 20, width: 600, height: 400, fetchTile, signal, source: 'test' });
}

/** Counts output pixels that differ from the world pixel they should show by more than `tolerance`. */
async function mismatches(png: Buffer, latitude: number, longitude: number, tolerance: number): Promise<number> {
  const { data, info } = await rawOf(png);
  const c = worldPixel(latitude, longitude, 20);
  const x0 = Math.round(c.x - 300);
  const y0 = Math.round(c.y - 200);
  let bad = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const want = syntheticPixel((((x0 + x) % WORLD) + WORLD) % WORLD, y0 + y);
      const i = (y * info.width + x) * info.channels;
      if (want.some((v, k) => Math.abs(v - data[i + k]) > tolerance)) bad++;
    }
  }
  return bad;
}

describe('stitchTiles', () => {
  it('returns a 600×400 PNG in which every pixel is the world pixel it should be', async () => {
    const { fetched, fetchTile } = memoryTiles(syntheticPixel);
    const png = await stitch(40.7484, -73.9857, fetchTile);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 600, height: 400 });
    expect(await mismatches(png, 40.7484, -73.9857, 0)).toBe(0);
    expect(fetched.length).toBeLessThanOrEqual(12);
    expect(new Set(fetched).size).toBe(fetched.length);
  });

  it('puts the requested point at the centre pixel', async () => {
    const target = { latitude: 38.8976763, longitude: -77.0365298 };
    const t = worldPixel(target.latitude, target.longitude, 20);
    // A red 1-pixel marker on the ground at the target, grey everywhere else.
    const marker: PixelSource = (gx, gy) => (gx === Math.floor(t.x) && gy === Math.floor(t.y) ? [255, 0, 0] : [90, 90, 90]);
    const png = await stitch(target.latitude, target.longitude, memoryTiles(marker).fetchTile);
    const { data, info } = await rawOf(png);
    const red: Array<[number, number]> = [];
    for (let i = 0; i < info.width * info.height; i++) {
      if (data[i * info.channels] === 255) red.push([i % info.width, Math.floor(i / info.width)]);
    }
    expect(red).toHaveLength(1);
    expect(Math.abs(red[0][0] - 300)).toBeLessThanOrEqual(1);
    expect(Math.abs(red[0][1] - 200)).toBeLessThanOrEqual(1);
  });

  it('stitches across the antimeridian from both ends of the tile row', async () => {
    const { fetched, fetchTile } = memoryTiles(syntheticPixel);
    const png = await stitch(10, 179.9999, fetchTile);
    expect(fetched.some((t) => t.startsWith('20/0/'))).toBe(true);
    expect(fetched.some((t) => t.startsWith(`20/${2 ** 20 - 1}/`))).toBe(true);
    expect(await mismatches(png, 10, 179.9999, 0)).toBe(0);
  });

  it('accepts 512-pixel tiles and JPEG tiles for the same ground', async () => {
    const retina = await stitch(37.422, -122.084, memoryTiles(syntheticPixel, 'png', 2).fetchTile);
    expect(await mismatches(retina, 37.422, -122.084, 8)).toBeLessThan(600 * 400 * 0.02);
    const jpeg = await stitch(37.422, -122.084, memoryTiles(syntheticPixel, 'jpeg').fetchTile);
    expect(await mismatches(jpeg, 37.422, -122.084, 24)).toBeLessThan(600 * 400 * 0.05);
  });

  it('fails as a whole, without fetching the rest, when one tile is not an image', async () => {
    let calls = 0;
    const fetchTile: TileFetcher = async (z, x, y, signal) => {
      calls++;
      if (calls === 1) return Buffer.from('<html>not a tile</html>');
      await new Promise((resolve) => setTimeout(resolve, 50));
      signal.throwIfAborted();
      return renderTile(syntheticPixel, x, y, 'png');
    };
    const error = await stitch(40, -100, fetchTile).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchFailure);
    expect((error as FetchFailure).reason).toBe('not_image');
    expect(calls).toBeLessThan(12);
  });

  it('reports a timeout when the deadline passes', async () => {
    const slow: TileFetcher = (_z, _x, _y, signal) =>
      new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new FetchFailure('timeout', 'timed out'))));
    const error = await stitch(40, -100, slow, AbortSignal.timeout(100)).catch((e: unknown) => e);
    expect((error as FetchFailure).reason).toBe('timeout');
  });
});
