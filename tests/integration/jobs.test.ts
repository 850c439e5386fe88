// The analysis job queue: resumption after a crash (a row left `running` runs again on start, once),
// shared-queue mode (lease and polling), no double claims, the wait limit, missing blobs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisJobs } from '../../server/jobs/analysis-jobs.js';
import { LocalDirStorage } from '../../server/storage/local-dir-storage.js';
import { createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users.js';
import { auth, createAnalysisTestApp, scriptedAnalyzer, uploaded, type AnalysisTestApp } from '../helpers/analysis.js';
import { graphql } from '../helpers/graphql.js';
import { until } from '../helpers/until.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type TestApp = AnalysisTestApp & { dispose(): Promise<void> };


/** An analysis row as a crashed process leaves it: claimed, part-way, never finished. */
async function crashedRow(t: TestApp, user: EmulatorUser, attempts: number, heartbeatAgoMs = 0) {
  const base = await t.listen();
  const imageId = await uploaded(base, user, `crashed ${attempts}`);
  return t.db.prisma.analysis.create({
    data: {
      ownerId: user.uid,
      imageId,
      propertyLocation: `crashed ${attempts}`,
      status: 'running',
      progress: 20,
      attempts,
      startedAt: new Date(Date.now() - heartbeatAgoMs),
      heartbeatAt: new Date(Date.now() - heartbeatAgoMs),
    },
  });
}

describe('resumption after a crash (single-process queue, the default)', () => {
  let t: TestApp;
  let user: EmulatorUser;
  const analyzer = scriptedAnalyzer({ '*': { pool: true } });
  beforeAll(async () => {
    t = await createAnalysisTestApp({ analyzer });
    user = await createEmulatorUser();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('runs a job left `running` again on start, to completion, counting the attempt', async () => {
    const row = await crashedRow(t, user, 1);
    await t.restart();
    const done = await until(async () => {
      const r = await t.db.prisma.analysis.findUniqueOrThrow({ where: { id: row.id } });
      return r.status === 'done' && r;
    });
    expect(done).toMatchObject({ attempts: 2, progress: 100, hasPool: true, error: null });
    expect(analyzer.calls.some((c) => c.image_analysis_id === row.id)).toBe(true);
    const res = await t.request(`/aerial/analysis/${row.id}`, { headers: auth(user) });
    expect(((await res.json()) as Json).analysis_results.pool.present).toBe(true);
  });

  it('marks a job failed when its second attempt died too, without running it a third time', async () => {
    const row = await crashedRow(t, user, 2);
    const callsBefore = analyzer.calls.length;
    await t.restart();
    const failed = await until(async () => {
      const r = await t.db.prisma.analysis.findUniqueOrThrow({ where: { id: row.id } });
      return r.status === 'failed' && r;
    });
    expect(failed).toMatchObject({ attempts: 2, error: 'Failed to analyze image', results: null });
    expect(failed.finishedAt).not.toBeNull();
    expect(analyzer.calls.length).toBe(callsBefore);
    const res = await t.request(`/aerial/analysis/${row.id}`, { headers: auth(user) });
    expect(((await res.json()) as Json).status).toBe('failed');
  });

  it('runs jobs queued before the restart', async () => {
    const base = await t.listen();
    const imageId = await uploaded(base, user, 'queued before restart');
    const row = await t.db.prisma.analysis.create({ data: { ownerId: user.uid, imageId, propertyLocation: 'queued before restart' } });
    await t.restart();
    await until(async () => (await t.db.prisma.analysis.findUniqueOrThrow({ where: { id: row.id } })).status === 'done');
  });

  it('fails a job whose image file has gone missing', async () => {
    const base = await t.listen();
    const imageId = await uploaded(base, user, 'lost file');
    const image = await t.db.prisma.image.findUniqueOrThrow({ where: { id: imageId } });
    await new LocalDirStorage(`${t.dataDir}/images`).delete(image.storageKey);
    const res = await t.request(`/aerial/analyze/${imageId}`, { method: 'POST', headers: auth(user) });
    expect(res.status).toBe(422);
    expect(((await res.json()) as Json).error.message).toBe('Failed to analyze image');
  });
});

describe('shared queue (several processes on one database)', () => {
  let t: TestApp;
  let user: EmulatorUser;
  const CONTENDED = 'contended';
  const analyzer = scriptedAnalyzer({ '*': {}, [CONTENDED]: { delayMs: 400 } });
  beforeAll(async () => {
    t = await createAnalysisTestApp({
      analyzer,
      env: { ANALYSIS_POLL_INTERVAL_MS: '200', ANALYSIS_LEASE_MS: '1500' },
    });
    user = await createEmulatorUser();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('leaves a running job with a live heartbeat alone, and re-runs it once its heartbeat is past the lease', async () => {
    const live = await crashedRow(t, user, 1, 0);
    const stale = await crashedRow(t, user, 1, 60_000);
    await t.restart();
    await until(async () => (await t.db.prisma.analysis.findUniqueOrThrow({ where: { id: stale.id } })).status === 'done');
    // Another process may still be running `live`: at start it is not touched…
    const liveNow = await t.db.prisma.analysis.findUniqueOrThrow({ where: { id: live.id } });
    expect(liveNow.status === 'running' || liveNow.attempts === 2).toBe(true);
    // …but once its heartbeat is older than the lease, the periodic check runs it again.
    const done = await until(async () => {
      const r = await t.db.prisma.analysis.findUniqueOrThrow({ where: { id: live.id } });
      return r.status === 'done' && r;
    });
    expect(done.attempts).toBe(2);
  });

  it('picks up a job another process queued, by polling', async () => {
    const base = await t.listen();
    const imageId = await uploaded(base, user, 'queued elsewhere');
    const row = await t.db.prisma.analysis.create({ data: { ownerId: user.uid, imageId, propertyLocation: 'queued elsewhere' } });
    await until(async () => (await t.db.prisma.analysis.findUniqueOrThrow({ where: { id: row.id } })).status === 'done');
  });

  it('never runs a job twice when several workers share the queue', async () => {
    const base = await t.listen();
    const counting = scriptedAnalyzer({ '*': { delayMs: 20 } });
    const storage = new LocalDirStorage(`${t.dataDir}/images`);
    const imageIds: string[] = [];
    for (let i = 0; i < 8; i++) imageIds.push(await uploaded(base, user, `contended ${i}`));
    const workers = [0, 1].map(
      () => new AnalysisJobs({ db: t.db.prisma, storage, analyzer: counting, workers: 2, leaseMs: 60_000, pollIntervalMs: 100 }),
    );
    await Promise.all(workers.map((w) => w.start()));
    let ids: string[] = [];
    try {
      // All eight rows appear at once, so the app's own worker (it polls the same table, and holds each of
      // these jobs for 400 ms) cannot drain the queue before the two above see it.
      const rows = await t.db.prisma.analysis.createManyAndReturn({
        data: imageIds.map((imageId) => ({ ownerId: user.uid, imageId, propertyLocation: CONTENDED })),
        select: { id: true },
      });
      ids = rows.map((row) => row.id);
      await until(async () => (await t.db.prisma.analysis.count({ where: { id: { in: ids }, status: 'done' } })) === ids.length);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    // Three workers took part: the two above and the app's own; each job ran exactly once among them.
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
      `mutation($input: AnalyzeImageInput!) { analyzeImage(input: $input) { ... on MutationAnalyzeImageSuccess { data { analysisId status results { riskScore } } } } }`,
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
    expect(await stuck.json()).toEqual({ error: { code: expect.any(String), message: 'Failed to analyze image' } });
    const row = await t.db.prisma.analysis.findFirstOrThrow({ where: { ownerId: user.uid, propertyLocation: 'stuck' } });
    expect(row).toMatchObject({ status: 'failed', error: 'Failed to analyze image', riskScore: null });
    expect(analyzer.calls.find((c) => c.property_location === 'stuck')?.signal?.aborted).toBe(true);

    // The worker is free again: the next analysis is done as usual.
    const next = await t.request(`/aerial/analyze/${await uploaded(base, user, 'next')}`, { method: 'POST', headers: auth(user) });
    expect(next.status).toBe(200);
    expect(((await next.json()) as Json).results.pool.present).toBe(true);
  });
});
