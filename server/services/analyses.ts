// Analyses: requesting one (a queued job), waiting for it, reading, deleting. The job itself runs in
// server/jobs/analysis-jobs.ts. Ownership: every lookup is by id AND owner, so another user's id
// and an id that does not exist fail the same way.
import type { Viewer } from '../auth/context.js';
import type { AnalysisResults, Evidence, Provenance } from '../analyzer/contract.js';
import type { Db } from '../db.js';
import { AppError, NotFoundError, UnavailableError } from '../domain/errors.js';
import type { Analysis, Prisma } from '../generated/prisma/client.js';
import type { AnalysisDeps } from './analysis-deps.js';
import { uuidOrNone } from './ids.js';
import { isUniqueViolation, parseIdempotencyKey } from './idempotency.js';
import { deleteImageIfUnused, findOwnedImage } from './images.js';
import { FAILURE, NOT_FOUND, failingAs } from './messages.js';
import { BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS } from './load-shedding.js';
import { limitsFor, takeRateLimit } from './rate-limit.js';

type RowQuery = { include?: Prisma.AnalysisInclude; select?: Prisma.AnalysisSelect };

const analysisByKey = (db: Db, ownerId: string, idempotencyKey: string) =>
  db.analysis.findUnique({ where: { ownerId_idempotencyKey: { ownerId, idempotencyKey } } });

/** The analysis an earlier request with this Idempotency-Key created, checked to be for the same image. */
async function earlierAnalysis(db: Db, ownerId: string, idempotencyKey: string, imageId: string): Promise<Analysis | null> {
  const existing = await analysisByKey(db, ownerId, idempotencyKey);
  if (existing && existing.imageId !== uuidOrNone(imageId)) {
    throw new AppError('UNPROCESSABLE', 'This Idempotency-Key was already used for an analysis of another image.');
  }
  return existing;
}

/**
 * Queues an analysis of the viewer's image; counts against the analyses-per-minute limit. With an
 * Idempotency-Key already used for this image, answers that analysis instead of queuing another.
 */
export async function requestAnalysis(
  deps: AnalysisDeps,
  viewer: Viewer,
  imageId: string,
  idempotencyKeyHeader: string | null = null,
): Promise<Analysis> {
  const idempotencyKey = parseIdempotencyKey(idempotencyKeyHeader);
  if (idempotencyKey) {
    const existing = await earlierAnalysis(deps.db, viewer.uid, idempotencyKey, imageId);
    if (existing) return existing;
  }
  return failingAs(FAILURE.analyze, async () => {
    // More work than the workers can get through soon: come back later (nothing was created or counted).
    const pending = await deps.db.analysis.count({ where: { status: { in: ['queued', 'running'] } } });
    if (pending >= deps.analysisQueueLimit) throw new UnavailableError(BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS);
    await takeRateLimit(deps.db, viewer.uid, 'analyze', limitsFor(deps.limits, viewer).analysesPerMinute, FAILURE.analyze);
    const image = await findOwnedImage(deps.db, viewer.uid, imageId);
    let analysis: Analysis;
    try {
      analysis = await deps.db.analysis.create({
        data: {
          ownerId: viewer.uid,
          imageId: image.id,
          propertyLocation: image.propertyLocation,
          // Searchable by location while it runs; the results' text is added when it is done.
          searchText: image.propertyLocation,
          idempotencyKey,
        },
      });
    } catch (error) {
      // A concurrent request with the same key created it first: that one is the answer.
      const winner = idempotencyKey && isUniqueViolation(error) ? await earlierAnalysis(deps.db, viewer.uid, idempotencyKey, imageId) : null;
      if (winner) return winner;
      throw error;
    }
    deps.jobs.wake();
    return analysis;
  });
}

/**
 * `analyzeImage` and POST /aerial/analyze/{id}: queues the analysis and waits until it is done or
 * failed, or until the wait timeout (then the row is returned as it is: queued or running).
 */
export async function analyzeImage(
  deps: AnalysisDeps,
  viewer: Viewer,
  imageId: string,
  idempotencyKeyHeader: string | null = null,
): Promise<Analysis> {
  const queued = await requestAnalysis(deps, viewer, imageId, idempotencyKeyHeader);
  return failingAs(FAILURE.analyze, async () => (await deps.jobs.waitFor(queued.id, deps.waitTimeoutMs)) ?? queued);
}

export async function findOwnedAnalysis<Q extends RowQuery>(db: Db, ownerId: string, id: string, query?: Q): Promise<Analysis> {
  const row = await db.analysis.findFirst({ ...(query ?? {}), where: { id: uuidOrNone(id), ownerId } });
  if (!row) throw new NotFoundError(NOT_FOUND.analysis);
  return row as Analysis;
}

/** GET /aerial/analysis/{id}, the `analysis` subscription: the viewer's analysis, or NotFoundError. */
export async function getAnalysis(db: Db, viewer: Viewer, id: string, query?: RowQuery): Promise<Analysis> {
  return failingAs(FAILURE.getAnalysis, () => findOwnedAnalysis(db, viewer.uid, id, query));
}

/** `analysis(id)`: the viewer's analysis, or null whether it is missing or someone else's (a node lookup). */
export async function findAnalysis(db: Db, viewer: Viewer, id: string, query?: RowQuery): Promise<Analysis | null> {
  try {
    return await getAnalysis(db, viewer, id, query);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** Deletes the viewer's analysis, and its image (row and blob) when no other analysis uses it. */
export async function deleteAnalysis(deps: AnalysisDeps, viewer: Viewer, id: string): Promise<Analysis> {
  return failingAs(FAILURE.deleteAnalysis, async () => {
    const analysis = await findOwnedAnalysis(deps.db, viewer.uid, id);
    // deleteMany: a concurrent delete of the same row is not an error, just a no-op.
    await deps.db.analysis.deleteMany({ where: { id: analysis.id, ownerId: viewer.uid } });
    // A job still running for it finds no row to update and stops writing.
    deps.jobs.wake();
    await deleteImageIfUnused(deps.db, deps.storage, analysis.imageId);
    return analysis;
  });
}

/** The rounded 0–100 score of a finished, assessable analysis; null otherwise (both transports show this). */
export function scoreOf(row: Pick<Analysis, 'status' | 'riskScore'>): number | null {
  return row.status === 'done' && row.riskScore !== null ? Math.round(row.riskScore) : null;
}

/** The contract's results of a finished analysis; null until done. */
export function resultsOf(row: Pick<Analysis, 'status' | 'results'>): AnalysisResults | null {
  return row.status === 'done' ? ((row.results as AnalysisResults | null) ?? null) : null;
}

/** Evidence as stored (without provenance, which has its own column), for both transports. */
export type StoredEvidence = Omit<Evidence, 'provenance'>;

export function storedEvidence(row: Analysis): StoredEvidence | null {
  return (row.evidence as StoredEvidence | null) ?? null;
}

/** The contract's Evidence object: stored evidence plus provenance. Null until done. */
export function evidenceOf(row: Analysis): Evidence | null {
  const evidence = storedEvidence(row);
  if (!evidence) return null;
  return { ...evidence, provenance: row.provenance as Provenance };
}
