// Running an analysis: the handler the domain registers on the job queue (server/jobs/queue.ts), and
// its dead-job hook. The `analyses` row is the source of truth for what the API shows (queued →
// running → done | failed, with a progress percentage); the queue only decides when and where the
// handler runs. Writes after the start are conditional on the row still being this attempt's, so an
// attempt that was given up (its worker presumed dead) can no longer write once another one started.
import type { ClaudeAnalyzeContext } from '../analyzer/claude/analyzer';
import { analyzerOutputSchema, ImageDecodeError, subjectPointOf, type Analyzer, type GsdSource } from '../analyzer/contract';
import type { Db } from '../db';
import type { Prisma } from '../generated/prisma/client';
import { JobDeadlineError, PermanentJobError, type RunningJob } from '../jobs/queue';
import type { BlobStorage } from '../storage/blob-storage';
import { filterFlagsFor, searchTextFor } from './analysis-text';
import { uploadedFilename } from './images';
import { FAILURE } from './messages';

/** What an analysis job carries: the row it runs. */
export interface AnalysisJob {
  analysisId: string;
}

export interface RunnerDeps {
  db: Db;
  storage: BlobStorage;
  analyzer: Analyzer;
  logger?: Pick<Console, 'info'>;
}

const GSD_SOURCES = new Set<string>(['map-zoom', 'source-native', 'exif', 'estimated']);

/**
 * What the owner is told about a failure besides "Failed to analyze image": the analyzer's own words about the image
 * (it is too small, animated, unreadable) or the deadline. Anything else (storage, a broken contract, the database)
 * is for the logs, and the owner gets the specification's message alone.
 */
export function failureDetail(error: unknown): string | null {
  if (error instanceof JobDeadlineError)
    return `The analysis did not finish within ${Math.round(error.deadlineMs / 1000)} s and was stopped.`;
  const cause = error instanceof PermanentJobError ? error.cause : error;
  return cause instanceof ImageDecodeError ? cause.message : null;
}

/** Marks the analysis failed unless it already finished (idempotent: a dead job may be reported twice). */
export async function markAnalysisFailed(db: Db, analysisId: string, detail: string | null = null): Promise<void> {
  await db.analysis.updateMany({
    where: { id: analysisId, status: { in: ['queued', 'running'] } },
    data: { status: 'failed', error: detail ? `${FAILURE.analyze}. ${detail}` : FAILURE.analyze, finishedAt: new Date() },
  });
}

/** The queue's handler for one analysis. Throws to be retried; PermanentJobError when retrying is useless. */
export async function runAnalysis(deps: RunnerDeps, job: RunningJob<AnalysisJob>): Promise<void> {
  const { db, storage, analyzer } = deps;
  const id = job.data.analysisId;
  // Claim the row for this attempt; a row already done or failed (or deleted) needs nothing more.
  const claimed = await db.analysis.updateMany({
    where: { id, status: { in: ['queued', 'running'] } },
    data: { status: 'running', attempts: job.attempt, progress: 5, startedAt: new Date(), heartbeatAt: new Date(), error: null },
  });
  if (claimed.count === 0) return;
  deps.logger?.info(`[jobs] running analysis ${id} (attempt ${job.attempt})`);
  const update = async (data: Prisma.AnalysisUpdateManyMutationInput) =>
    (
      await db.analysis.updateMany({
        where: { id, status: 'running', attempts: job.attempt },
        data: { ...data, heartbeatAt: new Date() },
      })
    ).count === 1;

  const analysis = await db.analysis.findUnique({ where: { id }, include: { image: true } });
  if (!analysis) return; // deleted meanwhile
  const blob = await storage.get(analysis.image.storageKey);
  if (!blob) throw new PermanentJobError(`image blob ${analysis.image.storageKey} is missing`);
  if (!(await update({ progress: 20 }))) return;

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
    subject_point: subjectPointOf(analysis.subjectPoint),
    provenance_extra: { ...extra, ...(image.attribution ? { attribution: image.attribution } : {}) },
    owner_id: analysis.ownerId,
  };
  let raw: unknown;
  try {
    raw = await analyzer.analyze(blob.bytes, { ...context, signal: job.signal });
  } catch (error) {
    // The analyzer already falls back and retries where that helps (Claude → local); what reaches
    // here is about the image itself (undecodable, too large) and would fail the same way again.
    throw new PermanentJobError(error instanceof Error ? error.message : String(error), { cause: error });
  }
  const parsed = analyzerOutputSchema.safeParse(raw);
  if (!parsed.success) throw new PermanentJobError(`the analyzer's answer breaks the contract: ${parsed.error.message}`);
  const output = parsed.data;
  const results = {
    ...output.results,
    image_item_id: image.id,
    image_analysis_id: analysis.id,
    property_location: analysis.propertyLocation,
  };
  const { provenance, ...evidence } = output.evidence;
  await update({
    status: 'done',
    progress: 100,
    results,
    evidence,
    // The owner's mark is part of how the result came about, whichever analyzer answered.
    provenance: (context.subject_point ? { ...provenance, subject_point: context.subject_point } : provenance) as Prisma.InputJsonValue,
    riskScore: results.risk_score,
    searchText: searchTextFor(analysis.propertyLocation, results, evidence, uploadedFilename(image)),
    ...filterFlagsFor(results),
    error: null,
    finishedAt: new Date(),
  });
}
