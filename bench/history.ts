// npm run bench:history [-- --rows N --postgres --runs R]
// The history list under a realistic account: N stored analyses (--rows, default 2,000; --analyses is the old
// name) of one user, on the embedded PGlite database or (--postgres) on a PostgreSQL 15 cluster this script
// starts on 127.0.0.1 as the tests do, through the real app (Auth emulator token verification included) in this
// process. Prints the median and p95 time of GET /aerial/analyses for the first page, a page deep in the list
// (keyset pagination should cost the same), searches, filters, sorts and their combinations, and the ratios of
// the medians to the first page's.
import { availableParallelism, cpus, loadavg } from 'node:os';
import { accountWithOneAnalysis, numberOption, requestTimer, startBenchApp } from './harness';

const N = numberOption('--rows', numberOption('--analyses', 2000));
const RUNS = numberOption('--runs', 40);
const POSTGRES = process.argv.includes('--postgres');

const { emulator, db, request, close } = await startBenchApp({ postgres: POSTGRES, env: { ANALYZER_THREADS: '0' } });

try {
  // A user and one real analysis through the API, then N copies of its row with varied dates, places and flags.
  const { auth, seed } = await accountWithOneAnalysis(request, db, emulator.hostPort);
  // Bulk loads go faster without the trigram indexes (prisma/migrations/*_history_search_trgm); they are built
  // again after the load, as a database restored from a dump would build them.
  const trigram = await db.prisma.$queryRawUnsafe<{ indexname: string; indexdef: string }[]>(
    "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'analyses' AND indexdef LIKE '%gin_trgm_ops%'",
  );
  for (const { indexname } of trigram) await db.prisma.$executeRawUnsafe(`DROP INDEX ${indexname}`);
  const streets = ['Oak', 'Maple', 'Cedar', 'Birch', 'Pine', 'Elm', 'Willow', 'Aspen'];
  const start = Date.now() - N * 60_000;
  const { id: _id, results, evidence, provenance, analyzerResults: _r, analyzerEvidence: _e, review: _v, subjectPoint: _p, ...rest } = seed;
  // Each analysis of its own image (as uploads and map images are), every one made by an earlier analyzer version:
  // the worst case for the history's count of older results, which it reads on every visit.
  const { id: _imageId, ...image } = await db.prisma.image.findUniqueOrThrow({ where: { id: seed.imageId } });
  const older = { ...(provenance as object), analyzer_version: '1.0.0' };
  for (let done = 0; done < N; done += 500) {
    const imageIds = Array.from({ length: Math.min(500, N - done) }, () => crypto.randomUUID());
    await db.prisma.image.createMany({
      data: imageIds.map((id) => ({ ...image, id, storageKey: `bench/${id}`, providerMeta: image.providerMeta ?? undefined })),
    });
    await db.prisma.analysis.createMany({
      data: imageIds.map((imageId, k) => {
        const i = done + k;
        return {
          ...rest,
          imageId,
          results: results ?? undefined,
          evidence: evidence ?? undefined,
          provenance: older,
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

  for (const { indexdef } of trigram) await db.prisma.$executeRawUnsafe(indexdef);
  // Planner statistics, as autovacuum would gather them on a live database.
  await db.prisma.$executeRawUnsafe('ANALYZE analyses');

  // A GraphQL query is sent as `graphql:<query>` in place of a REST path.
  const timed = requestTimer(request, auth);
  const time = (url: string) => timed(url, RUNS);
  // The cursor of a page about 80 % down the list, by following Link headers (500 rows a hop; the cursor does
  // not depend on the page size).
  let deep = '/aerial/analyses?limit=500';
  for (let hops = 0; hops < Math.floor((0.8 * N) / 500); hops++) {
    const link = (await request(deep, { headers: auth })).headers.get('link');
    const next = link && /<([^>]+)>/.exec(link)?.[1];
    if (!next) break;
    deep = next;
  }
  deep = deep.replace('limit=500', 'limit=20');
  const cases = [
    ['first page (20)', '/aerial/analyses?limit=20'],
    ['page ~80 % down (keyset cursor)', deep],
    ['search "cedar avenue" (1 in 8 rows)', '/aerial/analyses?limit=20&q=cedar%20avenue'],
    ['search "4711" (a few rows)', '/aerial/analyses?limit=20&q=4711'],
    ['filters pool + solar', '/aerial/analyses?limit=20&filters=pool,solar'],
    ['sort by risk score, ascending', '/aerial/analyses?limit=20&sort=risk_score&order=asc'],
    ['sort by risk score, descending', '/aerial/analyses?limit=20&sort=risk_score&order=desc'],
    [
      'search + filters + sort: "cedar", pool + solar, score asc',
      '/aerial/analyses?limit=20&q=cedar&filters=pool,solar&sort=risk_score&order=asc',
    ],
    [
      'search + filters + sort: "maple avenue", pool, score desc',
      '/aerial/analyses?limit=20&q=maple%20avenue&filters=pool&sort=risk_score&order=desc',
    ],
    ['search + filters + sort: "4711", pool, date asc', '/aerial/analyses?limit=20&q=4711&filters=pool&sort=date&order=asc'],
    ['statistics', '/aerial/analysis-statistics'],
    ['older results to analyse again (GraphQL viewer.olderAnalyzerImages)', 'graphql:{ viewer { olderAnalyzerImages } }'],
  ] as const;
  console.log(`# History benchmark — ${new Date().toISOString().slice(0, 19)}Z`);
  console.log(
    `${cpus()[0]?.model ?? 'cpu'} × ${availableParallelism()}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ` +
      `${N + 1} analyses of one user, ${POSTGRES ? 'PostgreSQL 15 on 127.0.0.1' : 'PGlite in memory'}, ${RUNS} requests each\n`,
  );
  const measured = [];
  for (const [label, url] of cases) measured.push({ label, url, ...(await time(url)) });
  // The same requests without the trigram indexes (prisma/migrations/*_history_search_trgm), as a baseline
  // measured in this process: what search costs when it scans.
  const baseline = new Map<string, { median: number; p95: number }>();
  if (trigram.length > 0) {
    for (const { indexname } of trigram) await db.prisma.$executeRawUnsafe(`DROP INDEX ${indexname}`);
    await db.prisma.$executeRawUnsafe('ANALYZE analyses');
    for (const { label, url } of measured) if (url.includes('q=')) baseline.set(label, await time(url));
    for (const { indexdef } of trigram) await db.prisma.$executeRawUnsafe(indexdef);
  }
  console.log(`trigram indexes: ${trigram.length > 0 ? trigram.map((t) => t.indexname).join(', ') : 'none (pg_trgm not available)'}\n`);
  console.log('| request | median (ms) | p95 (ms) | median ratio to first page | without trigram indexes: median / p95 (ms) |');
  console.log('|---|---|---|---|---|');
  const first = measured[0];
  for (const { label, median, p95 } of measured) {
    const base = baseline.get(label);
    const without = base ? `${base.median.toFixed(1)} / ${base.p95.toFixed(1)}` : '—';
    console.log(`| ${label} | ${median.toFixed(1)} | ${p95.toFixed(1)} | ${(median / first.median).toFixed(2)}× | ${without} |`);
  }
} finally {
  await close();
}
