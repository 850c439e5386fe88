// Analyses: requesting one (a queued job), waiting for it, reading, deleting. The job itself runs in
// server/jobs/analysis-jobs.ts. Ownership: every lookup is by id AND owner, so another user's id
// and an id that does not exist fail the same way.
import type { Viewer } from '../auth/context.js';
import type { Evidence, Provenance } from '../analyzer/contract.js';
import type { Db } from '../db.js';
import { NotFoundError } from '../domain/errors.js';
import type { Analysis, Image, Prisma } from '../generated/prisma/client.js';
import type { AnalysisDeps } from './analysis-deps.js';
import { uuidOrNone } from './ids.js';
import { deleteImageIfUnused, findOwnedImage } from './images.js';
import { FAILURE, NOT_FOUND, failingAs } from './messages.js';
import { limitsFor, takeRateLimit } from './rate-limit.js';

type RowQuery = { include?: Prisma.AnalysisInclude; select?: Prisma.AnalysisSelect };

/**
 * Who waits for an analysis: a person on a screen (`interactive`, the default) or a portfolio batch
 * (`batch`). The job queue that replaces server/jobs/analysis-jobs.ts (issue 11 items 1–2) runs
 * interactive work first; until it lands the batch runner paces itself (services/batches.ts), and this
 * is the one place the priority is handed to the queue.
 */
export type AnalysisPriority = 'interactive' | 'batch';

/** The analysis row of `image`, queued (not yet created: batches put it in their own transaction). */
export function queuedAnalysisData(
  ownerId: string,
  image: Pick<Image, 'id' | 'propertyLocation'>,
  _opts: { priority?: AnalysisPriority } = {},
): Prisma.AnalysisUncheckedCreateInput {
  return {
    ownerId,
    imageId: image.id,
    propertyLocation: image.propertyLocation,
    // Searchable by location while it runs; the results' text is added when it is done.
    searchText: image.propertyLocation,
  };
}

/** Queues an analysis of the viewer's image; counts against the analyses-per-minute limit. */
export async function requestAnalysis(
  deps: AnalysisDeps,
  viewer: Viewer,
  imageId: string,
  opts: { priority?: AnalysisPriority } = {},
): Promise<Analysis> {
  return failingAs(FAILURE.analyze, async () => {
    await takeRateLimit(deps.db, viewer.uid, 'analyze', limitsFor(deps.limits, viewer).analysesPerMinute, FAILURE.analyze);
    const image = await findOwnedImage(deps.db, viewer.uid, imageId);
    const analysis = await deps.db.analysis.create({ data: queuedAnalysisData(viewer.uid, image, opts) });
    deps.jobs.wake();
    return analysis;
  });
}

/**
 * `analyzeImage` and POST /aerial/analyze/{id}: queues the analysis and waits until it is done or
 * failed, or until the wait timeout (then the row is returned as it is: queued or running).
 */
export async function analyzeImage(deps: AnalysisDeps, viewer: Viewer, imageId: string): Promise<Analysis> {
  const queued = await requestAnalysis(deps, viewer, imageId);
  return failingAs(FAILURE.analyze, async () => (await deps.jobs.waitFor(queued.id, deps.waitTimeoutMs)) ?? queued);
}

export async function findOwnedAnalysis<Q extends RowQuery>(db: Db, ownerId: string, id: string, query?: Q): Promise<Analysis> {
  const row = await db.analysis.findFirst({ ...(query ?? {}), where: { id: uuidOrNone(id), ownerId } });
  if (!row) throw new NotFoundError(NOT_FOUND.analysis);
  return row as Analysis;
}

export async function getAnalysis(db: Db, viewer: Viewer, id: string, query?: RowQuery): Promise<Analysis> {
  return failingAs(FAILURE.getAnalysis, () => findOwnedAnalysis(db, viewer.uid, id, query));
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
