// The map flow's server half, with each imagery provider answered by its local fake: `fetchPropertyImage`
// and POST /aerial/property-image geocode, fetch a 600×400 zoom-20 picture and store it as the viewer's
// PNG with its provenance; analysing it carries that provenance into the analysis; provider failures are
// the spec's message and nothing else; the image is its owner's only.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COORDINATES_OUT_OF_RANGE_MESSAGE, NO_IMAGERY_MESSAGE } from '../../server/imagery/errors';
import { USGS_ATTRIBUTION } from '../../server/imagery/factory';
import { SECRET_BODY_MARKER, type FakeMode, type RecordedRequest } from '../fakes/fake-server';
import { FAKE_PLACES } from '../fakes/gazetteer';
import { startFakeGoogle } from '../fakes/google';
import { startFakePublic } from '../fakes/public';
import { startFakeTiles } from '../fakes/tiles';
import { ANALYZE_MUTATION, IMAGE_FIELDS } from '../helpers/analysis';
import { createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users';
import { bearer, graphql } from '../helpers/graphql';
import { createTestApp, type TestApp } from '../helpers/test-app';

const FETCH = /* GraphQL */ `
  mutation Fetch($input: FetchPropertyImageInput!) {
    fetchPropertyImage(input: $input) {
      __typename
      ... on MutationFetchPropertyImageSuccess {
        data {
          ${IMAGE_FIELDS}
          attribution
        }
      }
      ... on ImageryError {
        notConfigured
      }
      ... on Error {
        message
      }
    }
  }
`;

type ImageData = {
  id: string;
  itemId: string;
  url: string;
  width: number;
  height: number;
  mime: string;
  source: string;
  propertyLocation: string;
  latitude: number | null;
  longitude: number | null;
  gsdMPerPx: number | null;
  gsdSource: string | null;
  capturedAt: string | null;
  attribution: string | null;
};
type FetchResult = { fetchPropertyImage: { __typename: string; data?: ImageData; message?: string; notConfigured?: boolean } };
type Provenance = Record<string, unknown> & { center?: { lat: number; lng: number } };

const MAP_FAILED = 'Failed to fetch map image. Please try again.';
const TIMEOUT_MS = 3000;
const WHITE_HOUSE = FAKE_PLACES.find((p) => p.name === 'White House')!;
const EMPIRE = FAKE_PLACES.find((p) => p.name === 'Empire State Building')!;
const WHITE_HOUSE_ADDRESS = '1600 Pennsylvania Avenue, Washington, DC';
const zoomGsd = (latitude: number) => (156543.03 * Math.cos((latitude * Math.PI) / 180)) / 2 ** 20;

interface Fakes {
  env: Record<string, string>;
  requests(): RecordedRequest[];
  failImagery(mode: FakeMode): void;
  failGeocoding(mode: FakeMode): void;
  reset(): void;
  close(): Promise<void>;
}

const providers = [
  {
    name: 'public',
    imageryService: 'usgs',
    attribution: USGS_ATTRIBUTION,
    // USGSImageryOnly is NAIP underneath: 0.6 m, whatever the zoom (docs/decisions/006).
    gsd: () => ({ value: 0.6, source: 'source-native' }),
    start: async (): Promise<Fakes> => {
      const pub = await startFakePublic();
      return {
        env: pub.env,
        requests: () => pub.requests,
        failImagery: (mode) => pub.setMode(mode, 'usgs'),
        // Photon is the Census geocoder's fallback: both must fail.
        failGeocoding: (mode) => (pub.setMode(mode, 'census'), pub.setMode(mode, 'photon')),
        reset: pub.reset,
        close: pub.close,
      };
    },
  },
  {
    name: 'google',
    imageryService: 'staticmap',
    attribution: 'Imagery © Google',
    gsd: (latitude: number) => ({ value: zoomGsd(latitude), source: 'map-zoom' }),
    start: async (): Promise<Fakes> => {
      const google = await startFakeGoogle();
      return {
        env: google.env,
        requests: () => google.requests,
        failImagery: (mode) => google.setMode(mode, 'staticmap'),
        failGeocoding: (mode) => google.setMode(mode, 'geocode'),
        reset: google.reset,
        close: google.close,
      };
    },
  },
  {
    name: 'tiles',
    imageryService: 'tiles',
    attribution: 'Imagery: fake tile server',
    gsd: (latitude: number) => ({ value: zoomGsd(latitude), source: 'map-zoom' }),
    start: async (): Promise<Fakes> => {
      const [pub, tiles] = await Promise.all([startFakePublic(), startFakeTiles()]);
      return {
        env: { ...pub.env, ...tiles.env },
        // One log in arrival order, as each other provider's single fake keeps it.
        requests: () => [...pub.requests, ...tiles.requests].sort((a, b) => a.arrival - b.arrival),
        failImagery: (mode) => tiles.setMode(mode),
        failGeocoding: (mode) => (pub.setMode(mode, 'census'), pub.setMode(mode, 'photon')),
        reset: () => (pub.reset(), tiles.reset()),
        close: async () => {
          await Promise.all([pub.close(), tiles.close()]);
        },
      };
    },
  },
];

async function withTempDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'aerisk-property-image-'));
}

