// Process roles on one PostgreSQL and one S3-compatible store (PostgreSQL only: PGlite is one process by
// nature). Two API processes (PROCESS_ROLE=api) and two worker processes (PROCESS_ROLE=worker), real child
// processes of server/index.ts, share a PostgreSQL database and an s3rver bucket. 200 analyses are
// requested through both APIs (POST /aerial/analyze/{id}, which waits), each followed by a subscription on
// the other API; one worker is killed with SIGKILL in the middle of a job. In the end every analysis has
// exactly one result, none is lost, the interrupted one ran again on the surviving worker, every waiting
// request was answered and every subscriber was told it was done — across processes, by NOTIFY.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db';
import { migrate } from '../../server/migrate';
import { createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users';
import { auth, restUpload, sceneImage, subscribe } from '../helpers/analysis';
import { startServer, type Server } from '../helpers/server-process';
import { createPostgresDatabase } from '../helpers/test-app';
import { until } from '../helpers/until';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ANALYSES = 200;
const BUCKET = 'aerisk-processes';
const SUBSCRIPTION = /* GraphQL */ `
  subscription Watch($id: ID!) {
    analysis(id: $id) {
      analysisId
      status
      progress
      riskScore
    }
  }
`;

describe('two API processes and two worker processes on one PostgreSQL and S3', () => {
  const dirs: string[] = [];
  let database: { url: string; drop(): Promise<void> };
  let db: Database;
  let s3: S3rver;
  let apis: Server[] = [];
  let workers: Server[] = [];
  let users: EmulatorUser[] = [];

  beforeAll(async () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = inject('authEmulatorHost');
    database = await createPostgresDatabase();
    db = await openDatabase({ databaseUrl: database.url });
    await migrate(db);
    const s3dir = mkdtempSync(path.join(tmpdir(), 'aerisk-s3rver-'));
    dirs.push(s3dir);
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
    const { port } = await s3.run();
    const common = (role: string) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), `aerisk-${role}-`));
      dirs.push(dataDir);
      return {
        PROCESS_ROLE: role,
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_REGION: 'us-east-1',
        S3_FORCE_PATH_STYLE: 'true',
        AWS_ACCESS_KEY_ID: 'S3RVER',
        AWS_SECRET_ACCESS_KEY: 'S3RVER',
        // Several processes share the queue: a dead worker's job runs again once its heartbeat is 10 s old.
        ANALYSIS_POLL_INTERVAL_MS: '1000',
        ANALYSIS_LEASE_MS: '10000',
        UPLOAD_RATE_LIMIT_PER_MINUTE: '10000',
        ANALYZE_RATE_LIMIT_PER_MINUTE: '10000',
        // 200 analyses and their subscribers at once, from four users: above the load-shedding defaults,
        // which have their own tests (tests/integration/load-shedding.test.ts).
        ANALYSIS_QUEUE_LIMIT: '1000',
        SUBSCRIPTIONS_PER_USER: '1000',
        HEAVY_REQUEST_QUEUE: '1000',
        IMAGERY_PROVIDER: 'none',
        PLACES_PROVIDER: 'none',
      };
    };
    [apis, workers] = await Promise.all([
      Promise.all([startServer(common('api')), startServer(common('api'))]),
      Promise.all([startServer(common('worker')), startServer(common('worker'))]),
    ]);
    users = [await createEmulatorUser(), await createEmulatorUser(), await createEmulatorUser(), await createEmulatorUser()];
  }, 180_000);

  afterAll(async () => {
    for (const server of [...apis, ...workers]) server.child.kill('SIGKILL');
    await Promise.all([...apis, ...workers].map((server) => server.exited));
    await s3?.close();
    await db?.close();
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** Resolves each image's analysis id once its row exists (one query for all, every 200 ms). */
  function rowsAsTheyAppear(imageIds: string[]): (imageId: string) => Promise<string> {
    const found = new Map<string, { promise: Promise<string>; resolve(id: string): void; reject(e: Error): void }>();
    for (const imageId of imageIds) {
      let resolve: (id: string) => void = () => {};
      let reject: (e: Error) => void = () => {};
      const promise = new Promise<string>((res, rej) => ((resolve = res), (reject = rej)));
      promise.catch(() => undefined);
      found.set(imageId, { promise, resolve, reject });
    }
    const pending = new Set(imageIds);
    void (async () => {
      const deadline = Date.now() + 300_000;
      while (pending.size > 0 && Date.now() < deadline) {
        const rows = await db.prisma.analysis.findMany({ where: { imageId: { in: [...pending] } }, select: { id: true, imageId: true } });
        for (const row of rows) {
          found.get(row.imageId)!.resolve(row.id);
          pending.delete(row.imageId);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      for (const imageId of pending) found.get(imageId)!.reject(new Error('no analysis row appeared in time'));
    })();
    return (imageId) => found.get(imageId)!.promise;
  }

  it(
    'runs 200 analyses through both APIs, survives a worker killed mid-job, and tells every waiter and subscriber',
    { timeout: 420_000 },
    async () => {
      const small = await sceneImage('png', 64, 48);
      // A few larger images take long enough that a worker can be caught in the middle of one.
      const large = await sharp(await sceneImage('png', 1600, 1200))
        .jpeg({ quality: 90 })
        .toBuffer();
      const isLarge = (i: number) => i % 40 === 20;
      const items: { item: string; user: EmulatorUser; api: number }[] = [];
      for (let i = 0; i < ANALYSES; i++) {
        const api = i % 2;
        const user = users[i % users.length];
        const bytes = isLarge(i) ? large : small;
        const res = await restUpload(
          apis[api].base,
          user,
          { bytes, name: isLarge(i) ? 'large.jpg' : 'small.png', type: isLarge(i) ? 'image/jpeg' : 'image/png' },
          `Process Lane ${i}`,
        );
        expect(res.status).toBe(201);
        items.push({ item: ((await res.json()) as Json).item_id, user, api });
      }

      // Each analysis: requested (and waited for) on one API, followed by a subscription on the other.
      const analysisOf = rowsAsTheyAppear(items.map((i) => i.item));
      const runs = items.map(async ({ item, user, api }) => {
        const answered = fetch(`${apis[api].base}/aerial/analyze/${item}`, { method: 'POST', headers: auth(user) }).then(async (res) => ({
          status: res.status,
          body: (await res.json()) as Json,
        }));
        // The row is polled every 200 ms; a small image can be analysed and answered before the next poll, and
        // then the answer names the analysis (subscribing to a finished analysis yields its final state).
        const id = await Promise.race([
          analysisOf(item),
          answered.then((a) =>
            typeof a.body.analysis_id === 'string'
              ? a.body.analysis_id
              : Promise.reject(new Error(`analyze answered ${a.status} without an analysis id: ${JSON.stringify(a.body)}`)),
          ),
        ]);
        const other = apis[1 - api].base;
        const told = await subscribe(
          (p, init) => fetch(`${other}${p}`, init),
          user.idToken,
          SUBSCRIPTION,
          { id: Buffer.from(`Analysis:${id}`).toString('base64') },
          300_000,
        );
        const { status, body } = await answered;
        return { id, status, body, told };
      });
      runs.forEach((run) => run.catch(() => undefined));

      // Kill a worker while it runs one of the large images.
      const killed = await until(
        async () => {
          for (const worker of workers) {
            const lines = worker.output().split('\n');
            const started = lines.map((line) => /running analysis (\S+) \(attempt 1\)/.exec(line)?.[1]).filter(Boolean) as string[];
            const current = started.at(-1);
            if (!current) continue;
            const row = await db.prisma.analysis.findUnique({ where: { id: current }, include: { image: true } });
            if (row?.status === 'running' && row.image.mime === 'image/jpeg') {
              worker.child.kill('SIGKILL');
              return { worker, analysisId: current };
            }
          }
          return null;
        },
        240_000,
        10,
      );
      expect(await killed.worker.exited).toBeNull();

      const results = await Promise.all(runs).catch((error: unknown) => {
        for (const server of [...apis, ...workers]) console.error(server.output().slice(-3000));
        throw error;
      });
      // Every waiting request was answered with its result, every subscriber told it was done.
      for (const r of results) {
        expect(r.status, r.id).toBe(200);
        expect(r.body.analysis_id).toBe(r.id);
        expect(r.told.status).toBe(200);
        expect(r.told.events.at(-1)?.data.analysis).toMatchObject({ status: 'done', progress: 100 });
      }
      // Exactly one analysis, done, with its result, per request: none lost, none doubled.
      const rows = await db.prisma.analysis.findMany({ select: { id: true, imageId: true, status: true, results: true, attempts: true } });
      expect(rows).toHaveLength(ANALYSES);
      expect(new Set(rows.map((r) => r.imageId)).size).toBe(ANALYSES);
      expect(rows.filter((r) => r.status === 'done' && r.results !== null)).toHaveLength(ANALYSES);
      for (const r of results) expect(rows.find((row) => row.id === r.id)?.results).toEqual(r.body.results);
      // The interrupted analysis ran again, on the worker that survived; the API processes ran none.
      expect(rows.find((r) => r.id === killed.analysisId)?.attempts).toBe(2);
      const survivor = workers.find((w) => w !== killed.worker)!;
      expect(survivor.output()).toContain(`running analysis ${killed.analysisId} (attempt 2)`);
      for (const api of apis) expect(api.output()).not.toContain('running analysis');
      // Both workers took part.
      for (const worker of workers) expect(worker.output()).toMatch(/running analysis \S+ \(attempt 1\)/);
    },
  );
});
