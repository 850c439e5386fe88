// npm run bench:queue [-- --subscriptions 1000 --flood 60]
// The analysis queue and its change events, through the real app in this process (embedded PGlite, the
// Auth emulator on 127.0.0.1, the local analyzer on its worker thread, one analysis worker — the defaults):
// 1. database queries per second with and without 1,000 open `analysis` subscriptions — idle, and while
//    analyses run back to back — and the reads per state change when 1,000 subscribers watch one analysis
//    (change events are O(1) per change; the former design polled each watcher once a second);
// 2. how long a flood of 60 analyses from three users delays a fourth user's single analysis, as a ratio to
//    one analysis time (fair share: at most the analysis already running).
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { createApp } from '../server/app';
import { createFirebaseVerifier } from '../server/auth/firebase';
import { openDatabase } from '../server/db';
import { migrate } from '../server/migrate';
import { createEmulatorUser } from '../tests/helpers/auth-emulator-users';
import { closeBench, numberOption, startBenchAuth } from './harness';

const SUBSCRIPTIONS = numberOption('--subscriptions', 1000);
const FLOOD = numberOption('--flood', 60);
const BACK_TO_BACK = 8;
const IDLE_MS = 10_000;

const { emulator, dataDir, config } = await startBenchAuth({
  ANALYZE_RATE_LIMIT_PER_MINUTE: '100000',
  // The flood's last analyses wait for all the others.
  ANALYZE_WAIT_TIMEOUT_MS: '900000',
  UPLOAD_RATE_LIMIT_PER_MINUTE: '100000',
  // 1,000 parked analyses with a subscriber each, and a flood of 60: far above the load-shedding defaults,
  // which would answer 503 / 429 (bench:load measures those).
  ANALYSIS_QUEUE_LIMIT: '100000',
  SUBSCRIPTIONS_PER_USER: '100000',
  HEAVY_REQUEST_QUEUE: '1000',
  IMAGERY_PROVIDER: 'none',
  PLACES_PROVIDER: 'none',
});
// Every statement reaching the database, whoever sends it (Prisma, pg-boss's fetches and monitor, LISTEN).
let queries = 0;
/** Prisma's statements alone: the watchers' reads are among them, the queue's polling is not. */
let prismaQueries = 0;
const pglite = countingStatements(await PGlite.create('memory://'));
const db = await openDatabase({ pglite, onQuery: () => (prismaQueries += 1) });
await migrate(db);
const verifier = createFirebaseVerifier(config.firebase);
const app = createApp({ config, db, verifier, clientDir: null });
const request = (url: string, init?: RequestInit) => app.fetch(new Request(new URL(url, 'http://aerisk.bench'), init));
const tile = readFileSync(new URL('../tests/fixtures/images/chico_2020_55.png', import.meta.url));
function countingStatements(pg: PGlite): PGlite {
  const count = <F extends (...args: never[]) => unknown>(fn: F): F => ((...args: Parameters<F>) => ((queries += 1), fn(...args))) as F;
  pg.query = count(pg.query.bind(pg));
  pg.exec = count(pg.exec.bind(pg));
  const transaction = pg.transaction.bind(pg);
  pg.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      tx.query = count(tx.query.bind(tx));
      tx.exec = count(tx.exec.bind(tx));
      return callback(tx);
    })) as PGlite['transaction'];
  return pg;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const benchStart = Date.now();
