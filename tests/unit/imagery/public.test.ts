import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createImagery, createPlaces, USGS_ATTRIBUTION } from '../../../server/imagery/factory';
import { FAKE_PLACES } from '../../fakes/gazetteer';
import { startFakePublic, USGS_TILE_PATH, type FakePublic } from '../../fakes/public';
import { configFor, expectedTiles, expectProviderError, mismatchShare } from './helpers';

let fake: FakePublic;
beforeAll(async () => {
  fake = await startFakePublic();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const [whiteHouse, empireState] = FAKE_PLACES;

describe('public places (Photon + US Census)', () => {
  it('maps Photon features to predictions whose place id needs no second call', async () => {
    const places = createPlaces(configFor(fake.env));
    expect(places.attribution).toMatch(/OpenStreetMap/);
    const predictions = await places.autocomplete('empire state');
    expect(predictions).toHaveLength(1);
    const [p] = predictions;
    expect(p.structured_formatting).toEqual({
      main_text: 'Empire State Building',
      secondary_text: '350 5th Avenue, New York, New York 10118, United States',
    });
    expect(p.description).toBe('Empire State Building, 350 5th Avenue, New York, New York 10118, United States');
    expect(p.place_id).toMatch(/^photon:W34633854:/);

    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ service: 'photon', path: '/api', problems: [] });
    expect(fake.requests[0].query).toEqual({ q: 'empire state', limit: '5', lang: 'en' });

    const place = await places.geocode({ placeId: p.place_id });
    expect(place).toEqual({ latitude: empireState.latitude, longitude: empireState.longitude, formattedAddress: p.description });
    expect(fake.requests).toHaveLength(1);
  });

  it('returns several predictions for an ambiguous start, house addresses by street line', async () => {
    const places = createPlaces(configFor(fake.env));
    const predictions = await places.autocomplete('1600');
    expect(predictions.map((p) => p.structured_formatting.main_text)).toEqual(['White House', '1600 Amphitheatre Parkway']);
    expect(predictions[1].structured_formatting.secondary_text).toBe('Mountain View, California 94043, United States');
  });

  it('geocodes a typed street address with the Census geocoder', async () => {
    const places = createPlaces(configFor(fake.env));
    const place = await places.geocode({ address: '1600 Pennsylvania Ave NW, Washington, DC 20500' });
    expect(place).toEqual({
      latitude: whiteHouse.latitude,
      longitude: whiteHouse.longitude,
      formattedAddress: '1600 PENNSYLVANIA AVE NW, WASHINGTON, DC, 20500',
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ service: 'census', path: '/geocoder/locations/onelineaddress', problems: [] });
    expect(fake.requests[0].query).toEqual({
      address: '1600 Pennsylvania Ave NW, Washington, DC 20500',
      benchmark: 'Public_AR_Current',
      format: 'json',
    });
  });

  it('falls back to Photon when the Census has no match or is down', async () => {
    const places = createPlaces(configFor(fake.env));
    const byName = await places.geocode({ address: 'Empire State Building' });
    expect(byName).toMatchObject({ latitude: empireState.latitude, longitude: empireState.longitude });
    expect(fake.requests.map((r) => r.service)).toEqual(['census', 'photon']);
    expect(fake.requests[1].query).toMatchObject({ q: 'Empire State Building', limit: '1' });

    fake.reset();
    fake.setMode('http-500', 'census');
    const whenDown = await places.geocode({ address: '1600 Pennsylvania Avenue, Washington' });
    expect(whenDown).toMatchObject({ latitude: whiteHouse.latitude, longitude: whiteHouse.longitude });
  });

  it('says not found when neither source knows the address, and reports a Census outage over Photon', async () => {
    const places = createPlaces(configFor(fake.env));
    await expectProviderError(places.geocode({ address: 'Nowhere Street 99, Atlantis' }), 'ADDRESS_NOT_FOUND', 'no_match');
    fake.setMode('http-500');
    const e = await expectProviderError(places.geocode({ address: 'Nowhere Street 99' }), 'GEOCODE_FAILED', 'http_status');
    expect(e.provider).toBe('census');
  });

  it('rejects a place id that is not one of its own without calling anything', async () => {
    const places = createPlaces(configFor(fake.env));
    await expectProviderError(places.geocode({ placeId: 'ChIJGVtI4by3t4kRr51d_Qm_x58' }), 'ADDRESS_NOT_FOUND', 'invalid_input');
    await expectProviderError(places.geocode({ placeId: 'photon:N1:95.0,10.0:' }), 'GEOCODE_FAILED', 'invalid_input');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('public imagery (USGS The National Map tiles)', () => {
  it('stitches USGS {z}/{y}/{x} tiles to 600×400 and records NAIP’s native resolution', async () => {
    const imagery = createImagery(configFor(fake.env));
    const { latitude, longitude } = empireState;
    const image = await imagery.fetchImage({ latitude, longitude });
    expect(image).toMatchObject({
      width: 600,
      height: 400,
      zoom: 20,
      center: { latitude, longitude },
      gsdMPerPx: 0.6,
      gsdSource: 'source-native',
      capturedAt: null,
      provider: 'public',
      attribution: USGS_ATTRIBUTION,
    });
    expect(await sharp(image.png).metadata()).toMatchObject({ format: 'png', width: 600, height: 400 });
    // The fake serves JPEG like the real service, so compare with a tolerance.
    expect(await mismatchShare(image.png, latitude, longitude, 24)).toBeLessThan(0.05);

    expect(fake.requests.every((r) => r.service === 'usgs' && r.problems.length === 0)).toBe(true);
    const requested = new Set(
      fake.requests.map((r) => {
        const [z, y, x] = r.path.slice(USGS_TILE_PATH.length + 1).split('/');
        return `${z}/${x}/${y}`;
      }),
    );
    expect(requested).toEqual(expectedTiles(latitude, longitude));
  });
});
