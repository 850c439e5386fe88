// The OpenAPI 3.1 document (issue 11 item 6): it names every REST route the app serves and every route
// defined under server/rest/, and each real answer below — every documented success and the common
// failures — has a documented status and a body that the document's own JSON Schema accepts (ajv, 2020-12).
// The reference page is one self-contained HTML page.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '../../server/rest/openapi';
import { routeDocs } from '../../server/rest/openapi-docs';
import { startFakeTiles, type FakeTiles } from '../fakes/tiles';
import { createAnonymousUser, createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users';
import { auth, createAnalysisTestApp, restUpload, sceneImage, scriptedAnalyzer, type AnalysisTestApp } from '../helpers/analysis';
import { until } from '../helpers/until';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Doc = { openapi: string; paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json> } };

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv2020) => void;
let t: AnalysisTestApp & { dispose(): Promise<void> };
let tiles: FakeTiles;
let base: string;
let alice: EmulatorUser;
let doc: Doc;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
/** `METHOD /path/{param} STATUS` of every answer checked, to show each documented success was seen. */
const seen = new Set<string>();

beforeAll(async () => {
  tiles = await startFakeTiles();
  t = await createAnalysisTestApp({
    analyzer: scriptedAnalyzer({ '*': { pool: true }, slow: { delayMs: 8000 }, broken: { fail: true } }),
    env: { ...tiles.env, PLACES_PROVIDER: 'none', ANALYZE_WAIT_TIMEOUT_MS: '3000', ANALYSIS_WORKERS: '3' },
  });
  base = await t.listen();
  alice = await createEmulatorUser();
  doc = (await (await t.request('/api/openapi.json')).json()) as Doc;
});
afterAll(async () => {
  await t?.dispose();
  await tiles?.close();
});

