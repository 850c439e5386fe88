// GET /api/client-config and the other public endpoints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { UnauthenticatedError } from '../../server/domain/errors';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TOKEN_SYNC_URL: 'https://sync.example.test/token' });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/client-config', () => {
  it('points the browser at the emulator when no real project is configured', async () => {
    const res = await t.request('/api/client-config');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      firebase: {
        apiKey: 'demo-api-key',
        authDomain: 'demo-aerisk.firebaseapp.com',
        projectId: 'demo-aerisk',
        appId: '',
      },
      authEmulatorUrl: `http://${t.config.firebase.emulatorHost}`,
      tokenSyncUrl: 'https://sync.example.test/token',
      setupHelp: true,
    });
  });

  it('hands out a real project’s public settings, no emulator and, in production, no server settings to show', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      FIREBASE_PROJECT_ID: 'aerisk-prod',
      FIREBASE_API_KEY: 'AIza-public-key',
      FIREBASE_AUTH_DOMAIN: 'aerisk-prod.firebaseapp.com',
      FIREBASE_APP_ID: '1:123:web:abc',
    });
    // Token verification against Google is unreachable here and not needed for this route.
    const refuseAll = {
      verify: async () => Promise.reject(new UnauthenticatedError()),
      forgetUser: () => {},
      close: async () => {},
    };
    const app = createApp({ config, db: t.db, verifier: refuseAll });
    const res = await app.fetch(new Request('http://aerisk.test/api/client-config'));
    expect(await res.json()).toEqual({
      firebase: {
        apiKey: 'AIza-public-key',
        authDomain: 'aerisk-prod.firebaseapp.com',
        projectId: 'aerisk-prod',
        appId: '1:123:web:abc',
      },
      authEmulatorUrl: null,
      tokenSyncUrl: null,
      setupHelp: false,
    });
    await app.dispose();
  });
});

describe('other public paths', () => {
  it('GET /healthz reports a reachable database', async () => {
    const res = await t.request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('unknown API paths answer a coded 404', async () => {
    const res = await t.request('/aerial/nope');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });
});
