// API keys for scripts (issue 11 item 5) through the real app: a key made on the profile (GraphQL) or over
// REST works as `Authorization: Bearer <key>` on both transports with its owner's data and nobody else's;
// only its hash is stored; revoked and unknown keys are refused at once; each key has its own limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '../../server/services/api-keys';
import { createAnonymousUser, createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users';
import { auth, createAnalysisTestApp, scriptedAnalyzer, uploaded, type AnalysisTestApp } from '../helpers/analysis';
import { graphql } from '../helpers/graphql';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const CREATE = /* GraphQL */ `
  mutation Create($input: CreateApiKeyInput!) {
    createApiKey(input: $input) {
      __typename
      ... on MutationCreateApiKeySuccess {
        data {
          secret
          apiKey {
            id
            keyId
            name
            prefix
            lastUsedAt
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const REVOKE = /* GraphQL */ `
  mutation Revoke($input: RevokeApiKeyInput!) {
    revokeApiKey(input: $input) {
      __typename
      ... on MutationRevokeApiKeySuccess {
        data
      }
      ... on Error {
        message
      }
    }
  }
`;
const KEYS = /* GraphQL */ `
  query {
    viewer {
      userId
      apiKeys(first: 20) {
        edges {
          node {
            keyId
            name
            prefix
            lastUsedAt
          }
        }
      }
    }
  }
`;

let t: AnalysisTestApp & { dispose(): Promise<void> };
let alice: EmulatorUser;
let bob: EmulatorUser;
let aliceAnalysis: string;
let bobAnalysis: string;

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

async function createKey(user: { idToken: string }, name: string): Promise<{ secret: string; id: string; keyId: string }> {
  const res = await graphql<Json>(t, CREATE, { token: user.idToken, variables: { input: { name } } });
  const data = res.data?.createApiKey.data;
  expect(data, JSON.stringify(res)).toBeTruthy();
  return { secret: data.secret, id: data.apiKey.id, keyId: data.apiKey.keyId };
}

beforeAll(async () => {
  t = await createAnalysisTestApp({ analyzer: scriptedAnalyzer({ '*': { pool: true } }), env: { API_KEY_RATE_LIMIT_PER_MINUTE: '1000' } });
  const base = await t.listen();
  [alice, bob] = await Promise.all([createEmulatorUser(), createEmulatorUser()]);
  const analyse = async (user: EmulatorUser, where: string) => {
    const imageId = await uploaded(base, user, where);
    const res = await t.request(`/aerial/analyze/${imageId}`, { method: 'POST', headers: auth(user) });
    return ((await res.json()) as Json).analysis_id as string;
  };
  [aliceAnalysis, bobAnalysis] = await Promise.all([analyse(alice, '1 Alice Road'), analyse(bob, '2 Bob Street')]);
});
afterAll(async () => {
  await t?.dispose();
});

describe('creating a key', () => {
  it('answers the secret once and stores only its SHA-256', async () => {
    const key = await createKey(alice, 'nightly import');
    expect(key.secret).toMatch(/^aerisk_[A-Za-z0-9_-]{43}$/);
    const row = await t.db.prisma.apiKey.findUniqueOrThrow({ where: { id: key.keyId } });
    expect(row.keyHash).toBe(hashApiKey(key.secret));
    expect(JSON.stringify(row)).not.toContain(key.secret.slice(12));
    expect(row.prefix).toBe(key.secret.slice(0, 11));
    // The list shows the name and prefix, never the secret.
    const listed = await t.request('/api/keys', { headers: auth(alice) });
    const body = (await listed.json()) as Json[];
    expect(body.find((k) => k.id === key.keyId)).toMatchObject({ name: 'nightly import', prefix: row.prefix, last_used_at: null });
    expect(JSON.stringify(body)).not.toContain(key.secret);
  });

  it('over REST as well, with the name checked in words', async () => {
    const post = (body: unknown) =>
      t.request('/api/keys', {
        method: 'POST',
        headers: { ...auth(alice), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const made = await post({ name: '  billing sync ' });
    expect(made.status).toBe(201);
    const body = (await made.json()) as Json;
    expect(body).toMatchObject({ name: 'billing sync', key: expect.stringMatching(/^aerisk_/) });
    const empty = await post({ name: '   ' });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as Json).error.message).toBe('Please name the key.');
  });

  it('is refused to guests and to requests made with a key', async () => {
    const guest = await createAnonymousUser();
    const res = await graphql<Json>(t, CREATE, { token: guest.idToken, variables: { input: { name: 'guest key' } } });
    expect(res.data?.createApiKey).toMatchObject({
      __typename: 'ForbiddenError',
      message: 'Guest sessions cannot create API keys. Create an account first.',
    });
    const key = await createKey(alice, 'minting');
    const minted = await graphql<Json>(t, CREATE, { token: key.secret, variables: { input: { name: 'child' } } });
    expect(minted.data?.createApiKey.__typename).toBe('ForbiddenError');
  });

  it('stops at API_KEYS_PER_USER active keys', async () => {
    const capped = await createAnalysisTestApp({ analyzer: scriptedAnalyzer({}), env: { API_KEYS_PER_USER: '2' } });
    try {
      const carol = await createEmulatorUser();
      const make = (name: string) =>
        graphql<Json>(capped, CREATE, { token: carol.idToken, variables: { input: { name } } }).then((r) => r.data?.createApiKey);
      const first = await make('one');
      await make('two');
      expect(await make('three')).toMatchObject({ __typename: 'ValidationError', message: expect.stringContaining('Revoke one first') });
      await graphql(capped, REVOKE, { token: carol.idToken, variables: { input: { id: first.data.apiKey.id } } });
      expect((await make('three')).__typename).toBe('MutationCreateApiKeySuccess');
    } finally {
      await capped.dispose();
    }
  });
});

describe('a key at work', () => {
  it('reads its owner’s data over REST and GraphQL, and records when it was last used', async () => {
    const key = await createKey(alice, 'reader');
    const list = await t.request('/aerial/analyses', { headers: bearer(key.secret) });
    expect(list.status).toBe(200);
    expect(((await list.json()) as Json[]).map((a) => a.analysis_id)).toEqual([aliceAnalysis]);
    const one = await t.request(`/aerial/analysis/${aliceAnalysis}`, { headers: bearer(key.secret) });
    expect(((await one.json()) as Json).property_location).toBe('1 Alice Road');
    const viewer = await graphql<Json>(t, KEYS, { token: key.secret });
    expect(viewer.data?.viewer.userId).toBe(alice.uid);
    const listed = viewer.data?.viewer.apiKeys.edges.map((e: Json) => e.node).find((k: Json) => k.keyId === key.keyId);
    expect(Date.parse(listed.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('never reaches another user’s data: their analysis is "not found" as a random id is', async () => {
    const key = await createKey(alice, 'prober');
    const theirs = await t.request(`/aerial/analysis/${bobAnalysis}`, { headers: bearer(key.secret) });
    expect(theirs.status).toBe(404);
    const deleted = await t.request(`/aerial/analysis/${bobAnalysis}`, { method: 'DELETE', headers: bearer(key.secret) });
    expect(deleted.status).toBe(404);
    expect(await t.db.prisma.analysis.count({ where: { id: bobAnalysis } })).toBe(1);
    // Nor another user's keys: Bob cannot revoke Alice's.
    const revoke = await graphql<Json>(t, REVOKE, { token: bob.idToken, variables: { input: { id: key.id } } });
    expect(revoke.data?.revokeApiKey).toMatchObject({ __typename: 'NotFoundError', message: 'API key not found' });
    const restRevoke = await t.request(`/api/keys/${key.keyId}`, { method: 'DELETE', headers: auth(bob) });
    expect(restRevoke.status).toBe(404);
    expect((await t.request('/aerial/analyses', { headers: bearer(key.secret) })).status).toBe(200);
  });

  it('is refused with 401 from the moment it is revoked, on both transports', async () => {
    const key = await createKey(alice, 'short-lived');
    expect((await t.request('/aerial/analyses', { headers: bearer(key.secret) })).status).toBe(200);
    const revoke = await t.request(`/api/keys/${key.keyId}`, { method: 'DELETE', headers: auth(alice) });
    expect(revoke.status).toBe(204);
    const rest = await t.request('/aerial/analyses', { headers: bearer(key.secret) });
    expect(rest.status).toBe(401);
    expect(((await rest.json()) as Json).error).toEqual({ code: 'UNAUTHENTICATED', message: 'Invalid or revoked API key.' });
    const gql = await graphql<Json>(t, KEYS, { token: key.secret });
    expect(gql.status).toBe(401);
    expect(gql.errors?.[0]).toMatchObject({ message: 'Invalid or revoked API key.', extensions: { code: 'UNAUTHENTICATED' } });
    // Revoked keys leave the list.
    const listed = (await (await t.request('/api/keys', { headers: auth(alice) })).json()) as Json[];
    expect(listed.some((k) => k.id === key.keyId)).toBe(false);
  });

  it('refuses an unknown key with 401', async () => {
    const unknown = `aerisk_${'A'.repeat(43)}`;
    const res = await t.request('/aerial/analyses', { headers: bearer(unknown) });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect((await graphql<Json>(t, KEYS, { token: unknown })).status).toBe(401);
  });
});

describe('a key’s own rate limit', () => {
  it('answers 429 with Retry-After past API_KEY_RATE_LIMIT_PER_MINUTE, per key, leaving the user’s session alone', async () => {
    const limited = await createAnalysisTestApp({ analyzer: scriptedAnalyzer({}), env: { API_KEY_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const dave = await createEmulatorUser();
      const make = async (name: string) =>
        (await graphql<Json>(limited, CREATE, { token: dave.idToken, variables: { input: { name } } })).data?.createApiKey.data
          .secret as string;
      const [first, second] = [await make('first'), await make('second')];
      // The limit counts in one-minute windows: start well inside one, so all requests share it.
      const second0 = new Date().getSeconds();
      if (second0 > 45) await new Promise((resolve) => setTimeout(resolve, (61 - second0) * 1000));
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited.request('/aerial/analyses', { headers: bearer(first) })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await limited.request('/aerial/analyses', { headers: bearer(first) });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const gql = await graphql<Json>(limited, KEYS, { token: first });
      expect(gql.status).toBe(429);
      expect(gql.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
      expect((await limited.request('/aerial/analyses', { headers: bearer(second) })).status).toBe(200);
      expect((await limited.request('/aerial/analyses', { headers: auth(dave) })).status).toBe(200);
    } finally {
      await limited.dispose();
    }
  });
});