describe.each(providers)('imagery provider $name (fake)', (provider) => {
  let fakes: Fakes;
  let t: TestApp;
  let dataDir: string;
  let user: EmulatorUser;

  beforeAll(async () => {
    fakes = await provider.start();
    dataDir = await withTempDir();
    t = await createTestApp({ ...fakes.env, DATA_DIR: dataDir, IMAGERY_TIMEOUT_MS: String(TIMEOUT_MS) });
  });
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    fakes.reset();
    // A fresh user per test: nobody's images or rate-limit counters are another test's.
    user = await createEmulatorUser();
  });

  const fetchImage = (input: Record<string, unknown>, token = user.idToken) =>
    graphql<FetchResult>(t, FETCH, { token, variables: { input } });
  const postImage = (body: unknown, token = user.idToken) =>
    t.request('/aerial/property-image', {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const imageCount = () => t.db.prisma.image.count({ where: { ownerId: user.uid } });

  function expectImageryProvenance(provenance: Provenance, place: { latitude: number; longitude: number }) {
    const gsd = provider.gsd(place.latitude);
    expect(provenance).toMatchObject({
      image_source: provider.name,
      width: 600,
      height: 400,
      zoom: 20,
      gsd_source: gsd.source,
    });
    expect(provenance.gsd_m_per_px as number).toBeCloseTo(gsd.value, 4);
    expect(String(provenance.attribution)).toContain(provider.attribution);
    expect(provenance.center!.lat).toBeCloseTo(place.latitude, 5);
    expect(provenance.center!.lng).toBeCloseTo(place.longitude, 5);
  }

  it('stores a 600×400 PNG with its provenance, and analysing it carries that provenance (GraphQL, by address)', async () => {
    const res = await fetchImage({ address: WHITE_HOUSE_ADDRESS });
    expect(res.errors).toBeUndefined();
    const result = res.data!.fetchPropertyImage;
    expect(result.__typename).toBe('MutationFetchPropertyImageSuccess');
    const image = result.data!;
    const gsd = provider.gsd(WHITE_HOUSE.latitude);
    expect(image).toMatchObject({
      width: 600,
      height: 400,
      mime: 'image/png',
      source: provider.name,
      gsdSource: gsd.source,
      capturedAt: null,
    });
    expect(image.latitude!).toBeCloseTo(WHITE_HOUSE.latitude, 5);
    expect(image.longitude!).toBeCloseTo(WHITE_HOUSE.longitude, 5);
    expect(image.gsdMPerPx!).toBeCloseTo(gsd.value, 4);
    expect(image.attribution).toContain(provider.attribution);
    expect(image.propertyLocation.toUpperCase()).toContain('1600 PENNSYLVANIA');
    expect(fakes.requests().flatMap((r) => r.problems)).toEqual([]);

    // The stored row: an uploaded PNG named with a timestamp (spec §7), with the zoom and centre.
    const row = await t.db.prisma.image.findUniqueOrThrow({ where: { id: image.itemId } });
    expect(row.ownerId).toBe(user.uid);
    const meta = row.providerMeta as { upload: { filename: string }; provenance: Provenance };
    expect(meta.upload.filename).toMatch(/^map-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.png$/);
    expect(meta.provenance).toMatchObject({ zoom: 20, attribution: image.attribution });

    // The bytes, as the client fetches them.
    const file = await t.request(image.url, { headers: bearer(user.idToken) });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await file.arrayBuffer());
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 600, height: 400 });

    const analyzed = await graphql<{
      analyzeImage: {
        __typename: string;
        data?: { analysisId: string; status: string; propertyLocation: string; provenance: Provenance; image: { itemId: string } };
      };
    }>(t, ANALYZE_MUTATION, { token: user.idToken, variables: { input: { imageId: image.id } } });
    expect(analyzed.errors).toBeUndefined();
    const analysis = analyzed.data!.analyzeImage.data!;
    expect(analysis).toMatchObject({ status: 'done', propertyLocation: image.propertyLocation, image: { itemId: image.itemId } });
    expectImageryProvenance(analysis.provenance, WHITE_HOUSE);
  });

  it('fetches a chosen suggestion by place id over REST and analyses it with its provenance', async () => {
    const sessionToken = '2b7e1516-28ae-4d2a-a6ab-f7158809cf4f';
    const suggestions = await t.request(`/places/autocomplete?input=Empire%20State&session_token=${sessionToken}`, {
      headers: bearer(user.idToken),
    });
    const [empire] = (await suggestions.json()) as { place_id: string; description: string }[];
    expect(empire.description).toContain('Empire State Building');

    const created = await postImage({ place_id: empire.place_id, session_token: sessionToken });
    expect(created.status).toBe(201);
    const { item_id: itemId } = (await created.json()) as { item_id: string };
    const row = await t.db.prisma.image.findUniqueOrThrow({ where: { id: itemId } });
    expect(row.latitude!).toBeCloseTo(EMPIRE.latitude, 5);
    expect(row.longitude!).toBeCloseTo(EMPIRE.longitude, 5);
    expect(row.propertyLocation).toContain('New York');
    if (provider.name === 'google') {
      // Place details closes the autocomplete session with the same token.
      const details = fakes.requests().find((r) => r.service === 'place-details');
      expect(details?.query.sessionToken).toBe(sessionToken);
    }

    const analyzed = await t.request(`/aerial/analyze/${itemId}`, { method: 'POST', headers: bearer(user.idToken) });
    expect(analyzed.status).toBe(200);
    const body = (await analyzed.json()) as {
      analysis_id: string;
      results: { property_location: string };
      evidence: { provenance: Provenance };
    };
    expect(body.results.property_location).toBe(row.propertyLocation);
    expectImageryProvenance(body.evidence.provenance, EMPIRE);
    expect(fakes.requests().flatMap((r) => r.problems)).toEqual([]);
  });

  it.each<FakeMode>(['http-500', 'hang', 'oversized', 'not-image', 'wrong-content-type'])(
    'answers an imagery failure (%s) with the spec message only, and stores nothing',
    async (mode) => {
      fakes.failImagery(mode);
      const gql = await fetchImage({ address: WHITE_HOUSE_ADDRESS });
      expect(gql.data?.fetchPropertyImage).toEqual({ __typename: 'ImageryError', notConfigured: false, message: MAP_FAILED });
      const rest = await postImage({ address: WHITE_HOUSE_ADDRESS });
      expect(rest.status).toBe(503);
      const text = await rest.text();
      expect(JSON.parse(text)).toEqual({ error: { code: 'UNAVAILABLE', message: MAP_FAILED } });
      for (const answer of [text, JSON.stringify(gql)]) {
        expect(answer).not.toContain(SECRET_BODY_MARKER);
        expect(answer).not.toContain('127.0.0.1');
      }
      expect(fakes.requests().some((r) => r.service === provider.imageryService)).toBe(true);
      expect(await imageCount()).toBe(0);
    },
  );

  it('answers a geocoder failure with the spec message without asking for imagery', async () => {
    fakes.failGeocoding('http-500');
    const rest = await postImage({ address: WHITE_HOUSE_ADDRESS });
    expect(rest.status).toBe(503);
    expect(await rest.json()).toEqual({ error: { code: 'UNAVAILABLE', message: MAP_FAILED } });
    // Requests in arrival order: nothing asked for imagery once geocoding began. (A tile request of the
    // previous test, cut off by its first failing tile, may still reach the fake after the reset.)
    const requests = fakes.requests();
    const geocoding = requests.findIndex((r) => r.service !== provider.imageryService);
    expect(geocoding).toBeGreaterThanOrEqual(0);
    expect(requests.slice(geocoding).some((r) => r.service === provider.imageryService)).toBe(false);
    expect(await imageCount()).toBe(0);
  });

  it('answers an address nobody knows with 422 and the spec message', async () => {
    const rest = await postImage({ address: '99999 Nowhere Boulevard, Atlantis' });
    expect(rest.status).toBe(422);
    expect(await rest.json()).toEqual({ error: { code: 'UNPROCESSABLE', message: MAP_FAILED } });
    const gql = await fetchImage({ address: '99999 Nowhere Boulevard, Atlantis' });
    expect(gql.data?.fetchPropertyImage).toMatchObject({ __typename: 'ImageryError', message: MAP_FAILED });
  });

  it('says typed coordinates are out of range rather than looking them up', async () => {
    const rest = await postImage({ address: '91.5, 200' });
    expect(rest.status).toBe(422);
    expect(await rest.json()).toEqual({ error: { code: 'UNPROCESSABLE', message: COORDINATES_OUT_OF_RANGE_MESSAGE } });
    const gql = await fetchImage({ address: '-100 45' });
    expect(gql.data?.fetchPropertyImage).toMatchObject({ __typename: 'ImageryError', message: COORDINATES_OUT_OF_RANGE_MESSAGE });
    expect(fakes.requests()).toEqual([]);
    expect(await imageCount()).toBe(0);
  });

  it('asks for an address when none is given, without calling a provider', async () => {
    for (const body of [{}, { address: '' }, { address: '   ' }, { place_id: '  ' }]) {
      const rest = await postImage(body);
      expect(rest.status).toBe(400);
      expect(await rest.json()).toEqual({ error: { code: 'VALIDATION', message: 'Please enter an address' } });
    }
    const gql = await fetchImage({ address: ' ' });
    expect(gql.data?.fetchPropertyImage).toEqual({ __typename: 'ValidationError', message: 'Please enter an address' });
    expect(fakes.requests()).toEqual([]);
  });

  it("keeps the image its owner's: another user can neither read nor analyse it", async () => {
    const created = await postImage({ address: WHITE_HOUSE_ADDRESS });
    expect(created.status).toBe(201);
    const { item_id: itemId } = (await created.json()) as { item_id: string };
    const other = await createEmulatorUser();
    const file = await t.request(`/aerial/image-file/by-id/${itemId}`, { headers: bearer(other.idToken) });
    expect(file.status).toBe(404);
    const analyze = await t.request(`/aerial/analyze/${itemId}`, { method: 'POST', headers: bearer(other.idToken) });
    expect(analyze.status).toBe(404);
    expect(await t.db.prisma.analysis.count({ where: { imageId: itemId } })).toBe(0);
    const anonymous = await postImage({ address: WHITE_HOUSE_ADDRESS }, '');
    expect(anonymous.status).toBe(401);
  });
});

