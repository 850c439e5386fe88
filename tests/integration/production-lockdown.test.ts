// Production lock-down (issue 12): the built client's source maps are not served, the page carries a
// Content-Security-Policy (frame-ancestors 'none'), X-Frame-Options and Referrer-Policy, every API answer
// its own strict headers, and /graphql takes only the client's persisted operations (relay.config.js
// persistConfig → persisted-queries.json) unless GRAPHQL_ADHOC_QUERIES=allow. Development keeps ad-hoc text.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { TokenVerifier } from '../../server/auth/firebase';
import { UnauthenticatedError } from '../../server/domain/errors';
import { createEmulatorUser } from '../helpers/auth-emulator-users';
import { scriptedAnalyzer } from '../helpers/analysis';
import { createTestApp, openTestDatabase, type TestApp } from '../helpers/test-app';
import { migrate } from '../../server/migrate';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const THEME_SCRIPT = "document.documentElement.classList.toggle('dark', true);";
const INDEX = `<!doctype html><html><head><script>${THEME_SCRIPT}</script><script type="module" src="/assets/main-1a2b.js"></script></head><body><div id="root"></div></body></html>`;
const documents = JSON.parse(readFileSync(new URL('../../persisted-queries.json', import.meta.url), 'utf8')) as Record<string, string>;
const documentIdOf = (name: string, kind = 'query') => Object.entries(documents).find(([, text]) => text.startsWith(`${kind} ${name}`))![0];

let clientDir: string;
let dev: TestApp;
const production: { app: App; close(): Promise<void> }[] = [];

const refuseAll: TokenVerifier = {
  verify: async () => Promise.reject(new UnauthenticatedError()),
  forgetUser: () => {},
  close: async () => {},
};

/**
 * A real project's tokens cannot be verified here (no Google keys): this stands in for the identity provider
 * and accepts one token as one underwriter. Everything after verification is the app's own code.
 */
const acceptOne = (token: string, uid: string): TokenVerifier => ({
  verify: async (idToken) => {
    if (idToken !== token) throw new UnauthenticatedError();
    return {
      uid,
      email: `${uid}@example.com`,
      emailVerified: true,
      name: null,
      picture: null,
      signInProvider: 'password',
      isAnonymous: false,
    };
  },
  forgetUser: () => {},
  close: async () => {},
});

/** The app as NODE_ENV=production runs it (a real project's settings; tokens are not verifiable here). */
async function productionApp(env: Record<string, string> = {}, verifier: TokenVerifier = refuseAll) {
  const config = loadConfig({
    NODE_ENV: 'production',
    FIREBASE_PROJECT_ID: 'aerisk-prod',
    FIREBASE_API_KEY: 'AIza-public-key',
    FIREBASE_AUTH_DOMAIN: 'aerisk-prod.firebaseapp.com',
    DATA_DIR: clientDir,
    ANALYSIS_WORKERS: '0',
    ...env,
  });
  const { db, dispose } = await openTestDatabase();
  await migrate(db);
  const app = createApp({ config, db, verifier, clientDir, analyzer: scriptedAnalyzer({}) });
  const entry = {
    app,
    request: (p: string, init?: RequestInit) => app.fetch(new Request(new URL(p, 'https://aerisk.example'), init)),
    close: async () => {
      await app.dispose();
      await dispose();
    },
  };
  production.push(entry);
  return entry;
}

