// Portfolio batches (issue 11 item 4): a CSV of addresses or coordinates, or a list of the viewer's images,
// becomes one batch row per property; server/services/batch-runner.ts turns each row into an analysis through the
// map imagery provider. Every row and its state is in the database before the answer, so a batch survives a
// restart. Progress and results are read from the rows joined with their analyses, scoped to the owner.
import { z } from 'zod';
import type { Viewer } from '../auth/context';
import type { Db } from '../db';
import type { AnalysisResults } from '../analyzer/contract';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../domain/errors';
import type { Analysis, Batch, BatchRow, Image, Prisma } from '../generated/prisma/client';
import type { AnalysisDeps } from './analysis-deps';
import { MAX_BATCH_ROWS, parseBatchCsv, type BatchRowInput } from './batch-csv';
import { uuidOrNone } from './ids';
import { failingAs } from './messages';
import { ensureUser } from './users';
import { resultColumns, scoreColumns } from './analysis-columns';
import { analyzerVersionOf } from './analyses';

export const BATCH_MESSAGES = {
  failed: 'Failed to process the batch',
  notFound: 'Batch not found',
  guest: 'Guest sessions cannot run batches. Create an account first.',
  nothing: 'Send a CSV (`csv`) or a list of image ids (`image_ids`), not both.',
  imageNotFound: 'Image not found.',
  duplicateImage: (first: number) => `Duplicate image (first at position ${first}).`,
  analysisDeleted: 'The analysis was deleted.',
  nothingToRetry: 'This batch has no failed rows to try again.',
} as const;

/** What a person sees per row. */
export const BATCH_ROW_STATES = ['queued', 'running', 'done', 'not_found', 'failed', 'invalid'] as const;
export type BatchRowState = (typeof BATCH_ROW_STATES)[number];

type BatchDeps = Pick<AnalysisDeps, 'db' | 'batches'>;

export const createBatchInput = z.object({
  name: z
    .string({ error: 'The name must be text.' })
    .trim()
    .max(200, 'The name must be at most 200 characters.')
    .nullish()
    .transform((v) => v || null),
  csv: z.string({ error: 'The CSV must be text.' }).nullish(),
  imageIds: z.array(z.string(), { error: 'image_ids must be a list of image ids.' }).max(MAX_BATCH_ROWS).nullish(),
});
export type CreateBatchInput = z.input<typeof createBatchInput>;

function parse(input: unknown) {
  const result = createBatchInput.safeParse(input ?? {});
  if (!result.success) {
    const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    throw new ValidationError(issues[0]?.message ?? BATCH_MESSAGES.nothing, issues);
  }
  const { csv, imageIds } = result.data;
  if ((csv == null) === (imageIds == null)) throw new ValidationError(BATCH_MESSAGES.nothing);
  return result.data;
}

/** Rows of an image list: the viewer's images in the order given; unknown and repeated ids are invalid rows. */
async function imageRows(db: Db, ownerId: string, ids: string[]): Promise<(BatchRowInput & { imageId: string | null })[]> {
  const owned = await db.image.findMany({
    where: { ownerId, id: { in: ids.map(uuidOrNone) } },
    select: { id: true, propertyLocation: true },
  });
  const byId = new Map(owned.map((image) => [image.id, image]));
  const firstAt = new Map<string, number>();
  return ids.map((raw, i) => {
    const rowNumber = i + 1;
    const image = byId.get(raw.toLowerCase());
    const base = { rowNumber, referenceId: null, address: image?.propertyLocation || null, latitude: null, longitude: null };
    if (!image) return { ...base, status: 'invalid' as const, error: BATCH_MESSAGES.imageNotFound, imageId: null };
    const first = firstAt.get(image.id);
    if (first !== undefined) return { ...base, status: 'invalid' as const, error: BATCH_MESSAGES.duplicateImage(first), imageId: null };
    firstAt.set(image.id, rowNumber);
    return { ...base, status: 'pending' as const, error: null, imageId: image.id };
  });
}

