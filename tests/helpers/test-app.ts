// The real app (createApp) over a fresh database per test file: in-memory PGlite, or a new
// database on the test PostgreSQL server when TEST_DB=postgres. Requests go through app.fetch.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp, type App } from '../../server/app.js';
import { createFirebaseVerifier } from '../../server/auth/firebase.js';
import { loadConfig, type Config } from '../../server/config.js';
import { openDatabase, type Database } from '../../server/db.js';
import { migrate } from '../../server/migrate.js';

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

export async function openTestDatabase(
  onQuery?: (sql: string) => void,
): Promise<{ db: Database; dispose(): Promise<void> }> {
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

export async function createTestApp(
  env: Record<string, string> = {},
  opts: { clientDir?: string } = {},
): Promise<TestApp> {
  const emulatorHost = inject('authEmulatorHost');
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  const config = loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, FIREBASE_PROJECT_ID: 'demo-aerisk', ...env });
  const queries: string[] = [];
  const { db, dispose } = await openTestDatabase((sql) => queries.push(sql));
  await migrate(db);
  const verifier = createFirebaseVerifier(config.firebase);
  const app = createApp({ config, db, verifier, clientDir: opts.clientDir ?? null });
  return {
    app,
    db,
    config,
    queries,
    request: (path, init) => app.fetch(new Request(new URL(path, 'http://aerisk.test'), init)),
    async close() {
      await app.dispose();
      await verifier.close();
      await dispose();
    },
  };
}
