// A job queue on pg-boss (docs/decisions/015-job-queue-and-change-events.md), on embedded PGlite
// (through pg-boss's own PGlite adapter) or on PostgreSQL (through our pool and our one LISTEN
// connection). This module knows nothing of what a job does: the domain registers a handler and a
// dead-job hook. What it adds to pg-boss:
// - fair share and priorities: a job's pg-boss priority is its kind's base (interactive above batch)
//   minus the number of jobs its group (the owner) already has queued or running, and an owner's lone
//   queued job is demoted by one when a second arrives. pg-boss fetches the highest priority first,
//   oldest first among equals, so a single job of a user with nothing else waiting goes before every
//   job of anyone's backlog: a backlog delays it by at most the jobs already running;
// - a deadline per job: past it the handler's signal is aborted and the job is dead at once;
// - dead jobs (attempts spent, deadline, a permanent error, a worker that died on the last attempt)
//   are kept by pg-boss with their error and copied to a dead-letter queue, whose worker tells the
//   domain, so a job that died outside any handler is reported too;
// - resumption at start for a sole worker: jobs left active by a crashed process run again at once;
//   with shared workers, pg-boss's heartbeat monitor re-runs a dead worker's job after the lease.
import { randomUUID } from 'node:crypto';
import { PgBoss, fromPglite, fromPrisma, type Db as IDatabase, type JobResult } from 'pg-boss';
import type { Database } from '../db';

export type JobKind = 'interactive' | 'batch';
export const JOB_KINDS: readonly JobKind[] = ['interactive', 'batch'];

/** pg-boss's schema for its tables. */
export const QUEUE_SCHEMA = 'pgboss';
/** A job runs at most this many times (the first run and two retries with backoff). */
export const MAX_ATTEMPTS = 3;
export const DEFAULT_DEADLINE_MS = 90_000;
const KIND_BASE: Record<JobKind, number> = { interactive: 1_000_000, batch: 0 };
const RANK_CAP = 999_999;
/** Advisory lock key held while pg-boss installs or migrates its schema ('aerisk-pgboss'). */
const INSTALL_LOCK = 7_415_902_311;
/** Dead jobs (and completed ones) stay in pg-boss's tables this long, with their error. */
const KEEP_SECONDS = 14 * 24 * 3600;

/** A job that ran past its deadline. */
export class JobDeadlineError extends Error {
  constructor(readonly deadlineMs: number) {
    super(`The job did not finish within ${Math.round(deadlineMs / 1000)} s and was stopped.`);
    this.name = 'JobDeadlineError';
  }
}

/** Thrown by a handler for a failure that another attempt cannot fix: the job is dead at once. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

export interface RunningJob<T> {
  id: string;
  data: T;
  /** 1 for the first run. */
  attempt: number;
  maxAttempts: number;
  /** Aborted at the deadline (or when pg-boss gives the job up). */
  signal: AbortSignal;
}

export type JobHandler<T> = (job: RunningJob<T>) => Promise<void>;
/** Told once a job will not run again; may be told twice for one job, so it must be idempotent. */
/** `error`: what the last attempt threw, when it threw (a job whose worker stopped has none). */
export type DeadJobHandler<T> = (data: T, reason: string, error?: unknown) => Promise<void>;

export interface DeadJob<T> {
  id: string;
  data: T;
  error: string | null;
}

export interface JobQueueOptions {
  database: Database;
  /** The queue's name; its dead-letter queue is `<name>-dead`. */
  name: string;
  /** Jobs this process runs at once (0: it only enqueues). */
  workers: number;
  /** A running job whose heartbeat is older (at least 10 s, pg-boss's floor) belonged to a dead worker. */
  leaseMs: number;
  /**
   * 0: this process is the queue's only worker, so at start every active job is a leftover of a crash
   * and is retried at once. > 0: workers in several processes share the queue; an idle worker also
   * looks for jobs this often (NOTIFY wakes it at once anyway).
   */
  pollIntervalMs: number;
  deadlineMs?: number;
  logger?: Pick<Console, 'error' | 'warn' | 'info'>;
}