/** `createBatch` and POST /aerial/batches. Bad rows are kept as `invalid` with their reason; the rest run. */
export async function createBatch(deps: BatchDeps, viewer: Viewer, rawInput: unknown): Promise<Batch> {
  if (viewer.isAnonymous) throw new ForbiddenError(BATCH_MESSAGES.guest);
  const input = parse(rawInput);
  return failingAs(BATCH_MESSAGES.failed, async () => {
    const rows = input.csv != null ? parseBatchCsv(input.csv) : await imageRows(deps.db, viewer.uid, input.imageIds!);
    await ensureUser(deps.db, viewer);
    const source = input.csv != null ? 'csv' : 'images';
    const name = input.name ?? `${source === 'csv' ? 'CSV' : 'Images'} of ${rows.length} row${rows.length === 1 ? '' : 's'}`;
    const batch = await deps.db.$transaction(
      async (tx) => {
        const created = await tx.batch.create({ data: { ownerId: viewer.uid, name, source, totalRows: rows.length } });
        // One statement per thousand rows keeps each well under PostgreSQL's bind-parameter limit.
        for (let i = 0; i < rows.length; i += 1000) {
          await tx.batchRow.createMany({ data: rows.slice(i, i + 1000).map((row) => ({ ...row, batchId: created.id })) });
        }
        return created;
        // 10,000 rows are a few seconds' work for a busy database; Prisma's default 5 s would cut that off.
      },
      { maxWait: 30_000, timeout: 120_000 },
    );
    // Where no runner is in this process (an API-only one), a worker process's runner finds the rows.
    deps.batches?.wake();
    return batch;
  });
}

/**
 * `retryBatch` and POST /aerial/batches/{id}/retry: the failed rows (their map image could not be fetched, or
 * their analysis failed or was deleted) go back to the queue, as if new; a row whose image was stored keeps it and
 * is analysed again, the failed analysis staying in the history. Rows not found or invalid stay as they are:
 * trying again gives the same answer. Answers how many rows were queued again.
 */
export async function retryBatch(deps: BatchDeps, viewer: Viewer, id: string): Promise<{ batch: Batch; retried: number }> {
  return failingAs(BATCH_MESSAGES.failed, async () => {
    const batch = await findOwnedBatch(deps.db, viewer.uid, id);
    const { count } = await deps.db.batchRow.updateMany({
      where: { batchId: batch.id, ...ROW_STATE_WHERE.failed },
      data: { status: 'pending', attempts: 0, error: null, analysisId: null },
    });
    if (count === 0) throw new ConflictError(BATCH_MESSAGES.nothingToRetry);
    deps.batches?.wake();
    return { batch, retried: count };
  });
}

export async function findOwnedBatch(db: Db, ownerId: string, id: string): Promise<Batch> {
  const batch = await db.batch.findFirst({ where: { id: uuidOrNone(id), ownerId } });
  if (!batch) throw new NotFoundError(BATCH_MESSAGES.notFound);
  return batch;
}

export function getBatch(db: Db, viewer: Viewer, id: string): Promise<Batch> {
  return failingAs(BATCH_MESSAGES.failed, () => findOwnedBatch(db, viewer.uid, id));
}

export async function listBatches(db: Db, viewer: Viewer, opts: { first: number; after?: string | null }) {
  const rows = await db.batch.findMany({
    where: { ownerId: viewer.uid },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: opts.first + 1,
    ...(opts.after ? { cursor: { id: uuidOrNone(opts.after) }, skip: 1 } : {}),
  });
  return { rows: rows.slice(0, opts.first), hasNextPage: rows.length > opts.first, cursorOf: (b: Batch) => b.id };
}

export type BatchCounts = Record<BatchRowState, number> & { total: number };

