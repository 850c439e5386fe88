// npm run bench:history [-- --analyses N --runs R]
// The history list under a realistic account: N stored analyses (default 2,000) of one user, on the embedded
// PGlite database, through the real app (Auth emulator token verification included) in this process. Prints
// the median time of GET /aerial/analyses for the first page, a page deep in the list (keyset pagination
// should cost the same), a case-insensitive search and combined filters, and the ratios to the first page.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../server/app';
import { createFirebaseVerifier } from '../server/auth/firebase';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { migrate } from '../server/migrate';
import { startAuthEmulator } from '../scripts/auth-emulator';
import { createEmulatorUser } from '../tests/helpers/auth-emulator-users';
import { freePort } from '../scripts/free-port';

const opt = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = opt('--analyses', 2000);
const RUNS = opt('--runs', 30);


const emulator = await startAuthEmulator({ port: await freePort(), projectId: 'demo-aerisk' });
const dataDir = mkdtempSync(path.join(tmpdir(), 'aerisk-bench-'));
const config = loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: emulator.hostPort, FIREBASE_PROJECT_ID: 'demo-aerisk', DATA_DIR: dataDir, ANALYZER_THREADS: '0' });
const db = await openDatabase({ pgliteDir: 'memory://' });
await migrate(db);
const verifier = createFirebaseVerifier(config.firebase);
const app = createApp({ config, db, verifier, clientDir: null });
const request = (url: string, init?: RequestInit) => app.fetch(new Request(new URL(url, 'http://aerisk.bench'), init));

try {
  // A user and one real analysis through the API, then N copies of its row with varied dates, places and flags.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.hostPort;
  const { idToken } = await createEmulatorUser();
  const auth = { authorization: `Bearer ${idToken}` };
  const form = new FormData();
  form.append('file', new Blob([readFileSync(new URL('../tests/fixtures/images/chico_2020_55.png', import.meta.url))], { type: 'image/png' }), 'tile.png');
  form.append('property_location', '1 Bench Street');
  const { item_id } = (await (await request('/aerial/upload', { method: 'POST', headers: auth, body: form })).json()) as { item_id: string };
  const { analysis_id } = (await (await request(`/aerial/analyze/${item_id}`, { method: 'POST', headers: auth })).json()) as { analysis_id: string };
  const seed = await db.prisma.analysis.findUniqueOrThrow({ where: { id: analysis_id } });
  const streets = ['Oak', 'Maple', 'Cedar', 'Birch', 'Pine', 'Elm', 'Willow', 'Aspen'];
  const start = Date.now() - N * 60_000;
  const { id: _id, results, evidence, provenance, analyzerResults: _r, analyzerEvidence: _e, review: _v, ...rest } = seed;
  for (let done = 0; done < N; done += 500) {
    await db.prisma.analysis.createMany({
      data: Array.from({ length: Math.min(500, N - done) }, (_, k) => {
        const i = done + k;
        return {
          ...rest,
          results: results ?? undefined,
          evidence: evidence ?? undefined,
          provenance: provenance ?? undefined,
          propertyLocation: `${i} ${streets[i % streets.length]} Avenue`,
          searchText: `${i} ${streets[i % streets.length]} Avenue ${seed.searchText}`,
          riskScore: (i * 37) % 101,
          hasPool: i % 3 === 0,
          hasSolar: i % 5 === 0,
          createdAt: new Date(start + i * 60_000),
        };
      }),
    });
  }

  const time = async (url: string) => {
    for (let i = 0; i < 3; i++) await (await request(url, { headers: auth })).arrayBuffer();
    const xs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const res = await request(url, { headers: auth });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      xs.push(performance.now() - t);
    }
    return xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  };
  // The cursor of a page about 80 % down the list, by following Link headers.
  let deep = '/aerial/analyses?limit=20';
  for (let hops = 0; hops < Math.floor((0.8 * N) / 20); hops++) {
    const link = (await request(deep, { headers: auth })).headers.get('link');
    const next = link && /<([^>]+)>/.exec(link)?.[1];
    if (!next) break;
    deep = next;
  }
  const cases = [
    ['first page (20)', '/aerial/analyses?limit=20'],
    ['page ~80 % down (keyset cursor)', deep],
    ['search "cedar avenue"', '/aerial/analyses?limit=20&q=cedar%20avenue'],
    ['filters pool + solar', '/aerial/analyses?limit=20&filters=pool,solar'],
    ['sort by risk score, ascending', '/aerial/analyses?limit=20&sort=risk_score&order=asc'],
    ['statistics', '/aerial/analysis-statistics'],
  ] as const;
  console.log(`# History benchmark — ${new Date().toISOString().slice(0, 19)}Z`);
  console.log(`${cpus()[0]?.model ?? 'cpu'} × ${availableParallelism()}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${N + 1} analyses of one user, PGlite in memory, medians of ${RUNS}\n`);
  console.log('| request | median (ms) | ratio to first page |');
  console.log('|---|---|---|');
  const first = await time(cases[0][1]);
  console.log(`| ${cases[0][0]} | ${first.toFixed(1)} | 1.00× |`);
  for (const [label, url] of cases.slice(1)) {
    const ms = await time(url);
    console.log(`| ${label} | ${ms.toFixed(1)} | ${(ms / first).toFixed(2)}× |`);
  }
} finally {
  await app.dispose();
  await verifier.close();
  await db.close();
  await emulator.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
