// The REST compatibility paths of spec §7 for analyses and risk zones, in the shapes of
// analysis-contract.md "Transport shapes". Thin: parse → service → shape; the services validate,
// authorise and produce every message.
import { requireViewer } from '../auth/context.js';
import { ValidationError } from '../domain/errors.js';
import type { Analysis, RiskZone } from '../generated/prisma/client.js';
import { analysisDeps } from '../services/analysis-deps.js';
import { ANALYSIS_FILTERS, listAnalyses, type AnalysisFilter } from '../services/analysis-search.js';
import { analyzeImage, deleteAnalysis, evidenceOf, getAnalysis } from '../services/analyses.js';
import { uploadImage } from '../services/images.js';
import { FAILURE } from '../services/messages.js';
import { createRiskZone, deleteRiskZone, listRiskZones } from '../services/risk-zones.js';
import { analysisStatistics, riskZoneStatistics } from '../services/statistics.js';
import { readJson } from './body.js';
import { errorBody, json } from './errors.js';
import type { Route, RouteRequest } from './router.js';
import { readUploadForm } from './upload-form.js';

export const REST_LIST_DEFAULT = 100;
export const REST_LIST_MAX = 500;

/** An analysis record (GET /aerial/analyses items, GET /aerial/analysis/{id}). */
export function analysisRecord(row: Analysis) {
  const done = row.status === 'done';
  return {
    analysis_id: row.id,
    created_at: row.createdAt.toISOString(),
    status: row.status,
    property_location: row.propertyLocation,
    risk_score: done && row.riskScore !== null ? Math.round(row.riskScore) : null,
    image_item_id: row.imageId,
    image_analysis_id: done ? row.id : null,
    analysis_results: done ? row.results : null,
    evidence: done ? evidenceOf(row) : null,
  };
}

export function riskZoneRecord(zone: RiskZone) {
  return {
    item_id: zone.id,
    location: zone.location,
    risk_level: zone.riskLevel,
    details: zone.details,
    created_at: zone.createdAt.toISOString(),
  };
}

function limitParam(url: URL): number {
  const raw = url.searchParams.get('limit');
  if (raw === null || raw === '') return REST_LIST_DEFAULT;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new ValidationError('limit must be a whole number of at least 1.');
  return Math.min(REST_LIST_MAX, Number(raw));
}

/** The history's search, filters and sort from a query string (`q`, `filters`, `sort`, `order`). */
export function historyParams(url: URL) {
  return {
    search: url.searchParams.get('q'),
    filters: filtersParam(url),
    sort: (url.searchParams.get('sort') || null) as 'date' | null,
    order: (url.searchParams.get('order') || null) as 'desc' | null,
  };
}

function filtersParam(url: URL): AnalysisFilter[] {
  const raw = url.searchParams.getAll('filters').flatMap((value) => value.split(','));
  const filters = raw.map((value) => value.trim().toLowerCase()).filter(Boolean);
  for (const filter of filters) {
    if (!(ANALYSIS_FILTERS as readonly string[]).includes(filter)) {
      throw new ValidationError(`Unknown filter "${filter}"; filters are ${ANALYSIS_FILTERS.join(', ')}.`);
    }
  }
  return filters as AnalysisFilter[];
}

/** `Link: <…>; rel="next"` for the page after this one, keeping the request's other parameters. */
function nextLink(url: URL, cursor: string): string {
  const next = new URL(url.pathname, 'http://x');
  for (const [key, value] of url.searchParams) if (key !== 'cursor') next.searchParams.append(key, value);
  next.searchParams.set('cursor', cursor);
  return `<${next.pathname}${next.search}>; rel="next"`;
}

/** One page of a list as the specified JSON array, with the `Link` header when more remain. */
function pageResponse<Row>(
  url: URL,
  page: { rows: Row[]; hasNextPage: boolean; cursorOf(row: Row): string },
  record: (row: Row) => unknown,
): Response {
  const last = page.rows.at(-1);
  const headers: Record<string, string> = {};
  if (page.hasNextPage && last) headers.link = nextLink(url, page.cursorOf(last));
  return json(page.rows.map(record), { headers });
}

async function viewerAnd(req: RouteRequest) {
  const ctx = await req.context();
  return { ctx, viewer: requireViewer(ctx) };
}

