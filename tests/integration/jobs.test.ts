// The analysis job queue (pg-boss, decision 015): resumption after a crash (a job left active runs
// again on start; a job whose every attempt died is failed, not run again), shared-queue mode (a dead
// worker's job runs again once its heartbeat is past the lease), no double claims, retries, dead jobs
// kept with their error, the wait limit, the deadline, missing blobs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_QUEUE } from '../../server/analysis-runtime';
import { JobQueue, MAX_ATTEMPTS, createBoss } from '../../server/jobs/queue';
import { enqueueAnalysis } from '../../server/services/analyses';
import { runAnalysis, type AnalysisJob } from '../../server/services/analysis-runner';
import { LocalDirStorage } from '../../server/storage/local-dir-storage';
import { createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users';
import { auth, createAnalysisTestApp, scriptedAnalyzer, uploaded, type AnalysisTestApp } from '../helpers/analysis';
import { graphql } from '../helpers/graphql';
import { until } from '../helpers/until';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type TestApp = AnalysisTestApp & { dispose(): Promise<void> };

/** A queue on the test's database that runs nothing itself: it enqueues, and lists dead jobs. */
function idleQueue(t: TestApp) {
  return new JobQueue<AnalysisJob>({ database: t.db, name: ANALYSIS_QUEUE, workers: 0, leaseMs: 30_000, pollIntervalMs: 0 });
}

/** Queues an analysis of a fresh upload the way the service does (row and job in one transaction). */
async function queuedAnalysis(t: TestApp, user: EmulatorUser, location: string) {
  const imageId = await uploaded(await t.listen(), user, location);
  const queue = idleQueue(t);
  try {
    return await enqueueAnalysis({ db: t.db.prisma, queue }, { ownerId: user.uid, imageId, propertyLocation: location });
  } finally {
    await queue.stop();
  }
}

/**
 * A worker that claims the next analysis job and dies with it: the job is left active in pg-boss with no
 * heartbeat, and the row `running` with `startedRuns` attempts (each earlier run died the same way).
 */
async function claimAndDie(t: TestApp, analysisId: string, startedRuns: number) {
  const boss = createBoss(t.db, { supervise: false });
  await boss.start();
  try {
    for (let run = 1; run <= startedRuns; run++) {
      const [job] = await boss.fetch<AnalysisJob>(ANALYSIS_QUEUE, { ignoreStartAfter: true });
      expect(job?.data.analysisId).toBe(analysisId);
      if (run < startedRuns) await boss.fail(ANALYSIS_QUEUE, job!.id, { message: 'the worker died' });
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
  await t.db.prisma.analysis.update({ where: { id: analysisId }, data: { status: 'running', progress: 20, attempts: startedRuns } });
}

const noWorkers = { ANALYSIS_WORKERS: '0' };
const oneWorker = { ANALYSIS_WORKERS: '1' };

describe('resumption after a crash (single-process queue, the default)', () => {
  let t: TestApp;
  let user: EmulatorUser;
  const analyzer = scriptedAnalyzer({ '*': { pool: true } });
  beforeAll(async () => {
    t = await createAnalysisTestApp({ analyzer, env: noWorkers });
    user = await createEmulatorUser();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('runs a job left running on start again, to completion, counting the attempt', async () => {
    await t.restart({ env: noWorkers });
    const row = await queuedAnalysis(t, user, 'crashed once');
    await claimAndDie(t, row.id, 1);
    await t.restart({ env: oneWorker });
    const done = await until(async () => {
      const r = await t.db.prisma.analysis.findUniqueOrThrow({ where: { id: row.id } });
      return r.status === 'done' && r;
    });
    expect(done).toMatchObject({ attempts: 2, progress: 100, hasPool: true, error: null });
    expect(analyzer.calls.filter((c) => c.image_analysis_id === row.id)).toHaveLength(1);
    const res = await t.request(`/aerial/analysis/${row.id}`, { headers: auth(user) });
    expect(((await res.json()) as Json).analysis_results.pool.present).toBe(true);
  });

  it('marks a job failed when its last attempt died too, without running it again', async () => {
    await t.restart({ env: noWorkers });
    const row = await queuedAnalysis(t, user, 'crashed every time');
    await claimAndDie(t, row.id, MAX_ATTEMPTS);
    const callsBefore = analyzer.calls.length;
    await t.restart({ env: oneWorker });
    const failed = await until(async () => {
      const r = await t.db.prisma.analysis.findUniqueOrThrow({ where: { id: row.id } });
      return r.status === 'failed' && r;
    });
    expect(failed).toMatchObject({ attempts: MAX_ATTEMPTS, error: 'Failed to analyze image', results: null });
    expect(failed.finishedAt).not.toBeNull();
    expect(analyzer.calls.length).toBe(callsBefore);
    const res = await t.request(`/aerial/analysis/${row.id}`, { headers: auth(user) });
    expect(((await res.json()) as Json).status).toBe('failed');
    // The dead job is kept, with why it died.
    const queue = idleQueue(t);
    await queue.start();
    const dead = (await queue.deadJobs()).find((job) => job.data.analysisId === row.id);
    await queue.stop();
    expect(dead?.error).toBe('the worker running it stopped');
  });

  it('runs jobs queued before the restart', async () => {
    await t.restart({ env: noWorkers });
    const row = await queuedAnalysis(t, user, 'queued before restart');
    expect((await t.db.prisma.analysis.findUniqueOrThrow({ where: { id: row.id } })).status).toBe('queued');
    await t.restart({ env: oneWorker });
    await until(async () => (await t.db.prisma.analysis.findUniqueOrThrow({ where: { id: row.id } })).status === 'done');
  });

  it('fails a job whose image file has gone missing at once, keeping the dead job with its error', async () => {
    await t.restart({ env: oneWorker });
    const base = await t.listen();
    const imageId = await uploaded(base, user, 'lost file');
    const image = await t.db.prisma.image.findUniqueOrThrow({ where: { id: imageId } });
    await new LocalDirStorage(`${t.dataDir}/images`).delete(image.storageKey);
    const res = await t.request(`/aerial/analyze/${imageId}`, { method: 'POST', headers: auth(user) });
    expect(res.status).toBe(422);
    expect(((await res.json()) as Json).error.message).toBe('Failed to analyze image');
    const row = await t.db.prisma.analysis.findFirstOrThrow({ where: { imageId } });
    expect(row.attempts).toBe(1);
    const queue = idleQueue(t);
    await queue.start();
    // The request is answered once the analysis row says failed; the queue files the dead job just after.
    let dead: Awaited<ReturnType<typeof queue.deadJobs>>[number] | undefined;
    await until(async () => (dead = (await queue.deadJobs()).find((job) => job.data.analysisId === row.id)) !== undefined);
    await queue.stop();
    expect(dead?.error).toBe(`image blob ${image.storageKey} is missing`);
  });
});

describe('retries with backoff', () => {
  let t: TestApp;
  let user: EmulatorUser;
  let failuresLeft = 1;
  let imagesDir = '';
  beforeAll(async () => {
    user = await createEmulatorUser();
  });
  afterAll(async () => {
    await t?.dispose();
    if (imagesDir) rmSync(imagesDir, { recursive: true, force: true });
  });

  it('runs a job again after a transient failure (storage unreachable once), and it finishes', async () => {
    // The real local store, whose first read fails as a network store's can.
    class FlakyStorage extends LocalDirStorage {
      override async get(key: string) {
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('storage unreachable');
        }
        return super.get(key);
      }
    }
    imagesDir = mkdtempSync(path.join(tmpdir(), 'aerisk-flaky-'));
    t = await createAnalysisTestApp({ analyzer: scriptedAnalyzer({ '*': { spa: true } }), storage: new FlakyStorage(imagesDir) });
    const imageId = await uploaded(await t.listen(), user, 'flaky storage');
    const res = await t.request(`/aerial/analyze/${imageId}`, { method: 'POST', headers: auth(user) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Json).results.spa.present).toBe(true);
    const row = await t.db.prisma.analysis.findFirstOrThrow({ where: { imageId } });
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
    expect(failuresLeft).toBe(0);
  });
});

describe('shared queue (several processes on one database)', () => {
  let t: TestApp;
  let user: EmulatorUser;
  const CONTENDED = 'contended';
  const analyzer = scriptedAnalyzer({ '*': {}, [CONTENDED]: { delayMs: 400 } });
  const shared = { ANALYSIS_POLL_INTERVAL_MS: '200', ANALYSIS_LEASE_MS: '1500' };
  beforeAll(async () => {
    t = await createAnalysisTestApp({ analyzer, env: { ...shared, ...noWorkers } });
    user = await createEmulatorUser();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('runs a dead worker’s job again once its heartbeat is past the lease, and leaves a live one alone', { timeout: 90_000 }, async () => {
    const dead = await queuedAnalysis(t, user, 'dead worker');
    await claimAndDie(t, dead.id, 1);
    // Another worker process, alive: it holds its job and keeps its heartbeat fresh.
    const live = await queuedAnalysis(t, user, 'live worker');
    const boss = createBoss(t.db, { supervise: false });
    await boss.start();
    const [held] = await boss.fetch<AnalysisJob>(ANALYSIS_QUEUE);
    expect(held?.data.analysisId).toBe(live.id);
    const heartbeat = setInterval(() => void boss.touch(ANALYSIS_QUEUE, held!.id).catch(() => undefined), 2000);
    try {
      // A shared worker does not take jobs over at start; the heartbeat monitor does, after the lease.
      await t.restart({ env: { ...shared, ...oneWorker } });
      const done = await until(async () => {
        const r = await t.db.prisma.analysis.findUniqueOrThrow({ where: { id: dead.id } });
        return r.status === 'done' && r;
      }, 60_000);
      expect(done.attempts).toBe(2);
      expect(analyzer.calls.some((c) => c.image_analysis_id === live.id)).toBe(false);
    } finally {
      clearInterval(heartbeat);
      await boss.stop({ graceful: false, close: false });
    }
  });

  it('picks up a job another process queued', async () => {
    const row = await queuedAnalysis(t, user, 'queued elsewhere');
    await until(async () => (await t.db.prisma.analysis.findUniqueOrThrow({ where: { id: row.id } })).status === 'done');
  });

  it('never runs a job twice when several workers share the queue', async () => {
    const base = await t.listen();
    const counting = scriptedAnalyzer({ '*': { delayMs: 20 } });
    const storage = new LocalDirStorage(`${t.dataDir}/images`);
    const imageIds: string[] = [];
    for (let i = 0; i < 8; i++) imageIds.push(await uploaded(base, user, `contended ${i}`));
    const workers = [0, 1].map(() => {
      const queue = new JobQueue<AnalysisJob>({ database: t.db, name: ANALYSIS_QUEUE, workers: 2, leaseMs: 60_000, pollIntervalMs: 100 });
      queue.handle((job) => runAnalysis({ db: t.db.prisma, storage, analyzer: counting }, job));
      return queue;
    });
    await Promise.all(workers.map((w) => w.start()));
    const ids: string[] = [];
    try {
      for (const imageId of imageIds) {
        const row = await enqueueAnalysis(
          { db: t.db.prisma, queue: workers[0] },
          { ownerId: user.uid, imageId, propertyLocation: CONTENDED },
        );
        ids.push(row.id);
      }
      await until(async () => (await t.db.prisma.analysis.count({ where: { id: { in: ids }, status: 'done' } })) === ids.length);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    // Three processes' workers took part: the two above and the app's own; each job ran exactly once.
    const ran = [...counting.calls, ...analyzer.calls].map((c) => c.image_analysis_id).filter((id) => ids.includes(id!));
    expect(counting.calls.length).toBeGreaterThan(0);
    expect(ran.sort()).toEqual([...ids].sort());
    expect(await t.db.prisma.analysis.count({ where: { id: { in: ids }, attempts: 1 } })).toBe(ids.length);
  });
});

describe('the wait limit of a synchronous analyze', () => {
  let t: TestApp;
  let user: EmulatorUser;
  beforeAll(async () => {
    t = await createAnalysisTestApp({
      analyzer: scriptedAnalyzer({ '*': { delayMs: 1500 } }),
      env: { ANALYZE_WAIT_TIMEOUT_MS: '200' },
    });
    user = await createEmulatorUser();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('REST answers 202 with the analysis id and where to read it; the job still finishes', async () => {
    const itemId = await uploaded(await t.listen(), user);
    const res = await t.request(`/aerial/analyze/${itemId}`, { method: 'POST', headers: auth(user) });
    expect(res.status).toBe(202);
    const body = (await res.json()) as Json;
    expect(body).toMatchObject({ status: expect.stringMatching(/^(queued|running)$/), results: null, evidence: null });
    expect(res.headers.get('location')).toBe(`/aerial/analysis/${body.analysis_id}`);
    const pending = (await (await t.request(`/aerial/analysis/${body.analysis_id}`, { headers: auth(user) })).json()) as Json;
    expect(pending).toMatchObject({ analysis_results: null, risk_score: null, image_analysis_id: null });
    await until(async () => (await t.db.prisma.analysis.findUniqueOrThrow({ where: { id: body.analysis_id } })).status === 'done');
  });

  it('analyzeImage returns the running Analysis', async () => {
    const itemId = await uploaded(await t.listen(), user);
    const res = await graphql<Json>(
      t,
      `
        mutation ($input: AnalyzeImageInput!) {
          analyzeImage(input: $input) {
            ... on MutationAnalyzeImageSuccess {
              data {
                analysisId
                status
                results {
                  riskScore
                }
              }
            }
          }
        }
      `,
      { token: user.idToken, variables: { input: { imageId: Buffer.from(`Image:${itemId}`).toString('base64') } } },
    );
    expect(res.data!.analyzeImage.data).toMatchObject({ status: expect.stringMatching(/^(queued|running)$/), results: null });
  });
});

describe('the deadline of one analysis', () => {
  let t: TestApp;
  let user: EmulatorUser;
  // 'stuck' stands for a detector that never finishes; the worker must give it up and go on.
  const analyzer = scriptedAnalyzer({ stuck: { delayMs: 600_000 }, '*': { pool: true } });
  beforeAll(async () => {
    t = await createAnalysisTestApp({ analyzer, env: { ANALYSIS_DEADLINE_MS: '1000', ANALYZE_WAIT_TIMEOUT_MS: '20000' } });
    user = await createEmulatorUser();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('fails an analysis that runs past it with the analysis failure, tells the analyzer, and runs the next one', async () => {
    const base = await t.listen();
    const stuck = await t.request(`/aerial/analyze/${await uploaded(base, user, 'stuck')}`, { method: 'POST', headers: auth(user) });
    expect(stuck.status).toBe(422);
    const said = 'Failed to analyze image. The analysis did not finish within 1 s and was stopped.';
    expect(await stuck.json()).toEqual({ error: { code: expect.any(String), message: 'Failed to analyze image', detail: said } });
    const row = await t.db.prisma.analysis.findFirstOrThrow({ where: { ownerId: user.uid, propertyLocation: 'stuck' } });
    expect(row).toMatchObject({ status: 'failed', error: said, riskScore: null });
    expect(analyzer.calls.find((c) => c.property_location === 'stuck')?.signal?.aborted).toBe(true);

    // The worker is free again: the next analysis is done as usual.
    const next = await t.request(`/aerial/analyze/${await uploaded(base, user, 'next')}`, { method: 'POST', headers: auth(user) });
    expect(next.status).toBe(200);
    expect(((await next.json()) as Json).results.pool.present).toBe(true);
  });
});
