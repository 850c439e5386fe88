// Analyses run as jobs persisted in the `analyses` table (queued → running → done | failed, with a
// progress percentage). Workers in this process claim queued rows with one UPDATE … FOR UPDATE SKIP
// LOCKED, so several processes can share a PostgreSQL queue without double-claiming. A running job
// writes a heartbeat; one whose heartbeat is older than the lease belonged to a worker that died,
// and is queued again — once: a job whose second attempt dies too is marked failed.
// Changes are announced in-process (subscriptions, waiting requests); waiters also poll the row,
// so a job finished by another process is seen too. See docs/decisions/008-analysis-jobs.md.
import { analyzerOutputSchema, type Analyzer, type GsdSource } from '../analyzer/contract.js';
import type { ClaudeAnalyzeContext } from '../analyzer/claude/analyzer.js';
import type { Db } from '../db.js';
import type { Analysis, Prisma } from '../generated/prisma/client.js';
import { filterFlagsFor, searchTextFor } from '../services/analysis-text.js';
import { FAILURE } from '../services/messages.js';
import type { BlobStorage } from '../storage/blob-storage.js';

/** A job runs at most this many times: the first run and one re-run after a crash. */
export const MAX_ATTEMPTS = 2;
const WAIT_POLL_MS = 1000;
export const DEFAULT_ANALYSIS_DEADLINE_MS = 90_000;

/** An analysis that ran past its job's deadline. */
export class AnalysisDeadlineError extends Error {
  constructor(readonly deadlineMs: number) {
    super(`The analysis did not finish within ${Math.round(deadlineMs / 1000)} s and was stopped.`);
    this.name = 'AnalysisDeadlineError';
  }
}

