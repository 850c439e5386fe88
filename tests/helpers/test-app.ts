// The one test-app factory: the real app (createApp) over a fresh database per test file (in-memory
// PGlite, or a new database on the test PostgreSQL server when TEST_DB=postgres) and a fresh DATA_DIR,
// with an injectable analyzer, storage and clock. Requests go through app.fetch; `listen()` starts Node's
// listener where a test needs it.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { Analyzer } from '../../server/analyzer/contract';
import { createApp, type App, type AppDeps } from '../../server/app';
import { createFirebaseVerifier } from '../../server/auth/firebase';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Database } from '../../server/db';
import { migrate } from '../../server/migrate';

export interface TestApp {
  app: App;
  db: Database;
  config: Config;
  /** Every SQL statement Prisma sent, in order; tests assert query counts on hot paths (no N+1). */
  queries: string[];
  /** Sends a request to the app as the browser would (paths are relative to http://aerisk.test). */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The statements a request sent, from the query log since `before`: without SQL comments, and without the
 * batch runner's poll (it claims pending `batch_rows` every few seconds in the background, so on a slow
 * machine a poll can land inside any request's window and be counted as the request's own).
 */
export function requestStatements(queries: string[], before: number): string[] {
  return queries.slice(before).filter((sql) => !sql.startsWith('--') && !/\bbatch_rows\b/.test(sql));
}

/** A fresh, empty database on the test PostgreSQL server, dropped by the returned function. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('postgresUrl');
  if (!adminUrl) throw new Error('TEST_DB=postgres, but the global setup started no PostgreSQL.');
  const name = `aerisk_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function openTestDatabase(onQuery?: (sql: string) => void): Promise<{ db: Database; dispose(): Promise<void> }> {
  const log = onQuery ? { onQuery: (event: { query: string }) => onQuery(event.query) } : {};
  if (process.env.TEST_DB === 'postgres') {
    const database = await createPostgresDatabase();
    const db = await openDatabase({ databaseUrl: database.url, ...log });
    return {
      db,
      dispose: async () => {
        await db.close();
        await database.drop();
      },
    };
  }
  const db = await openDatabase({ pgliteDir: 'memory://', ...log });
  return { db, dispose: () => db.close() };
}

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
  /** A second app on the same database and DATA_DIR (a restarted process); `env` is added to the first one's. */
  restart(opts?: Restart): Promise<AnalysisTestApp>;
  close(): Promise<void>;
}

type Restart = { analyzer?: Analyzer; sweepOrphansOnStart?: boolean; env?: Record<string, string> };
type Options = { analyzer?: Analyzer; env?: Record<string, string> } & Partial<
  Pick<AppDeps, 'storage' | 'sweepOrphansOnStart' | 'guestSweepIntervalMs' | 'clock' | 'clientDir'>
>;

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
    db,
    verifier,
    analyzer: opts.analyzer,
    storage: opts.storage,
    sweepOrphansOnStart: opts.sweepOrphansOnStart,
    guestSweepIntervalMs: opts.guestSweepIntervalMs,
    clock: opts.clock,
    clientDir: opts.clientDir ?? null,
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
        // The client is this same process: on a loaded machine it can stall for seconds while it still streams a
        // body the server has already answered (an upload cut off at the limit), and Node's 5 s keep-alive timeout
        // would then reset the connection before the client reads the answer. Connections end at close() anyway.
        server.keepAliveTimeout = 60_000;
        await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      }
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async restart(next: Restart = {}) {
      await self.close();
      return build(db, dataDir, { ...opts, ...next, env: { ...opts.env, ...next.env } }, queries);
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
    async restart(next?: Restart) {
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

/** The same app for tests that need only `env` (and a built client): `close()` ends everything. */
export async function createTestApp(env: Record<string, string> = {}, opts: { clientDir?: string } = {}): Promise<TestApp> {
  const t = await createAnalysisTestApp({ env, clientDir: opts.clientDir ?? null });
  return { app: t.app, db: t.db, config: t.config, queries: t.queries, request: t.request, close: () => t.dispose() };
}
