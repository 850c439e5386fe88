// Analyses: requesting one (a queued job), waiting for it, reading, deleting. The job itself runs in
// analysis-runner.ts, on the queue of server/jobs/queue.ts. Ownership: every lookup is by id AND owner, so another user's id
// and an id that does not exist fail the same way.
import type { Viewer } from '../auth/context';
import { subjectPointOf, type AnalysisResults, type Evidence, type Provenance, type SubjectPoint } from '../analyzer/contract';
import { isCurrentAnalyzerVersion } from '../analyzer/versions';
import type { Db } from '../db';
import { AppError, NotFoundError, UnavailableError, ValidationError } from '../domain/errors';
import type { Analysis, Prisma } from '../generated/prisma/client';
import { transactionConnection, type JobKind } from '../jobs/queue';
import type { AnalysisDeps } from './analysis-deps';
import { uuidOrNone } from './ids';
import { isUniqueViolation, parseIdempotencyKey } from './idempotency';
import { deleteImageIfUnused, findOwnedImage } from './images';
import { FAILURE, NOT_FOUND, failingAs } from './messages';
import { BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS } from './load-shedding';
import { limitsFor, takeRateLimit } from './rate-limit';

const ENQUEUE_WAIT_MS = 30_000;

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

export interface RequestOptions {
  /**
   * `interactive` (default): someone is waiting; counts against the analyses-per-minute limit.
   * `batch`: portfolio work, queued below every interactive analysis and shared fairly between owners;
   * not counted per minute (a batch is bounded by its own size limit).
   */
  kind?: JobKind;
  /** The request's Idempotency-Key: with one already used for this image, that analysis is the answer. */
  idempotencyKey?: string | null;
  /**
   * Where the owner marked their building (shares 0..1 of the image's width and height): the analyzer takes the
   * building under it as the subject. Null or absent: the building nearest the centre.
   */
  subjectPoint?: SubjectPoint | null;
}

export const SUBJECT_POINT_MESSAGE = 'The marked point must lie on the image: x and y are shares of its width and height, from 0 to 1.';

/** The owner's mark checked: both coordinates finite shares 0..1, else a ValidationError in words. */
export function checkSubjectPoint(point: SubjectPoint | null | undefined): SubjectPoint | null {
  if (point === null || point === undefined) return null;
  const checked = subjectPointOf(point);
  if (!checked) throw new ValidationError(SUBJECT_POINT_MESSAGE);
  return checked;
}

/** Queues an analysis of the viewer's image: the row and its job are created in one transaction. */
export async function requestAnalysis(deps: AnalysisDeps, viewer: Viewer, imageId: string, opts: RequestOptions = {}): Promise<Analysis> {
  const kind = opts.kind ?? 'interactive';
  const idempotencyKey = parseIdempotencyKey(opts.idempotencyKey);
  const subjectPoint = checkSubjectPoint(opts.subjectPoint);
  if (idempotencyKey) {
    const existing = await earlierAnalysis(deps.db, viewer.uid, idempotencyKey, imageId);
    if (existing) return existing;
  }
  return failingAs(FAILURE.analyze, async () => {
    if (kind === 'interactive') {
      // More work than the workers can get through soon: come back later (nothing was created or counted).
      const pending = await deps.db.analysis.count({ where: { status: { in: ['queued', 'running'] } } });
      if (pending >= deps.analysisQueueLimit) throw new UnavailableError(BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS);
      await takeRateLimit(deps.db, viewer.uid, 'analyze', limitsFor(deps.limits, viewer).analysesPerMinute, FAILURE.analyze, deps.clock());
    }
    const image = await findOwnedImage(deps.db, viewer.uid, imageId);
    try {
      return await enqueueAnalysis(
        deps,
        { ownerId: viewer.uid, imageId: image.id, propertyLocation: image.propertyLocation, idempotencyKey, subjectPoint },
        kind,
      );
    } catch (error) {
      // A concurrent request with the same key created it first: that one is the answer.
      const winner =
        idempotencyKey && isUniqueViolation(error) ? await earlierAnalysis(deps.db, viewer.uid, idempotencyKey, imageId) : null;
      if (winner) return winner;
      throw error;
    }
  });
}

