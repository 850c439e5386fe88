// What the benchmarks that drive the real app in this process share: an account with one real analysis made
// through the API (the row the bulk loads copy), and the teardown of what they started.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startAuthEmulator } from '../scripts/auth-emulator';
import { freePort } from '../scripts/free-port';
import { createApp } from '../server/app';
import { createFirebaseVerifier } from '../server/auth/firebase';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { migrate } from '../server/migrate';
import { createEmulatorUser } from '../tests/helpers/auth-emulator-users';
import { startPostgres } from '../tests/setup/postgres';

type Database = Awaited<ReturnType<typeof openDatabase>>;
export type BenchRequest = (url: string, init?: RequestInit) => Promise<Response>;

/** `--name N` from the command line, else `fallback`. */
export function numberOption(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

/** The Auth emulator on a free 127.0.0.1 port, a temporary data directory, and the app's configuration over both. */
export async function startBenchAuth(env: Record<string, string> = {}) {
  const emulator = await startAuthEmulator({ port: await freePort(), projectId: 'demo-aerisk' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aerisk-bench-'));
  const config = loadConfig({
    FIREBASE_AUTH_EMULATOR_HOST: emulator.hostPort,
    FIREBASE_PROJECT_ID: 'demo-aerisk',
    DATA_DIR: dataDir,
    ...env,
  });
  return { emulator, dataDir, config };
}

/** A new emulator account, its bearer header, and one analysis of a real tile made through REST. */
export async function accountWithOneAnalysis(request: BenchRequest, db: Database, emulatorHostPort: string) {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHostPort;
  const { idToken } = await createEmulatorUser();
  const auth = { authorization: `Bearer ${idToken}` };
  const form = new FormData();
  form.append(
    'file',
    new Blob([readFileSync(new URL('../tests/fixtures/images/chico_2020_55.png', import.meta.url))], { type: 'image/png' }),
    'tile.png',
  );
  form.append('property_location', '1 Bench Street');
  const { item_id } = (await (await request('/aerial/upload', { method: 'POST', headers: auth, body: form })).json()) as {
    item_id: string;
  };
  const { analysis_id } = (await (await request(`/aerial/analyze/${item_id}`, { method: 'POST', headers: auth })).json()) as {
    analysis_id: string;
  };
  const seed = await db.prisma.analysis.findUniqueOrThrow({ where: { id: analysis_id } });
  return { auth, seed };
}

/** Stops the app, the verifier, the database and the emulator, and removes the data directory. */
export async function closeBench(started: {
  app: { dispose: () => Promise<unknown> };
  verifier: { close: () => Promise<unknown> };
  db: Database;
  emulator: { stop: () => Promise<unknown> };
  dataDir: string;
}): Promise<void> {
  await started.app.dispose();
  await started.verifier.close();
  await started.db.close();
  await started.emulator.stop();
  rmSync(started.dataDir, { recursive: true, force: true });
}

/**
 * The real app in this process over the Auth emulator and a migrated database: embedded PGlite in memory, or with
 * `postgres` a PostgreSQL 15 cluster started on 127.0.0.1 as the tests do. `close()` stops all of it.
 */
export async function startBenchApp(opts: { postgres: boolean; env?: Record<string, string> }) {
  const { emulator, dataDir, config } = await startBenchAuth(opts.env);
  const server = opts.postgres ? await startPostgres(await freePort()) : null;
  let databaseUrl: string | undefined;
  if (server) {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query('CREATE DATABASE aerisk_bench');
    await admin.end();
    databaseUrl = server.url.replace(/\/postgres$/, '/aerisk_bench');
  }
  const db = await openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: 'memory://' });
  await migrate(db);
  const verifier = createFirebaseVerifier(config.firebase);
  const app = createApp({ config, db, verifier, clientDir: null });
  const request: BenchRequest = (url, init) => app.fetch(new Request(new URL(url, 'http://aerisk.bench'), init));
  const close = async () => {
    await closeBench({ app, verifier, db, emulator, dataDir });
    await server?.stop();
  };
  return { emulator, db, request, close };
}

/**
 * Sends a REST path, or a GraphQL query written `graphql:<query>` in its place, with the bearer header `auth`, and
 * times it: `warmups` requests unmeasured, then the median and p95 of `runs`. A request that does not answer 200, or
 * answers GraphQL errors, stops the benchmark.
 */
export function requestTimer(request: BenchRequest, auth: Record<string, string>, warmups = 3) {
  const send = (url: string) =>
    url.startsWith('graphql:')
      ? request('/graphql', {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ query: url.slice('graphql:'.length) }),
        })
      : request(url, { headers: auth });
  return async (url: string, runs: number) => {
    for (let i = 0; i < warmups; i++) await (await send(url)).arrayBuffer();
    const xs: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      const res = await send(url);
      const body = await res.text();
      if (res.status !== 200 || (url.startsWith('graphql:') && body.includes('"errors"'))) {
        throw new Error(`${url} answered ${res.status}: ${body.slice(0, 200)}`);
      }
      xs.push(performance.now() - t);
    }
    xs.sort((a, b) => a - b);
    return { median: xs[Math.floor(xs.length / 2)], p95: xs[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)] };
  };
}