export interface EnqueueOptions {
  /** Whose work it is: fair share is between groups (the owner). */
  group: string;
  /** `interactive` (default) runs before every `batch` job. */
  kind?: JobKind;
  /** A caller's open transaction (transactionConnection), so the jobs commit with the caller's rows. */
  connection?: QueueConnection;
}

/** The connection of a caller's open transaction, so a job is enqueued atomically with the caller's rows. */
export type QueueConnection = IDatabase;

/** A Prisma interactive-transaction client as a queue connection. */
export function transactionConnection(tx: { $queryRawUnsafe(query: string, ...values: unknown[]): Promise<unknown> }): QueueConnection {
  return fromPrisma(tx as Parameters<typeof fromPrisma>[0]);
}

function unwrap(result: { rows: unknown[] } | { rows: unknown[] }[]): { rows: unknown[] } {
  return Array.isArray(result) ? { rows: result.flatMap((r) => r.rows ?? []) } : result;
}

/** pg-boss's database adapter for our Database: PGlite's own, or our pool plus our one LISTEN connection. */
function adapterFor(database: Database): IDatabase {
  if (database.engine.kind === 'pglite') return fromPglite(database.engine.pglite);
  const { pool } = database.engine;
  return {
    executeSql: async (text, values) => unwrap((await pool.query(text, values)) as never),
    listen: async (channel, onNotification, onReconnect) => {
      const listening = await database.listen(channel, onNotification, onReconnect);
      onReconnect();
      return listening;
    },
  };
}

/** A pg-boss instance on `database` (tests use a bare one to act as a worker that dies). */
export function createBoss(database: Database, extra: Partial<ConstructorParameters<typeof PgBoss>[0] & object> = {}): PgBoss {
  return new PgBoss({
    db: adapterFor(database),
    backend: database.engine.kind === 'pglite' ? 'pglite' : 'postgres',
    schema: QUEUE_SCHEMA,
    useListenNotify: true,
    schedule: false,
    ...extra,
  } as ConstructorParameters<typeof PgBoss>[0]);
}

