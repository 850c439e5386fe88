// Helpers for the analysis-domain integration tests (issue 4): an app with an injectable analyzer and
// its own DATA_DIR, the real HTTP server where a test needs Node's listener, images made with sharp, and a
// scripted analyzer whose observations the test chooses (so search, filters, sort and statistics
// can be checked exactly). One test file uses the real local analyzer.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { inject } from 'vitest';
import { assembleOutput, unknownObservations } from '../../server/analyzer/assemble.js';
import type { Analyzer, AnalyzeContext, Finding, Observations } from '../../server/analyzer/contract.js';
import { createApp, type App, type AppDeps } from '../../server/app.js';
import { createFirebaseVerifier } from '../../server/auth/firebase.js';
import { loadConfig, type Config } from '../../server/config.js';
import type { Database } from '../../server/db.js';
import { migrate } from '../../server/migrate.js';
import type { EmulatorUser } from './auth-emulator-users.js';
import { openTestDatabase } from './test-app.js';

export interface AnalysisTestApp {
  app: App;
  db: Database;
  config: Config;
  dataDir: string;
  /** Every SQL statement Prisma sent (the same log as TestApp's). */
  queries: string[];
  request(path: string, init?: RequestInit): Promise<Response>;
  /** Starts the real HTTP server on an ephemeral 127.0.0.1 port (Node's request: streaming, connections). */
  listen(): Promise<string>;
  /** A second app on the same database and DATA_DIR (a restarted process). */
  restart(opts?: { analyzer?: Analyzer; sweepOrphansOnStart?: boolean }): Promise<AnalysisTestApp>;
  close(): Promise<void>;
}

type Options = { analyzer?: Analyzer; env?: Record<string, string> } & Partial<Pick<AppDeps, 'storage' | 'sweepOrphansOnStart' | 'guestSweepIntervalMs'>>;

function configFor(dataDir: string, env: Record<string, string>): Config {
  const emulatorHost = inject('authEmulatorHost');
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  return loadConfig({
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    FIREBASE_PROJECT_ID: 'demo-aerisk',
    DATA_DIR: dataDir,
    // Tests make many requests a minute; the limit tests set their own.
    UPLOAD_RATE_LIMIT_PER_MINUTE: '1000',
    ANALYZE_RATE_LIMIT_PER_MINUTE: '1000',
    ...env,
  });
}

function build(db: Database, dataDir: string, opts: Options, queries: string[]): AnalysisTestApp {
  const config = configFor(dataDir, opts.env ?? {});
  const verifier = createFirebaseVerifier(config.firebase);
  const app = createApp({
    config,
    db: db.prisma,
    verifier,
    analyzer: opts.analyzer,
    storage: opts.storage,
    sweepOrphansOnStart: opts.sweepOrphansOnStart,
    guestSweepIntervalMs: opts.guestSweepIntervalMs,
  });
  let server: Server | null = null;
  const self: AnalysisTestApp = {
    app,
    db,
    config,
    dataDir,
    queries,
    request: (p, init) => app.fetch(new Request(new URL(p, 'http://aerisk.test'), init)),
    async listen() {
      if (!server) {
        server = createServer((req, res) => app.handleNode(req, res));
        await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      }
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async restart(next: { analyzer?: Analyzer; sweepOrphansOnStart?: boolean } = {}) {
      await self.close();
      return build(db, dataDir, { ...opts, ...next }, queries);
    },
    async close() {
      if (server) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server!.close(() => resolve()));
        server = null;
      }
      await app.dispose();
      await verifier.close();
    },
  };
  return self;
}