describe('no imagery provider configured', () => {
  let t: TestApp;
  let dataDir: string;
  let user: EmulatorUser;

  beforeAll(async () => {
    dataDir = await withTempDir();
    t = await createTestApp({ IMAGERY_PROVIDER: 'none', PLACES_PROVIDER: 'none', DATA_DIR: dataDir });
    user = await createEmulatorUser();
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('tells the Map tab that imagery is off and how to turn it on', async () => {
    const res = await graphql<{ imageryStatus: Record<string, unknown>; placesStatus: Record<string, unknown> }>(
      t,
      'query { imageryStatus { configured provider attribution hint } placesStatus { configured provider attribution } }',
      { token: user.idToken },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.imageryStatus).toMatchObject({ configured: false, provider: 'none', attribution: null });
    expect(res.data!.imageryStatus.hint).toMatch(/IMAGERY_PROVIDER/);
    expect(res.data!.placesStatus).toEqual({ configured: false, provider: 'none', attribution: null });
  });

  it('answers fetchPropertyImage with a not-configured error that says what to set', async () => {
    const gql = await graphql<FetchResult>(t, FETCH, { token: user.idToken, variables: { input: { address: '38.8977, -77.0365' } } });
    const result = gql.data!.fetchPropertyImage;
    expect(result).toMatchObject({ __typename: 'ImageryError', notConfigured: true });
    expect(result.message).toMatch(/IMAGERY_PROVIDER/);
    const rest = await t.request('/aerial/property-image', {
      method: 'POST',
      headers: { ...bearer(user.idToken), 'content-type': 'application/json' },
      body: JSON.stringify({ address: '38.8977, -77.0365' }),
    });
    expect(rest.status).toBe(503);
    const places = await t.request('/places/autocomplete?input=Empire', { headers: bearer(user.idToken) });
    expect(await places.json()).toEqual([]);
  });
});

describe('an imagery host that cannot be reached', () => {
  let t: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await withTempDir();
    // Port 9 (discard) is closed here: the connection is refused, as for a server without internet.
    t = await createTestApp({
      IMAGERY_PROVIDER: 'tiles',
      TILE_URL_TEMPLATE: 'http://127.0.0.1:9/tiles/{z}/{x}/{y}.png',
      PLACES_PROVIDER: 'none',
      DATA_DIR: dataDir,
    });
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers with the spec message and says the provider was unreachable', async () => {
    const user = await createEmulatorUser();
    const typed = await graphql<FetchResult & { fetchPropertyImage: { providerUnreachable?: boolean } }>(
      t,
      FETCH.replace('notConfigured', 'notConfigured providerUnreachable'),
      { token: user.idToken, variables: { input: { address: '38.8977, -77.0365' } } },
    );
    expect(typed.data?.fetchPropertyImage).toEqual({
      __typename: 'ImageryError',
      notConfigured: false,
      providerUnreachable: true,
      message: MAP_FAILED,
    });
    expect(await t.db.prisma.image.count({ where: { ownerId: user.uid } })).toBe(0);
  });

  it('says out-of-range coordinates are out of range, not that address lookup is off', async () => {
    const user = await createEmulatorUser();
    const typed = await graphql<FetchResult>(t, FETCH, { token: user.idToken, variables: { input: { address: '95, -200' } } });
    expect(typed.data?.fetchPropertyImage).toEqual({
      __typename: 'ImageryError',
      notConfigured: false,
      message: COORDINATES_OUT_OF_RANGE_MESSAGE,
    });
  });
});

