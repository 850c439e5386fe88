// What the benchmarks that drive the real app in this process share: an account with one real analysis made
// through the API (the row the bulk loads copy), and the teardown of what they started.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startAuthEmulator } from '../scripts/auth-emulator';
import { freePort } from '../scripts/free-port';
import { loadConfig } from '../server/config';
import type { openDatabase } from '../server/db';
import { createEmulatorUser } from '../tests/helpers/auth-emulator-users';

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
