// The `viewer` query and the authentication every GraphQL request goes through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, disableEmulatorUser, tokenForOtherProject } from '../helpers/auth-emulator-users';
import { createAnalysisRow, createImageRow, createUserRow } from '../helpers/factories';
import { graphql } from '../helpers/graphql';
import { createTestApp, requestStatements, type TestApp } from '../helpers/test-app';

const VIEWER = /* GraphQL */ `
  query Viewer {
    viewer {
      id
      userId
      email
      displayName
      photoUrl
      emailVerified
      provider
      analysedCount
    }
  }
`;

type ViewerData = {
  viewer: {
    id: string;
    userId: string;
    email: string | null;
    displayName: string | null;
    photoUrl: string | null;
    emailVerified: boolean;
    provider: string;
    analysedCount: number;
  } | null;
};

let t: TestApp;
beforeAll(async () => {
  // Every request asks the identity provider (no verified-token cache), so a disabled account is refused at
  // once below; how the cache delays that is token-verification.test.ts's subject.
  t = await createTestApp({ TOKEN_CACHE_MS: '0' });
});
afterAll(async () => {
  await t?.close();
});

describe('viewer', () => {
  it('returns the signed-in user, created from the token on first sight', async () => {
    const user = await createEmulatorUser({ displayName: 'Ada Lovelace' });
    const res = await graphql<ViewerData>(t, VIEWER, { token: user.idToken });
    expect(res.errors).toBeUndefined();
    expect(res.status).toBe(200);
    expect(res.data?.viewer).toEqual({
      id: Buffer.from(`User:${user.uid}`).toString('base64'),
      userId: user.uid,
      email: user.email,
      displayName: 'Ada Lovelace',
      photoUrl: null,
      emailVerified: false,
      provider: 'email',
      analysedCount: 0,
    });
    expect(await t.db.prisma.user.count({ where: { id: user.uid } })).toBe(1);
  });

  it('creates the user once when the first requests arrive together', async () => {
    const user = await createEmulatorUser();
    const results = await Promise.all(Array.from({ length: 6 }, () => graphql<ViewerData>(t, VIEWER, { token: user.idToken })));
    for (const res of results) {
      expect(res.errors).toBeUndefined();
      expect(res.data?.viewer?.userId).toBe(user.uid);
    }
    expect(await t.db.prisma.user.count({ where: { id: user.uid } })).toBe(1);
  });

  it('counts only the viewer’s finished analyses', async () => {
    const user = await createEmulatorUser();
    const owner = await createUserRow(t.db.prisma, { id: user.uid });
    const image = await createImageRow(t.db.prisma, owner.id);
    for (const status of ['done', 'done', 'running', 'failed', 'queued'] as const) {
      await createAnalysisRow(t.db.prisma, owner.id, image.id, { status });
    }
    const other = await createUserRow(t.db.prisma);
    const otherImage = await createImageRow(t.db.prisma, other.id);
    await createAnalysisRow(t.db.prisma, other.id, otherImage.id, { status: 'done' });

    const before = t.queries.length;
    const res = await graphql<ViewerData>(t, VIEWER, { token: user.idToken });
    expect(res.data?.viewer?.analysedCount).toBe(2);
    // One upsert and one read that counts in the same statement, however many analyses exist.
    const statements = requestStatements(t.queries, before);
    expect(statements).toHaveLength(2);
  });

  it('reaches the own User through node(id) but not another user’s', async () => {
    const me = await createEmulatorUser();
    const other = await createEmulatorUser();
    await graphql(t, VIEWER, { token: other.idToken });
    const query = 'query ($id: ID!) { node(id: $id) { id ... on User { userId } } }';
    const globalId = (uid: string) => Buffer.from(`User:${uid}`).toString('base64');

    const own = await graphql<{ node: { userId: string } | null }>(t, query, {
      token: me.idToken,
      variables: { id: globalId(me.uid) },
    });
    // The viewer's row exists only after a first request; node must not create it.
    await graphql(t, VIEWER, { token: me.idToken });
    const ownAgain = await graphql<{ node: { userId: string } | null }>(t, query, {
      token: me.idToken,
      variables: { id: globalId(me.uid) },
    });
    const theirs = await graphql<{ node: unknown }>(t, query, {
      token: me.idToken,
      variables: { id: globalId(other.uid) },
    });
    expect(own.data?.node).toBeNull();
    expect(ownAgain.data?.node).toEqual({ id: globalId(me.uid), userId: me.uid });
    expect(theirs.errors).toBeUndefined();
    expect(theirs.data?.node).toBeNull();
  });
});

describe('authentication', () => {
  async function expectUnauthenticated(headers: Record<string, string>) {
    const res = await graphql<ViewerData>(t, VIEWER, { headers });
    expect(res.status).toBe(401);
    expect(res.data?.viewer ?? null).toBeNull();
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    return res.errors?.[0]?.message;
  }

  it('refuses a request without a token', async () => {
    expect(await expectUnauthenticated({})).toMatch(/sign in/i);
  });

  it('refuses a garbage token', async () => {
    await expectUnauthenticated({ authorization: 'Bearer not.a.token' });
  });

  it('refuses a malformed Authorization header', async () => {
    const user = await createEmulatorUser();
    expect(await expectUnauthenticated({ authorization: `Token ${user.idToken}` })).toMatch(/Bearer/);
  });

  it('refuses a token minted for another project', async () => {
    const user = await createEmulatorUser();
    await expectUnauthenticated({ authorization: `Bearer ${tokenForOtherProject(user.idToken, 'demo-other')}` });
  });

  it('never trusts a user-id header', async () => {
    const user = await createEmulatorUser();
    await graphql(t, VIEWER, { token: user.idToken });
    await expectUnauthenticated({ 'x-user-id': user.uid, 'user-id': user.uid });
  });

  it('refuses the tokens of a disabled account (revocation is checked)', async () => {
    const user = await createEmulatorUser();
    expect((await graphql<ViewerData>(t, VIEWER, { token: user.idToken })).data?.viewer?.userId).toBe(user.uid);
    await disableEmulatorUser(user.uid);
    expect(await expectUnauthenticated({ authorization: `Bearer ${user.idToken}` })).toMatch(/disabled/);
  });
});

describe('GraphQL hardening', () => {
  it('refuses a GET query without the CSRF header', async () => {
    const res = await t.request(`/graphql?query=${encodeURIComponent('{ viewer { id } }')}`, {
      headers: { accept: 'application/json' },
    });
    expect(res.status).toBe(403);
  });

  it('limits aliases', async () => {
    const user = await createEmulatorUser();
    const aliases = Array.from({ length: 30 }, (_, i) => `v${i}: viewer { id }`).join(' ');
    const res = await graphql(t, `{ ${aliases} }`, { token: user.idToken });
    expect(res.data ?? null).toBeNull();
    expect(res.errors?.[0]?.message).toMatch(/alias/i);
  });
});
