// Address suggestions through both transports (GraphQL `placePredictions`, GET /places/autocomplete),
// with each places provider answered by its local fake: the spec §3 shape, the 3-character minimum
// (no provider call below it), the session token, and provider failures as the spec's message only.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { SECRET_BODY_MARKER, type FakeMode, type RecordedRequest } from '../fakes/fake-server';
import { FAKE_GOOGLE_KEY, startFakeGoogle } from '../fakes/google';
import { startFakePublic } from '../fakes/public';
import { createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users';
import { bearer, graphql } from '../helpers/graphql';
import { createTestApp, type TestApp } from '../helpers/test-app';

const PLACE_PREDICTIONS = /* GraphQL */ `
  query Predictions($input: PlacePredictionsInput!) {
    placePredictions(input: $input) {
      description
      placeId
      structuredFormatting {
        mainText
        secondaryText
      }
    }
  }
`;

type GqlPrediction = { description: string; placeId: string; structuredFormatting: { mainText: string; secondaryText: string } };
type RestPrediction = { description: string; place_id: string; structured_formatting: { main_text: string; secondary_text: string } };

interface Fake {
  env: Record<string, string>;
  requests: RecordedRequest[];
  setMode(mode: FakeMode): void;
  reset(): void;
  close(): Promise<void>;
}

/** How long a hanging provider is waited for here (the production default is 10 s). */
const TIMEOUT_MS = 3000;

const providers = [
  {
    name: 'public' as const,
    start: async (): Promise<Fake> => startFakePublic(),
    /** Requests that went to the autocomplete service. */
    autocompleteRequests: (requests: RecordedRequest[]) => requests.filter((r) => r.service === 'photon'),
  },
  {
    name: 'google' as const,
    start: async (): Promise<Fake> => startFakeGoogle(),
    autocompleteRequests: (requests: RecordedRequest[]) => requests.filter((r) => r.service === 'autocomplete'),
  },
];

describe.each(providers)('places provider $name (fake)', (provider) => {
  let fake: Fake;
  let t: TestApp;
  let dataDir: string;
  let user: EmulatorUser;

  beforeAll(async () => {
    fake = await provider.start();
    dataDir = await mkdtemp(path.join(tmpdir(), 'aerisk-places-'));
    t = await createTestApp({ ...fake.env, DATA_DIR: dataDir, IMAGERY_TIMEOUT_MS: String(TIMEOUT_MS) });
    user = await createEmulatorUser();
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => fake.reset());

  it('answers GraphQL with spec-shaped predictions from the provider', async () => {
    const res = await graphql<{ placePredictions: GqlPrediction[] }>(t, PLACE_PREDICTIONS, {
      token: user.idToken,
      variables: { input: { input: 'Empire State' } },
    });
    expect(res.errors).toBeUndefined();
    const predictions = res.data!.placePredictions;
    expect(predictions).toHaveLength(1);
    const [empire] = predictions;
    expect(empire.description).toContain('Empire State Building');
    expect(empire.description).toContain('New York');
    expect(empire.placeId).not.toBe('');
    expect(empire.structuredFormatting.mainText).toBe('Empire State Building');
    expect(empire.structuredFormatting.secondaryText).toContain('New York');
    expect(provider.autocompleteRequests(fake.requests)).toHaveLength(1);
    expect(fake.requests.flatMap((r) => r.problems)).toEqual([]);
  });

  it('answers GET /places/autocomplete with the REST field names', async () => {
    const res = await t.request('/places/autocomplete?input=1600', { headers: bearer(user.idToken) });
    expect(res.status).toBe(200);
    const predictions = (await res.json()) as RestPrediction[];
    // Two places of the fake gazetteer are at number 1600.
    expect(predictions.map((p) => p.structured_formatting.main_text).sort()).toEqual(['1600 Amphitheatre Parkway', 'White House']);
    for (const p of predictions) {
      expect(Object.keys(p).sort()).toEqual(['description', 'place_id', 'structured_formatting']);
      expect(Object.keys(p.structured_formatting).sort()).toEqual(['main_text', 'secondary_text']);
      expect(p.place_id.length).toBeGreaterThan(0);
    }
  });

  it('sends the session token of the search to the provider', async () => {
    const sessionToken = '0f8c4b5e-6a3d-4c1e-9b7a-2d5e8f1a3c6b';
    const res = await t.request(`/places/autocomplete?input=Empire&session_token=${sessionToken}`, { headers: bearer(user.idToken) });
    expect(res.status).toBe(200);
    const [request] = provider.autocompleteRequests(fake.requests);
    if (provider.name === 'google') {
      expect(JSON.parse(request.body)).toMatchObject({ input: 'Empire', sessionToken });
      expect(request.headers['x-goog-api-key']).toBe(FAKE_GOOGLE_KEY);
    } else {
      // Photon has no sessions; the token must not leak into its query.
      expect(JSON.stringify(request.query)).not.toContain(sessionToken);
    }
  });

  it('answers [] below 3 characters without calling the provider', async () => {
    for (const input of ['', 'E', 'Em', '  Em  ']) {
      const rest = await t.request(`/places/autocomplete?input=${encodeURIComponent(input)}`, { headers: bearer(user.idToken) });
      expect(rest.status).toBe(200);
      expect(await rest.json()).toEqual([]);
      const gql = await graphql<{ placePredictions: GqlPrediction[] }>(t, PLACE_PREDICTIONS, {
        token: user.idToken,
        variables: { input: { input } },
      });
      expect(gql.data?.placePredictions).toEqual([]);
    }
    const missing = await t.request('/places/autocomplete', { headers: bearer(user.idToken) });
    expect(await missing.json()).toEqual([]);
    expect(fake.requests).toEqual([]);
  });

  it.each<FakeMode>(['http-500', 'malformed-json', 'wrong-content-type', 'oversized', 'hang'])(
    'turns a provider failure (%s) into "Failed to fetch place predictions"',
    async (mode) => {
      fake.setMode(mode);
      const rest = await t.request('/places/autocomplete?input=Empire', { headers: bearer(user.idToken) });
      expect(rest.status).toBe(503);
      const text = await rest.text();
      expect(JSON.parse(text)).toEqual({ error: { code: 'UNAVAILABLE', message: 'Failed to fetch place predictions' } });
      const gql = await graphql<{ placePredictions: GqlPrediction[] }>(t, PLACE_PREDICTIONS, {
        token: user.idToken,
        variables: { input: { input: 'Empire' } },
      });
      expect(gql.data).toBeNull();
      expect(gql.errors?.map((e) => e.message)).toEqual(['Failed to fetch place predictions']);
      for (const answer of [text, JSON.stringify(gql)]) {
        expect(answer).not.toContain(SECRET_BODY_MARKER);
        expect(answer).not.toContain('127.0.0.1');
      }
    },
  );

  it('refuses a caller without a token', async () => {
    const rest = await t.request('/places/autocomplete?input=Empire');
    expect(rest.status).toBe(401);
    const gql = await graphql(t, PLACE_PREDICTIONS, { variables: { input: { input: 'Empire' } } });
    expect(gql.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(fake.requests).toEqual([]);
  });
});

describe('imagery configuration', () => {
  it('stops the start on a provider setting the providers could not use', () => {
    expect(() => loadConfig({ IMAGERY_PROVIDER: 'google' })).toThrow(ConfigError);
    expect(() => loadConfig({ PLACES_PROVIDER: 'google' })).toThrow(/GOOGLE_MAPS_API_KEY/);
    expect(() => loadConfig({ IMAGERY_PROVIDER: 'tiles' })).toThrow(/TILE_URL_TEMPLATE/);
    expect(() => loadConfig({ IMAGERY_PROVIDER: 'tiles', TILE_URL_TEMPLATE: 'http://tiles.example/{z}/{x}.png' })).toThrow(ConfigError);
    expect(() => loadConfig({ IMAGERY_TIMEOUT_MS: '0' })).toThrow(ConfigError);
  });

  it('reads the optional imagery settings', () => {
    const { imagery } = loadConfig({
      IMAGERY_PROVIDER: 'tiles',
      TILE_URL_TEMPLATE: 'file:///srv/tiles/{z}/{x}/{y}.png',
      TILE_ATTRIBUTION: 'Imagery: County GIS',
      IMAGERY_TIMEOUT_MS: '2500',
      IMAGERY_MAX_IMAGE_BYTES: '1048576',
    });
    expect(imagery).toMatchObject({
      provider: 'tiles',
      placesProvider: 'public',
      tileAttribution: 'Imagery: County GIS',
      timeoutMs: 2500,
      maxImageBytes: 1048576,
    });
  });
});