/** Creates a queued analysis row and its job, in one transaction: neither exists without the other. */
export async function enqueueAnalysis(
  deps: Pick<AnalysisDeps, 'db' | 'queue'>,
  row: { ownerId: string; imageId: string; propertyLocation: string; idempotencyKey?: string | null; subjectPoint?: SubjectPoint | null },
  kind: JobKind = 'interactive',
  /** More writes that stand or fall with the analysis (a batch row moving to `analysing`). */
  within?: (tx: Prisma.TransactionClient, analysis: Analysis) => Promise<void>,
): Promise<Analysis> {
  const [analysis] = await enqueueAnalyses(deps, row.ownerId, [row], kind, within && ((tx, analyses) => within(tx, analyses[0])));
  return analysis;
}

/**
 * Many analyses of one owner (a portfolio batch: `kind: 'batch'`), rows and jobs in one transaction,
 * in the given order; the owner's fair share counts them as one backlog.
 */
export async function enqueueAnalyses(
  deps: Pick<AnalysisDeps, 'db' | 'queue'>,
  ownerId: string,
  rows: { imageId: string; propertyLocation: string; idempotencyKey?: string | null; subjectPoint?: SubjectPoint | null }[],
  kind: JobKind = 'interactive',
  /** More writes that stand or fall with the analyses, given them in the rows' order. */
  within?: (tx: Prisma.TransactionClient, analyses: Analysis[]) => Promise<void>,
): Promise<Analysis[]> {
  await deps.queue.start();
  return deps.db.$transaction(
    async (tx) => {
      // Searchable by location while it runs; the results' text is added when it is done.
      const analyses = await tx.analysis.createManyAndReturn({
        data: rows.map((row) => ({
          ownerId,
          imageId: row.imageId,
          propertyLocation: row.propertyLocation,
          searchText: row.propertyLocation,
          idempotencyKey: row.idempotencyKey ?? null,
          ...(row.subjectPoint ? { subjectPoint: { x: row.subjectPoint.x, y: row.subjectPoint.y } } : {}),
        })),
      });
      const byImage = new Map(rows.map((row, i) => [i, row.imageId]));
      // createManyAndReturn keeps the input order on PostgreSQL; checked, since the jobs' order follows it.
      analyses.forEach((a, i) => {
        if (a.imageId !== byImage.get(i)) throw new Error('analysis rows came back out of order');
      });
      await within?.(tx, analyses);
      await deps.queue.enqueueMany(
        analyses.map((a) => ({ analysisId: a.id })),
        { group: ownerId, kind, connection: transactionConnection(tx) },
      );
      return analyses;
    },
    // A burst of requests waits for a pooled connection rather than failing after Prisma's default 2 s.
    { maxWait: ENQUEUE_WAIT_MS, timeout: ENQUEUE_WAIT_MS },
  );
}

/**
 * `analyzeImage` and POST /aerial/analyze/{id}: queues the analysis and waits until it is done or
 * failed, or until the wait timeout (then the row is returned as it is: queued or running).
 */
export async function analyzeImage(
  deps: AnalysisDeps,
  viewer: Viewer,
  imageId: string,
  idempotencyKey: string | null = null,
  subjectPoint: SubjectPoint | null = null,
): Promise<Analysis> {
  const queued = await requestAnalysis(deps, viewer, imageId, { idempotencyKey, subjectPoint });
  return failingAs(FAILURE.analyze, async () => (await deps.events.waitFor(queued.id, deps.waitTimeoutMs)) ?? queued);
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
    // A job still queued or running for it finds no row and ends without writing.
    await deleteImageIfUnused(deps.db, deps.storage, analysis.imageId);
    return analysis;
  });
}

/** The rounded 0–100 score of a finished, assessable analysis; null otherwise (both transports show this). */
export function scoreOf(row: Pick<Analysis, 'status' | 'riskScore'>): number | null {
  return row.status === 'done' && row.riskScore !== null ? Math.round(row.riskScore) : null;
}

/**
 * Which analyzer made a finished analysis (provenance's version: its code and weights, decision 023); null until
 * done. The exports' and batch results' column and GraphQL's `analyzedByCurrentAnalyzer` read it here.
 */
export function analyzerVersionOf(row: Pick<Analysis, 'status' | 'provenance'> | null): string | null {
  if (row?.status !== 'done') return null;
  const version = (row.provenance as { analyzer_version?: unknown } | null)?.analyzer_version;
  return typeof version === 'string' ? version : null;
}

/**
 * Whether a finished analysis was made by the analyzer this server runs now (false: analysing the image again may
 * give another result); null while not done or when it names no version.
 */
export function analyzedByCurrentAnalyzer(row: Pick<Analysis, 'status' | 'provenance'>): boolean | null {
  const version = analyzerVersionOf(row);
  return version === null ? null : isCurrentAnalyzerVersion(version);
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
