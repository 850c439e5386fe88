// What a user types never chooses a host: addresses, inputs and place ids stay data in requests to the
// configured providers. Also the 3-character minimum, typed coordinates and the `none` providers.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  COORDINATES_OUT_OF_RANGE_MESSAGE,
  IMAGERY_NOT_CONFIGURED_MESSAGE,
  PLACES_NOT_CONFIGURED_MESSAGE,
  ProviderError,
} from '../../../server/imagery/errors';
import { createImagery, createPlaces } from '../../../server/imagery/factory';
import { startFakeGoogle, type FakeGoogle } from '../../fakes/google';
import { startFakePublic, type FakePublic } from '../../fakes/public';
import { configFor, expectProviderError } from './helpers';

let google: FakeGoogle;
let pub: FakePublic;
/** A server nobody should ever call; it counts the requests that reach it. */
let evil: Server;
let evilUrl: string;
let evilHits: string[];

beforeAll(async () => {
  [google, pub] = await Promise.all([startFakeGoogle(), startFakePublic()]);
  evilHits = [];
  evil = createServer((req, res) => {
    evilHits.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all([google.close(), pub.close()]);
  evil.closeAllConnections();
  await new Promise((resolve) => evil.close(resolve));
});
beforeEach(() => {
  google.reset();
  pub.reset();
  evilHits.length = 0;
});

describe('input cannot steer requests', () => {
  it('keeps a URL typed as an address or search text a query parameter of the configured host', async () => {
    const hostile = `${evilUrl}/steal?x=1#frag`;
    const googlePlaces = createPlaces(configFor(google.env));
    const publicPlaces = createPlaces(configFor(pub.env));

    await expectProviderError(googlePlaces.geocode({ address: hostile }), 'ADDRESS_NOT_FOUND');
    expect(google.requests.at(-1)?.query.address).toBe(hostile);
    await googlePlaces.autocomplete(hostile);
    expect(JSON.parse(google.requests.at(-1)?.body ?? '{}').input).toBe(hostile);

    await expectProviderError(publicPlaces.geocode({ address: hostile }), 'ADDRESS_NOT_FOUND');
    expect(pub.requests.find((r) => r.service === 'census')?.query.address).toBe(hostile);
    await publicPlaces.autocomplete(`@${evilUrl.slice(7)}/x`);
    expect(pub.requests.at(-1)?.query.q).toBe(`@${evilUrl.slice(7)}/x`);

    expect(evilHits).toEqual([]);
  });

  it('refuses place ids that would change the request path, before any request', async () => {
    const places = createPlaces(configFor(google.env));
    for (const placeId of ['../../maps/api/staticmap', `${evilUrl}/x`, 'abc?key=1', 'abc/../../x', '%2e%2e%2fx']) {
      await expectProviderError(places.geocode({ placeId }), 'ADDRESS_NOT_FOUND', 'invalid_input');
    }
    expect(google.requests).toEqual([]);
    expect(evilHits).toEqual([]);
  });

  it('reads only coordinates and a label from a forged public place id', async () => {
    const places = createPlaces(configFor(pub.env));
    const label = Buffer.from(`${evilUrl}\u0000\u202e`).toString('base64url');
    const place = await places.geocode({ placeId: `photon:N1:40.5,-74.25:${label}` });
    expect(place).toEqual({ latitude: 40.5, longitude: -74.25, formattedAddress: evilUrl });
    expect(pub.requests).toEqual([]);
    expect(evilHits).toEqual([]);
  });

  it('follows a redirect only within the configured origin', async () => {
    let hops = 0;
    const redirector = createServer((req, res) => {
      hops++;
      const to = req.url?.startsWith('/same') ? '/api?q=x' : `${evilUrl}/api`;
      res.writeHead(302, { Location: to }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
    try {
      const places = createPlaces(configFor({ ...pub.env, PHOTON_URL: `${base}/other` }));
      await expectProviderError(places.autocomplete('1600 Penn'), 'PLACES_FAILED', 'redirect');
      expect(evilHits).toEqual([]);
      // Same-origin redirects are followed, but not forever.
      const looping = createPlaces(configFor({ ...pub.env, PHOTON_URL: `${base}/same` }));
      hops = 0;
      await expectProviderError(looping.autocomplete('1600 Penn'), 'PLACES_FAILED');
      expect(hops).toBeLessThanOrEqual(4);
    } finally {
      redirector.closeAllConnections();
      await new Promise((resolve) => redirector.close(resolve));
    }
  });
});

describe('autocomplete minimum', () => {
  it.each(['', 'ab', '  ab  ', '\t1 \n'])('answers [] for %j without calling a provider', async (input) => {
    expect(await createPlaces(configFor(google.env)).autocomplete(input)).toEqual([]);
    expect(await createPlaces(configFor(pub.env)).autocomplete(input)).toEqual([]);
    expect(google.requests).toEqual([]);
    expect(pub.requests).toEqual([]);
  });

  it('calls the provider from 3 characters', async () => {
    await createPlaces(configFor(pub.env)).autocomplete('abc');
    expect(pub.requests).toHaveLength(1);
  });
});

describe('typed coordinates and unconfigured providers', () => {
  it('geocodes "latitude, longitude" without a provider call, whatever the provider', async () => {
    for (const places of [createPlaces(configFor(google.env)), createPlaces({ placesProvider: 'none' })]) {
      expect(await places.geocode({ address: ' 38.8977, -77.0365 ' })).toEqual({
        latitude: 38.8977,
        longitude: -77.0365,
        formattedAddress: '38.897700, -77.036500',
      });
    }
    expect(google.requests).toEqual([]);
  });

  it('says out-of-range coordinates are out of range, without a provider call, whatever the provider', async () => {
    for (const places of [createPlaces(configFor(pub.env)), createPlaces({ placesProvider: 'none' })]) {
      for (const address of ['95, 200', '-91.5 10', '12, 181', '123, 45']) {
        const e = await places.geocode({ address }).catch((err: unknown) => err);
        expect(e).toMatchObject({ providerCode: 'ADDRESS_NOT_FOUND', code: 'UNPROCESSABLE', message: COORDINATES_OUT_OF_RANGE_MESSAGE });
      }
    }
    expect(pub.requests).toEqual([]);
  });

  it('with PLACES_PROVIDER=none: no suggestions, and a clear message for addresses', async () => {
    const places = createPlaces({ placesProvider: 'none', imageryProvider: 'none' });
    expect(places).toMatchObject({ name: 'none', configured: false });
    expect(await places.autocomplete('1600 Pennsylvania')).toEqual([]);
    const e = await places.geocode({ address: '1600 Pennsylvania Ave' }).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(ProviderError);
    expect(e).toMatchObject({ providerCode: 'PROVIDER_NOT_CONFIGURED', code: 'UNAVAILABLE', message: PLACES_NOT_CONFIGURED_MESSAGE });
  });

  it('with IMAGERY_PROVIDER=none: says how to configure one', async () => {
    const imagery = createImagery({ imageryProvider: 'none' });
    expect(imagery).toMatchObject({ name: 'none', configured: false, attribution: null });
    const e = await imagery.fetchImage({ latitude: 1, longitude: 2 }).catch((err: unknown) => err);
    expect(e).toMatchObject({ providerCode: 'PROVIDER_NOT_CONFIGURED', code: 'UNAVAILABLE', message: IMAGERY_NOT_CONFIGURED_MESSAGE });
  });

  it('rejects points off the map before any tile maths', async () => {
    const imagery = createImagery(configFor(pub.env));
    await expectProviderError(imagery.fetchImage({ latitude: Number.NaN, longitude: 0 }), 'IMAGERY_FAILED', 'invalid_input');
    await expectProviderError(imagery.fetchImage({ latitude: 89, longitude: 0 }), 'IMAGERY_FAILED', 'invalid_input');
    expect(pub.requests).toEqual([]);
  });
});
