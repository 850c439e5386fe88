// The fakes are only worth their `problems: []` if they notice wrong requests; and tests in other processes
// drive them through /__fake/*.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGoogle, type FakeGoogle } from '../../fakes/google';
import { startFakePublic, type FakePublic } from '../../fakes/public';

let google: FakeGoogle;
let pub: FakePublic;
beforeAll(async () => {
  [google, pub] = await Promise.all([startFakeGoogle(), startFakePublic()]);
});
afterAll(() => Promise.all([google.close(), pub.close()]));
beforeEach(() => {
  google.reset();
  pub.reset();
});

describe('fake providers check requests like the real APIs', () => {
  it('Places (New): key in the query instead of the header is refused and noted', async () => {
    const res = await fetch(`${google.placesUrl}/v1/places:autocomplete?key=${google.apiKey}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ input: '1600 Penn' }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.status).toBe('INVALID_ARGUMENT');
    expect(google.requests[0].problems).toEqual([
      'Places API (New) key belongs in X-Goog-Api-Key, not the query',
      'missing or wrong X-Goog-Api-Key header',
    ]);
  });

  it('Static Maps: wrong size and map type are noted and refused', async () => {
    const res = await fetch(`${google.mapsUrl}/maps/api/staticmap?center=1,2&zoom=19&size=640x640&maptype=roadmap&key=${google.apiKey}`);
    expect(res.status).toBe(400);
    expect(google.requests[0].problems).toEqual([
      'zoom should be 20, got 19',
      'size should be 600x400, got 640x640',
      'maptype should be satellite, got roadmap',
    ]);
  });

  it('Census: a missing benchmark is a 400 in the Census error format', async () => {
    const res = await fetch(`${pub.censusGeocoderUrl}?address=1600+Pennsylvania&format=json`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errors: ['A valid Benchmark must be provided'], status: '400' });
  });

  it('Photon: a missing q is refused, an odd limit noted', async () => {
    expect((await fetch(`${pub.photonUrl}?limit=5`)).status).toBe(400);
    await fetch(`${pub.photonUrl}?q=empire&limit=500`);
    expect(pub.requests.map((r) => r.problems)).toEqual([['q missing'], ['limit should be 1..50, got 500']]);
  });

  it('is driven through /__fake/ control paths, which are not recorded', async () => {
    const photon = new URL(pub.photonUrl).origin;
    await fetch(`${photon}/__fake/mode?mode=wrong-content-type&service=photon`, { method: 'POST' });
    const res = await fetch(`${pub.photonUrl}?q=empire&limit=5`);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const recorded = (await (await fetch(`${photon}/__fake/requests`)).json()) as Array<{ query: { q: string } }>;
    expect(recorded.map((r) => r.query.q)).toEqual(['empire']);
    await fetch(`${photon}/__fake/reset`, { method: 'POST' });
    expect((await fetch(`${pub.photonUrl}?q=empire&limit=5`)).status).toBe(200);
    expect(pub.requests).toHaveLength(1);
  });
});
