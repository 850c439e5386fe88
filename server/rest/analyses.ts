// The REST paths of spec §7 for analyses, in the shapes of analysis-contract.md "Transport shapes". Thin:
// parse → service → shape; the services validate, authorise and produce every message.
import { subjectPointOf, type SubjectPoint } from '../analyzer/contract';
import type { Analysis } from '../generated/prisma/client';
import { listAnalyses } from '../services/analysis-search';
import { analyzeImage, deleteAnalysis, evidenceOf, getAnalysis, resultsOf, scoreOf } from '../services/analyses';
import { FAILURE } from '../services/messages';
import { analysisStatistics, type AnalysisStatistics } from '../services/statistics';
import { errorBody, json } from './errors';
import { reviewRecord } from './review-record';
import { pageParams, pageResponse } from './pages';
import { signedIn, type Route } from './router';
import { analyzeBody, historyQuery, parseOptionalBody, parseQuery } from './schemas';

/** An analysis record (GET /aerial/analyses items, GET /aerial/analysis/{id}). */
export function analysisRecord(row: Analysis) {
  const done = row.status === 'done';
  return {
    analysis_id: row.id,
    created_at: row.createdAt.toISOString(),
    status: row.status,
    property_location: row.propertyLocation,
    risk_score: scoreOf(row),
    image_item_id: row.imageId,
    image_analysis_id: done ? row.id : null,
    subject_point: subjectPointOf(row.subjectPoint),
    analysis_results: resultsOf(row),
    evidence: done ? evidenceOf(row) : null,
    review: done ? reviewRecord(row) : null,
  };
}

/** GET /aerial/analysis-statistics (spec §3). */
export function analysisStatisticsRecord(stats: AnalysisStatistics) {
  const { riskFactors } = stats;
  return {
    total_analyses: stats.totalAnalyses,
    not_assessable: stats.notAssessable,
    risk_scores: stats.riskScores,
    risk_factors: {
      pools: riskFactors.pools,
      spas: riskFactors.spas,
      trees_overhanging: riskFactors.treesOverhanging,
      power_lines: riskFactors.powerLines,
    },
    failed: stats.failed,
    in_progress: stats.inProgress,
  };
}

/** The history's search, filters and sort from a query string (`q`, `filters`, `sort`, `order`: rest/schemas.ts). */
export function historyParams(url: URL) {
  const { q, filters, sort, order } = parseQuery(historyQuery, url);
  return { search: q, filters, sort, order };
}

/**
 * The owner's mark from an optional JSON body (`{"subject_point": {"x", "y"}}`). No body, or an empty one (some
 * clients send a JSON content type without a body): none, the building nearest the centre.
 */
async function markedPoint(request: Request): Promise<SubjectPoint | null> {
  const body = await parseOptionalBody(
    analyzeBody,
    request,
    'The body must be a JSON object such as {"subject_point": {"x": 0.5, "y": 0.4}}.',
    MAX_ANALYZE_BODY_BYTES,
  );
  return body?.subject_point ?? null;
}

const MAX_ANALYZE_BODY_BYTES = 4096;

export const analysisRoutes: Route[] = [
  {
    method: 'POST',
    path: '/aerial/analyze/:id',
    async handle(req) {
      const { ctx, viewer } = await signedIn(req);
      const subjectPoint = await markedPoint(req.request);
      const row = await analyzeImage(ctx.analysis, viewer, req.params.id, ctx.idempotencyKey, subjectPoint);
      if (row.status === 'failed') {
        // The specification's message, and what the analysis record says beyond it (the image is too small, the deadline).
        const detail = row.error && row.error !== FAILURE.analyze ? row.error : undefined;
        return json(errorBody('UNPROCESSABLE', FAILURE.analyze, detail), { status: 422 });
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
    async handle(req) {
      const { ctx, viewer } = await signedIn(req);
      const url = new URL(req.request.url);
      const page = await listAnalyses(ctx.db, viewer.uid, { ...historyParams(url), ...pageParams(url) });
      return pageResponse(url, page, analysisRecord);
    },
  },
  {
    method: 'GET',
    path: '/aerial/analysis/:id',
    async handle(req) {
      const { ctx, viewer } = await signedIn(req);
      return json(analysisRecord(await getAnalysis(ctx.db, viewer, req.params.id)));
    },
  },
  {
    method: 'DELETE',
    path: '/aerial/analysis/:id',
    async handle(req) {
      const { ctx, viewer } = await signedIn(req);
      await deleteAnalysis(ctx.analysis, viewer, req.params.id);
      return new Response(null, { status: 204 });
    },
  },
  {
    method: 'GET',
    path: '/aerial/analysis-statistics',
    async handle(req) {
      const { ctx, viewer } = await signedIn(req);
      return json(analysisStatisticsRecord(await analysisStatistics(ctx.db, viewer)));
    },
  },
];
