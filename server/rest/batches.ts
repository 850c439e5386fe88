// Portfolio batches over REST: POST /aerial/batches (a CSV as the body or in JSON, or a list of image ids),
// GET /aerial/batches, GET /aerial/batches/{id} (progress), GET /aerial/batches/{id}/results (every row, CSV or
// JSON, streamed), POST /aerial/batches/{id}/retry (the failed rows again), POST /aerial/batches/{id}/rerun (a
// finished batch again with the current analyzer, as a new batch), GET /aerial/batches/{id}/changed-findings (how
// many rows each finding changed on, and which way, once the batch has finished). The services validate, authorise and word every message.
import { requireViewer } from '../auth/context';
import type { Db } from '../db';
import type { Batch } from '../generated/prisma/client';
import { MAX_BATCH_CSV_BYTES } from '../services/batch-csv';
import {
  BATCH_MESSAGES,
  batchCounts,
  batchFinished,
  batchResultRow,
  createBatch,
  findingsChangedBy,
  getBatch,
  listBatches,
  rowsFilter,
  listBatchResultRows,
  rerunBatch,
  retryBatch,
  type BatchCounts,
  type ResultRow,
} from '../services/batches';
import { readText } from './body';
import { csvCell } from './exports';
import { streamDownload, type Encoder, type Paged } from './download';
import { json } from './errors';
import type { Route } from './router';
import { batchResultsQuery, createBatchQuery, jsonObject, pageQuery, parseBody, parseQuery } from './schemas';

const RESULT_PAGE_ROWS = 500;
const RESULT_COLUMNS = Object.keys(batchResultRow({ rowNumber: 0, status: 'invalid', analysis: null } as unknown as ResultRow));

/** A batch as REST answers it: its counts per state and how many results an earlier analyzer made. */
async function batchRecordOf(db: Db, batch: Batch) {
  return batchRecord(batch, await batchCounts(db, batch.id));
}

function batchRecord(batch: Batch, counts: BatchCounts) {
  const { total: _total, older_analyzer: olderAnalyzerRows, comparison, ...byState } = counts;
  return {
    batch_id: batch.id,
    name: batch.name,
    source: batch.source as 'csv' | 'images',
    created_at: batch.createdAt.toISOString(),
    status: batchFinished(counts) ? ('done' as const) : ('running' as const),
    total_rows: batch.totalRows,
    counts: byState,
    older_analyzer_rows: olderAnalyzerRows,
    comparison,
    results_url: `/aerial/batches/${batch.id}/results`,
  };
}

const resultEncoders: Record<'csv' | 'json', Encoder<ResultRow>> = {
  csv: {
    type: 'text/csv; charset=utf-8',
    head: `${RESULT_COLUMNS.join(',')}\r\n`,
    item: (row) => {
      const record = batchResultRow(row) as Record<string, unknown>;
      return `${RESULT_COLUMNS.map((c) => csvCell(record[c])).join(',')}\r\n`;
    },
    separator: '',
    tail: '',
  },
  json: {
    type: 'application/json; charset=utf-8',
    head: '[',
    item: (row) => JSON.stringify(batchResultRow(row)),
    separator: ',',
    tail: ']',
  },
};

export const batchRoutes: Route[] = [
  {
    method: 'POST',
    path: '/aerial/batches',
    async handle(req) {
      const ctx = await req.context();
      const viewer = requireViewer(ctx);
      const type = req.request.headers.get('content-type') ?? '';
      const input = /^text\/(csv|plain)\b/i.test(type)
        ? { csv: await readText(req.request, MAX_BATCH_CSV_BYTES), name: parseQuery(createBatchQuery, new URL(req.request.url)).name }
        : await parseBody(jsonObject, req.request, BATCH_MESSAGES.nothing, MAX_BATCH_CSV_BYTES + 64 * 1024);
      const { image_ids: imageIds, older_results: olderResults, ...rest } = input as Record<string, unknown>;
      const batch = await createBatch(ctx.analysis, viewer, { ...rest, imageIds, olderResults }, ctx.idempotencyKey);
      return json(await batchRecordOf(ctx.db, batch), {
        status: 201,
        headers: { location: `/aerial/batches/${batch.id}` },
      });
    },
  },
  {
    method: 'GET',
    path: '/aerial/batches',
    async handle(req) {
      const ctx = await req.context();
      const { limit, cursor } = parseQuery(pageQuery, new URL(req.request.url));
      const page = await listBatches(ctx.db, requireViewer(ctx), { first: Math.min(limit, 100), after: cursor });
      return json(await Promise.all(page.rows.map((b) => batchRecordOf(ctx.db, b))));
    },
  },
  {
    method: 'GET',
    path: '/aerial/batches/:id',
    async handle(req) {
      const ctx = await req.context();
      const batch = await getBatch(ctx.db, requireViewer(ctx), req.params.id);
      return json(await batchRecordOf(ctx.db, batch));
    },
  },
  {
    method: 'POST',
    path: '/aerial/batches/:id/retry',
    async handle(req) {
      const ctx = await req.context();
      const { batch, retried } = await retryBatch(ctx.analysis, requireViewer(ctx), req.params.id);
      return json({ ...(await batchRecordOf(ctx.db, batch)), retried_rows: retried });
    },
  },
  {
    method: 'POST',
    path: '/aerial/batches/:id/rerun',
    async handle(req) {
      const ctx = await req.context();
      const { batch, queued } = await rerunBatch(ctx.analysis, requireViewer(ctx), req.params.id, ctx.idempotencyKey);
      return json(
        { ...(await batchRecordOf(ctx.db, batch)), queued_rows: queued },
        { status: 201, headers: { location: `/aerial/batches/${batch.id}` } },
      );
    },
  },
  {
    method: 'GET',
    path: '/aerial/batches/:id/changed-findings',
    async handle(req) {
      const ctx = await req.context();
      const batch = await getBatch(ctx.db, requireViewer(ctx), req.params.id);
      return json({ findings: await findingsChangedBy(ctx.db, batch.id, await batchCounts(ctx.db, batch.id)) });
    },
  },
  {
    method: 'GET',
    path: '/aerial/batches/:id/results',
    async handle(req) {
      const ctx = await req.context();
      const batch = await getBatch(ctx.db, requireViewer(ctx), req.params.id);
      const query = parseQuery(batchResultsQuery, new URL(req.request.url));
      const filter = rowsFilter({
        state: query.state,
        band: query.band_changed,
        findings: query.findings_changed,
        score: query.score_moved,
        finding: query.changed_finding && { field: query.changed_finding, before: query.changed_from, after: query.changed_to },
      });
      const pageAfter = async (afterRow: number | null): Promise<Paged<ResultRow>> => {
        const page = await listBatchResultRows(ctx.db, batch.id, { first: RESULT_PAGE_ROWS, afterRow, ...filter });
        const last = page.rows.at(-1);
        return { rows: page.rows, next: () => (page.hasNextPage && last ? pageAfter(last.rowNumber) : null) };
      };
      return streamDownload(await pageAfter(null), resultEncoders[query.format], `aerisk-batch-${batch.id.slice(0, 8)}.${query.format}`);
    },
  },
];
