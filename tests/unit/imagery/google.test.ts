import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createImagery, createPlaces } from '../../../server/imagery/factory';
import { AUTOCOMPLETE_FIELD_MASK } from '../../../server/imagery/google-places';
import { groundResolution } from '../../../server/imagery/tile-math';
import { FAKE_PLACES } from '../../fakes/gazetteer';
import { startFakeGoogle, type FakeGoogle } from '../../fakes/google';
import { configFor, expectProviderError, mismatchShare } from './helpers';

let google: FakeGoogle;
beforeAll(async () => {
  google = await startFakeGoogle();
});
afterAll(() => google.close());
beforeEach(() => google.reset());

const whiteHouse = FAKE_PLACES[0];

describe('google places (Places API (New) + Geocoding API)', () => {
  it('maps autocomplete suggestions to the spec prediction shape, key in the header, session token in the body', async () => {
    const places = createPlaces(configFor(google.env));
    const predictions = await places.autocomplete('1600 Pennsyl', { sessionToken: 'c8a1f0e2-4b7d-4c1e-9a55-7d1c2b3a4f60' });
    expect(predictions).toEqual([
      {
        description: 'White House, 1600 Pennsylvania Avenue Northwest, Washington, DC, USA',
        place_id: whiteHouse.googlePlaceId,
        structured_formatting: {
          main_text: 'White House',
          secondary_text: '1600 Pennsylvania Avenue Northwest, Washington, DC, USA',
        },
      },
    ]);

    expect(google.requests).toHaveLength(1);
    const [req] = google.requests;
    expect(req).toMatchObject({ service: 'autocomplete', method: 'POST', path: '/v1/places:autocomplete', problems: [] });
    expect(req.headers['x-goog-api-key']).toBe(google.apiKey);
    expect(req.headers['x-goog-fieldmask']).toBe(AUTOCOMPLETE_FIELD_MASK);
    expect(req.query).toEqual({});
    expect(JSON.parse(req.body)).toEqual({ input: '1600 Pennsyl', sessionToken: 'c8a1f0e2-4b7d-4c1e-9a55-7d1c2b3a4f60' });
  });

  it('drops a malformed session token rather than failing the suggestions', async () => {
    const places = createPlaces(configFor(google.env));
    const predictions = await places.autocomplete('Empire State', { sessionToken: 'not a token!' });
    expect(predictions.map((p) => p.structured_formatting.main_text)).toEqual(['Empire State Building']);
    expect(JSON.parse(google.requests[0].body)).toEqual({ input: 'Empire State' });
  });

  it('geocodes a chosen place id with place details, closing the session', async () => {
    const places = createPlaces(configFor(google.env));
    const place = await places.geocode({ placeId: whiteHouse.googlePlaceId, sessionToken: 'session-1' });
    expect(place).toEqual({
      latitude: whiteHouse.latitude,
      longitude: whiteHouse.longitude,
      formattedAddress: '1600 Pennsylvania Avenue Northwest, Washington, DC 20500, USA',
    });
    const [req] = google.requests;
    expect(req).toMatchObject({ service: 'place-details', method: 'GET', path: `/v1/places/${whiteHouse.googlePlaceId}`, problems: [] });
    expect(req.query).toEqual({ sessionToken: 'session-1' });
    expect(req.headers['x-goog-api-key']).toBe(google.apiKey);
    expect(String(req.headers['x-goog-fieldmask']).split(',')).toContain('location');
  });

  it('geocodes free text with the Geocoding API, key as a query parameter', async () => {
    const places = createPlaces(configFor(google.env));
    const place = await places.geocode({ address: '350 5th Ave, New York' });
    expect(place).toMatchObject({ latitude: 40.7484405, longitude: -73.9856644 });
    const [req] = google.requests;
    expect(req).toMatchObject({ service: 'geocode', path: '/maps/api/geocode/json', problems: [] });
    expect(req.query).toEqual({ address: '350 5th Ave, New York', key: google.apiKey });
  });

  it('reports unknown addresses and place ids as not found', async () => {
    const places = createPlaces(configFor(google.env));
    await expectProviderError(places.geocode({ address: 'Nowhere Street 99, Atlantis' }), 'ADDRESS_NOT_FOUND', 'no_match');
    await expectProviderError(places.geocode({ placeId: 'ChIJdoesnotexist000' }), 'ADDRESS_NOT_FOUND', 'no_match');
  });

  it('fails with the spec message and no key or body when the key is refused', async () => {
    const places = createPlaces(configFor({ ...google.env, GOOGLE_MAPS_API_KEY: 'wrong-key' }));
    const e = await expectProviderError(places.autocomplete('1600 Penn'), 'PLACES_FAILED', 'http_status', [
      'wrong-key',
      'API key not valid',
    ]);
    expect(e.status).toBe(400);
    // The Geocoding API refuses with HTTP 200 and a status field.
    await expectProviderError(places.geocode({ address: '1600 Pennsylvania Ave' }), 'GEOCODE_FAILED', 'bad_response', [
      'wrong-key',
      'invalid',
    ]);
  });
});

describe('google imagery (Static Maps)', () => {
  it('fetches the 600×400 zoom-20 satellite image centred on the point', async () => {
    const imagery = createImagery(configFor(google.env));
    const { latitude, longitude } = whiteHouse;
    const image = await imagery.fetchImage({ latitude, longitude });
    expect(image).toMatchObject({
      width: 600,
      height: 400,
      zoom: 20,
      center: { latitude, longitude },
      gsdSource: 'map-zoom',
      capturedAt: null,
      provider: 'google',
      attribution: 'Imagery © Google',
    });
    expect(image.gsdMPerPx).toBeCloseTo(groundResolution(latitude, 20), 12);
    expect(image.gsdMPerPx).toBeCloseTo(0.1162, 3);
    expect(await sharp(image.png).metadata()).toMatchObject({ format: 'png', width: 600, height: 400 });
    expect(await mismatchShare(image.png, latitude, longitude, 0)).toBe(0);

    const [req] = google.requests;
    expect(req).toMatchObject({ service: 'staticmap', path: '/maps/api/staticmap', problems: [] });
    expect(req.query).toEqual({
      center: `${latitude.toFixed(7)},${longitude.toFixed(7)}`,
      zoom: '20',
      size: '600x400',
      maptype: 'satellite',
      key: google.apiKey,
    });
  });

  it('turns a refused key into the map image message', async () => {
    const imagery = createImagery(configFor({ ...google.env, GOOGLE_MAPS_API_KEY: 'wrong-key' }));
    const e = await expectProviderError(imagery.fetchImage({ latitude: 40, longitude: -100 }), 'IMAGERY_FAILED', 'http_status', [
      'wrong-key',
    ]);
    expect(e.status).toBe(403);
  });
});