function withDeadline<T>(deadlineMs: number, controller: AbortController, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new JobDeadlineError(deadlineMs);
      controller.abort(error);
      reject(error);
    }, deadlineMs);
  });
  return Promise.race([work(), expired]).finally(() => clearTimeout(timer));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class JobQueue<T extends object> {
  private readonly boss: PgBoss;
  private readonly deadName: string;
  private readonly log: Pick<Console, 'error' | 'warn' | 'info'>;
  private readonly deadlineMs: number;
  private handler: JobHandler<T> | null = null;
  private deadHandler: DeadJobHandler<T> = async () => {};
  private started: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly opts: JobQueueOptions) {
    this.log = opts.logger ?? console;
    this.deadName = `${opts.name}-dead`;
    this.deadlineMs = opts.deadlineMs ?? DEFAULT_DEADLINE_MS;
    const supervise = opts.workers > 0;
    // The monitor that re-runs jobs of dead workers looks a few times per lease.
    const superviseSeconds = Math.min(60, Math.max(1, Math.round(opts.leaseMs / 3000)));
    this.boss = createBoss(opts.database, {
      supervise,
      superviseIntervalSeconds: superviseSeconds,
      monitorIntervalSeconds: superviseSeconds,
    });
    this.boss.on('error', (error) => this.log.error('[jobs] queue error:', messageOf(error)));
  }

  /** The domain's work: throw to retry (with backoff), PermanentJobError to give up now. */
  handle(handler: JobHandler<T>): void {
    this.handler = handler;
  }

  onDead(handler: DeadJobHandler<T>): void {
    this.deadHandler = handler;
  }

  /** Creates pg-boss's schema and queues (idempotent), recovers a sole worker's jobs, starts the workers. */
  start(): Promise<void> {
    this.started ??= this.startOnce();
    return this.started;
  }

  private async startOnce(): Promise<void> {
    const { name, workers, leaseMs, pollIntervalMs, database } = this.opts;
    if (database.engine.kind === 'postgres') {
      // Processes starting together would race to create pg-boss's schema (duplicate key on the schema
      // name); one at a time, under a session lock, the later ones find it installed.
      await database.withSession(async (session) => {
        await session.query('SELECT pg_advisory_lock($1)', [INSTALL_LOCK]);
        try {
          await this.boss.start();
        } finally {
          await session.query('SELECT pg_advisory_unlock($1)', [INSTALL_LOCK]).catch(() => undefined);
        }
      });
    } else {
      await this.boss.start();
    }
    const common = { retentionSeconds: KEEP_SECONDS, deleteAfterSeconds: KEEP_SECONDS };
    await this.boss.createQueue(this.deadName, { ...common, notify: true });
    const options = {
      ...common,
      notify: true,
      deadLetter: this.deadName,
      retryLimit: MAX_ATTEMPTS - 1,
      retryDelay: 1,
      retryBackoff: true,
      retryDelayMax: 60,
      // pg-boss's own expiry is only a backstop: the deadline below ends a job first.
      expireInSeconds: Math.ceil(this.deadlineMs / 1000) + 60,
      heartbeatSeconds: Math.max(10, Math.ceil(leaseMs / 1000)),
    };
    await this.boss.createQueue(name, options);
    // An existing queue takes today's settings (pg-boss fixes a queue's heartbeat and maximum delay at creation).
    const { heartbeatSeconds: _fixed, retryDelayMax: _fixedToo, ...updatable } = options;
    await this.boss.updateQueue(name, updatable);
    // Load the queue's settings into pg-boss's cache now: enqueue() runs inside callers' transactions,
    // and on PGlite (one connection) a cache miss read outside that transaction would wait for it forever.
    await this.boss.update(name, undefined, { id: randomUUID(), priority: 0 });
    if (workers <= 0 || this.stopped) return;
    if (pollIntervalMs === 0) await this.recoverAbandoned();
    // NOTIFY wakes an idle worker when a job is queued; the poll still finds retries whose backoff ran out.
    const pollingIntervalSeconds = Math.max(0.5, (pollIntervalMs || 2000) / 1000);
    const polling = { pollingIntervalSeconds, notifyPollingIntervalSeconds: pollingIntervalSeconds };
    for (let i = 0; i < workers; i++) {
      let workerId = '';
      workerId = await this.boss.work<T>(name, { ...polling, batchSize: 1, perJobResults: true }, async ([job]) => {
        try {
          return [await this.runOne(job)];
        } finally {
          // pg-boss waits a poll interval after each job; with a backlog the next one should start now.
          if (workerId) this.boss.notifyWorker(workerId);
        }
      });
    }
    await this.boss.work<T>(this.deadName, polling, async ([job]) => {
      await this.deadHandler(job.data, 'the job failed on its last attempt or its worker stopped');
    });
  }

  private async runOne(job: { id: string; data: T; retryCount: number; signal: AbortSignal }): Promise<JobResult> {
    const handler = this.handler;
    if (!handler) throw new Error(`No handler registered for queue ${this.opts.name}`);
    const attempt = job.retryCount + 1;
    const controller = new AbortController();
    const onAbort = () => controller.abort(job.signal.reason);
    job.signal.addEventListener('abort', onAbort, { once: true });
    try {
      await withDeadline(this.deadlineMs, controller, () =>
        handler({ id: job.id, data: job.data, attempt, maxAttempts: MAX_ATTEMPTS, signal: controller.signal }),
      );
      return { id: job.id, status: 'completed' };
    } catch (error) {
      const permanent = error instanceof PermanentJobError || error instanceof JobDeadlineError;
      const last = permanent || attempt >= MAX_ATTEMPTS;
      const message = messageOf(error);
      this.log.error(
        `[jobs] ${this.opts.name} job ${job.id} failed (attempt ${attempt} of ${MAX_ATTEMPTS}${last ? ', no retry' : ''}): ${message}`,
      );
      if (last) await this.deadHandler(job.data, message, error).catch((e: unknown) => this.log.error('[jobs] dead-job hook failed:', e));
      // `failed` is retried by pg-boss while attempts remain; `deadletter` goes straight to the dead letters.
      return { id: job.id, status: permanent ? 'deadletter' : 'failed', output: { message } };
    } finally {
      job.signal.removeEventListener('abort', onAbort);
    }
  }

  /** Sole worker: every job still active belonged to this process before it died. */
  private async recoverAbandoned(): Promise<void> {
    const { rows } = await this.boss
      .getDb()
      .executeSql(`SELECT id FROM ${QUEUE_SCHEMA}.job WHERE name = $1 AND state = 'active'`, [this.opts.name]);
    const ids = (rows as { id: string }[]).map((row) => row.id);
    if (ids.length === 0) return;
    this.log.warn(`[jobs] ${ids.length} ${this.opts.name} job(s) were running when the process stopped; they run again`);
    await this.boss.fail(this.opts.name, ids, { message: 'the worker running it stopped' });
  }

  /**
   * Queues a job for `group` (fair share is between groups). With `connection` (a caller's open
   * transaction) the job exists exactly when the caller's transaction commits.
   */
  async enqueue(data: T, opts: EnqueueOptions): Promise<string> {
    return (await this.enqueueMany([data], opts))[0];
  }

  /** Queues several jobs of one group at once (a batch): one backlog count and one insert for all. */
  async enqueueMany(items: T[], opts: EnqueueOptions): Promise<string[]> {
    // Not start() here: inside a caller's transaction on PGlite, start-up queries would wait for it.
    if (!this.started) throw new Error(`The ${this.opts.name} queue is not started (call start() before enqueue()).`);
    await this.started;
    if (items.length === 0) return [];
    const kind = opts.kind ?? 'interactive';
    const key = `${kind}:${opts.group}`;
    const db = opts.connection ?? this.boss.getDb();
    const { rows } = await db.executeSql(
      `SELECT (SELECT count(*) FROM ${QUEUE_SCHEMA}.job WHERE name = $1 AND state < 'active' AND singleton_key = $2)::int
            + (SELECT count(*) FROM ${QUEUE_SCHEMA}.job WHERE name = $1 AND state = 'active' AND group_id = $3)::int AS ahead`,
      [this.opts.name, key, opts.group],
    );
    const ahead = Number((rows[0] as { ahead: number | string } | undefined)?.ahead ?? 0);
    const base = KIND_BASE[kind];
    // A second job makes the owner's first one backlog too (it no longer outranks a newcomer's lone job).
    if (ahead === 1) await this.boss.update(this.opts.name, undefined, { singletonKey: key, match: 'oldest', priority: base - 1, db });
    const rank = (i: number) => (ahead === 0 && i === 0 ? (items.length > 1 ? 1 : 0) : ahead + i);
    const ids = await this.boss.insert(
      this.opts.name,
      items.map((data, i) => ({ data, priority: base - Math.min(rank(i), RANK_CAP), singletonKey: key, group: { id: opts.group } })),
      { db, returnId: true },
    );
    if (!ids || ids.length !== items.length) throw new Error(`pg-boss refused ${this.opts.name} jobs`);
    return ids;
  }

  /** Jobs that will not run again, with the error of their last attempt (newest first). */
  async deadJobs(limit = 100): Promise<DeadJob<T>[]> {
    const { rows } = await this.boss
      .getDb()
      .executeSql(
        `SELECT id, data, output FROM ${QUEUE_SCHEMA}.job WHERE name = $1 AND state = 'failed' ORDER BY completed_on DESC LIMIT $2`,
        [this.opts.name, limit],
      );
    return (rows as { id: string; data: T; output: { message?: string } | null }[]).map((row) => ({
      id: row.id,
      data: row.data,
      error: row.output?.message ?? null,
    }));
  }

  /** Stops taking jobs and waits (up to the deadline) for the running ones. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (!this.started) return;
    await this.started.catch(() => undefined);
    await this.boss.stop({ graceful: true, close: false, timeout: this.deadlineMs + 5000 });
  }
}
