// npm run bench:load [-- --clients 50 --seconds 20]
// Reads stay fast while many clients upload (issue 12). The real app on a real HTTP server on 127.0.0.1
// (embedded PGlite, local image store, Auth emulator token verification), N clients uploading a 2000×1500
// JPEG as fast as they are let in (a 503 is retried after its Retry-After), and one client reading the
// history page (GET /aerial/analyses) over and over. Printed for the history read: p50, p95 and max, alone
// and under the upload load, with overload shedding at its defaults and effectively off (every upload
// admitted at once) in the same process; for the uploads: accepted, refused with 503 (and whether each had
// Retry-After), and lost (accepted but not stored: must be 0).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createApp } from '../server/app';
import { createFirebaseVerifier } from '../server/auth/firebase';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { migrate } from '../server/migrate';
import { startAuthEmulator } from '../scripts/auth-emulator';
import { freePort } from '../scripts/free-port';
import { numberOption } from './harness';
import { createEmulatorUser } from '../tests/helpers/auth-emulator-users';

const CLIENTS = numberOption('--clients', 50);
const SECONDS = numberOption('--seconds', 20);
const USERS = 5;

const emulator = await startAuthEmulator({ port: await freePort(), projectId: 'demo-aerisk' });
process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.hostPort;
const fixture = readFileSync(new URL('../tests/fixtures/images/chico_2020_55.png', import.meta.url));
const photo = await sharp(fixture).resize(2000, 1500).jpeg({ quality: 90 }).toBuffer();

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

interface RunResult {
  reads: number[];
  /** Time of each accepted upload (201), from sending to the answer. */
  uploads: number[];
  accepted: number;
  refused: number;
  refusedWithoutRetryAfter: number;
  failed: number;
  lost: number;
}

async function run(label: string, env: Record<string, string>, uploading: boolean): Promise<RunResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aerisk-bench-load-'));
  const config = loadConfig({
    FIREBASE_AUTH_EMULATOR_HOST: emulator.hostPort,
    FIREBASE_PROJECT_ID: 'demo-aerisk',
    DATA_DIR: dataDir,
    // What is measured is shedding, not the per-user abuse limits.
    UPLOAD_RATE_LIMIT_PER_MINUTE: '1000000',
    ...env,
  });
  const db = await openDatabase({ pgliteDir: 'memory://' });
  await migrate(db);
  const verifier = createFirebaseVerifier(config.firebase);
  const app = createApp({ config, db, verifier, clientDir: null });
  const server = createServer((req, res) => app.handleNode(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const users = await Promise.all(Array.from({ length: USERS }, () => createEmulatorUser()));
  const result: RunResult = { reads: [], uploads: [], accepted: 0, refused: 0, refusedWithoutRetryAfter: 0, failed: 0, lost: 0 };
  const deadline = Date.now() + SECONDS * 1000;

  async function uploader(i: number) {
    const user = users[i % USERS];
    while (Date.now() < deadline) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
      form.append('property_location', `${i} Load Lane`);
      try {
        const started = performance.now();
        const res = await fetch(`${base}/aerial/upload`, {
          method: 'POST',
          headers: { authorization: `Bearer ${user.idToken}` },
          body: form,
        });
        await res.arrayBuffer();
        if (res.status === 201) {
          result.accepted++;
          result.uploads.push(performance.now() - started);
        } else if (res.status === 503) {
          result.refused++;
          const retryAfter = Number(res.headers.get('retry-after'));
          if (!retryAfter) result.refusedWithoutRetryAfter++;
          await new Promise((resolve) => setTimeout(resolve, (retryAfter || 1) * 1000));
        } else result.failed++;
      } catch {
        result.failed++;
      }
    }
  }

  async function reader() {
    const user = users[0];
    while (Date.now() < deadline) {
      const started = performance.now();
      const res = await fetch(`${base}/aerial/analyses`, { headers: { authorization: `Bearer ${user.idToken}` } });
      await res.arrayBuffer();
      if (res.status === 200) result.reads.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  await Promise.all([reader(), ...(uploading ? Array.from({ length: CLIENTS }, (_, i) => uploader(i)) : [])]);
  const stored = await db.prisma.image.count();
  result.lost = result.accepted - stored;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await app.dispose();
  await verifier.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
  const r = result.reads;
  console.log(
    `${label.padEnd(44)} history read p50 ${ms(percentile(r, 50))}, p95 ${ms(percentile(r, 95))}, max ${ms(Math.max(...r))} (${r.length} reads)` +
      (uploading
        ? ` | uploads accepted ${result.accepted} (p50 ${ms(percentile(result.uploads, 50))}, p95 ${ms(percentile(result.uploads, 95))}), 503 ${result.refused} (without Retry-After ${result.refusedWithoutRetryAfter}), other failures ${result.failed}, lost ${result.lost}`
        : ''),
  );
  return result;
}

try {
  console.log(
    `bench:load — ${CLIENTS} upload clients (${USERS} users), ${SECONDS} s per run, 2000×1500 JPEG (${(photo.length / 1024).toFixed(0)} KB); ` +
      `${availableParallelism()} CPUs, load average ${loadavg()[0].toFixed(1)}`,
  );
  await run('reads alone', {}, false);
  await run('with uploads, shedding at the defaults', {}, true);
  await run('with uploads, shedding off (all admitted)', { HEAVY_REQUEST_CONCURRENCY: '100000', HEAVY_REQUEST_QUEUE: '0' }, true);
} finally {
  await emulator.stop();
}
