// What the analysis-domain services need beyond the database: blob storage, the analyzer, the job
// queue, the change feed and the abuse limits. createApp builds one set per app; every request's context
// carries it as `ctx.analysis` (auth/context.ts), so resolvers and REST handlers reach it the same way.
import type { Analyzer } from '../analyzer/contract';
import type { RateLimits } from '../config';
import type { Db } from '../db';
import type { BlobStorage } from '../storage/blob-storage';
import type { JobQueue } from '../jobs/queue';
import type { AnalysisEvents } from './analysis-events';
import type { AnalysisJob } from './analysis-runner';
import type { AdmissionGate, StreamLimiter } from './load-shedding';

export interface AnalysisDeps {
  db: Db;
  storage: BlobStorage;
  analyzer: Analyzer;
  /** The analysis job queue (pg-boss): requestAnalysis enqueues here. */
  queue: JobQueue<AnalysisJob>;
  /** This process's change feed of analyses: waiting requests and subscriptions follow rows through it. */
  events: AnalysisEvents;
  /** Portfolio batches' runner (server/services/batch-runner.ts), told when a batch has new rows; absent where none runs. */
  batches?: { wake(): void };
  limits: RateLimits;
  /** The abuse limits' clock (their per-minute windows and Retry-After); tests set it, the server uses the time. */
  clock: () => Date;
  /** How long a synchronous analyze request waits for its job. */
  waitTimeoutMs: number;
  /** Uploads admitted at once (the rest wait briefly or get 503 + Retry-After). */
  uploads: AdmissionGate;
  /** Queued or running analysis jobs beyond which a new analysis gets 503 + Retry-After. */
  analysisQueueLimit: number;
  /** Open subscription streams per user. */
  streams: StreamLimiter;
}
