// The analysis domain's moving parts for one process: blob storage, the analyzer, the job queue with
// the domain's handler registered on it, and the change feed that waiting requests and subscriptions
// follow. The API (app.ts) and a worker-only process (worker.ts) build it the same way; which parts
// run depends on PROCESS_ROLE (config.analysis.workers is 0 for `api`).
import { createAnalyzerFromConfig } from './analyzer/claude/factory';
import { resolveAnalyzerConfig } from './analyzer/claude/config';
import type { Analyzer } from './analyzer/contract';
import { createLocalAnalyzer } from './analyzer/local/analyzer';
import { createThreadedLocalAnalyzer } from './analyzer/local/threaded';
import type { Config } from './config';
import type { Database } from './db';
import { JobQueue } from './jobs/queue';
import type { AnalysisDeps } from './services/analysis-deps';
import { AnalysisEvents } from './services/analysis-events';
import { failureDetail, markAnalysisFailed, runAnalysis, type AnalysisJob } from './services/analysis-runner';
import { AdmissionGate, StreamLimiter } from './services/load-shedding';
import { createDbClaudeBudget } from './services/rate-limit';
import type { BlobStorage } from './storage/blob-storage';
import { createStorage } from './storage/create-storage';

export const ANALYSIS_QUEUE = 'analysis';

export interface AnalysisRuntime extends AnalysisDeps {
  analyzer: Analyzer;
  /** Starts listening for changes and (with workers) taking jobs. */
  start(): Promise<void>;
  /** Shutdown's first step: open watches end now. */
  drain(): void;
  /** Stops taking jobs, waits for running ones, ends the analyzer threads. */
  close(): Promise<void>;
}

export function createAnalysisRuntime(deps: {
  config: Config;
  db: Database;
  storage?: BlobStorage;
  analyzer?: Analyzer;
  /** The abuse limits' clock (per-minute windows, Claude's daily budget); the time of day when absent. */
  clock?: () => Date;
}): AnalysisRuntime {
  const { config, db } = deps;
  const storage = deps.storage ?? createStorage({ dataDir: config.dataDir, ...config.storage });
  const { workers, analyzerThreads, leaseMs, pollIntervalMs, waitTimeoutMs, deadlineMs } = config.analysis;
  const clock = deps.clock ?? (() => new Date());
  let analyzer = deps.analyzer;
  let closeAnalyzer = async () => {};
  if (!analyzer) {
    const choice = resolveAnalyzerConfig(config.analyzerEnv);
    const budget = createDbClaudeBudget(db.prisma, choice.kind === 'claude' ? choice.config.dailyBudget : 0, clock);
    // The local analyzer (also Claude's fallback) runs off the main thread unless ANALYZER_THREADS=0;
    // a process that runs no job never starts its threads.
    const threaded = analyzerThreads > 0 && workers > 0 ? createThreadedLocalAnalyzer({ threads: analyzerThreads }) : null;
    if (threaded) {
      closeAnalyzer = () => threaded.close();
      threaded.warm();
    }
    analyzer = createAnalyzerFromConfig(config.analyzerEnv, threaded ?? createLocalAnalyzer(), { budget });
  }
  const queue = new JobQueue<AnalysisJob>({ database: db, name: ANALYSIS_QUEUE, workers, leaseMs, pollIntervalMs, deadlineMs });
  const runner = { db: db.prisma, storage, analyzer, logger: console };
  queue.handle((job) => runAnalysis(runner, job));
  queue.onDead((job, _reason, error) => markAnalysisFailed(db.prisma, job.analysisId, failureDetail(error)));
  const events = new AnalysisEvents(db);
  return {
    db: db.prisma,
    storage,
    analyzer,
    queue,
    events,
    limits: config.limits,
    clock,
    waitTimeoutMs,
    uploads: new AdmissionGate(config.load.heavyConcurrency, config.load.heavyQueue),
    analysisQueueLimit: config.load.analysisQueueLimit,
    streams: new StreamLimiter(config.load.subscriptionsPerUser),
    start: async () => {
      await events.start();
      await queue.start();
    },
    drain: () => events.end(),
    close: async () => {
      await queue.stop();
      await events.stop();
      await closeAnalyzer();
    },
  };
}