describe('a place the imagery source has no picture of', () => {
  let t: TestApp;
  let dataDir: string;
  let pub: Awaited<ReturnType<typeof startFakePublic>>;

  beforeAll(async () => {
    pub = await startFakePublic();
    dataDir = await withTempDir();
    t = await createTestApp({ ...pub.env, DATA_DIR: dataDir, IMAGERY_TIMEOUT_MS: String(TIMEOUT_MS) });
  });
  afterAll(async () => {
    await t?.close();
    await pub?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('says there is no imagery there, not that fetching failed', async () => {
    const user = await createEmulatorUser();
    // USGS imagery (and its fake) covers the United States only; the Eiffel Tower is a valid point with no tile.
    const rest = await t.request('/aerial/property-image', {
      method: 'POST',
      headers: { ...bearer(user.idToken), 'content-type': 'application/json' },
      body: JSON.stringify({ address: '48.8584, 2.2945' }),
    });
    expect(rest.status).toBe(422);
    expect(await rest.json()).toEqual({ error: { code: 'UNPROCESSABLE', message: NO_IMAGERY_MESSAGE } });
    const gql = await graphql<FetchResult>(t, FETCH, { token: user.idToken, variables: { input: { address: '48.8584, 2.2945' } } });
    expect(gql.data?.fetchPropertyImage).toEqual({ __typename: 'ImageryError', notConfigured: false, message: NO_IMAGERY_MESSAGE });
    expect(pub.requests.some((r) => r.service === 'usgs')).toBe(true);
    expect(await t.db.prisma.image.count({ where: { ownerId: user.uid } })).toBe(0);
  });
});
