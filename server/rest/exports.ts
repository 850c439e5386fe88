// GET /aerial/analyses/export?format=csv|json|geojson&q=&filters=&sort=&order= — every analysis of the viewer
// that the history's search, filters and sort match, streamed page by page (a 100,000-row account never sits
// in memory at once). CSV cells that a spreadsheet would run as a formula are quoted as text.
import { requireViewer } from '../auth/context';
import { ValidationError } from '../domain/errors';
import type { Analysis, Image } from '../generated/prisma/client';
import type { AnalyzerOutput } from '../analyzer/contract';
import { reasonColumn, resultColumns, scoreColumns, withUnassessableReasons } from '../services/analysis-columns';
import { analyzerVersionOf } from '../services/analyses';
import { listAnalyses } from '../services/analysis-search';
import { recordExport } from '../services/audit';
import { analysisRecord, historyParams } from './analyses';
import { streamDownload, type Encoder, type Paged } from './download';
import type { Route } from './router';
import { exportQuery, parseQuery } from './schemas';

export const EXPORT_FORMATS = ['csv', 'json', 'geojson'] as const;
type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** Rows read from the database per page while streaming. */
export const EXPORT_PAGE_ROWS = 500;
export const EXPORT_JSON_PAGE_ROWS = 100;

/** `reasons`: a finished analysis's unassessable reasons, read for the rows without a score (`withUnassessableReasons`). */
type Row = Analysis & { image: Pick<Image, 'latitude' | 'longitude'>; reasons?: string[] };
type Results = AnalyzerOutput['results'];

/** One analysis as a flat row: what an underwriter's spreadsheet needs, in the history's terms. */
export function exportRow(row: Row) {
  const done = row.status === 'done';
  const r = (done ? row.results : null) as Results | null;
  const score = scoreColumns(row);
  return {
    analysis_id: row.id,
    created_at: row.createdAt.toISOString(),
    status: row.status,
    property_location: row.propertyLocation,
    ...score,
    reason: reasonColumn(row),
    ...resultColumns(r),
    // The values above are the reviewed ones once the owner reviewed the analysis (issue 10).
    reviewed: done ? row.analyzerResults !== null && row.analyzerResults !== undefined : null,
    analyzer_risk_score:
      done && row.analyzerResults ? (row.analyzerScore === null ? null : Math.round(row.analyzerScore)) : score.risk_score,
    reviewed_by: done ? (row.reviewedBy ?? null) : null,
    analyzer_version: analyzerVersionOf(row),
    latitude: row.image.latitude,
    longitude: row.image.longitude,
  };
}
type FlatRow = ReturnType<typeof exportRow>;
const COLUMNS = Object.keys(
  exportRow({ id: '', createdAt: new Date(0), status: 'queued', image: {} } as unknown as Row),
) as (keyof FlatRow)[];

/** RFC 4180 quoting; a text cell starting with = + - @ (or a tab/CR) is prefixed so no spreadsheet runs it. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function encoderFor(format: ExportFormat): Encoder<Row> {
  switch (format) {
    case 'csv':
      return {
        type: 'text/csv; charset=utf-8',
        head: `${COLUMNS.join(',')}\r\n`,
        item: (row: Row) => `${COLUMNS.map((c) => csvCell(exportRow(row)[c])).join(',')}\r\n`,
        separator: '',
        tail: '',
      };
    case 'json':
      return {
        type: 'application/json; charset=utf-8',
        head: '[',
        item: (row: Row) => JSON.stringify({ ...analysisRecord(row), latitude: row.image.latitude, longitude: row.image.longitude }),
        separator: ',',
        tail: ']',
      };
    case 'geojson':
      return {
        type: 'application/geo+json; charset=utf-8',
        head: '{"type":"FeatureCollection","features":[',
        // Only analyses whose place is known have a point; the others are left out of a map layer.
        item: (row: Row) => {
          if (row.image.latitude === null || row.image.longitude === null) return null;
          const { latitude, longitude, ...properties } = exportRow(row);
          return JSON.stringify({ type: 'Feature', geometry: { type: 'Point', coordinates: [longitude, latitude] }, properties });
        },
        separator: ',',
        tail: ']}',
      };
  }
}

export const exportRoutes: Route[] = [
  {
    method: 'GET',
    path: '/aerial/analyses/export',
    async handle(req) {
      const ctx = await req.context();
      const viewer = requireViewer(ctx);
      const url = new URL(req.request.url);
      const { format } = parseQuery(exportQuery, url);
      if (!(EXPORT_FORMATS as readonly string[]).includes(format)) {
        throw new ValidationError(`Unknown export format "${format}"; formats are ${EXPORT_FORMATS.join(', ')}.`);
      }
      const params = historyParams(url);
      const image = { select: { latitude: true, longitude: true } };
      // A JSON record carries its evidence (every finding's outline): smaller pages keep one page's memory low.
      const pageRows = format === 'json' ? EXPORT_JSON_PAGE_ROWS : EXPORT_PAGE_ROWS;
      // CSV and GeoJSON rows read only these columns: a page never holds the findings' outlines (evidence),
      // which can be most of a row. JSON is the full record, evidence included.
      const query =
        format === 'json'
          ? { include: { image } }
          : {
              select: {
                ...{ id: true, createdAt: true, status: true, propertyLocation: true, riskScore: true, results: true, error: true },
                ...{ analyzerResults: true, analyzerScore: true, reviewedBy: true, provenance: true, image },
              },
            };
      const pageAfter = async (after: string | null): Promise<Paged<Row>> => {
        const page = await listAnalyses(ctx.db, viewer.uid, { ...params, first: pageRows, after }, query);
        const last = page.rows.at(-1);
        const rows = format === 'json' ? (page.rows as Row[]) : await withUnassessableReasons(ctx.db, page.rows as Row[]);
        return { rows, next: () => (page.hasNextPage && last ? pageAfter(page.cursorOf(last)) : null) };
      };
      const day = new Date().toISOString().slice(0, 10);
      // The first page is read before answering, so a bad parameter is a clear 400, not a broken download.
      // Each exported analysis records the export in its audit trail, a page at a time.
      return streamDownload(await pageAfter(null), encoderFor(format as ExportFormat), `aerisk-analyses-${day}.${format}`, (rows) =>
        recordExport(
          ctx.db,
          viewer,
          rows.map((row) => row.id),
          format,
        ),
      );
    },
  },
];