/** The app over a fresh database (PGlite or PostgreSQL per TEST_DB) and a fresh DATA_DIR. */
export async function createAnalysisTestApp(opts: Options = {}): Promise<AnalysisTestApp & { dispose(): Promise<void> }> {
  const queries: string[] = [];
  const { db, dispose } = await openTestDatabase((sql) => queries.push(sql));
  await migrate(db);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aerisk-analysis-test-'));
  let current = build(db, dataDir, opts, queries);
  const wrapper = {
    get app() {
      return current.app;
    },
    db,
    get config() {
      return current.config;
    },
    dataDir,
    queries,
    request: (p: string, init?: RequestInit) => current.request(p, init),
    listen: () => current.listen(),
    async restart(next?: { analyzer?: Analyzer; sweepOrphansOnStart?: boolean }) {
      current = await current.restart(next);
      return wrapper;
    },
    close: () => current.close(),
    async dispose() {
      await current.close();
      await dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return wrapper as AnalysisTestApp & { dispose(): Promise<void> };
}

export function auth(user: EmulatorUser | { idToken: string }): Record<string, string> {
  return { authorization: `Bearer ${user.idToken}` };
}

// ——— images ———

/** A small overhead-looking scene: lawn, a roof, a pool and two tree crowns. */
export async function sceneImage(format: 'png' | 'jpeg' = 'png', width = 320, height = 240): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#6d8f4e"/>
    <rect x="${width * 0.3}" y="${height * 0.3}" width="${width * 0.35}" height="${height * 0.3}" fill="#8a5a44"/>
    <rect x="${width * 0.72}" y="${height * 0.65}" width="${width * 0.15}" height="${height * 0.12}" fill="#3fa7d6"/>
    <circle cx="${width * 0.2}" cy="${height * 0.25}" r="${height * 0.1}" fill="#2f5d2a"/>
    <circle cx="${width * 0.28}" cy="${height * 0.75}" r="${height * 0.08}" fill="#2f5d2a"/>
  </svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

// ——— a scripted analyzer ———

export type Script = Partial<Omit<Observations, 'pool' | 'spa' | 'trees' | 'roof' | 'solar' | 'power_lines'>> & {
  pool?: boolean;
  spa?: boolean;
  /** Tree count and proximity; overhanging ⇔ touching. */
  trees?: { count: number; proximity: Observations['trees']['proximity'] };
  roof?: Partial<Observations['roof']>;
  solar?: number;
  powerLines?: Observations['power_lines'];
  assessable?: boolean;
  /** Milliseconds the analysis takes (to watch progress). */
  delayMs?: number;
  /** Throw instead of answering. */
  fail?: boolean;
};

function observationsFor(script: Script): Observations {
  const base = unknownObservations();
  const trees = script.trees ?? { count: 0, proximity: 'none' as const };
  return {
    ...base,
    property_condition: script.property_condition ?? 'good',
    pool: script.pool ? { present: true, location: 'north-east of the main building', condition: 'clean' } : base.pool,
    spa: script.spa ? { present: true, location: 'beside the pool' } : base.spa,
    trees: { count: trees.count, proximity: trees.proximity, overhanging: trees.proximity === 'touching' },
    roof: { style: script.roof?.style ?? 'gable', condition: script.roof?.condition ?? 'good' },
    solar: script.solar ? { present: true, coverage_percentage: script.solar } : base.solar,
    power_lines: script.powerLines ?? base.power_lines,
    additional_risks: script.additional_risks ?? [],
  };
}

function damageFinding(): Finding {
  return {
    feature: 'damage',
    confidence: 0.9,
    polygon: [[10, 10], [60, 10], [60, 40], [10, 40]],
    area_m2: null,
    note: 'tarp on the north slope',
    analyzer: 'scripted',
  };
}

/**
 * Answers with the script chosen for the image's property location (`scripts[location]`, or
 * `scripts['*']`), assembled and scored by the real contract module.
 */
export function scriptedAnalyzer(scripts: Record<string, Script>): Analyzer & { calls: AnalyzeContext[] } {
  const calls: AnalyzeContext[] = [];
  return {
    name: 'scripted',
    calls,
    async analyze(image, context) {
      calls.push(context);
      const script = scripts[context.property_location ?? ''] ?? scripts['*'] ?? {};
      if (script.delayMs) await new Promise((resolve) => setTimeout(resolve, script.delayMs));
      if (script.fail) throw new Error('scripted analyzer failure');
      const observations = observationsFor(script);
      const findings: Finding[] = observations.roof.condition === 'poor' ? [damageFinding()] : [];
      const meta = await sharp(image).metadata();
      const assessable = script.assessable ?? true;
      return assembleOutput({
        observations,
        findings,
        assessable,
        unassessable_reasons: assessable ? [] : ['The image is too dark to judge.'],
        context,
        provenance: {
          provider: 'scripted',
          model: 'scripted-test',
          analyzer_version: '0',
          image_sha256: context.image_sha256 ?? '0'.repeat(64),
          width: meta.width ?? 1,
          height: meta.height ?? 1,
          gsd_m_per_px: context.gsd_m_per_px ?? null,
          gsd_source: context.gsd_source ?? null,
          image_source: context.source,
          image_captured_at: context.captured_at ?? null,
          analyzed_at: new Date().toISOString(),
        },
      });
    },
  };
}

// ——— requests ———

/** Where a request goes: the app object (`app.fetch`, as most tests do) or a listening server's base URL. */
export type Target = string | { request(path: string, init?: RequestInit): Promise<Response> };

export function send(to: Target, path: string, init?: RequestInit): Promise<Response> {
  return typeof to === 'string' ? fetch(`${to}${path}`, init) : to.request(path, init);
}

export async function restUpload(
  to: Target,
  user: { idToken: string } | null,
  file: { bytes: Uint8Array; name?: string; type?: string } | null,
  propertyLocation?: string,
): Promise<Response> {
  const form = new FormData();
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }), file.name ?? 'photo.png');
  if (propertyLocation !== undefined) form.append('property_location', propertyLocation);
  return send(to, '/aerial/upload', { method: 'POST', headers: user ? auth(user) : {}, body: form });
}