/** The route template a concrete path answers to, from the document's paths. */
function templateOf(method: string, concrete: string): string {
  const pathname = concrete.split('?')[0];
  for (const template of Object.keys(doc.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (pattern.test(pathname) && doc.paths[template][method.toLowerCase()]) return template;
  }
  throw new Error(`${method} ${pathname} is in no path of the document`);
}

/** Sends the request and checks the answer against the document; returns the answer's body. */
async function call(method: string, target: string, init: RequestInit & { headers?: Record<string, string> } = {}, viaHttp = false) {
  const res = viaHttp ? await fetch(`${base}${target}`, { ...init, method }) : await t.request(target, { ...init, method });
  const template = templateOf(method, target);
  const operation = doc.paths[template][method.toLowerCase()];
  const documented = operation.responses[String(res.status)];
  expect(documented, `${method} ${template} answered ${res.status}, which the document does not list`).toBeTruthy();
  seen.add(`${method} ${template} ${res.status}`);
  const type = (res.headers.get('content-type') ?? '').split(';')[0];
  if (res.status === 204) return null;
  const content = documented.content ?? {};
  expect(Object.keys(content), `${method} ${template} ${res.status} answered ${type}`).toContain(type);
  if (type !== 'application/json') {
    await res.arrayBuffer();
    return null;
  }
  const body = await res.json();
  const validate = ajv.compile({ ...content[type].schema, components: doc.components });
  expect(validate(body), `${method} ${template} ${res.status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  return body as Json;
}

const jsonBody = (value: unknown) => ({ headers: { ...auth(alice), 'content-type': 'application/json' }, body: JSON.stringify(value) });

describe('the document', () => {
  it('is OpenAPI 3.1 with every $ref resolving', async () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      expect(() => ajv.compile({ ...schema, components: doc.components }), name).not.toThrow();
    }
  });

  it('names every route the app serves, each with its own description', () => {
    for (const route of t.app.routes) {
      expect(doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()], `${route.method} ${route.path}`).toBeTruthy();
      expect(routeDocs[`${route.method} ${route.path}`], `${route.method} ${route.path} has no entry in openapi-docs.ts`).toBeTruthy();
    }
  });

  it('names every route defined under server/rest/', () => {
    const dir = path.resolve(import.meta.dirname, '../../server/rest');
    const defined: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(path.join(dir, file), 'utf8');
      for (const m of source.matchAll(/method: '([A-Z]+)',\s*path: '([^']+)'/g)) defined.push(`${m[1]} ${m[2]}`);
    }
    expect(defined.length).toBeGreaterThan(20);
    for (const route of defined) {
      const [method, routePath] = route.split(' ');
      expect(doc.paths[openApiPath(routePath)]?.[method.toLowerCase()], route).toBeTruthy();
    }
  });
});

describe('real answers match the documented shapes', () => {
  it('service, account and places paths', async () => {
    await call('GET', '/healthz');
    await call('GET', '/api/client-config');
    await call('GET', '/api/openapi.json');
    await call('GET', '/api/reference');
    await call('POST', '/auth/verify-user', jsonBody({ user_id: alice.uid, email: alice.email, display_name: 'Alice' }));
    await call('POST', '/auth/verify-user', jsonBody({ user_id: 'someone-else' }));
    await call('POST', '/auth/verify-user', jsonBody({}));
    const guest = await createAnonymousUser();
    const moving = await createAnonymousUser();
    await call('POST', '/auth/guest-session/transfer', jsonBody({ guest_token: moving.idToken }));
    await call('POST', '/auth/guest-session/transfer', jsonBody({}));
    await call('DELETE', '/auth/guest-session', { headers: auth(guest) });
    await call('GET', '/places/autocomplete?input=1600%20Penn', { headers: auth(alice) });
    await call('GET', '/aerial/analyses');
  });

  it('images and analyses', async () => {
    const mapped = await call('POST', '/aerial/property-image', jsonBody({ address: '38.8977, -77.0365' }));
    await call('POST', '/aerial/property-image', jsonBody({ address: '' }));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await sceneImage())], { type: 'image/png' }), 'roof.png');
    form.append('property_location', '12 Oak Street');
    const uploaded = await call('POST', '/aerial/upload', { headers: auth(alice), body: form }, true);
    await call('POST', '/aerial/upload', { headers: auth(alice), body: new FormData() }, true);
    await call('GET', `/aerial/image-file/by-id/${uploaded!.item_id}`, { headers: auth(alice) });

    const done = await call('POST', `/aerial/analyze/${mapped!.item_id}`, { headers: auth(alice) });
    expect(done!.results.pool.present).toBe(true);
    await call('GET', `/aerial/analysis-image/${done!.analysis_id}`, { headers: auth(alice) });
    await call('POST', `/aerial/analyze/${crypto.randomUUID()}`, { headers: auth(alice) });
    const slow = await restUpload(base, alice, { bytes: await sceneImage() }, 'slow');
    const pending = await call('POST', `/aerial/analyze/${((await slow.json()) as Json).item_id}`, { headers: auth(alice) });
    expect(pending!.status).toMatch(/queued|running/);
    const broken = await restUpload(base, alice, { bytes: await sceneImage() }, 'broken');
    await call('POST', `/aerial/analyze/${((await broken.json()) as Json).item_id}`, { headers: auth(alice) });

    const list = await call('GET', '/aerial/analyses?limit=2&filters=pool', { headers: auth(alice) });
    expect(list!.length).toBeGreaterThan(0);
    await call('GET', '/aerial/analyses', { headers: auth(alice) });
    await call('GET', '/aerial/analyses?filters=garage', { headers: auth(alice) });
    await call('GET', `/aerial/analysis/${done!.analysis_id}`, { headers: auth(alice) });
    await call('GET', `/aerial/analysis/${crypto.randomUUID()}`, { headers: auth(alice) });
    await call('GET', '/aerial/analysis-statistics', { headers: auth(alice) });
    await call('GET', '/aerial/analyses/export?format=csv', { headers: auth(alice) });
    await call('GET', '/aerial/analyses/export?format=geojson', { headers: auth(alice) });
    await call('GET', '/aerial/analyses/export?format=xlsx', { headers: auth(alice) });
    await reviewPaths(done!.analysis_id, pending!.analysis_id);
    await call('DELETE', `/aerial/analysis/${done!.analysis_id}`, { headers: auth(alice) });
    await call('DELETE', `/aerial/analysis/${done!.analysis_id}`, { headers: auth(alice) });
  });

  /** Review, audit trail, report and the same property over time (issue 10) on a finished analysis. */
  async function reviewPaths(doneId: string, pendingId: string) {
    const review = `/aerial/analysis/${doneId}/review`;
    const reviewed = await call('POST', review, jsonBody({ field: 'pool', value: 'absent', reason: 'A blue tarp, not a pool' }));
    expect(reviewed!.review.changes).toHaveLength(1);
    await call('POST', review, jsonBody({ field: 'garage', value: 'present', reason: 'x' }));
    await call('POST', `/aerial/analysis/${pendingId}/review`, jsonBody({ field: 'pool', value: 'absent', reason: 'x' }));
    await call('POST', `/aerial/analysis/${crypto.randomUUID()}/review`, jsonBody({ field: 'pool', value: 'absent', reason: 'x' }));
    await call('GET', `/aerial/analysis/${doneId}`, { headers: auth(alice) });
    await call('GET', `/aerial/analysis/${doneId}/audit`, { headers: auth(alice) });
    await call('GET', `/aerial/analysis/${crypto.randomUUID()}/audit`, { headers: auth(alice) });
    await call('GET', `/aerial/analysis/${doneId}/report.pdf`, { headers: auth(alice) });
    await call('GET', `/aerial/analysis/${pendingId}/report.pdf`, { headers: auth(alice) });
    await call('GET', `/aerial/analysis/${crypto.randomUUID()}/report.pdf`, { headers: auth(alice) });
    await call('DELETE', review, { headers: auth(alice) });
    await call('DELETE', review, { headers: auth(alice) });
    await call('DELETE', `/aerial/analysis/${crypto.randomUUID()}/review`, { headers: auth(alice) });

    // A second map image of the same point: the same property.
    const again = await call('POST', '/aerial/property-image', jsonBody({ address: '38.8977, -77.0365' }));
    const later = await call('POST', `/aerial/analyze/${again!.item_id}`, { headers: auth(alice) });
    const matches = await call('GET', `/aerial/analysis/${doneId}/same-property`, { headers: auth(alice) });
    expect(matches!.map((m: Json) => m.analysis_id)).toContain(later!.analysis_id);
    await call('GET', `/aerial/analysis/${crypto.randomUUID()}/same-property`, { headers: auth(alice) });
    await call('GET', `/aerial/analysis/${doneId}/compare/${later!.analysis_id}`, { headers: auth(alice) });
    await call('GET', `/aerial/analysis/${doneId}/compare/${crypto.randomUUID()}`, { headers: auth(alice) });
  }

  it('risk zones and API keys', async () => {
    const zone = await call('POST', '/aerial/risk-zones', jsonBody({ location: 'Lot 4', details: 'flood plain', risk_level: 'high' }));
    await call('POST', '/aerial/risk-zones', jsonBody({ location: 'Lot 5' }));
    await call('GET', '/aerial/risk-zones?limit=1', { headers: auth(alice) });
    await call('GET', '/aerial/statistics', { headers: auth(alice) });
    await call('DELETE', `/aerial/risk-zones/${zone!.item_id}`, { headers: auth(alice) });
    const key = await call('POST', '/api/keys', jsonBody({ name: 'docs' }));
    await call('POST', '/api/keys', jsonBody({ name: '' }));
    await call('GET', '/api/keys', { headers: { authorization: `Bearer ${key!.key}` } });
    await call('DELETE', `/api/keys/${key!.id}`, { headers: auth(alice) });
    await call('DELETE', `/api/keys/${key!.id}`, { headers: auth(alice) });
  });

  it('batches', async () => {
    const csv = 'reference_id,latitude,longitude\nR-1,38.8977,-77.0365\nR-2,,\n';
    const batch = await call('POST', '/aerial/batches?name=docs', { headers: { ...auth(alice), 'content-type': 'text/csv' }, body: csv });
    await call('POST', '/aerial/batches', jsonBody({ csv: 'city\nParis\n' }));
    await call('GET', '/aerial/batches', { headers: auth(alice) });
    await call('GET', `/aerial/batches/${batch!.batch_id}`, { headers: auth(alice) });
    await call('GET', `/aerial/batches/${crypto.randomUUID()}`, { headers: auth(alice) });
    await until(
      async () => (await call('GET', `/aerial/batches/${batch!.batch_id}`, { headers: auth(alice) }))!.status === 'done',
      60_000,
      300,
    );
    const results = await call('GET', `/aerial/batches/${batch!.batch_id}/results?format=json`, { headers: auth(alice) });
    expect(results!.map((r: Json) => r.status)).toEqual(['done', 'invalid']);
    await call('GET', `/aerial/batches/${batch!.batch_id}/results`, { headers: auth(alice) });
    await call('GET', `/aerial/batches/${batch!.batch_id}/results?format=xml`, { headers: auth(alice) });
    // No row has an earlier result: nothing to say which way findings changed.
    expect(await call('GET', `/aerial/batches/${batch!.batch_id}/changed-findings`, { headers: auth(alice) })).toEqual({ findings: null });
    await call('GET', `/aerial/batches/${crypto.randomUUID()}/changed-findings`, { headers: auth(alice) });
    // Run again with the current analyzer (the scripted analyzer's results are an earlier version's): a new batch
    // (201); no such batch (404).
    const rerun = await call('POST', `/aerial/batches/${batch!.batch_id}/rerun`, { headers: auth(alice) });
    expect(rerun).toMatchObject({ name: 'docs (analysed again)', total_rows: 2, queued_rows: 1 });
    await call('POST', `/aerial/batches/${crypto.randomUUID()}/rerun`, { headers: auth(alice) });
    // Retry: nothing failed (409), no such batch (404), then a row whose analysis failed (200).
    await call('POST', `/aerial/batches/${batch!.batch_id}/retry`, { headers: auth(alice) });
    await call('POST', `/aerial/batches/${crypto.randomUUID()}/retry`, { headers: auth(alice) });
    const row = await t.db.prisma.batchRow.findFirst({ where: { batchId: batch!.batch_id, referenceId: 'R-1' } });
    await t.db.prisma.analysis.update({ where: { id: row!.analysisId! }, data: { status: 'failed', error: 'Analysis failed' } });
    expect((await call('POST', `/aerial/batches/${batch!.batch_id}/retry`, { headers: auth(alice) }))!.retried_rows).toBe(1);
  });

  it('saw every documented success of every route', () => {
    const successes = Object.entries(routeDocs).flatMap(([key, d]) =>
      Object.keys(d.responses)
        .filter((status) => status.startsWith('2'))
        .map((status) => {
          const [method, routePath] = key.split(' ');
          return `${method} ${openApiPath(routePath)} ${status}`;
        }),
    );
    expect(successes.filter((s) => !seen.has(s))).toEqual([]);
  });
});

describe('the reference page', () => {
  it('is one HTML page that loads nothing from elsewhere and lists every operation', async () => {
    const res = await t.request('/api/reference');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).not.toMatch(/<script|<link|src=|@import|url\(/i);
    expect(html).not.toMatch(/https?:\/\//);
    for (const [template, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) expect(html).toContain(`${method.toUpperCase()}</span> <code>${template}</code>`);
    }
  });
});
