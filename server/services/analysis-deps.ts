// What the analysis-domain services need beyond the database: blob storage, the analyzer, the job
// runner and the abuse limits. createApp builds one set per app and puts it on every request's
// context (both transports), so resolvers and REST handlers reach it the same way.
import type { Context } from '../auth/context.js';
import type { Analyzer } from '../analyzer/contract.js';
import type { RateLimits } from '../config.js';
import type { Db } from '../db.js';
import type { BlobStorage } from '../storage/blob-storage.js';
import type { AnalysisJobs } from '../jobs/analysis-jobs.js';
import type { AdmissionGate, StreamLimiter } from './load-shedding.js';

export interface AnalysisDeps {
  db: Db;
  storage: BlobStorage;
  analyzer: Analyzer;
  jobs: AnalysisJobs;
  limits: RateLimits;
  /** How long a synchronous analyze request waits for its job. */
  waitTimeoutMs: number;
  /** Uploads admitted at once (the rest wait briefly or get 503 + Retry-After). */
  uploads: AdmissionGate;
  /** Queued or running analysis jobs beyond which a new analysis gets 503 + Retry-After. */
  analysisQueueLimit: number;
  /** Open subscription streams per user. */
  streams: StreamLimiter;
}

type WithDeps = Context & { analysis?: AnalysisDeps };

/** Adds the services' dependencies to each context the factory builds. */
export function withAnalysisDeps(
  factory: (request: Request) => Promise<Context>,
  deps: AnalysisDeps,
): (request: Request) => Promise<Context> {
  return async (request) => Object.assign(await factory(request), { analysis: deps });
}

export function analysisDeps(ctx: Context): AnalysisDeps {
  const deps = (ctx as WithDeps).analysis;
  // A wiring mistake, not a user error: createApp always installs them.
  if (!deps) throw new Error('Analysis services are not configured on this context (see createApp).');
  return deps;
}
