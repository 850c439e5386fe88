// Portfolio batches (issue 11 item 4): a CSV of addresses or coordinates, or a list of the viewer's images,
// becomes one batch row per property; server/services/batch-runner.ts turns each row into an analysis through the
// map imagery provider. Every row and its state is in the database before the answer, so a batch survives a
// restart. Progress and results are read from the rows joined with their analyses, scoped to the owner.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Viewer } from '../auth/context';
import type { Db } from '../db';
import type { AnalysisResults } from '../analyzer/contract';
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../domain/errors';
import { Prisma, type Analysis, type Batch, type BatchRow, type Image } from '../generated/prisma/client';
import type { AnalysisDeps } from './analysis-deps';
import { MAX_BATCH_ROWS, parseBatchCsv, type BatchRowInput } from './batch-csv';
import { uuidOrNone } from './ids';
import { isUniqueViolation, parseIdempotencyKey } from './idempotency';
import { failingAs } from './messages';
import { ensureUser } from './users';
import {
  changedFindings,
  changedFindingsCell,
  COMPARED_FINDINGS,
  reasonColumn,
  resultColumns,
  scoreColumns,
  withUnassessableReasons,
  type ComparedFinding,
  type FindingChange,
} from './analysis-columns';
import { analyzedByCurrentAnalyzer, analyzerVersionOf } from './analyses';
import { uploadedFilename } from './images';
import { currentAnalyzerVersions } from '../analyzer/versions';
import { RISK_BAND_HIGH_FROM, RISK_BAND_MEDIUM_FROM } from '../../common/constants';

export const BATCH_MESSAGES = {
  failed: 'Failed to process the batch',
  notFound: 'Batch not found',
  guest: 'Guest sessions cannot run batches. Create an account first.',
  nothing: 'Send a CSV (`csv`), a list of image ids (`image_ids`) or `older_results: true`, one of them.',
  noOlderResults: 'Every result in your history is from the current analyzer: there is nothing to analyse again.',
  imageNotFound: 'Image not found.',
  duplicateImage: (first: number) => `Duplicate image (first at position ${first}).`,
  analysisDeleted: 'The analysis was deleted.',
  nothingToRetry: 'This batch has no failed rows to try again.',
  stillRunning: 'This batch is still running. Analyse it again once it has finished.',
  keyReused: 'This Idempotency-Key was already used for another batch request.',
  nothingOlder: 'Every result in this batch is from the current analyzer: there is nothing to analyse again.',
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
  olderResults: z.boolean({ error: 'older_results must be true or false.' }).nullish(),
});
export type CreateBatchInput = z.input<typeof createBatchInput>;

function parse(input: unknown) {
  const result = createBatchInput.safeParse(input ?? {});
  if (!result.success) {
    const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    throw new ValidationError(issues[0]?.message ?? BATCH_MESSAGES.nothing, issues);
  }
  const { csv, imageIds, olderResults } = result.data;
  if ([csv != null, imageIds != null, olderResults === true].filter(Boolean).length !== 1) {
    throw new ValidationError(BATCH_MESSAGES.nothing);
  }
  return result.data;
}

/**
 * Rows of an image list: the viewer's images in the order given; unknown and repeated ids are invalid rows. Each
 * image's latest finished analysis is the row's earlier result, which its new one is compared with.
 */
async function imageRows(
  db: Db,
  ownerId: string,
  ids: string[],
): Promise<(BatchRowInput & { imageId: string | null; previousAnalysisId?: string | null })[]> {
  const owned = await db.image.findMany({
    where: { ownerId, id: { in: ids.map(uuidOrNone) } },
    select: { id: true, propertyLocation: true },
  });
  const byId = new Map(owned.map((image) => [image.id, image]));
  const previous = await latestFinishedAnalyses(
    db,
    ownerId,
    owned.map((image) => image.id),
  );
  const firstAt = new Map<string, number>();
  return ids.map((raw, i) => {
    const rowNumber = i + 1;
    const image = byId.get(raw.toLowerCase());
    const base = { rowNumber, referenceId: null, address: image?.propertyLocation || null, latitude: null, longitude: null };
    if (!image) return { ...base, status: 'invalid' as const, error: BATCH_MESSAGES.imageNotFound, imageId: null };
    const first = firstAt.get(image.id);
    if (first !== undefined) return { ...base, status: 'invalid' as const, error: BATCH_MESSAGES.duplicateImage(first), imageId: null };
    firstAt.set(image.id, rowNumber);
    return { ...base, status: 'pending' as const, error: null, imageId: image.id, previousAnalysisId: previous.get(image.id) ?? null };
  });
}

