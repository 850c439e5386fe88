// Runs portfolio batches (issue 11 item 4): claims `pending` batch rows one statement at a time (FOR UPDATE
// SKIP LOCKED, like the analysis queue, so several processes may share the table), fetches the row's map image
// through the configured places and imagery providers, and queues its analysis — in one transaction with the
// row's move to `analysing`, so a crash never leaves a row with two analyses or none. A restart puts rows that
// were being fetched back to `pending` and goes on; analyses already queued are the job queue's to resume.
//
// Batch analyses go to the job queue as kind `batch`: below every interactive analysis, shared fairly between
// owners (server/jobs/queue.ts). On top, the runner keeps at most `queueDepth` batch analyses waiting or running,
// so it does not fetch thousands of map images ahead of the analyses that use them.
import { subjectPointOf } from '../analyzer/contract';
import type { Viewer } from '../auth/context';
import type { Config } from '../config';
import type { Db } from '../db';
import type { BatchRow, User } from '../generated/prisma/client';
import { MAP_IMAGE_FAILED_MESSAGE, isProviderError } from '../imagery/errors';
import { formatCoordinates } from '../imagery/coordinates';
import type { AnalysisDeps } from './analysis-deps';
import { enqueueAnalysis } from './analyses';
import type { MapDeps } from './places';
import { PROCESS_MAP_IMAGE_MESSAGE, storeMapImage } from './property-image';
import type { BlobStorage } from '../storage/blob-storage';

/** A row whose map image could not be fetched (provider down, timeout) is tried this often in all. */
export const BATCH_FETCH_ATTEMPTS = 3;
export const ADDRESS_NOT_FOUND_MESSAGE = 'No place was found for this address.';
/** Seconds a row waits, per failed attempt, before its map image is fetched again. */
const RETRY_AFTER_S = 5;
/** How long the runner follows one batch analysis through the change feed (its poll covers the rest). */
const FOLLOW_MS = 10 * 60_000;

export interface BatchRunnerOptions {
  db: Db;
  storage: BlobStorage;
  /** The job queue and change feed the analyses go to and are followed through. */
  analysis: Pick<AnalysisDeps, 'db' | 'queue' | 'events'>;
  map: MapDeps;
  /** Map images fetched at once by this process (0: this process runs no batches). */
  concurrency: number;
  /** Batch analyses (all users) that may be queued or running at once. */
  queueDepth: number;
  /** As ANALYSIS_POLL_INTERVAL_MS: 0 = the only process (recover every `fetching` row at start); > 0 = shared. */
  pollIntervalMs: number;
  leaseMs: number;
  logger?: Pick<Console, 'error' | 'warn' | 'info'>;
}

type Claimed = Pick<BatchRow, 'id' | 'batchId' | 'address' | 'latitude' | 'longitude' | 'imageId' | 'attempts'> & { ownerId: string };

/** The owner as the services see a caller (they need the uid; the profile fields only to create a missing row). */
function ownerViewer(user: User): Viewer {
  return {
    uid: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    name: user.displayName,
    picture: user.photoUrl,
    signInProvider: user.provider,
    isAnonymous: false,
  };
}

export class BatchRunner {
  private active = 0;
  private pumping = false;
  private pumpAgain = false;
  private stopped = false;
  private readonly inflight = new Set<Promise<void>>();
  private readonly following = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private readonly log: Pick<Console, 'error' | 'warn' | 'info'>;

  constructor(private readonly opts: BatchRunnerOptions) {
    this.log = opts.logger ?? console;
  }

