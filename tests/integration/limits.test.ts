// Abuse limits: per-user uploads and analyses per minute (429 + Retry-After on REST, RateLimitedError
// in GraphQL), bearer auth only (no ambient cookie), no batched GraphQL requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser } from '../helpers/auth-emulator-users';
import {
  auth,
  createAnalysisTestApp,
  graphqlUpload,
  restUpload,
  sceneImage,
  scriptedAnalyzer,
  uploaded,
  type AnalysisTestApp,
} from '../helpers/analysis';
import { graphql } from '../helpers/graphql';
import { createDbClaudeBudget } from '../../server/services/rate-limit';
import { startFakePublic } from '../fakes/public';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const TWENTY_SECONDS_IN = new Date('2026-11-24T10:00:20.000Z');

let t: AnalysisTestApp & { dispose(): Promise<void> };
let places: Awaited<ReturnType<typeof startFakePublic>>;

beforeAll(async () => {
  places = await startFakePublic();
  t = await createAnalysisTestApp({
    analyzer: scriptedAnalyzer({}),
    env: { ...places.env, UPLOAD_RATE_LIMIT_PER_MINUTE: '3', ANALYZE_RATE_LIMIT_PER_MINUTE: '2', PLACES_RATE_LIMIT_PER_MINUTE: '2' },
    // Limits count per calendar minute: a clock standing 20 s into a minute keeps every test inside one window.
    clock: () => TWENTY_SECONDS_IN,
  });
});
afterAll(async () => {
  await t?.dispose();
  await places?.close();
});

describe('uploads per minute', () => {
  it('REST answers 429 with Retry-After past the limit; other users are unaffected', async () => {
    const [user, other] = await Promise.all([createEmulatorUser(), createEmulatorUser()]);
    const bytes = await sceneImage();
    for (let i = 0; i < 3; i++) expect((await restUpload(t, user, { bytes })).status).toBe(201);
    const before = await t.db.prisma.image.count({ where: { ownerId: user.uid } });
    const res = await restUpload(t, user, { bytes });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: { code: 'RATE_LIMITED', message: 'Failed to upload image' } });
    const retryAfter = Number(res.headers.get('retry-after'));
    // The window's remaining seconds by the app's clock (20 s into the minute).
    expect(retryAfter).toBe(40);
    expect(await t.db.prisma.image.count({ where: { ownerId: user.uid } })).toBe(before);
    expect((await restUpload(t, other, { bytes })).status).toBe(201);
  });

  it('GraphQL answers RateLimitedError with retryAfterSeconds, sharing the count with REST', async () => {
    const user = await createEmulatorUser();
    const bytes = await sceneImage();
    for (let i = 0; i < 2; i++) expect((await restUpload(t, user, { bytes })).status).toBe(201);
    const third = (await (await graphqlUpload(t, user, { bytes })).json()) as Json;
    expect(third.data.uploadImage.__typename).toBe('MutationUploadImageSuccess');
    const fourth = (await (await graphqlUpload(t, user, { bytes })).json()) as Json;
    expect(fourth.data.uploadImage).toMatchObject({
      __typename: 'RateLimitedError',
      message: 'Failed to upload image',
      retryAfterSeconds: expect.any(Number),
    });
    expect(fourth.data.uploadImage.retryAfterSeconds).toBe(40);
  });
});

describe('analyses per minute', () => {
  it('REST and GraphQL refuse the third analysis in a minute', async () => {
    const user = await createEmulatorUser();
    const imageId = await uploaded(t, user);
    for (let i = 0; i < 2; i++) {
      expect((await t.request(`/aerial/analyze/${imageId}`, { method: 'POST', headers: auth(user) })).status).toBe(200);
    }
    const res = await t.request(`/aerial/analyze/${imageId}`, { method: 'POST', headers: auth(user) });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: { code: 'RATE_LIMITED', message: 'Failed to analyze image' } });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const gql = await graphql<Json>(
      t,
      `
        mutation ($input: AnalyzeImageInput!) {
          analyzeImage(input: $input) {
            __typename
            ... on RateLimitedError {
              message
              retryAfterSeconds
            }
          }
        }
      `,
      { token: user.idToken, variables: { input: { imageId: Buffer.from(`Image:${imageId}`).toString('base64') } } },
    );
    expect(gql.data!.analyzeImage).toMatchObject({ __typename: 'RateLimitedError', message: 'Failed to analyze image' });
    expect(await t.db.prisma.analysis.count({ where: { imageId } })).toBe(2);
  });
});