/** Each of these images' latest finished analysis (by image id); an image never analysed to the end has none. */
async function latestFinishedAnalyses(db: Db, ownerId: string, imageIds: string[]): Promise<Map<string, string>> {
  if (imageIds.length === 0) return new Map();
  const rows = await db.$queryRaw<{ image_id: string; id: string }[]>`
    SELECT DISTINCT ON (image_id) image_id::text AS image_id, id::text AS id
    FROM analyses
    WHERE owner_id = ${ownerId} AND status = 'done' AND image_id = ANY(${imageIds}::uuid[])
    ORDER BY image_id, created_at DESC, id DESC`;
  return new Map(rows.map((row) => [row.image_id, row.id]));
}

/** A batch and all its rows, in one transaction: a batch is never seen without its rows. */
async function insertBatch(
  db: Db,
  batch: { ownerId: string; name: string; source: string },
  rows: Omit<Prisma.BatchRowCreateManyInput, 'batchId'>[],
  replay: Replay | null,
): Promise<Batch> {
  try {
    return await createBatchRows(db, { ...batch, idempotencyKey: replay?.key ?? null, requestHash: replay?.hash ?? null }, rows);
  } catch (error) {
    // A concurrent retry with the same key created it first: that batch is the answer.
    const winner = replay && isUniqueViolation(error) ? await replayed(db, batch.ownerId, replay) : null;
    if (winner) return winner;
    throw error;
  }
}

/** An Idempotency-Key and the digest of the request it came with. */
interface Replay {
  key: string;
  hash: string;
}

function replayOf(header: string | null | undefined, request: unknown): Replay | null {
  const key = parseIdempotencyKey(header);
  return key ? { key, hash: createHash('sha256').update(JSON.stringify(request)).digest('hex') } : null;
}

/** The batch an earlier request with this key made, or null; the key used for another request is refused (422). */
async function replayed(db: Db, ownerId: string, replay: Replay): Promise<Batch | null> {
  const existing = await db.batch.findUnique({ where: { ownerId_idempotencyKey: { ownerId, idempotencyKey: replay.key } } });
  if (existing && existing.requestHash !== replay.hash) throw new AppError('UNPROCESSABLE', BATCH_MESSAGES.keyReused);
  return existing;
}

function createBatchRows(
  db: Db,
  batch: { ownerId: string; name: string; source: string; idempotencyKey: string | null; requestHash: string | null },
  rows: Omit<Prisma.BatchRowCreateManyInput, 'batchId'>[],
): Promise<Batch> {
  return db.$transaction(
    async (tx) => {
      const created = await tx.batch.create({ data: { ...batch, totalRows: rows.length } });
      const data = await withoutDeletedEarlier(tx, rows);
      // One statement per thousand rows keeps each well under PostgreSQL's bind-parameter limit.
      for (let i = 0; i < data.length; i += 1000) {
        await tx.batchRow.createMany({ data: data.slice(i, i + 1000).map((row) => ({ ...row, batchId: created.id })) });
      }
      return created;
      // 10,000 rows are a few seconds' work for a busy database; Prisma's default 5 s would cut that off.
    },
    { maxWait: 30_000, timeout: 120_000 },
  );
}

/** The rows, with an earlier result deleted since it was read left out: it is not there to compare with (nor to point at). */
async function withoutDeletedEarlier<R extends { previousAnalysisId?: string | null }>(
  tx: Prisma.TransactionClient,
  rows: R[],
): Promise<R[]> {
  const earlier = rows.flatMap((row) => (row.previousAnalysisId ? [row.previousAnalysisId] : []));
  if (earlier.length === 0) return rows;
  const found = await tx.$queryRaw<{ id: string }[]>`SELECT id::text AS id FROM analyses WHERE id = ANY(${earlier}::uuid[])`;
  const left = new Set(found.map((a) => a.id));
  return rows.map((row) => (row.previousAnalysisId && !left.has(row.previousAnalysisId) ? { ...row, previousAnalysisId: null } : row));
}

/**
 * A finished analysis (columns of `alias`) whose result an earlier version of the analyzer made, or one that names
 * none: SQL's side of `analyzedByCurrentAnalyzer` (services/analyses.ts).
 */
const olderResult = (alias: string) =>
  Prisma.sql`(${Prisma.raw(alias)}.status = 'done' AND NOT (coalesce(${Prisma.raw(alias)}.provenance->>'analyzer_version', '') = ANY(${currentAnalyzerVersions()})))`;

/**
 * The viewer's images whose latest analysis is finished and was made by an earlier version of the analyzer (or names
 * none): what "analyse my older results again" runs. An image analysed again since (with today's analyzer, or still
 * running, or failed) is not among them.
 */
