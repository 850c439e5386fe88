// Every fake in every failure mode: the caller sees one typed error with the spec's message, never the
// provider's body, and never waits past the deadline.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProviderFailureReason } from '../../../server/imagery/errors';
import { createImagery, createPlaces } from '../../../server/imagery/factory';
import type { FakeMode } from '../../fakes/fake-server';
import { FAKE_PLACES } from '../../fakes/gazetteer';
import { startFakeGoogle, type FakeGoogle, type GoogleService } from '../../fakes/google';
import { startFakePublic, type FakePublic, type PublicService } from '../../fakes/public';
import { startFakeTiles, type FakeTiles } from '../../fakes/tiles';
import { configFor, expectProviderError } from './helpers';

let google: FakeGoogle;
let pub: FakePublic;
let tiles: FakeTiles;
beforeAll(async () => {
  [google, pub, tiles] = await Promise.all([startFakeGoogle(), startFakePublic(), startFakeTiles()]);
});
afterAll(() => Promise.all([google.close(), pub.close(), tiles.close()]));
beforeEach(() => {
  google.reset();
  pub.reset();
  tiles.reset();
});

const FAILURES: Array<[Exclude<FakeMode, 'ok'>, ProviderFailureReason, ProviderFailureReason]> = [
  // mode, reason on an image endpoint, reason on a JSON endpoint
  ['http-500', 'http_status', 'http_status'],
  ['hang', 'timeout', 'timeout'],
  ['oversized', 'too_large', 'too_large'],
  ['not-image', 'not_image', 'bad_content_type'],
  ['wrong-content-type', 'bad_content_type', 'bad_content_type'],
  ['malformed-json', 'bad_content_type', 'bad_json'],
];

const point = { latitude: FAKE_PLACES[0].latitude, longitude: FAKE_PLACES[0].longitude };

describe.each(FAILURES)('provider answering %s', (mode, imageReason, jsonReason) => {
  // Only the hang needs a short deadline; the others keep a generous one so a busy machine cannot turn
  // their failure into a timeout.
  const DEADLINE = { IMAGERY_TIMEOUT_MS: mode === 'hang' ? '600' : '8000' };
  it('google static map → IMAGERY_FAILED', async () => {
    google.setMode(mode, 'staticmap');
    const imagery = createImagery(configFor(google.env, DEADLINE));
    await expectProviderError(imagery.fetchImage(point), 'IMAGERY_FAILED', imageReason, [google.apiKey]);
  });

  it('USGS tiles → IMAGERY_FAILED', async () => {
    pub.setMode(mode, 'usgs');
    await expectProviderError(createImagery(configFor(pub.env, DEADLINE)).fetchImage(point), 'IMAGERY_FAILED', imageReason);
  });

  it('XYZ tiles → IMAGERY_FAILED', async () => {
    tiles.setMode(mode);
    await expectProviderError(createImagery(configFor(tiles.env, DEADLINE)).fetchImage(point), 'IMAGERY_FAILED', imageReason);
  });

  const googleJson: Array<[GoogleService, 'PLACES_FAILED' | 'GEOCODE_FAILED', (p: ReturnType<typeof createPlaces>) => Promise<unknown>]> = [
    ['autocomplete', 'PLACES_FAILED', (p) => p.autocomplete('1600 Penn')],
    ['place-details', 'GEOCODE_FAILED', (p) => p.geocode({ placeId: FAKE_PLACES[0].googlePlaceId })],
    ['geocode', 'GEOCODE_FAILED', (p) => p.geocode({ address: '1600 Pennsylvania Ave' })],
  ];
  it.each(googleJson)('google %s → %s', async (service, code, call) => {
    google.setMode(mode, service);
    await expectProviderError(call(createPlaces(configFor(google.env, DEADLINE))), code, jsonReason, [google.apiKey]);
  });

  const publicJson: Array<[PublicService, 'PLACES_FAILED' | 'GEOCODE_FAILED', (p: ReturnType<typeof createPlaces>) => Promise<unknown>]> = [
    ['photon', 'PLACES_FAILED', (p) => p.autocomplete('1600 Penn')],
    ['census', 'GEOCODE_FAILED', (p) => p.geocode({ address: '1600 Pennsylvania Ave' })],
  ];
  it.each(publicJson)('public %s → %s', async (service, code, call) => {
    pub.setMode(mode, service);
    // With the Census failing, the fallback is Photon: fail it too, so the Census failure is what is reported.
    if (service === 'census') pub.setMode(mode, 'photon');
    const e = await expectProviderError(call(createPlaces(configFor(pub.env, DEADLINE))), code, jsonReason);
    expect(e.provider).toBe(service);
  });
});

describe('byte caps', () => {
  it('refuses an image whose declared length is over the cap before reading it', async () => {
    const imagery = createImagery(configFor(google.env, { IMAGERY_MAX_IMAGE_BYTES: '1000' }));
    const e = await expectProviderError(imagery.fetchImage(point), 'IMAGERY_FAILED', 'too_large');
    expect(e.detail).toMatch(/declared/);
  });
});