describe('address suggestions per minute', () => {
  const PREDICTIONS = /* GraphQL */ `
    query Predictions($input: PlacePredictionsInput!) {
      placePredictions(input: $input) {
        placeId
      }
    }
  `;

  it('counts only calls that reach the provider, then refuses with 429 on REST and an error in GraphQL', async () => {
    const [user, other] = await Promise.all([createEmulatorUser(), createEmulatorUser()]);
    const suggest = (who: typeof user, input: string) =>
      t.request(`/places/autocomplete?input=${encodeURIComponent(input)}`, { headers: auth(who) });
    // Below three characters nothing is asked of the provider, and nothing is counted.
    for (let i = 0; i < 4; i++) expect(await (await suggest(user, 'Em')).json()).toEqual([]);
    expect((await suggest(user, 'Empire')).status).toBe(200);
    const gql = await graphql<Json>(t, PREDICTIONS, { token: user.idToken, variables: { input: { input: 'Empire State' } } });
    expect(gql.errors).toBeUndefined();
    const calls = places.requests.length;
    const refused = await suggest(user, 'Empire');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: 'Failed to fetch place predictions' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const refusedGql = await graphql<Json>(t, PREDICTIONS, { token: user.idToken, variables: { input: { input: 'Empire State' } } });
    expect(refusedGql.errors?.[0]?.message).toBe('Failed to fetch place predictions');
    expect(refusedGql.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    // The refused calls never reached the provider; another user is not affected.
    expect(places.requests.length).toBe(calls);
    expect((await suggest(other, 'Empire')).status).toBe(200);
  });
});

describe('authentication and request shape', () => {
  it('a session cookie alone authenticates nothing', async () => {
    const user = await createEmulatorUser();
    const res = await t.request('/aerial/analyses', { headers: { cookie: `token=${user.idToken}; session=${user.idToken}` } });
    expect(res.status).toBe(401);
  });

  it('refuses batched GraphQL requests', async () => {
    const user = await createEmulatorUser();
    const res = await t.request('/graphql', {
      method: 'POST',
      headers: { ...auth(user), 'content-type': 'application/json' },
      body: JSON.stringify([{ query: '{ viewer { id } }' }, { query: '{ viewer { id } }' }]),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
  });

  it('refuses a multipart GraphQL request with batched operations', async () => {
    const user = await createEmulatorUser();
    const form = new FormData();
    form.append('operations', JSON.stringify([{ query: '{ viewer { id } }' }, { query: '{ viewer { id } }' }]));
    form.append('map', '{}');
    const res = await t.request('/graphql', { method: 'POST', headers: { ...auth(user), 'x-graphql-yoga-csrf': '1' }, body: form });
    expect(res.status).toBe(400);
    // Yoga's own answer, as for a batched JSON request.
    expect(((await res.json()) as Json).errors[0].message).toBe('Batching is not supported.');
  });

  it('refuses a list argument of 10,000 ids before running it, with or without a token', async () => {
    const user = await createEmulatorUser();
    const ids = Array.from({ length: 10_000 }, (_, i) =>
      Buffer.from(`Analysis:00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).toString('base64'),
    );
    for (const token of [undefined, user.idToken]) {
      const res = await t.request('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query: 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }', variables: { ids } }),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as Json).errors[0]).toMatchObject({
        message: 'A list in this request has 10000 items; at most 100 are accepted.',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    // A list within the bound still runs (and finds nothing of anyone else's).
    const res = await graphql<Json>(t, 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }', {
      token: user.idToken,
      variables: { ids: ids.slice(0, 100) },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.nodes.every((n: unknown) => n === null)).toBe(true);
  });
});

describe('Claude’s daily budget (usage_counters)', () => {
  it('allows CLAUDE_DAILY_BUDGET analyses per user and UTC day, atomically', async () => {
    let now = new Date('2026-11-22T23:59:00Z');
    const budget = createDbClaudeBudget(t.db.prisma, 3, () => now);
    const results = await Promise.all(Array.from({ length: 6 }, () => budget.tryConsume('budget-user-a')));
    expect(results.filter(Boolean)).toHaveLength(3);
    expect(await budget.tryConsume('budget-user-b')).toBe(true);
    now = new Date('2026-11-23T00:00:01Z'); // a new UTC day
    expect(await budget.tryConsume('budget-user-a')).toBe(true);
    const zero = createDbClaudeBudget(t.db.prisma, 0, () => now);
    expect(await zero.tryConsume('budget-user-c')).toBe(false);
  });
});