const olderLatest = (ownerId: string) => Prisma.sql`
  SELECT image_id, created_at FROM (
    SELECT DISTINCT ON (image_id) image_id, status, provenance, created_at
    FROM analyses WHERE owner_id = ${ownerId}
    ORDER BY image_id, created_at DESC, id DESC
  ) latest
  WHERE ${olderResult('latest')}`;

/** Those images' ids, the most recently analysed first, at most a batch's rows. */
export async function imagesWithOlderResults(db: Db, ownerId: string, limit = MAX_BATCH_ROWS): Promise<string[]> {
  const rows = await db.$queryRaw<{ image_id: string }[]>`
    SELECT image_id::text AS image_id FROM (${olderLatest(ownerId)}) older ORDER BY created_at DESC LIMIT ${limit}`;
  return rows.map((r) => r.image_id);
}

/** How many of the viewer's images have an earlier analyzer's result as their latest. */
export async function countImagesWithOlderResults(db: Db, ownerId: string): Promise<number> {
  const [row] = await db.$queryRaw<{ n: bigint | number }[]>`SELECT count(*) AS n FROM (${olderLatest(ownerId)}) older`;
  return Number(row?.n ?? 0);
}

/**
 * `createBatch` and POST /aerial/batches: a CSV, a list of the viewer's images, or every image of theirs whose latest
 * result an earlier analyzer made (`olderResults`). Bad rows are kept as `invalid` with their reason; the rest run.
 */
