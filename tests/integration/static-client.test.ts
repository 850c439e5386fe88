// The built client on the same origin: files with their types, the SPA fallback for client
// routes, and API paths never shadowed by index.html.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let dir: string;
const INDEX = '<!doctype html><title>Aerisk</title><div id="root"></div>';

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'aerisk-client-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'assets', 'main-3f2a.js'), 'console.log("hi")');
  writeFileSync(path.join(dir, 'assets', 'main-3f2a.css'), 'body{}');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
  t = await createTestApp({}, { clientDir: dir });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the built client', () => {
  it('serves index.html at / and for client routes', async () => {
    for (const route of ['/', '/login', '/analysis-results/0b0e5c1e-1111-4a4a-9999-123456789abc', '/no/such/page']) {
      const res = await t.request(route);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(INDEX);
    }
  });

  it('serves files with their types, fingerprinted assets as immutable', async () => {
    const js = await t.request('/assets/main-3f2a.js');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect(await js.text()).toBe('console.log("hi")');
    expect((await t.request('/assets/main-3f2a.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await t.request('/favicon.svg')).headers.get('content-type')).toBe('image/svg+xml');
  });

  it('answers 404 for missing files and paths outside the client directory', async () => {
    expect((await t.request('/assets/missing-1234.js')).status).toBe(404);
    expect((await t.request('/%2e%2e/%2e%2e/package.json')).status).toBe(404);
    expect((await t.request('/..%2fpackage.json')).status).toBe(404);
  });

  it('never answers API paths with index.html', async () => {
    const config = await t.request('/api/client-config');
    expect(config.headers.get('content-type')).toContain('application/json');
    const missing = await t.request('/aerial/analyses-nope');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
    expect((await t.request('/login', { method: 'POST' })).status).toBe(404);
  });
});