  async start(): Promise<void> {
    if (this.opts.concurrency <= 0) return;
    await this.recover();
    // A safety net for wake-ups this process cannot see (another process finished an analysis, a lease
    // expired): look again now and then while anything is left to do.
    this.timer = setInterval(() => this.wake(), Math.max(500, this.opts.pollIntervalMs || 2000));
    this.timer.unref();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.inflight]);
  }

  wake(): void {
    void this.pump();
  }

  /** Rows left `fetching` by a process that stopped go back to `pending` (their image, if stored, is kept). */
  private async recover(): Promise<void> {
    const shared = this.opts.pollIntervalMs > 0;
    const count = await this.opts.db.$executeRaw`
      UPDATE batch_rows SET status = 'pending', updated_at = timezone('UTC', now())
      WHERE status = 'fetching'
        AND (${shared ? 1 : 0} = 0 OR updated_at < timezone('UTC', now()) - make_interval(secs => ${this.opts.leaseMs / 1000}))`;
    if (count > 0) this.log.warn(`[batches] ${count} row(s) were being fetched by a process that stopped; fetching them again`);
  }

  /** Batch analyses queued or running now, across every batch and process. */
  private async backlog(): Promise<number> {
    const [row] = await this.opts.db.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM batch_rows r JOIN analyses a ON a.id = r.analysis_id
      WHERE r.status = 'analysing' AND a.status IN ('queued', 'running')`;
    return Number(row?.n ?? 0);
  }

  private async claim(): Promise<Claimed | null> {
    // By row number across batches: running batches take turns, so a small one is not stuck behind a big
    // one. A row whose fetch failed waits a few seconds per attempt before it is tried again.
    const rows = await this.opts.db.$queryRaw<Claimed[]>`
      UPDATE batch_rows r SET status = 'fetching', attempts = r.attempts + 1, updated_at = timezone('UTC', now())
      FROM batches b
      WHERE b.id = r.batch_id AND r.id = (
        SELECT id FROM batch_rows
        WHERE status = 'pending'
          AND (attempts = 0 OR updated_at < timezone('UTC', now()) - make_interval(secs => ${RETRY_AFTER_S} * attempts))
        ORDER BY row_number, batch_id LIMIT 1 FOR UPDATE SKIP LOCKED
      )
      RETURNING r.id::text AS id, r.batch_id::text AS "batchId", r.address, r.latitude, r.longitude,
        r.image_id::text AS "imageId", r.attempts, b.owner_id AS "ownerId"`;
    return rows[0] ?? null;
  }

  private async pump(): Promise<void> {
    if (this.stopped || this.opts.concurrency <= 0) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.pumpAgain = false;
        while (!this.stopped && this.active < this.opts.concurrency) {
          if ((await this.backlog()) + this.active >= this.opts.queueDepth) break;
          const row = await this.claim();
          if (!row) break;
          this.active += 1;
          const run = this.run(row).finally(() => {
            this.active -= 1;
            this.inflight.delete(run);
            this.wake();
          });
          this.inflight.add(run);
        }
      } while (this.pumpAgain && !this.stopped);
    } catch (error) {
      this.log.error('[batches] could not claim a row:', error);
    } finally {
      this.pumping = false;
    }
  }

  /** Sets the outcome of a row still claimed by this run (a deleted batch takes its rows with it). */
  private settle(row: Claimed, data: { status: 'pending' | 'not_found' | 'failed'; error: string | null }) {
    return this.opts.db.batchRow.updateMany({ where: { id: row.id, status: 'fetching' }, data });
  }

  private async run(row: Claimed): Promise<void> {
    const { db, storage, map } = this.opts;
    try {
      const owner = await db.user.findUnique({ where: { id: row.ownerId } });
      if (!owner) return; // the account is gone, and its batches with it
      let imageId = row.imageId;
      // A map image fetched here has no analysis yet, so no mark to keep.
      const stored = imageId !== null;
      if (!imageId) {
        const address =
          row.latitude !== null && row.longitude !== null
            ? formatCoordinates({ latitude: row.latitude, longitude: row.longitude })
            : row.address;
        const image = await storeMapImage({ db, storage }, map, ownerViewer(owner), { address });
        imageId = image.id;
        // Kept at once: a restart from here on analyses this image rather than fetching another.
        await db.batchRow.updateMany({ where: { id: row.id }, data: { imageId } });
      }
      const image = await db.image.findFirst({ where: { id: imageId, ownerId: row.ownerId } });
      if (!image) {
        await this.settle(row, { status: 'failed', error: 'Image not found.' });
        return;
      }
      // An image analysed before (a batch of uploaded images, or a batch run again) keeps the building its owner
      // marked on its latest analysis, as "Analyse this image again" does; a freshly fetched map image has none.
      const latest = stored
        ? await db.analysis.findFirst({
            where: { imageId: image.id, ownerId: row.ownerId },
            orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
            select: { subjectPoint: true },
          })
        : null;
      const subjectPoint = subjectPointOf(latest?.subjectPoint);
      let moved = true;
      const analysis = await enqueueAnalysis(
        this.opts.analysis,
        { ownerId: row.ownerId, imageId: image.id, propertyLocation: image.propertyLocation, subjectPoint },
        'batch',
        // The row moves with its analysis and job, or neither exists: a crash never leaves two or none.
        async (tx, created) => {
          const { count } = await tx.batchRow.updateMany({
            where: { id: row.id, status: 'fetching' },
            data: { status: 'analysing', analysisId: created.id, error: null },
          });
          // The batch was deleted meanwhile: roll back, its analysis is not wanted either.
          if (count === 0) {
            moved = false;
            throw new BatchRowGone();
          }
        },
      ).catch((error: unknown) => {
        if (error instanceof BatchRowGone) return null;
        throw error;
      });
      if (analysis && moved) this.follow(analysis.id);
    } catch (error) {
      await this.fail(row, error).catch((e: unknown) => this.log.error(`[batches] could not record the failure of row ${row.id}:`, e));
    }
  }

  private async fail(row: Claimed, error: unknown): Promise<void> {
    if (isProviderError(error)) {
      if (error.providerCode === 'ADDRESS_NOT_FOUND') {
        // Out-of-range coordinates say so in their own words; an unknown address gets ours.
        const words = error.message === MAP_IMAGE_FAILED_MESSAGE ? ADDRESS_NOT_FOUND_MESSAGE : error.message;
        await this.settle(row, { status: 'not_found', error: words });
        return;
      }
      if (error.providerCode === 'NO_IMAGERY') {
        await this.settle(row, { status: 'not_found', error: error.message });
        return;
      }
      if (error.providerCode !== 'PROVIDER_NOT_CONFIGURED' && row.attempts < BATCH_FETCH_ATTEMPTS) {
        this.log.warn(`[batches] row ${row.id}: ${error.providerCode} (${error.reason}); will try again`);
        await this.settle(row, { status: 'pending', error: null });
        return;
      }
      await this.settle(row, { status: 'failed', error: error.message });
      return;
    }
    this.log.error(`[batches] row ${row.id} failed:`, error);
    await this.settle(row, { status: 'failed', error: PROCESS_MAP_IMAGE_MESSAGE });
  }

  /** When a batch analysis ends, room opens for the next row (the change feed sees it, from any process). */
  private follow(analysisId: string): void {
    const waiting = this.opts.analysis.events
      .waitFor(analysisId, FOLLOW_MS)
      .catch(() => null)
      .then(() => {
        this.following.delete(waiting);
        this.wake();
      });
    this.following.add(waiting);
  }
}

class BatchRowGone extends Error {}

/** The runner of a process that runs analyses (all-in-one or worker), from the configuration. */
export function createBatchRunner(
  config: Config,
  deps: { db: Db; storage: BlobStorage; analysis: BatchRunnerOptions['analysis']; map: MapDeps },
): BatchRunner {
  return new BatchRunner({
    ...deps,
    // Batch rows are fetched where analyses run: an API-only process only records them.
    concurrency: config.analysis.workers > 0 ? config.batches.concurrency : 0,
    queueDepth: config.batches.queueDepth,
    pollIntervalMs: config.analysis.pollIntervalMs,
    leaseMs: config.analysis.leaseMs,
  });
}