export async function createBatch(
  deps: BatchDeps,
  viewer: Viewer,
  rawInput: unknown,
  /** The request's Idempotency-Key: a retry with it gets the batch the first request made. */
  idempotencyKey: string | null = null,
): Promise<Batch> {
  if (viewer.isAnonymous) throw new ForbiddenError(BATCH_MESSAGES.guest);
  const input = parse(rawInput);
  const replay = replayOf(idempotencyKey, { create: input });
  const earlier = replay ? await replayed(deps.db, viewer.uid, replay) : null;
  if (earlier) return earlier;
  return failingAs(BATCH_MESSAGES.failed, async () => {
    const imageIds = input.olderResults ? await imagesWithOlderResults(deps.db, viewer.uid) : input.imageIds;
    if (input.olderResults && imageIds?.length === 0) throw new ConflictError(BATCH_MESSAGES.noOlderResults);
    const rows = input.csv != null ? parseBatchCsv(input.csv) : await imageRows(deps.db, viewer.uid, imageIds!);
    await ensureUser(deps.db, viewer);
    const source = input.csv != null ? 'csv' : 'images';
    const plural = rows.length === 1 ? '' : 's';
    const name =
      input.name ??
      (input.olderResults
        ? `Analysed again with the current analyzer (${rows.length} image${plural})`
        : `${source === 'csv' ? 'CSV' : 'Images'} of ${rows.length} row${plural}`);
    const batch = await insertBatch(deps.db, { ownerId: viewer.uid, name, source }, rows, replay);
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

/**
 * The name of a batch run again: the first's, marked once (a batch run again twice is not "(analysed again)
 * (analysed again)"; the dates tell them apart), within the 200 characters a name may have.
 */
export const rerunName = (name: string) => {
  const mark = ' (analysed again)';
  const base = name.endsWith(mark) ? name.slice(0, -mark.length) : name;
  return `${base.length + mark.length > 200 ? `${base.slice(0, 199 - mark.length)}…` : base}${mark}`;
};

/**
 * `rerunBatch` and POST /aerial/batches/{id}/rerun: a finished portfolio again with the analyzer this server runs
 * now, as a new batch, so the first keeps its results to compare against (and its trail). Every row keeps its
 * number, reference and address. A row whose result the current analyzer made keeps that analysis (nothing is
 * analysed twice); a row with a stored image is analysed again on that image (the imagery the first run saw);
 * a CSV row with no image (not found, or its fetch failed) is looked up again; invalid rows stay invalid, and an
 * image row whose image was deleted becomes one. Refused while the batch runs, and when no result in it is from an
 * earlier analyzer. Answers the new batch and how many of its rows were queued.
 */
export async function rerunBatch(
  deps: BatchDeps,
  viewer: Viewer,
  id: string,
  /** The request's Idempotency-Key: a retry with it gets the batch the first request made. */
  idempotencyKey: string | null = null,
): Promise<{ batch: Batch; queued: number }> {
  if (viewer.isAnonymous) throw new ForbiddenError(BATCH_MESSAGES.guest);
  const replay = replayOf(idempotencyKey, { rerun: id.toLowerCase() });
  const earlier = replay ? await replayed(deps.db, viewer.uid, replay) : null;
  if (earlier) return { batch: earlier, queued: await queuedByRerun(deps.db, earlier) };
  return failingAs(BATCH_MESSAGES.failed, async () => {
    const first = await findOwnedBatch(deps.db, viewer.uid, id);
    const counts = await batchCounts(deps.db, first.id);
    if (!batchFinished(counts)) throw new ConflictError(BATCH_MESSAGES.stillRunning);
    if (counts.older_analyzer === 0) throw new ConflictError(BATCH_MESSAGES.nothingOlder);
    const old = await deps.db.batchRow.findMany({
      where: { batchId: first.id },
      orderBy: { rowNumber: 'asc' },
      select: {
        rowNumber: true,
        referenceId: true,
        address: true,
        latitude: true,
        longitude: true,
        status: true,
        error: true,
        imageId: true,
        analysis: { select: { id: true, status: true, provenance: true } },
      },
    });
    let queued = 0;
    const rows = old.map(({ analysis, status, error, imageId, ...row }): Omit<Prisma.BatchRowCreateManyInput, 'batchId'> => {
      const base = { ...row, attempts: 0, imageId: null, analysisId: null, previousAnalysisId: null, error: null };
      if (status === 'invalid') return { ...base, status, error };
      if (analysis && analyzedByCurrentAnalyzer(analysis)) {
        return { ...base, status: 'analysing', imageId, analysisId: analysis.id };
      }
      if (!imageId && (first.source !== 'csv' || (row.address === null && row.latitude === null))) {
        return { ...base, status: 'invalid', error: BATCH_MESSAGES.imageNotFound };
      }
      queued++;
      // The first run's finished result is what the new one is compared with.
      return { ...base, status: 'pending', imageId, previousAnalysisId: analysis?.status === 'done' ? analysis.id : null };
    });
    const batch = await insertBatch(deps.db, { ownerId: viewer.uid, name: rerunName(first.name), source: first.source }, rows, replay);
    deps.batches?.wake();
    return { batch, queued };
  });
}

/**
 * How many rows of a batch made by `rerunBatch` it queued (for a retried request's answer): those neither invalid nor
 * pointing at an analysis older than the batch (a result kept from the first run).
 */
async function queuedByRerun(db: Db, batch: Batch): Promise<number> {
  return db.batchRow.count({
    where: {
      batchId: batch.id,
      status: { not: 'invalid' },
      OR: [{ analysisId: null }, { analysis: { createdAt: { gte: batch.createdAt } } }],
    },
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

/**
 * Rows per state, and `older_analyzer`: the finished rows whose result an earlier version of the analyzer made (or
 * one that names none): analysing them again may change them.
 */
export type BatchCounts = Record<BatchRowState, number> & { total: number; older_analyzer: number; comparison: BatchComparison | null };

/**
 * How the rows' new scores compare with their earlier results (decision 025), over the rows scored both times;
 * null when no row has an earlier result. `band_changed` counts rows whose risk band differs.
 */
export interface BatchComparison {
  with_earlier: number;
  compared: number;
  band_changed: number;
  higher: number;
  lower: number;
  /** Compared rows with at least one finding (`COMPARED_FINDINGS`) that differs from the earlier result (decision 026). */
  findings_changed: number;
}

/**
 * A stored score rounded as `scoreOf` rounds it (`Math.round`: halves up). PostgreSQL's round() of a double rounds
 * halves to even (66.5 → 66), which would put a 66.5 in another band than the screens show.
 */
const roundedSql = (score: Prisma.Sql) => Prisma.sql`floor(${score} + 0.5)`;

/** The risk band of a rounded score as a number (0 low, 1 medium, 2 high), as `bandFor` gives it. */
const bandSql = (rounded: Prisma.Sql) =>
  Prisma.sql`(CASE WHEN ${rounded} >= ${RISK_BAND_HIGH_FROM} THEN 2 WHEN ${rounded} >= ${RISK_BAND_MEDIUM_FROM} THEN 1 ELSE 0 END)`;

/** A row (`r`) finished and scored, and its earlier result (`p`) too: the two can be compared. */
const comparedSql = Prisma.sql`(r.status = 'analysing' AND a.status = 'done' AND a.risk_score IS NOT NULL AND p.status = 'done' AND p.risk_score IS NOT NULL)`;
const [newScore, earlierScore] = [roundedSql(Prisma.sql`a.risk_score`), roundedSql(Prisma.sql`p.risk_score`)];
const bandChangedSql = Prisma.sql`(${comparedSql} AND ${bandSql(newScore)} <> ${bandSql(earlierScore)})`;
/**
 * A compared row one of whose findings differs from the earlier result's: their `findings_key`s differ (decision 026;
 * one short column, so the count of a 10,000-row batch carries no JSON through its joins). A result without a key
 * (stored by a server before it, during an upgrade) is not compared finding by finding, as `rowFindingChanges` says.
 */
const findingsChangedSql = Prisma.sql`(${comparedSql} AND a.findings_key <> p.findings_key)`;
/** Which rows a page keeps when asked for the changed ones only. */
const CHANGED_SQL = {
  band: bandChangedSql,
  findings: findingsChangedSql,
  higher: Prisma.sql`(${comparedSql} AND ${newScore} > ${earlierScore})`,
  lower: Prisma.sql`(${comparedSql} AND ${newScore} < ${earlierScore})`,
} as const;
export type ChangedFilter = keyof typeof CHANGED_SQL;

/**
 * One finding's change, to keep only the rows where it changed (GraphQL `findingChange`, REST `changed_finding`):
 * optionally only from one value (`before`) and/or to one (`after`), as the results columns print them (empty: none).
 */
export interface FindingFilter {
  field: ComparedFinding;
  before?: string | null;
  after?: string | null;
}

/** A compared row whose finding `field` changed, the way the filter asks (each key's value at the finding's position). */
function findingChangedSql({ field, before, after }: FindingFilter): Prisma.Sql {
  const i = COMPARED_FINDINGS.findIndex(([name]) => name === field);
  if (i < 0) throw new ValidationError(`Unknown finding: ${field}.`);
  const [now, earlier] = [Prisma.sql`(a.findings_key::jsonb -> ${i}::int)`, Prisma.sql`(p.findings_key::jsonb -> ${i}::int)`];
  const text = (value: Prisma.Sql) => Prisma.sql`coalesce(${value} #>> '{}', '')`;
  // CASE: the keys are parsed only on the rows whose keys differ (an AND may be evaluated in any order).
  return Prisma.sql`(CASE WHEN ${findingsChangedSql} THEN ${now} IS DISTINCT FROM ${earlier}${
    typeof before === 'string' ? Prisma.sql` AND ${text(earlier)} = ${before}` : Prisma.empty
  }${typeof after === 'string' ? Prisma.sql` AND ${text(now)} = ${after}` : Prisma.empty} ELSE false END)`;
}

/** Which way a compared row's rounded score moved, as the comparison counts it (`higher`, `lower`). */
export const SCORE_MOVES = ['higher', 'lower'] as const;
export type ScoreMove = (typeof SCORE_MOVES)[number];

/**
 * Which rows a request keeps, as `listBatchRows` / `listBatchResultRows` take it: GraphQL's `state` / `bandChanged` /
 * `findingsChanged` / `scoreMoved` / `findingChange` and REST's `state` / `band_changed` / `findings_changed` /
 * `score_moved` / `changed_finding` (with `changed_from` / `changed_to`) both say it here.
 */
export function rowsFilter(ask: {
  state?: BatchRowState | null;
  band?: boolean | null;
  findings?: boolean | null;
  score?: ScoreMove | null;
  finding?: FindingFilter | null;
}): Pick<RowsPage, 'state' | 'changed' | 'finding'> {
  return {
    state: ask.state ?? null,
    changed: [...(['band', 'findings'] as const).filter((c) => ask[c]), ...(ask.score ? [ask.score] : [])],
    finding: ask.finding ?? null,
  };
}

/** Rows per state, older results and the comparison with earlier results, from the rows and their analyses (one grouped query). */
export async function batchCounts(db: Db, batchId: string): Promise<BatchCounts> {
  const [row] = await db.$queryRaw<Record<string, bigint | number>[]>`
    SELECT count(*) AS total,
      count(*) FILTER (WHERE r.status = 'pending' OR (r.status = 'analysing' AND a.status = 'queued')) AS queued,
      count(*) FILTER (WHERE r.status = 'fetching' OR (r.status = 'analysing' AND a.status = 'running')) AS running,
      count(*) FILTER (WHERE r.status = 'analysing' AND a.status = 'done') AS done,
      count(*) FILTER (WHERE r.status = 'not_found') AS not_found,
      count(*) FILTER (WHERE r.status = 'failed' OR (r.status = 'analysing' AND (a.id IS NULL OR a.status = 'failed'))) AS failed,
      count(*) FILTER (WHERE r.status = 'invalid') AS invalid,
      count(*) FILTER (WHERE r.status = 'analysing' AND ${olderResult('a')}) AS older_analyzer,
      count(p.id) AS with_earlier,
      count(*) FILTER (WHERE ${comparedSql}) AS compared,
      count(*) FILTER (WHERE ${bandChangedSql}) AS band_changed,
      count(*) FILTER (WHERE ${CHANGED_SQL.higher}) AS higher,
      count(*) FILTER (WHERE ${CHANGED_SQL.lower}) AS lower,
      count(*) FILTER (WHERE ${findingsChangedSql}) AS findings_changed
    FROM batch_rows r LEFT JOIN analyses a ON a.id = r.analysis_id LEFT JOIN analyses p ON p.id = r.previous_analysis_id
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
    older_analyzer: n('older_analyzer'),
    comparison:
      n('with_earlier') === 0
        ? null
        : {
            with_earlier: n('with_earlier'),
            compared: n('compared'),
            band_changed: n('band_changed'),
            higher: n('higher'),
            lower: n('lower'),
            findings_changed: n('findings_changed'),
          },
  };
}

/** One way a finding changed: from one value to another (as the results columns print them), on how many rows. */
export interface FindingTransition {
  before: string;
  after: string;
  rows: number;
}

/** How many compared rows one finding changed on, and which way: its transitions, the commonest first. */
export interface FindingCount {
  field: ComparedFinding;
  rows: number;
  changes: FindingTransition[];
}

/**
 * How many of a batch's compared rows each finding changed on, in `COMPARED_FINDINGS` order (only findings that
 * changed; decision 026), each with the ways it changed ("good → poor" on 9 rows, "poor → good" on 3): a book
 * re-run after a storm season wants to know whether roofs got worse, not only that they changed. Null while the batch
 * runs or when no row has an earlier result. Only the rows whose keys differ are read again, each key parsed once and
 * its values compared position by position. Asked for on its own, never with the counts: on the progress poll of a
 * 10,000-row batch with 2,500 changed rows it would cost about 90 ms a poll.
 */
export async function findingsChangedBy(db: Db, batchId: string, counts: BatchCounts): Promise<FindingCount[] | null> {
  if (!batchFinished(counts) || !counts.comparison) return null;
  if (!counts.comparison.findings_changed) return [];
  const found = await db.$queryRaw<{ i: number; before: string; after: string; rows: bigint | number }[]>`
    SELECT f.i::int AS i, coalesce((c.earlier -> f.i) #>> '{}', '') AS before, coalesce((c.now -> f.i) #>> '{}', '') AS after,
      count(*) AS rows
    FROM (
      SELECT a.findings_key::jsonb AS now, p.findings_key::jsonb AS earlier
      FROM batch_rows r JOIN analyses a ON a.id = r.analysis_id JOIN analyses p ON p.id = r.previous_analysis_id
      WHERE r.batch_id = ${batchId}::uuid AND ${findingsChangedSql}
    ) c CROSS JOIN generate_series(0, ${COMPARED_FINDINGS.length - 1}) AS f(i)
    WHERE (c.now -> f.i) IS DISTINCT FROM (c.earlier -> f.i)
    GROUP BY 1, 2, 3`;
  const byField = new Map<number, FindingCount>();
  for (const { i, before, after, rows } of found) {
    let count = byField.get(i);
    if (!count) byField.set(i, (count = { field: COMPARED_FINDINGS[i][0], rows: 0, changes: [] }));
    count.rows += Number(rows);
    count.changes.push({ before, after, rows: Number(rows) });
  }
  const order = (a: FindingTransition, b: FindingTransition) =>
    b.rows - a.rows || a.before.localeCompare(b.before) || a.after.localeCompare(b.after);
  return [...byField.entries()].sort(([a], [b]) => a - b).map(([, count]) => ({ ...count, changes: count.changes.sort(order) }));
}

/** A batch is finished when no row waits or runs. */
export function batchFinished(counts: BatchCounts): boolean {
  return counts.queued === 0 && counts.running === 0;
}

/** A batch row with its analysis (whole, or the columns `A` a results page reads), its earlier result and its image. */
export type BatchRowWith<A> = BatchRow & {
  analysis: A | null;
  previousAnalysis?: EarlierAnalysis | null;
  image?: Pick<Image, 'latitude' | 'longitude' | 'providerMeta'> | null;
};
export type RowWithAnalysis = BatchRowWith<Analysis>;
/** What a row reads of its earlier result: enough to compare score, band and findings. */
export type EarlierAnalysis = Pick<Analysis, 'id' | 'status' | 'riskScore' | 'findingsKey'>;

/**
 * The findings of a finished, scored row that differ from its earlier result's (decision 026), when that was scored
 * too (the rows the comparison counts), by their findings keys; null otherwise, or when either has no key.
 */
export function rowFindingChanges(row: BatchRowWith<Pick<Analysis, 'status' | 'riskScore' | 'findingsKey'>>): FindingChange[] | null {
  const [now, before] = [row.analysis, row.previousAnalysis];
  if (row.status !== 'analysing' || !now || !before) return null;
  if (now.status !== 'done' || now.riskScore === null || before.status !== 'done' || before.riskScore === null) return null;
  return changedFindings(before.findingsKey, now.findingsKey);
}

/**
 * What the results download reads of a row's analysis: its state, score, result and version, not its evidence (every
 * finding's outline, most of a stored analysis); `reasons` are read for the unscored rows alone.
 */
const RESULT_ANALYSIS_COLUMNS = {
  id: true,
  status: true,
  error: true,
  riskScore: true,
  results: true,
  findingsKey: true,
  propertyLocation: true,
  provenance: true,
} satisfies Prisma.AnalysisSelect;
type ResultAnalysis = Prisma.AnalysisGetPayload<{ select: typeof RESULT_ANALYSIS_COLUMNS }> & { reasons?: string[] };
export type ResultRow = BatchRowWith<ResultAnalysis>;

type StateOfAnalysis = Pick<Analysis, 'status' | 'error' | 'riskScore'> & { evidence?: Analysis['evidence']; reasons?: string[] };

/** Why a finished analysis has no score (the image could not be judged, no building was found); null when scored. */
function unscoredReason(analysis: StateOfAnalysis): string | null {
  if (analysis.reasons) return reasonColumn(analysis);
  const reasons = (analysis.evidence as { unassessable_reasons?: unknown } | null | undefined)?.unassessable_reasons;
  return reasonColumn({ ...analysis, reasons: Array.isArray(reasons) ? reasons.filter((r) => typeof r === 'string') : [] });
}

/** What a person sees of a row: its state and, for not found / failed / invalid, or done without a score, why. */
export function rowState(row: BatchRowWith<StateOfAnalysis>): { state: BatchRowState; reason: string | null } {
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
      return { state: analysis.status, reason: analysis.status === 'done' ? unscoredReason(analysis) : null };
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

interface RowsPage {
  first: number;
  afterRow?: number | null;
  state?: BatchRowState | null;
  /** Only the rows whose band (`band`) and/or some finding (`findings`) differs from their earlier result's. */
  changed?: ChangedFilter[];
  /** Only the rows where this finding changed (that way, when asked). */
  finding?: FindingFilter | null;
}

/**
 * One page of a batch's rows in file order, kept by `opts` (state, changed band / findings / score, one finding;
 * keyset on the row number), each with its whole analysis. With `slim`, each analysis carries only
 * `ROW_ANALYSIS_COLUMNS` (and the reasons of the unscored ones): what the batch screen reads, without the results,
 * evidence and review that make up most of a stored analysis (45 → 7 ms for a page of 50 at 10,000 rows, `npm run
 * bench:batches`, decision 027). Only for a caller that reads nothing else of the analysis: GraphQL asks for it when a
 * request selects only `ROW_ANALYSIS_FIELDS`, and the `BatchRow` fields themselves read only those columns (the type
 * says whole analysis, so the compiler does not check this).
 */
export async function listBatchRows(
  db: Db,
  batchId: string,
  opts: RowsPage & { slim?: boolean },
): Promise<{ rows: RowWithAnalysis[]; hasNextPage: boolean }> {
  const page = await pageOfRows(db, batchId, opts);
  if (!opts.slim) {
    const rows = await db.batchRow.findMany({ ...page, include: { ...ROW_RELATIONS, analysis: true } });
    return { rows: rows.slice(0, opts.first), hasNextPage: rows.length > opts.first };
  }
  const rows = await db.batchRow.findMany({ ...page, include: { ...ROW_RELATIONS, analysis: { select: ROW_ANALYSIS_COLUMNS } } });
  const shown = await withRowReasons(db, rows.slice(0, opts.first));
  // The analysis is typed whole for the GraphQL object it becomes; the caller reads only the columns above.
  return { rows: shown as RowWithAnalysis[], hasNextPage: rows.length > opts.first };
}

/** Rows whose analyses carry the reasons of the unscored ones (`withUnassessableReasons`), read for those alone. */
async function withRowReasons<A extends Pick<Analysis, 'id' | 'status' | 'riskScore'>, R extends { analysis: A | null }>(
  db: Db,
  rows: R[],
): Promise<(R & { analysis: (A & { reasons?: string[] }) | null })[]> {
  const analyses = await withUnassessableReasons(
    db,
    rows.flatMap((row) => (row.analysis ? [row.analysis] : [])),
  );
  const byId = new Map(analyses.map((a) => [a.id, a]));
  return rows.map((row) => ({ ...row, analysis: row.analysis ? (byId.get(row.analysis.id) ?? row.analysis) : null }));
}

/** The analysis columns of a slim page of rows (`listBatchRows`): state, score, compared findings, version, place. */
const ROW_ANALYSIS_COLUMNS = {
  id: true,
  ownerId: true,
  imageId: true,
  status: true,
  progress: true,
  propertyLocation: true,
  riskScore: true,
  subjectPoint: true,
  error: true,
  findingsKey: true,
  provenance: true,
  createdAt: true,
  finishedAt: true,
} satisfies Prisma.AnalysisSelect;

/**
 * The GraphQL `Analysis` fields that read only `ROW_ANALYSIS_COLUMNS`: a rows request whose analyses ask for nothing
 * else gets a slim page. A field added to `Analysis` is not here until it is checked (and tested) to read only those.
 */
export const ROW_ANALYSIS_FIELDS: ReadonlySet<string> = new Set([
  '__typename',
  'id',
  'analysisId',
  'status',
  'progress',
  'propertyLocation',
  'subjectPoint',
  'riskScore',
  'error',
  'createdAt',
  'finishedAt',
  'analyzedByCurrentAnalyzer',
]);

/** The same page for the results download: each analysis's result columns, and the reasons of the unscored ones. */
export async function listBatchResultRows(db: Db, batchId: string, opts: RowsPage): Promise<{ rows: ResultRow[]; hasNextPage: boolean }> {
  const rows = await db.batchRow.findMany({
    ...(await pageOfRows(db, batchId, opts)),
    include: { ...ROW_RELATIONS, analysis: { select: RESULT_ANALYSIS_COLUMNS } },
  });
  return { rows: await withRowReasons(db, rows.slice(0, opts.first)), hasNextPage: rows.length > opts.first };
}

const ROW_RELATIONS = {
  previousAnalysis: { select: { id: true, status: true, riskScore: true, findingsKey: true } },
  image: { select: { latitude: true, longitude: true, providerMeta: true } },
} satisfies Prisma.BatchRowInclude;

/** The where, order and size of a page of rows (the band filter's row numbers read first, in SQL). */
async function pageOfRows(db: Db, batchId: string, opts: RowsPage) {
  const after = opts.afterRow ?? 0;
  const conditions = [...(opts.changed ?? []).map((c) => CHANGED_SQL[c]), ...(opts.finding ? [findingChangedSql(opts.finding)] : [])];
  const changed = conditions.length
    ? (
        await db.$queryRaw<{ row_number: number }[]>`
          SELECT r.row_number FROM batch_rows r
          JOIN analyses a ON a.id = r.analysis_id JOIN analyses p ON p.id = r.previous_analysis_id
          WHERE r.batch_id = ${batchId}::uuid AND r.row_number > ${after} AND ${Prisma.join(conditions, ' AND ')}
          ORDER BY r.row_number LIMIT ${opts.first + 1}`
      ).map((r) => Number(r.row_number))
    : null;
  return {
    where: {
      batchId,
      ...(changed ? { rowNumber: { in: changed } } : after ? { rowNumber: { gt: after } } : {}),
      ...(opts.state ? ROW_STATE_WHERE[opts.state] : {}),
    },
    orderBy: { rowNumber: 'asc' as const },
    take: opts.first + 1,
  };
}

/** For a row of an image list: the uploaded file's name, which tells the rows apart; null for map images. */
export function batchRowFileName(row: BatchRowWith<unknown>): string | null {
  return row.image ? uploadedFilename(row.image) : null;
}

/** A results row: the input, the row's state, and the analysis's score, band and every feature. */
export function batchResultRow(row: ResultRow) {
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
    file_name: batchRowFileName(row),
    ...previousColumns(row.previousAnalysis ?? null),
    changed_findings: changedFindingsCell(rowFindingChanges(row)),
  };
}

/** The row's earlier result (decision 025): its id, score and band, to compare with the new ones. */
function previousColumns(previous: Pick<Analysis, 'id' | 'status' | 'riskScore'> | null) {
  const { risk_score, risk_band } = scoreColumns(previous);
  return { previous_analysis_id: previous?.id ?? null, previous_risk_score: risk_score, previous_risk_band: risk_band };
}
export type BatchResultRow = ReturnType<typeof batchResultRow>;