/** `work`, or the deadline's error once `deadlineMs` passes (then `controller` is aborted with it). */
async function withDeadline<T>(deadlineMs: number, controller: AbortController, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new AnalysisDeadlineError(deadlineMs);
      controller.abort(error);
      reject(error);
    }, deadlineMs);
  });
  try {
    return await Promise.race([work(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}

export function isTerminal(status: Analysis['status']): boolean {
  return status === 'done' || status === 'failed';
}

export interface AnalysisJobsOptions {
  db: Db;
  storage: BlobStorage;
  analyzer: Analyzer;
  /** Jobs this process runs at once (0: this process only enqueues). */
  workers: number;
  leaseMs: number;
  /**
   * 0: this process is the queue's only worker (the embedded default; PGlite is single-process anyway),
   * so at start every running job is a leftover of a crash. > 0: processes share the queue; each polls
   * this often for jobs others queued and re-queues only jobs whose heartbeat is older than the lease.
   */
  pollIntervalMs: number;
  /**
   * An analysis still running this long after it started is given up: the job fails with the analysis
   * failure message, and the analyzer is told through the context's abort signal (a thread is retired).
   */
  deadlineMs?: number;
  logger?: Pick<Console, 'error' | 'warn' | 'info'>;
}

type Listener = () => void;

interface Claimed {
  id: string;
  attempts: number;
}

const GSD_SOURCES = new Set<string>(['map-zoom', 'source-native', 'exif', 'estimated']);

export class AnalysisJobs {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly inflight = new Set<Promise<void>>();
  private readonly timers: NodeJS.Timeout[] = [];
  private active = 0;
  private pumping = false;
  private pumpAgain = false;
  private stopped = false;
  /** Set on shutdown: every watcher (subscription, waiting request) ends now, whatever its job does. */
  private watchesEnded = false;
  private readonly log: Pick<Console, 'error' | 'warn' | 'info'>;

  constructor(private readonly opts: AnalysisJobsOptions) {
    this.log = opts.logger ?? console;
  }

  /** Re-queues (or fails) jobs of dead workers, then starts taking jobs. */
  async start(): Promise<void> {
    if (this.opts.workers <= 0) return;
    const shared = this.opts.pollIntervalMs > 0;
    await this.recoverStale(shared ? this.opts.leaseMs : 0);
    if (shared) {
      const every = (ms: number, fn: () => Promise<void>) => {
        const timer = setInterval(() => void fn().catch((e: unknown) => this.log.error('[jobs]', e)), ms);
        timer.unref();
        this.timers.push(timer);
      };
      every(Math.max(1000, Math.floor(this.opts.leaseMs / 3)), async () => {
        if ((await this.recoverStale(this.opts.leaseMs)) > 0) this.wake();
      });
      every(this.opts.pollIntervalMs, async () => this.wake());
    }
    this.wake();
  }

  /** Stops taking jobs and waits for the running ones to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    await Promise.allSettled([...this.inflight]);
  }

  /**
   * Shutdown's first step: ends every open watch at once — subscriptions complete and waiting requests
   * answer with the row as it is — so no stream on a job that is not progressing holds the server open.
   */
  endWatches(): void {
    this.watchesEnded = true;
    for (const id of [...this.listeners.keys()]) this.emit(id);
  }

  /** A job was queued (or a slot freed): look for work now rather than at the next poll. */
  wake(): void {
    void this.pump();
  }

  /** Calls `listener` whenever the analysis changes state or progress in this process. */
  onChange(id: string, listener: Listener): () => void {
    let set = this.listeners.get(id);
    if (!set) this.listeners.set(id, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(id);
    };
  }

  private emit(id: string): void {
    for (const listener of this.listeners.get(id) ?? []) listener();
  }

  /**
   * Yields the row now and after every change, until it is done or failed (or gone). Each yield is
   * a fresh read; changes made by other processes are caught by polling once a second.
   */
  async *watch(id: string, query: { include?: Prisma.AnalysisInclude } = {}): AsyncGenerator<Analysis> {
    let changed = true;
    let wakeUp: (() => void) | null = null;
    const off = this.onChange(id, () => {
      changed = true;
      wakeUp?.();
    });
    let last = '';
    try {
      while (!this.stopped && !this.watchesEnded) {
        if (!changed) {
          await new Promise<void>((resolve) => {
            wakeUp = resolve;
            setTimeout(resolve, WAIT_POLL_MS).unref();
          });
          wakeUp = null;
        }
        changed = false;
        const row = await this.opts.db.analysis.findUnique({ ...query, where: { id } });
        if (!row) return;
        const state = `${row.status}:${row.progress}`;
        if (state !== last) {
          last = state;
          yield row;
        }
        if (isTerminal(row.status)) return;
      }
    } finally {
      off();
    }
  }

  /** The row once it is done or failed, or as it is when `timeoutMs` runs out. */
  async waitFor(id: string, timeoutMs: number): Promise<Analysis | null> {
    const deadline = Date.now() + timeoutMs;
    let latest: Analysis | null = null;
    const iterator = this.watch(id);
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), timeoutMs).unref());
    try {
      while (Date.now() < deadline) {
        const next = await Promise.race([iterator.next(), timeout]);
        if (next === 'timeout' || next.done) break;
        latest = next.value;
        if (isTerminal(latest.status)) return latest;
      }
    } finally {
      // Not awaited: the generator may be inside its one-second wait; it ends by itself right after.
      void iterator.return(undefined);
    }
    return latest ?? (await this.opts.db.analysis.findUnique({ where: { id } }));
  }

  /**
   * Running jobs whose heartbeat is older than `leaseMs` (0: every running job): back to the queue if
   * they have an attempt left, failed otherwise. Returns how many were re-queued.
   */
  async recoverStale(leaseMs: number): Promise<number> {
    // Timestamps are compared and written in the database's clock, as UTC like every Prisma column.
    const rows = await this.opts.db.$queryRaw<{ id: string; status: string }[]>`
      UPDATE analyses SET
        status = CASE WHEN attempts >= ${MAX_ATTEMPTS} THEN 'failed'::analysis_status ELSE 'queued'::analysis_status END,
        error = CASE WHEN attempts >= ${MAX_ATTEMPTS} THEN ${FAILURE.analyze} ELSE NULL END,
        finished_at = CASE WHEN attempts >= ${MAX_ATTEMPTS} THEN timezone('UTC', now()) ELSE NULL END,
        progress = CASE WHEN attempts >= ${MAX_ATTEMPTS} THEN progress ELSE 0 END
      WHERE status = 'running' AND (${leaseMs} = 0 OR heartbeat_at IS NULL
        OR heartbeat_at < timezone('UTC', now()) - make_interval(secs => ${leaseMs / 1000}))
      RETURNING id::text AS id, status::text AS status`;
    for (const row of rows) {
      this.log.warn(`[jobs] analysis ${row.id} was running in a worker that stopped; now ${row.status}`);
      this.emit(row.id);
    }
    return rows.filter((row) => row.status === 'queued').length;
  }

  private async claim(): Promise<Claimed | null> {
    const rows = await this.opts.db.$queryRaw<Claimed[]>`
      UPDATE analyses SET status = 'running', attempts = attempts + 1, progress = 5,
        started_at = timezone('UTC', now()), heartbeat_at = timezone('UTC', now()), error = NULL
      WHERE id = (
        SELECT id FROM analyses WHERE status = 'queued' ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED
      )
      RETURNING id::text AS id, attempts`;
    return rows[0] ? { id: rows[0].id, attempts: Number(rows[0].attempts) } : null;
  }

  private async pump(): Promise<void> {
    if (this.stopped || this.opts.workers <= 0) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.pumpAgain = false;
        while (!this.stopped && this.active < this.opts.workers) {
          const job = await this.claim();
          if (!job) break;
          this.emit(job.id);
          this.active += 1;
          const run = this.run(job).finally(() => {
            this.active -= 1;
            this.inflight.delete(run);
            this.wake();
          });
          this.inflight.add(run);
        }
      } while (this.pumpAgain && !this.stopped);
    } catch (error) {
      this.log.error('[jobs] could not claim a job:', error);
    } finally {
      this.pumping = false;
    }
  }

  /** Only the claim that is still current may write: a re-run after a lease expiry supersedes it. */
  private async update(job: Claimed, data: Prisma.AnalysisUpdateManyMutationInput): Promise<boolean> {
    const { count } = await this.opts.db.analysis.updateMany({
      where: { id: job.id, status: 'running', attempts: job.attempts },
      data: { ...data, heartbeatAt: new Date() },
    });
    this.emit(job.id);
    return count === 1;
  }

  private async run(job: Claimed): Promise<void> {
    const { db, storage, analyzer } = this.opts;
    const heartbeat = setInterval(() => {
      void db.analysis
        .updateMany({ where: { id: job.id, status: 'running', attempts: job.attempts }, data: { heartbeatAt: new Date() } })
        .catch(() => {});
    }, Math.max(500, Math.floor(this.opts.leaseMs / 3)));
    heartbeat.unref();
    try {
      const analysis = await db.analysis.findUnique({ where: { id: job.id }, include: { image: true } });
      if (!analysis) return; // deleted meanwhile
      const blob = await storage.get(analysis.image.storageKey);
      if (!blob) throw new Error(`image blob ${analysis.image.storageKey} is missing`);
      if (!(await this.update(job, { progress: 20 }))) return;

      const image = analysis.image;
      const meta = (image.providerMeta ?? {}) as Record<string, unknown>;
      const extra = meta.provenance && typeof meta.provenance === 'object' ? (meta.provenance as Record<string, unknown>) : {};
      const context: ClaudeAnalyzeContext = {
        source: image.source,
        gsd_m_per_px: image.gsdMPerPx,
        gsd_source: image.gsdSource && GSD_SOURCES.has(image.gsdSource) ? (image.gsdSource as GsdSource) : null,
        latitude: image.latitude,
        captured_at: image.capturedAt?.toISOString() ?? null,
        image_sha256: image.sha256,
        image_item_id: image.id,
        image_analysis_id: analysis.id,
        property_location: analysis.propertyLocation,
        // Provider images are map tiles (north up); an uploaded photo's orientation is unknown.
        north_up: image.source !== 'upload',
        provenance_extra: { ...extra, ...(image.attribution ? { attribution: image.attribution } : {}) },
        owner_id: analysis.ownerId,
      };
      const deadlineMs = this.opts.deadlineMs ?? DEFAULT_ANALYSIS_DEADLINE_MS;
      const raw = await withDeadline(deadlineMs, new AbortController(), (signal) => analyzer.analyze(blob.bytes, { ...context, signal }));
      const output = analyzerOutputSchema.parse(raw);
      const results = {
        ...output.results,
        image_item_id: image.id,
        image_analysis_id: analysis.id,
        property_location: analysis.propertyLocation,
      };
      const { provenance, ...evidence } = output.evidence;
      await this.update(job, {
        status: 'done',
        progress: 100,
        results,
        evidence,
        provenance: provenance as Prisma.InputJsonValue,
        riskScore: results.risk_score,
        searchText: searchTextFor(analysis.propertyLocation, results, evidence),
        ...filterFlagsFor(results),
        error: null,
        finishedAt: new Date(),
      });
    } catch (error) {
      if (error instanceof AnalysisDeadlineError) this.log.error(`[jobs] analysis ${job.id} failed: ${error.message}`);
      else this.log.error(`[jobs] analysis ${job.id} failed:`, error);
      await this.update(job, { status: 'failed', error: FAILURE.analyze, finishedAt: new Date() }).catch((e: unknown) =>
        this.log.error(`[jobs] could not record the failure of ${job.id}:`, e),
      );
    } finally {
      clearInterval(heartbeat);
    }
  }
}