/** Rows per state, from the rows and their analyses (one grouped query). */
export async function batchCounts(db: Db, batchId: string): Promise<BatchCounts> {
  const [row] = await db.$queryRaw<Record<string, bigint | number>[]>`
    SELECT count(*) AS total,
      count(*) FILTER (WHERE r.status = 'pending' OR (r.status = 'analysing' AND a.status = 'queued')) AS queued,
      count(*) FILTER (WHERE r.status = 'fetching' OR (r.status = 'analysing' AND a.status = 'running')) AS running,
      count(*) FILTER (WHERE r.status = 'analysing' AND a.status = 'done') AS done,
      count(*) FILTER (WHERE r.status = 'not_found') AS not_found,
      count(*) FILTER (WHERE r.status = 'failed' OR (r.status = 'analysing' AND (a.id IS NULL OR a.status = 'failed'))) AS failed,
      count(*) FILTER (WHERE r.status = 'invalid') AS invalid
    FROM batch_rows r LEFT JOIN analyses a ON a.id = r.analysis_id
    WHERE r.batch_id = ${batchId}::uuid`;
  const n = (key: string) => Number(row?.[key] ?? 0);
  return {
    total: n('total'),
    queued: n('queued'),
    running: n('running'),
    done: n('done'),
    not_found: n('not_found'),
    failed: n('failed'),
    invalid: n('invalid'),
  };
}

/** A batch is finished when no row waits or runs. */
export function batchFinished(counts: BatchCounts): boolean {
  return counts.queued === 0 && counts.running === 0;
}

export type RowWithAnalysis = BatchRow & { analysis: Analysis | null; image?: Pick<Image, 'latitude' | 'longitude'> | null };

/** What a person sees of a row: its state and, for not found / failed / invalid, why. */
export function rowState(row: RowWithAnalysis): { state: BatchRowState; reason: string | null } {
  switch (row.status) {
    case 'pending':
      return { state: 'queued', reason: null };
    case 'fetching':
      return { state: 'running', reason: null };
    case 'not_found':
    case 'failed':
    case 'invalid':
      return { state: row.status, reason: row.error };
    case 'analysing': {
      const analysis = row.analysis;
      if (!analysis) return { state: 'failed', reason: BATCH_MESSAGES.analysisDeleted };
      if (analysis.status === 'failed') return { state: 'failed', reason: analysis.error };
      return { state: analysis.status, reason: null };
    }
  }
}

const ROW_STATE_WHERE: Record<BatchRowState, Prisma.BatchRowWhereInput> = {
  queued: { OR: [{ status: 'pending' }, { status: 'analysing', analysis: { status: 'queued' } }] },
  running: { OR: [{ status: 'fetching' }, { status: 'analysing', analysis: { status: 'running' } }] },
  done: { status: 'analysing', analysis: { status: 'done' } },
  not_found: { status: 'not_found' },
  failed: {
    OR: [{ status: 'failed' }, { status: 'analysing', analysisId: null }, { status: 'analysing', analysis: { status: 'failed' } }],
  },
  invalid: { status: 'invalid' },
};

/** One page of a batch's rows in file order, optionally only those in one state (keyset on the row number). */
export async function listBatchRows(
  db: Db,
  batchId: string,
  opts: { first: number; afterRow?: number | null; state?: BatchRowState | null; includeImage?: boolean },
): Promise<{ rows: RowWithAnalysis[]; hasNextPage: boolean }> {
  const rows = await db.batchRow.findMany({
    where: { batchId, ...(opts.afterRow ? { rowNumber: { gt: opts.afterRow } } : {}), ...(opts.state ? ROW_STATE_WHERE[opts.state] : {}) },
    orderBy: { rowNumber: 'asc' },
    take: opts.first + 1,
    include: { analysis: true, ...(opts.includeImage ? { image: { select: { latitude: true, longitude: true } } } : {}) },
  });
  return { rows: rows.slice(0, opts.first), hasNextPage: rows.length > opts.first };
}

/** A results row: the input, the row's state, and the analysis's score, band and every feature. */
export function batchResultRow(row: RowWithAnalysis) {
  const { state, reason } = rowState(row);
  const a = state === 'done' ? row.analysis : null;
  const r = (a?.results ?? null) as AnalysisResults | null;
  return {
    row: row.rowNumber,
    reference_id: row.referenceId,
    address: row.address,
    latitude: row.latitude ?? row.image?.latitude ?? null,
    longitude: row.longitude ?? row.image?.longitude ?? null,
    status: state,
    reason,
    analysis_id: row.analysisId,
    property_location: a?.propertyLocation ?? null,
    ...scoreColumns(a),
    property_condition: r?.property_condition ?? null,
    ...resultColumns(r),
    analyzer_version: analyzerVersionOf(a),
  };
}
export type BatchResultRow = ReturnType<typeof batchResultRow>;