export const aerialRoutes: Route[] = [
  {
    method: 'POST',
    path: '/aerial/upload',
    fallbackMessage: FAILURE.upload,
    async handle(req) {
      const { ctx, viewer } = await viewerAnd(req);
      const image = await uploadImage(analysisDeps(ctx), viewer, () => readUploadForm(req.request), ctx.idempotencyKey);
      return json({ item_id: image.id }, { status: 201 });
    },
  },
  {
    method: 'POST',
    path: '/aerial/analyze/:id',
    fallbackMessage: FAILURE.analyze,
    async handle(req) {
      const { ctx, viewer } = await viewerAnd(req);
      const row = await analyzeImage(analysisDeps(ctx), viewer, req.params.id, ctx.idempotencyKey);
      if (row.status === 'failed') {
        return json(errorBody('UNPROCESSABLE', row.error ?? FAILURE.analyze), { status: 422 });
      }
      if (row.status !== 'done') {
        // Still running after the server's wait limit: where to read it when it is done.
        return json(
          { analysis_id: row.id, status: row.status, results: null, evidence: null },
          { status: 202, headers: { location: `/aerial/analysis/${row.id}` } },
        );
      }
      return json({ analysis_id: row.id, results: row.results, evidence: evidenceOf(row) });
    },
  },
  {
    method: 'GET',
    path: '/aerial/analyses',
    fallbackMessage: FAILURE.listAnalyses,
    async handle(req) {
      const { ctx, viewer } = await viewerAnd(req);
      const url = new URL(req.request.url);
      const page = await listAnalyses(ctx.db, viewer.uid, {
        ...historyParams(url),
        first: limitParam(url),
        after: url.searchParams.get('cursor') || null,
      });
      return pageResponse(url, page, analysisRecord);
    },
  },
  {
    method: 'GET',
    path: '/aerial/analysis/:id',
    fallbackMessage: FAILURE.getAnalysis,
    async handle(req) {
      const { ctx, viewer } = await viewerAnd(req);
      return json(analysisRecord(await getAnalysis(ctx.db, viewer, req.params.id)));
    },
  },
  {
    method: 'DELETE',
    path: '/aerial/analysis/:id',
    fallbackMessage: FAILURE.deleteAnalysis,
    async handle(req) {
      const { ctx, viewer } = await viewerAnd(req);
      await deleteAnalysis(analysisDeps(ctx), viewer, req.params.id);
      return new Response(null, { status: 204 });
    },
  },
  {
    method: 'GET',
    path: '/aerial/analysis-statistics',
    fallbackMessage: FAILURE.analysisStatistics,
    async handle(req) {
      const { ctx, viewer } = await viewerAnd(req);
      return json(await analysisStatistics(ctx.db, viewer));
    },
  },
  {
    method: 'GET',
    path: '/aerial/risk-zones',
    fallbackMessage: FAILURE.listRiskZones,
    async handle(req) {
      const { ctx, viewer } = await viewerAnd(req);
      const url = new URL(req.request.url);
      const page = await listRiskZones(ctx.db, viewer, { first: limitParam(url), after: url.searchParams.get('cursor') || null });
      return pageResponse(url, page, riskZoneRecord);
    },
  },
  {
    method: 'POST',
    path: '/aerial/risk-zones',
    fallbackMessage: FAILURE.createRiskZone,
    async handle(req) {
      const { ctx, viewer } = await viewerAnd(req);
      const body = await readJson(req.request);
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new ValidationError('Please fill in all required fields');
      }
      const fields = body as Record<string, unknown>;
      const zone = await createRiskZone(ctx.db, viewer, {
        location: fields.location,
        details: fields.details,
        riskLevel: fields.risk_level,
      });
      return json(riskZoneRecord(zone), { status: 201 });
    },
  },
  {
    method: 'DELETE',
    path: '/aerial/risk-zones/:id',
    fallbackMessage: FAILURE.deleteRiskZone,
    async handle(req) {
      const { ctx, viewer } = await viewerAnd(req);
      await deleteRiskZone(ctx.db, viewer, req.params.id);
      return new Response(null, { status: 204 });
    },
  },
  {
    method: 'GET',
    path: '/aerial/statistics',
    fallbackMessage: FAILURE.riskZoneStatistics,
    async handle(req) {
      const { ctx, viewer } = await viewerAnd(req);
      const stats = await riskZoneStatistics(ctx.db, viewer);
      return json({ ...stats, last_updated: stats.last_updated?.toISOString() ?? null });
    },
  },
];
