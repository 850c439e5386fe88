// npm run bench:batches [-- --rows N --postgres --runs R]
// A finished portfolio batch of N rows (--rows, default 10,000, a batch's most), every row done, read as the batch
// screen and an integrator read it, on the embedded PGlite database or (--postgres) on a PostgreSQL 15 cluster this
// script starts on 127.0.0.1 as the tests do, through the real app in this process. Two batches of the same rows:
// one without earlier results (the baseline), and one where every row is compared with an earlier result, half of
// them in another band (decision 025) and a quarter with a changed finding (decision 026). Prints the median and p95
// of each request against a baseline measured in this process, and their ratio: what the comparison costs the batch
// screen's progress poll (every 1.5 s while a batch runs), its rows and the downloads, and what the "band changed"
// and "findings changed" filters cost against the state filter beside them.
import { availableParallelism, cpus, loadavg } from 'node:os';
import { findingsKey } from '../server/services/analysis-columns';
import { accountWithOneAnalysis, numberOption, requestTimer, startBenchApp } from './harness';

const N = numberOption('--rows', 10_000);
const RUNS = numberOption('--runs', 20);
const POSTGRES = process.argv.includes('--postgres');

const { emulator, db, request, close } = await startBenchApp({ postgres: POSTGRES, env: { ANALYZER_THREADS: '0' } });

