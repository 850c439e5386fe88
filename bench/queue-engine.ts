// npm run bench:queue -- --engine   (or: tsx bench/queue-engine.ts [--jobs N])
// How pg-boss reaches embedded PGlite, measured both ways on a fresh in-memory PGlite each: pg-boss's own
// PGlite adapter in process (what the product uses, server/jobs/queue.ts) versus a PGlite socket server
// (@electric-sql/pglite-socket, the PostgreSQL wire protocol on 127.0.0.1) with pg-boss's own pg pool.
// Prints start-up (schema creation), then per job: send, and fetch + complete, sequentially.
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { PgBoss, fromPglite } from 'pg-boss';
import { freePort } from '../scripts/free-port';

const i = process.argv.indexOf('--jobs');
const JOBS = i > 0 ? Number(process.argv[i + 1]) : 300;

async function measure(name: string, make: (pglite: PGlite) => Promise<{ boss: PgBoss; close(): Promise<void> }>) {
  const pglite = await PGlite.create('memory://');
  const t0 = performance.now();
  const { boss, close } = await make(pglite);
  boss.on('error', (error) => console.error(`[${name}]`, error.message));
  await boss.start();
  await boss.createQueue('bench');
  const startMs = performance.now() - t0;
  const t1 = performance.now();
  for (let k = 0; k < JOBS; k++)
    await boss.send('bench', { k }, { priority: k % 7, singletonKey: `g${k % 5}`, group: { id: `g${k % 5}` } });
  const sendMs = (performance.now() - t1) / JOBS;
  const t2 = performance.now();
  let done = 0;
  for (;;) {
    const [job] = await boss.fetch('bench');
    if (!job) break;
    await boss.complete('bench', job.id);
    done += 1;
  }
  const cycleMs = (performance.now() - t2) / done;
  await boss.stop({ graceful: false, close: true });
  await close();
  await pglite.close();
  if (done !== JOBS) throw new Error(`${name}: ${done} of ${JOBS} jobs came back`);
  return { name, startMs, sendMs, cycleMs };
}

const rows = [
  await measure('pg-boss PGlite adapter, in process (chosen)', async (pglite) => ({
    boss: new PgBoss({ db: fromPglite(pglite), backend: 'pglite', schedule: false, supervise: false }),
    close: async () => {},
  })),
  await measure('PGlite socket server + pg pool (1 connection)', async (pglite) => {
    const port = await freePort();
    const server = new PGLiteSocketServer({ db: pglite, port, host: '127.0.0.1' });
    await server.start();
    return {
      boss: new PgBoss({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`, max: 1, schedule: false, supervise: false }),
      close: () => server.stop(),
    };
  }),
];
console.log(`pg-boss on embedded PGlite, ${JOBS} jobs, sequential (this machine, load average shown by bench:queue):`);
console.log('| path | start (schema) ms | send ms/job | fetch + complete ms/job |');
console.log('|---|---|---|---|');
for (const r of rows) console.log(`| ${r.name} | ${r.startMs.toFixed(0)} | ${r.sendMs.toFixed(2)} | ${r.cycleMs.toFixed(2)} |`);
const [a, b] = rows;
console.log(`Socket / adapter: send ${(b.sendMs / a.sendMs).toFixed(2)}×, fetch + complete ${(b.cycleMs / a.cycleMs).toFixed(2)}×`);
