// npm run bench:exports [-- --small N --large M]
// The history export streams: an account of M analyses (default 100,000) is exported as CSV through the real
// app in this process, and the JS heap is sampled while the file streams. Prints rows, size, time and the peak
// heap growth for a small account (default 10,000) and the large one; streamed, the large export's peak should
// be about the small one's, not ten times it. Each export also writes one audit entry per analysis.
import { availableParallelism, cpus, loadavg } from 'node:os';
import { createApp } from '../server/app';
import { createFirebaseVerifier } from '../server/auth/firebase';
import { openDatabase } from '../server/db';
import { migrate } from '../server/migrate';
import { accountWithOneAnalysis, closeBench, numberOption, startBenchAuth } from './harness';

const SMALL = numberOption('--small', 10_000);
const LARGE = numberOption('--large', 100_000);

const { emulator, dataDir, config } = await startBenchAuth({
  ANALYZER_THREADS: '0',
});
const db = await openDatabase({ pgliteDir: 'memory://' });
await migrate(db);
const verifier = createFirebaseVerifier(config.firebase);
const app = createApp({ config, db, verifier, clientDir: null });
const request = (url: string, init?: RequestInit) => app.fetch(new Request(new URL(url, 'http://aerisk.bench'), init));

/** A user with `n` finished analyses (copies of one real one), and their bearer header. */
async function account(n: number) {
  const { auth, seed } = await accountWithOneAnalysis(request, db, emulator.hostPort);
  const start = Date.now() - n * 1000;
  for (let done = 1; done < n; done += 1000) {
    await db.prisma.analysis.createMany({
      data: Array.from({ length: Math.min(1000, n - done) }, (_, k) => ({
        ownerId: seed.ownerId,
        imageId: seed.imageId,
        status: 'done' as const,
        progress: 100,
        results: seed.results ?? undefined,
        evidence: seed.evidence ?? undefined,
        provenance: seed.provenance ?? undefined,
        propertyLocation: `${done + k} Bench Street`,
        riskScore: (done + k) % 101,
        createdAt: new Date(start + (done + k) * 1000),
      })),
    });
  }
  return auth;
}

async function exportCsv(auth: Record<string, string>) {
  global.gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 20);
  const t = performance.now();
  const res = await request('/aerial/analyses/export?format=csv', { headers: auth });
  const reader = res.body!.getReader();
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const b of value) if (b === 10) lines += 1;
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }
  clearInterval(sampler);
  return { rows: lines - 1, mb: bytes / 1e6, s: (performance.now() - t) / 1000, peakMb: (peak - base) / 1e6 };
}

try {
  console.log(`# Export benchmark — ${new Date().toISOString().slice(0, 19)}Z`);
  console.log(
    `${cpus()[0]?.model ?? 'cpu'} × ${availableParallelism()}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; PGlite in memory${global.gc ? ', heap collected before each export' : ''}\n`,
  );
  console.log('| account | rows streamed | CSV (MB) | time (s) | peak JS heap growth (MB) |');
  console.log('|---|---|---|---|---|');
  const small = await exportCsv(await account(SMALL));
  console.log(
    `| ${SMALL.toLocaleString('en')} analyses | ${small.rows} | ${small.mb.toFixed(1)} | ${small.s.toFixed(1)} | ${small.peakMb.toFixed(1)} |`,
  );
  const large = await exportCsv(await account(LARGE));
  console.log(
    `| ${LARGE.toLocaleString('en')} analyses | ${large.rows} | ${large.mb.toFixed(1)} | ${large.s.toFixed(1)} | ${large.peakMb.toFixed(1)} |`,
  );
  console.log(
    `\nrows ×${(large.rows / small.rows).toFixed(1)}, peak heap growth ×${(large.peakMb / Math.max(0.1, small.peakMb)).toFixed(2)}`,
  );
} finally {
  await closeBench({ app, verifier, db, emulator, dataDir });
}