try {
  const { auth, seed } = await accountWithOneAnalysis(request, db, emulator.hostPort);
  const { id: _id, results, evidence, provenance, analyzerResults: _r, analyzerEvidence: _e, review: _v, subjectPoint: _p, ...rest } = seed;
  // N images, each with an earlier analysis and a new one: scores that keep the band on even rows and move it on odd,
  // and on every fourth row an earlier roof condition that differs (a changed finding, decision 026).
  const stored = (results ?? {}) as { roof?: { condition?: string } };
  const otherRoof = { ...stored, roof: { ...stored.roof, condition: stored.roof?.condition === 'poor' ? 'good' : 'poor' } };
  const { id: _imageId, ...image } = await db.prisma.image.findUniqueOrThrow({ where: { id: seed.imageId } });
  const imageIds = Array.from({ length: N }, () => crypto.randomUUID());
  const earlierIds = imageIds.map(() => crypto.randomUUID());
  const newIds = imageIds.map(() => crypto.randomUUID());
  for (let from = 0; from < N; from += 500) {
    const slice = imageIds.slice(from, from + 500);
    await db.prisma.image.createMany({
      data: slice.map((id) => ({ ...image, id, storageKey: `bench/${id}`, providerMeta: image.providerMeta ?? undefined })),
    });
    const analysis = (id: string, imageId: string, riskScore: number, roofChanged = false) => ({
      ...rest,
      id,
      imageId,
      riskScore,
      results: roofChanged ? otherRoof : (results ?? undefined),
      // As the job runner and reviews store it with the results.
      findingsKey: findingsKey(roofChanged ? otherRoof : results),
      evidence: evidence ?? undefined,
      provenance: provenance ?? undefined,
    });
    await db.prisma.analysis.createMany({
      data: slice.flatMap((imageId, k) => {
        const i = from + k;
        return [
          analysis(earlierIds[i], imageId, 20 + (i % 10), i % 4 === 0),
          analysis(newIds[i], imageId, i % 2 ? 50 + (i % 10) : 25 + (i % 5)),
        ];
      }),
    });
  }
  const batchOf = async (name: string, compared: boolean) => {
    const batch = await db.prisma.batch.create({ data: { ownerId: seed.ownerId, name, source: 'images', totalRows: N } });
    for (let from = 0; from < N; from += 1000) {
      await db.prisma.batchRow.createMany({
        data: imageIds.slice(from, from + 1000).map((imageId, k) => ({
          batchId: batch.id,
          rowNumber: from + k + 1,
          address: `${from + k} Bench Avenue`,
          status: 'analysing' as const,
          imageId,
          analysisId: newIds[from + k],
          previousAnalysisId: compared ? earlierIds[from + k] : null,
        })),
      });
    }
    return batch.id;
  };
  const plain = await batchOf('without earlier results', false);
  const compared = await batchOf('compared with earlier results', true);
  await db.prisma.$executeRawUnsafe('ANALYZE analyses');
  await db.prisma.$executeRawUnsafe('ANALYZE batch_rows');

  const graphqlRows = (id: string, filter: string) =>
    `graphql:{ batch(id: "${Buffer.from(`Batch:${id}`).toString('base64')}") { comparison { compared bandChanged } rows(first: 50${filter}) { edges { node { rowNumber state analysis { riskScore } earlierResult { riskScore } changedFindings { field before after } } } } } }`;
  // The first 50 rows with only their analyses' fields `analysis` (within the cost limit with a field more).
  const analysesOfRows = (id: string, analysis: string) =>
    `graphql:{ batch(id: "${Buffer.from(`Batch:${id}`).toString('base64')}") { rows(first: 50) { edges { node { rowNumber state analysis { ${analysis} } } } } } }`;
  const timed = requestTimer(request, auth, 2);
  const time = (url: string, runs = RUNS) => timed(url, runs);
  // Each request on the compared batch against its baseline: the same request on the batch without earlier results,
  // or, for the band filter, the state filter it stands beside (first 50 done rows) on the compared batch.
  const downloads = Math.min(RUNS, 5);
  const cases: [label: string, baseline: string, measured: string, runs?: number][] = [
    ['progress and counts (GET /aerial/batches/{id}), the screen’s poll', `/aerial/batches/${plain}`, `/aerial/batches/${compared}`],
    ['batch screen: comparison + first 50 rows (GraphQL)', graphqlRows(plain, ''), graphqlRows(compared, '')],
    [
      'first 50 rows, analyses read slim (asked only what a page of rows shows) vs whole (asked whether each is assessable too, from its evidence)',
      analysesOfRows(compared, 'riskScore assessable'),
      analysesOfRows(compared, 'riskScore'),
    ],
    [
      'first 50 rows whose band changed (GraphQL `bandChanged`) vs first 50 done rows (`state: done`)',
      graphqlRows(compared, ', state: done'),
      graphqlRows(compared, ', bandChanged: true'),
    ],
    [
      'first 50 rows whose findings changed (GraphQL `findingsChanged`) vs first 50 done rows (`state: done`)',
      graphqlRows(compared, ', state: done'),
      graphqlRows(compared, ', findingsChanged: true'),
    ],
    [
      'first 50 rows whose roof condition changed one way (GraphQL `findingChange` with `after`) vs first 50 whose findings changed',
      graphqlRows(compared, ', findingsChanged: true'),
      graphqlRows(compared, `, findingChange: { field: roof_condition, after: "${stored.roof?.condition ?? ''}" }`),
    ],
    [
      'how many rows each finding changed on, and which way (GraphQL `findingsChangedBy`, once a batch has finished) vs the comparison alone',
      `graphql:{ batch(id: "${Buffer.from(`Batch:${compared}`).toString('base64')}") { comparison { findingsChanged } } }`,
      `graphql:{ batch(id: "${Buffer.from(`Batch:${compared}`).toString('base64')}") { comparison { findingsChanged } findingsChangedBy { field rows changes { before after rows } } } }`,
    ],
    [
      `results download, every row (JSON, ${N} rows)`,
      `/aerial/batches/${plain}/results?format=json`,
      `/aerial/batches/${compared}/results?format=json`,
      downloads,
    ],
    [
      `results download, rows whose band changed (JSON, ${N / 2} rows) vs every row`,
      `/aerial/batches/${compared}/results?format=json`,
      `/aerial/batches/${compared}/results?format=json&band_changed=true`,
      downloads,
    ],
    [
      `results download, rows whose findings changed (JSON, ${N / 4} rows) vs every row`,
      `/aerial/batches/${compared}/results?format=json`,
      `/aerial/batches/${compared}/results?format=json&findings_changed=true`,
      downloads,
    ],
  ];
  console.log(`# Batch comparison benchmark — ${new Date().toISOString().slice(0, 19)}Z`);
  console.log(
    `${cpus()[0]?.model ?? 'cpu'} × ${availableParallelism()}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ` +
      `two finished batches of ${N} rows, ${POSTGRES ? 'PostgreSQL 15 on 127.0.0.1' : 'PGlite in memory'}, ${RUNS} requests each (downloads ${downloads})\n`,
  );
  console.log('| request | baseline: median / p95 (ms) | measured: median / p95 (ms) | median ratio |');
  console.log('|---|---|---|---|');
  for (const [label, baseline, measured, runs] of cases) {
    const a = await time(baseline, runs);
    const b = await time(measured, runs);
    console.log(
      `| ${label} | ${a.median.toFixed(1)} / ${a.p95.toFixed(1)} | ${b.median.toFixed(1)} / ${b.p95.toFixed(1)} | ${(b.median / a.median).toFixed(2)}× |`,
    );
  }
} finally {
  await close();
}