export const UPLOAD_MUTATION = /* GraphQL */ `
  mutation Upload($input: UploadImageInput!) {
    uploadImage(input: $input) {
      __typename
      ... on MutationUploadImageSuccess { data { id itemId url width height mime source propertyLocation latitude longitude capturedAt gsdMPerPx gsdSource createdAt } }
      ... on Error { message }
      ... on RateLimitedError { retryAfterSeconds }
    }
  }
`;

/** A GraphQL multipart request (graphql-multipart-request-spec), as the client's upload sends it. */
export async function graphqlUpload(
  to: Target,
  user: { idToken: string } | null,
  file: { bytes: Uint8Array; name?: string; type?: string } | null,
  propertyLocation?: string | null,
  opts: { csrf?: boolean; query?: string } = {},
): Promise<Response> {
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({ query: opts.query ?? UPLOAD_MUTATION, variables: { input: { file: null, propertyLocation } } }),
  );
  form.append('map', JSON.stringify(file ? { 0: ['variables.input.file'] } : {}));
  if (file) form.append('0', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }), file.name ?? 'photo.png');
  const headers: Record<string, string> = user ? auth(user) : {};
  if (opts.csrf !== false) headers['x-graphql-yoga-csrf'] = '1';
  return send(to, '/graphql', { method: 'POST', headers, body: form });
}

/** Uploads through REST and returns the item id. */
export async function uploaded(to: Target, user: { idToken: string }, propertyLocation = '', bytes?: Buffer): Promise<string> {
  const res = await restUpload(to, user, { bytes: bytes ?? (await sceneImage()) }, propertyLocation);
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { item_id: string }).item_id;
}

/** Runs a GraphQL subscription over SSE and collects every `next` payload until `complete`. */
export async function subscribe(
  request: (path: string, init?: RequestInit) => Promise<Response>,
  token: string | null,
  query: string,
  variables: Record<string, unknown>,
  timeoutMs = 30_000,
): Promise<{ status: number; events: Array<{ data?: any; errors?: any[] }> }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await request('/graphql', { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  const events: Array<{ data?: any; errors?: any[] }> = [];
  if (!res.body) return { status: res.status, events };
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (Date.now() > deadline) throw new Error('subscription did not complete in time');
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let boundary: number;
    let completed = false;
    while ((boundary = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event === 'complete') completed = true;
      else if (event === 'next' && data) events.push(JSON.parse(data));
    }
    if (completed) {
      await reader.cancel();
      break;
    }
  }
  return { status: res.status, events };
}
