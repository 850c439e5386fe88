import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createImagery } from '../../../server/imagery/factory';
import { groundResolution } from '../../../server/imagery/tile-math';
import { syntheticPixel, worldPixel } from '../../fakes/tile-images';
import { startFakeTiles, writeFakeTileDirectory, type FakeTiles } from '../../fakes/tiles';
import { configFor, expectedTiles, expectProviderError, mismatchShare } from './helpers';

let tiles: FakeTiles;
let dir: string;
beforeAll(async () => {
  tiles = await startFakeTiles();
  dir = await mkdtemp(join(tmpdir(), 'aerisk-tiles-'));
});
afterAll(async () => {
  await tiles.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => tiles.reset());

describe('tiles provider', () => {
  it('stitches any XYZ template pixel-exactly, with the zoom formula as resolution', async () => {
    const imagery = createImagery(configFor(tiles.env));
    const point = { latitude: 34.1341151, longitude: -118.3215482 };
    const image = await imagery.fetchImage(point);
    expect(image).toMatchObject({
      width: 600,
      height: 400,
      zoom: 20,
      gsdSource: 'map-zoom',
      provider: 'tiles',
      attribution: 'Imagery: fake tile server',
      capturedAt: null,
    });
    expect(image.gsdMPerPx).toBeCloseTo(groundResolution(point.latitude, 20), 12);
    expect(await mismatchShare(image.png, point.latitude, point.longitude, 0)).toBe(0);
    expect(new Set(tiles.requests.map((r) => r.path.replace('/tiles/', '').replace('.png', '')))).toEqual(
      expectedTiles(point.latitude, point.longitude),
    );
    expect(tiles.requests.every((r) => r.problems.length === 0)).toBe(true);
  });

  it('reads a local tile directory through a file:// template (air-gapped)', async () => {
    const point = { latitude: 47.6205, longitude: -122.3493 };
    const template = await writeFakeTileDirectory(dir, point);
    const imagery = createImagery(configFor({ IMAGERY_PROVIDER: 'tiles', TILE_URL_TEMPLATE: template }));
    expect(imagery.attribution).toBe('Imagery: local tiles');
    const image = await imagery.fetchImage(point);
    expect(await mismatchShare(image.png, point.latitude, point.longitude, 0)).toBe(0);

    // Outside the directory's coverage there is no tile: the whole image fails, not a picture with holes, and
    // says there is no imagery of that place.
    await expectProviderError(imagery.fetchImage({ latitude: 0, longitude: 0 }), 'NO_IMAGERY', 'no_imagery', [dir]);
  });

  it("enlarges tiles from the deepest level a source has, and records that level's resolution", async () => {
    const shallow = await startFakeTiles({ maxZoom: 18 });
    try {
      const point = { latitude: 39.7392, longitude: -104.9903 };
      const image = await createImagery(configFor(shallow.env)).fetchImage(point);
      expect(image).toMatchObject({ width: 600, height: 400, zoom: 20, gsdSource: 'source-native' });
      expect(image.gsdMPerPx).toBeCloseTo(groundResolution(point.latitude, 18), 12);
      const levels = new Set(shallow.requests.map((r) => r.path.split('/')[2]));
      expect(levels).toEqual(new Set(['20', '19', '18']));
      // Each level-18 ancestor is fetched once, however many children it has.
      const z18 = shallow.requests.filter((r) => r.path.startsWith('/tiles/18/')).map((r) => r.path);
      expect(new Set(z18).size).toBe(z18.length);

      // Output pixel (i, j) shows level-18 ground pixel ((x0 + i) / 4, (y0 + j) / 4), smoothly enlarged.
      const { data, info } = await sharp(image.png).raw().toBuffer({ resolveWithObject: true });
      const c = worldPixel(point.latitude, point.longitude, 20);
      const x0 = Math.round(c.x - 300);
      const y0 = Math.round(c.y - 200);
      let bad = 0;
      for (let j = 0; j < 400; j++) {
        for (let i = 0; i < 600; i++) {
          const want = syntheticPixel(Math.floor((x0 + i) / 4), Math.floor((y0 + j) / 4));
          const k = (j * 600 + i) * info.channels;
          if (want.some((v, ch) => Math.abs(v - data[k + ch]) > 8)) bad++;
        }
      }
      expect(bad / (600 * 400)).toBeLessThan(0.05);
    } finally {
      await shallow.close();
    }
  });

  it('gives up rather than enlarge more than 16 times', async () => {
    const tooShallow = await startFakeTiles({ maxZoom: 15 });
    try {
      await expectProviderError(
        createImagery(configFor(tooShallow.env)).fetchImage({ latitude: 10, longitude: 10 }),
        'NO_IMAGERY',
        'no_imagery',
      );
      expect(Math.min(...tooShallow.requests.map((r) => Number(r.path.split('/')[2])))).toBe(16);
    } finally {
      await tooShallow.close();
    }
  });
});