const graphql = (request: (p: string, init?: RequestInit) => Promise<Response>, body: unknown, token?: string) =>
  request('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'aerisk-lockdown-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), INDEX);
  writeFileSync(path.join(clientDir, 'assets', 'main-1a2b.js'), 'console.log("app")\n//# sourceMappingURL=main-1a2b.js.map');
  writeFileSync(path.join(clientDir, 'assets', 'main-1a2b.js.map'), '{"version":3,"sources":["secret.tsx"]}');
  dev = await createTestApp({}, { clientDir });
});
afterAll(async () => {
  for (const entry of production) await entry.close();
  await dev?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('in production', () => {
  it('never names server settings to users: a map provider set to none says what the user can do instead', async () => {
    const prod = await productionApp({ IMAGERY_PROVIDER: 'none', PLACES_PROVIDER: 'none' }, acceptOne('prod-token', 'prod-underwriter'));
    const auth = { authorization: 'Bearer prod-token' };
    const status = (await (await graphql(prod.request, { documentId: documentIdOf('MapTabQuery') }, 'prod-token')).json()) as Json;
    expect(status.data.imageryStatus).toMatchObject({ configured: false });
    const fetched = (await (
      await graphql(
        prod.request,
        { documentId: documentIdOf('useFetchPropertyImageMutation', 'mutation'), variables: { input: { address: '38.8977, -77.0365' } } },
        'prod-token',
      )
    ).json()) as Json;
    expect(fetched.data.fetchPropertyImage).toMatchObject({
      __typename: 'ImageryError',
      message: 'Satellite imagery is not available on this server: upload your own aerial image instead.',
    });
    const rest = await prod.request('/aerial/property-image', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ address: '38.8977, -77.0365' }),
    });
    expect(rest.status).toBe(503);
    const answers = JSON.stringify([status, fetched, await rest.json()]);
    for (const setting of ['IMAGERY_PROVIDER', 'PLACES_PROVIDER', 'TILE_URL_TEMPLATE', 'GOOGLE_MAPS_API_KEY', 'restart']) {
      expect(answers).not.toContain(setting);
    }
    // The hint itself is asked for by name (not in the app's own query): null in production.
    const adhoc = await productionApp(
      { IMAGERY_PROVIDER: 'none', GRAPHQL_ADHOC_QUERIES: 'allow' },
      acceptOne('prod-token', 'prod-underwriter'),
    );
    const hint = (await (await graphql(adhoc.request, { query: '{ imageryStatus { hint } }' }, 'prod-token')).json()) as Json;
    expect(hint.data.imageryStatus.hint).toBeNull();
  });

  it('never serves source maps (development still does)', async () => {
    const prod = await productionApp();
    expect((await prod.request('/assets/main-1a2b.js.map')).status).toBe(404);
    expect((await prod.request('/assets/main-1a2b.js')).status).toBe(200);
    expect((await dev.request('/assets/main-1a2b.js.map')).status).toBe(200);
  });

  it('sends the page with a Content-Security-Policy, X-Frame-Options and Referrer-Policy', async () => {
    const prod = await productionApp();
    const page = await prod.request('/login');
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy')!;
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(directive('object-src')).toBe("object-src 'none'");
    // The inline theme script is allowed by its hash, not by 'unsafe-inline'.
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(directive('script-src')).toContain(`'sha256-${hash}'`);
    expect(directive('script-src')).not.toContain('unsafe-inline');
    expect(directive('connect-src')).toContain('https://identitytoolkit.googleapis.com');
    expect(directive('frame-src')).toContain('https://aerisk-prod.firebaseapp.com');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('gives every API answer strict headers of its own', async () => {
    const prod = await productionApp();
    for (const res of [
      await prod.request('/healthz'),
      await prod.request('/aerial/analyses'),
      await graphql(prod.request, { documentId: documentIdOf('HomeScreenQuery') }),
    ]) {
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('runs the persisted operations and refuses ad-hoc GraphQL and unknown ids', async () => {
    const prod = await productionApp();
    const persisted = (await (await graphql(prod.request, { documentId: documentIdOf('HomeScreenQuery') })).json()) as Json;
    // Run, not refused: without a verifiable token the viewer is simply absent.
    expect(JSON.stringify(persisted)).not.toContain('PERSISTED_QUERY');
    expect(persisted.data).toBeDefined();

    const adhoc = await graphql(prod.request, { query: '{ __typename }' });
    expect(adhoc.status).toBe(400);
    expect(((await adhoc.json()) as Json).errors[0]).toMatchObject({
      message: 'This server accepts only the operations of its own app (persisted operations).',
      extensions: { code: 'PERSISTED_QUERY_ONLY' },
    });
    const unknown = await graphql(prod.request, { documentId: 'not-a-document' });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as Json).errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('accepts ad-hoc GraphQL where the deployment allows it (GRAPHQL_ADHOC_QUERIES=allow), with the usual limits', async () => {
    const prod = await productionApp({ GRAPHQL_ADHOC_QUERIES: 'allow' });
    const res = await graphql(prod.request, { query: '{ __typename }' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { __typename: 'Query' } });
    const aliased = Array.from({ length: 40 }, (_, i) => `v${i}: viewer { id }`).join(' ');
    const tooMany = await graphql(prod.request, { query: `{ ${aliased} }` });
    expect(JSON.stringify(await tooMany.json())).toMatch(/aliases/i);
  });
});

describe('query cost and depth', () => {
  const limitError = /Query Cost limit|Query depth limit|aliases|Token limit/i;

  it("keeps every one of the app's own operations within the limits", async () => {
    // Variables are left out: an operation inside the limits gets as far as its variables (or runs); one over a
    // limit is refused before that with the limit's message.
    for (const [id, text] of Object.entries(documents)) {
      const body = (await (await graphql(dev.request, { documentId: id })).json()) as Json;
      expect(JSON.stringify(body.errors ?? []), text.slice(0, 60)).not.toMatch(limitError);
    }
  });

  it('prices the fields a request selects, however they are grouped into fragments', async () => {
    const fields = 'id analysisId status error createdAt propertyLocation progress';
    const flat = `{ viewer { analyses(first: 100) { edges { node { ${fields} results { __typename } } } } } }`;
    const nested = `{ viewer { analyses(first: 100) { edges { node { ...a } } } } }
      fragment a on Analysis { ...b results { __typename } }
      fragment b on Analysis { ${fields} }`;
    for (const query of [flat, nested]) {
      const body = (await (await graphql(dev.request, { query })).json()) as Json;
      expect(body.data ?? null).toBeNull();
      expect(body.errors[0].message).toMatch(/Query Cost limit of 5000 exceeded/);
    }
    const small = (await (await graphql(dev.request, { query: flat.replace('first: 100', 'first: 5') })).json()) as Json;
    expect(JSON.stringify(small.errors ?? [])).not.toMatch(limitError);
  });

  it('refuses a query nested deeper than 12 levels', async () => {
    const query = `{ viewer { analyses(first: 1) { edges { node { ${'... on Analysis { '.repeat(10)}id${' }'.repeat(10)} } } } } }`;
    const body = (await (await graphql(dev.request, { query })).json()) as Json;
    expect(body.errors[0].message).toMatch(/depth/i);
  });
});

describe('in development', () => {
  it('runs a persisted operation by its id for a signed-in user, and still takes ad-hoc text', async () => {
    const user = await createEmulatorUser();
    const byId = (await (
      await graphql(dev.request, { documentId: documentIdOf('ProfileScreenQuery'), variables: { apiKeyCount: 10 } }, user.idToken)
    ).json()) as Json;
    expect(byId.errors).toBeUndefined();
    expect(JSON.stringify(byId.data)).toContain(user.email);
    const adhoc = (await (await graphql(dev.request, { query: '{ viewer { email } }' }, user.idToken)).json()) as Json;
    expect(adhoc).toEqual({ data: { viewer: { email: user.email } } });
  });
});
