import { describe, expect, it } from 'vitest';
import { groundResolution, latLonToTile, latLonToWorldPixel, planView, worldPixelToLatLon } from '../../../server/imagery/tile-math';

// Reference values computed separately (Python, textbook Web Mercator formulas).
const REFERENCE = [
  { name: 'Null Island', latitude: 0, longitude: 0, x: 134217728, y: 134217728, tile: [524288, 524288] },
  { name: 'Empire State', latitude: 40.7484, longitude: -73.9857, x: 79049991.56394666, y: 100891546.97113338, tile: [308789, 394107] },
  { name: 'White House', latitude: 38.8977, longitude: -77.0365, x: 76775150.20515555, y: 102688524.52258521, tile: [299902, 401127] },
  { name: 'Sydney Opera House', latitude: -33.8568, longitude: 151.2153, x: 246972028.02688, y: 161075261.4805387, tile: [964734, 629200] },
];

describe('Web Mercator tile maths at zoom 20', () => {
  it.each(REFERENCE)('places $name on the right world pixel and tile', ({ latitude, longitude, x, y, tile }) => {
    const p = latLonToWorldPixel({ latitude, longitude }, 20);
    expect(p.x).toBeCloseTo(x, 3);
    expect(p.y).toBeCloseTo(y, 3);
    expect(latLonToTile({ latitude, longitude }, 20)).toEqual({ x: tile[0], y: tile[1] });
  });

  it('round-trips world pixels to within a millimetre', () => {
    for (const { latitude, longitude } of REFERENCE) {
      const back = worldPixelToLatLon(latLonToWorldPixel({ latitude, longitude }, 20), 20);
      expect(back.latitude).toBeCloseTo(latitude, 9);
      expect(back.longitude).toBeCloseTo(longitude, 9);
    }
  });

  it('puts the map corners at the world edges', () => {
    expect(latLonToWorldPixel({ latitude: 85.0511287798066, longitude: -180 }, 20)).toEqual({ x: 0, y: expect.closeTo(0, 3) });
    const se = latLonToWorldPixel({ latitude: -85.0511287798066, longitude: 180 }, 20);
    expect(se.x).toBe(2 ** 28);
    expect(se.y).toBeCloseTo(2 ** 28, 3);
  });
});

describe('ground resolution', () => {
  it('follows 156543.03·cos(lat)/2^zoom', () => {
    for (const latitude of [0, 30, 40.7484, 60, -45]) {
      for (const zoom of [0, 15, 20]) {
        const expected = (156543.03 * Math.cos((latitude * Math.PI) / 180)) / 2 ** zoom;
        // The constant is 2π·6378137/256 = 156543.0339…; the spec rounds it to 156543.03.
        expect(Math.abs(groundResolution(latitude, zoom) / expected - 1)).toBeLessThan(1e-7);
      }
    }
  });

  it('is about 0.149 m at the equator and half that at 60° at zoom 20', () => {
    expect(groundResolution(0, 20)).toBeCloseTo(0.1492911, 6);
    expect(groundResolution(60, 20)).toBeCloseTo(0.0746455, 6);
  });
});

describe('planView', () => {
  it('covers a 600×400 view with at most 4×3 tiles, centred to within half a pixel', () => {
    const center = { latitude: 40.7484, longitude: -73.9857 };
    const plan = planView(center, 20, 600, 400);
    const c = latLonToWorldPixel(center, 20);
    expect(Math.abs(plan.origin.x + 300 - c.x)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(plan.origin.y + 200 - c.y)).toBeLessThanOrEqual(0.5);
    expect(plan.tiles.length).toBeGreaterThanOrEqual(6);
    expect(plan.tiles.length).toBeLessThanOrEqual(12);
    // Every output pixel is covered by exactly one tile.
    const cover = new Uint8Array(600 * 400);
    for (const t of plan.tiles) {
      for (let y = Math.max(0, t.top); y < Math.min(400, t.top + 256); y++) {
        for (let x = Math.max(0, t.left); x < Math.min(600, t.left + 256); x++) cover[y * 600 + x]++;
      }
    }
    expect(cover.every((n) => n === 1)).toBe(true);
  });

  it('wraps tile x across the antimeridian', () => {
    const plan = planView({ latitude: 10, longitude: 179.9999 }, 20, 600, 400);
    const xs = new Set(plan.tiles.map((t) => t.x));
    expect(xs.has(0)).toBe(true);
    expect(xs.has(2 ** 20 - 1)).toBe(true);
    expect([...xs].every((x) => x >= 0 && x < 2 ** 20)).toBe(true);
  });
});
