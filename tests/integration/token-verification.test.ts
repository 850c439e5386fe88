// Token verification (issue 12): a verified token's answer is reused for TOKEN_CACHE_MS instead of asking
// the identity provider on every request (revocation then takes effect within that time), and a provider
// hiccup — a connection reset between us and the Auth emulator, made by a real TCP proxy on 127.0.0.1 —
// is retried instead of surfacing as a 500; a provider that stays away gets 503 with Retry-After.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createEmulatorUser, disableEmulatorUser } from '../helpers/auth-emulator-users';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { until } from '../helpers/until';
import { startFaultyProxy, type FaultyProxy } from '../fakes/faulty-proxy';

let proxy: FaultyProxy;
const apps: TestApp[] = [];

beforeAll(async () => {
  proxy = await startFaultyProxy(inject('authEmulatorHost'));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await proxy?.close();
});

/** The app with its token verifier (and admin calls) going through the proxy. */
async function appThroughProxy(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp({ FIREBASE_AUTH_EMULATOR_HOST: proxy.hostPort, ...env });
  apps.push(t);
  return t;
}

const history = (t: TestApp, token: string) => t.request('/aerial/analyses', { headers: { authorization: `Bearer ${token}` } });

// Each case starts its own app (a fresh database, migrated): slow on a busy machine, so more time than the default.
describe('token verification', { timeout: 180_000 }, () => {
  it('asks the identity provider once per token within TOKEN_CACHE_MS', async () => {
    const t = await appThroughProxy({ TOKEN_CACHE_MS: '60000' });
    const user = await createEmulatorUser();
    const before = proxy.forwardedRequests();
    for (let i = 0; i < 5; i++) expect((await history(t, user.idToken)).status).toBe(200);
    expect(proxy.forwardedRequests() - before).toBe(1);
  });

  it('refuses a disabled account once the cached answer has expired (and at once with TOKEN_CACHE_MS=0)', async () => {
    const cached = await appThroughProxy({ TOKEN_CACHE_MS: '1500' });
    const uncached = await appThroughProxy({ TOKEN_CACHE_MS: '0' });
    const user = await createEmulatorUser();
    expect((await history(cached, user.idToken)).status).toBe(200);
    expect((await history(uncached, user.idToken)).status).toBe(200);
    await disableEmulatorUser(user.uid);
    expect((await history(uncached, user.idToken)).status).toBe(401);
    await until(async () => (await history(cached, user.idToken)).status === 401, 10_000, 200);
  });

  it('retries a connection the network reset, and the request succeeds', async () => {
    const t = await appThroughProxy({ TOKEN_CACHE_MS: '0' });
    const user = await createEmulatorUser();
    proxy.resetNext(2);
    const res = await history(t, user.idToken);
    expect(res.status).toBe(200);
    // GraphQL too.
    proxy.resetNext(1);
    const gql = await t.request('/graphql', {
      method: 'POST',
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ viewer { id } }' }),
    });
    expect(gql.status).toBe(200);
    expect(((await gql.json()) as { errors?: unknown }).errors).toBeUndefined();
  });

  it('answers 503 with Retry-After, not 500, when the provider stays away', async () => {
    const t = await appThroughProxy({ TOKEN_CACHE_MS: '0' });
    const user = await createEmulatorUser();
    proxy.resetAll(true);
    try {
      const res = await history(t, user.idToken);
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await res.json()).toEqual({
        error: { code: 'UNAVAILABLE', message: 'The sign-in service is not answering. Try again in a moment.' },
      });
      const gql = await t.request('/graphql', {
        method: 'POST',
        headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ viewer { id } }' }),
      });
      expect(gql.status).toBe(503);
      expect(gql.headers.get('retry-after')).not.toBeNull();
    } finally {
      proxy.resetAll(false);
    }
    expect((await history(t, user.idToken)).status).toBe(200);
  });
});