/** Progress on stderr; the bench gives up past 10 minutes rather than hang. */
function step(what: string) {
  const s = (Date.now() - benchStart) / 1000;
  if (s > 600) throw new Error(`bench:queue gave up after 10 minutes (at: ${what})`);
  process.stderr.write(`[bench] ${s.toFixed(0)} s: ${what}\n`);
}
async function waitUntil(what: string, done: () => boolean | Promise<boolean>) {
  let last = 0;
  while (!(await done())) {
    if (Date.now() - last > 10_000) {
      step(`waiting: ${what}`);
      last = Date.now();
    }
    await sleep(10);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function user() {
  const { idToken, uid } = await createEmulatorUser();
  const auth = { authorization: `Bearer ${idToken}` };
  const form = new FormData();
  form.append('file', new Blob([tile], { type: 'image/png' }), 'tile.png');
  form.append('property_location', '1 Bench Street');
  const res = await request('/aerial/upload', { method: 'POST', headers: auth, body: form });
  const { item_id } = (await res.json()) as { item_id: string };
  return { uid, auth, idToken, item: item_id };
}
type User = Awaited<ReturnType<typeof user>>;

async function analyze(who: User): Promise<{ id: string; ms: number }> {
  const t = performance.now();
  const res = await request(`/aerial/analyze/${who.item}`, { method: 'POST', headers: who.auth });
  const body = (await res.json()) as { analysis_id: string };
  if (res.status !== 200) throw new Error(`analyze answered ${res.status}: ${JSON.stringify(body)}`);
  return { id: body.analysis_id, ms: performance.now() - t };
}

/** An open `analysis` subscription (SSE through the app); resolves `opened` at its first event. */
function subscribe(who: User, analysisId: string) {
  const controller = new AbortController();
  let opened: () => void = () => {};
  const first = new Promise<void>((resolve) => (opened = resolve));
  let events = 0;
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  const done = (async () => {
    const res = await request('/graphql', {
      method: 'POST',
      signal: controller.signal,
      headers: { ...who.auth, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({
        query: 'subscription($id: ID!) { analysis(id: $id) { status progress } }',
        variables: { id: Buffer.from(`Analysis:${analysisId}`).toString('base64') },
      }),
    });
    reader = res.body!.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { done: end, value } = await reader.read();
      if (end) return;
      const count = decoder.decode(value, { stream: true }).split('event: next').length - 1;
      if (count > 0) {
        events += count;
        opened();
      }
    }
  })().catch(() => undefined);
  return {
    first,
    done,
    events: () => events,
    close: () => {
      controller.abort();
      void reader?.cancel().catch(() => undefined);
    },
  };
}

/** Queries per second while `during` runs (or for `IDLE_MS` when it is a number). */
async function rate(during: number | (() => Promise<number>)): Promise<{ perSecond: number; total: number }> {
  const q0 = queries;
  const t = performance.now();
  if (typeof during === 'number') await sleep(during);
  else await during();
  const seconds = (performance.now() - t) / 1000;
  return { perSecond: (queries - q0) / seconds, total: queries - q0 };
}

const backToBack = (who: User) => async () => {
  for (let i = 0; i < BACK_TO_BACK; i++) await analyze(who);
  return BACK_TO_BACK;
};

try {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.hostPort;
  const [a, b, c, d, s] = [await user(), await user(), await user(), await user(), await user()];
  for (let i = 0; i < 3; i++) await analyze(d); // warm: analyzer thread, models, queue
  step('warm');

  // ——— 1. queries with and without open subscriptions ———
  const idleWithout = await rate(IDLE_MS);
  const runWithout = await rate(backToBack(a));
  // Analyses that stay queued (no job: nothing will run them), each with an open subscription.
  const parked = await db.prisma.analysis.createManyAndReturn({
    data: Array.from({ length: SUBSCRIPTIONS }, () => ({ ownerId: s.uid, imageId: s.item, propertyLocation: 'parked' })),
    select: { id: true },
  });
  step('idle and back-to-back without subscriptions measured');
  const subs = parked.map((row) => subscribe(s, row.id));
  await Promise.all(subs.map((sub) => sub.first));
  step(`${SUBSCRIPTIONS} subscriptions open`);
  const idleWith = await rate(IDLE_MS);
  const runWith = await rate(backToBack(a));
  for (const sub of subs) sub.close();

  // 1,000 subscribers of the one analysis that changes: reads per change.
  const [target] = await db.prisma.analysis.createManyAndReturn({
    data: [{ ownerId: s.uid, imageId: s.item, propertyLocation: 'watched' }],
    select: { id: true },
  });
  step('with subscriptions measured');
  const watchers = Array.from({ length: SUBSCRIPTIONS }, () => subscribe(s, target.id));
  await Promise.all(watchers.map((w) => w.first));
  step(`${SUBSCRIPTIONS} subscribers of one analysis open`);
  const CHANGES = 10;
  const q0 = prismaQueries;
  for (let p = 1; p <= CHANGES; p++) {
    await db.prisma.analysis.update({ where: { id: target.id }, data: { status: p === CHANGES ? 'done' : 'running', progress: p * 10 } });
    await waitUntil(`every subscriber told of change ${p}`, () => watchers.every((w) => w.events() >= p + 1));
  }
  // Prisma's statements minus the updates themselves: the watchers' reads.
  const readsPerChange = (prismaQueries - q0 - CHANGES) / CHANGES;
  await Promise.all(watchers.map((w) => w.done));

  step('reads per change measured');
  // ——— 2. a flood from three users against a fourth user's single analysis ———
  const alone: number[] = [];
  for (let i = 0; i < 3; i++) alone.push((await analyze(d)).ms);
  const floodStart = performance.now();
  const floodSince = new Date();
  const flood: Promise<{ id: string; ms: number }>[] = [];
  for (let i = 0; i < FLOOD / 3; i++) for (const who of [a, b, c]) flood.push(analyze(who));
  // D arrives once the flood is under way (its first analyses running, the rest queued).
  const floodWhere = { ownerId: { in: [a.uid, b.uid, c.uid] }, createdAt: { gte: floodSince } };
  await waitUntil('the flood under way', async () => (await db.prisma.analysis.count({ where: { ...floodWhere, status: 'done' } })) >= 2);
  step('flood under way; the fourth user asks');
  const queuedWhenDArrived = await db.prisma.analysis.count({ where: { ...floodWhere, status: 'queued' } });
  const dArrival = await analyze(d);
  const floodDone = await Promise.all(flood);
  const floodSeconds = (performance.now() - floodStart) / 1000;
  const floodRows = await db.prisma.analysis.findMany({
    where: { id: { in: floodDone.map((f) => f.id) } },
    select: { createdAt: true, startedAt: true, finishedAt: true },
  });
  const analysisMs = median(floodRows.map((r) => r.finishedAt!.getTime() - r.startedAt!.getTime()));
  const floodWaitMs = median(floodRows.map((r) => r.startedAt!.getTime() - r.createdAt.getTime()));
  const dRow = await db.prisma.analysis.findUniqueOrThrow({ where: { id: dArrival.id } });
  // The flood's delay of D: how long D's job waited in the queue before a worker took it.
  const dWaitMs = dRow.startedAt!.getTime() - dRow.createdAt.getTime();
  const delayMs = dArrival.ms - median(alone);

  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(
    `bench:queue — ${availableParallelism()} cores (${cpu}), load average ${loadavg()[0].toFixed(2)}, embedded PGlite, ${config.analysis.workers} analysis worker`,
  );
  console.log('');
  console.log('Database statements per second (everything sent to the database: Prisma, the queue’s fetches and monitor):');
  console.log(`| situation | no subscriptions | ${SUBSCRIPTIONS} open subscriptions |`);
  console.log('|---|---|---|');
  console.log(`| idle (${IDLE_MS / 1000} s) | ${idleWithout.perSecond.toFixed(1)} | ${idleWith.perSecond.toFixed(1)} |`);
  console.log(`| ${BACK_TO_BACK} analyses back to back | ${runWithout.perSecond.toFixed(1)} | ${runWith.perSecond.toFixed(1)} |`);
  console.log(
    `| queries per analysis (4 state changes each) | ${(runWithout.total / BACK_TO_BACK).toFixed(1)} | ${(runWith.total / BACK_TO_BACK).toFixed(1)} |`,
  );
  console.log('');
  console.log(
    `${SUBSCRIPTIONS} subscribers of one analysis: ${readsPerChange.toFixed(2)} database reads per state change (all ${SUBSCRIPTIONS} told each time); before: ~${SUBSCRIPTIONS} polls per second whatever changed.`,
  );
  console.log('');
  console.log(
    `Flood: ${FLOOD} analyses from three users (${floodSeconds.toFixed(1)} s in all); a fourth user's single analysis arrived with ${queuedWhenDArrived} of them queued:`,
  );
  console.log(
    '| one analysis (median run time in the flood) | fourth user’s wait in the queue | **÷ one analysis** | a flood job’s median wait | fourth user end to end: alone / with the flood |',
  );
  console.log('|---|---|---|---|---|');
  console.log(
    `| ${analysisMs.toFixed(0)} ms | ${dWaitMs.toFixed(0)} ms | **${(dWaitMs / analysisMs).toFixed(2)}×** | ${(floodWaitMs / 1000).toFixed(1)} s (${(floodWaitMs / analysisMs).toFixed(0)}×) | ${median(alone).toFixed(0)} / ${dArrival.ms.toFixed(0)} ms (+${delayMs.toFixed(0)} ms) |`,
  );
} finally {
  await closeBench({ app, verifier, db, emulator, dataDir });
}
