// Analysis: one analysis job and its result; `analysis(id)`, the viewer's history connection and
// statistics, `analyzeImage`, `deleteAnalysis` and the `analysis` subscription (SSE).
import { queryFromInfo } from '@pothos/plugin-prisma';
import { requireViewer } from '../auth/context';
import { builder } from '../builder';
import { NotFoundError, RateLimitedError, ValidationError } from '../domain/errors';
import { buildingFoundIn, subjectPointOf, type SubjectPoint } from '../analyzer/contract';
import type { Analysis } from '../generated/prisma/client';
import { ANALYSIS_FILTERS, ANALYSIS_SORTS, listAnalyses } from '../services/analysis-search';
import {
  analyzeImage,
  analyzedByCurrentAnalyzer,
  deleteAnalysis,
  findAnalysis,
  getAnalysis,
  resultsOf,
  scoreOf,
  storedEvidence,
} from '../services/analyses';
import { reviewedFindings } from '../services/reviews';
import { uuidOrNone } from '../services/ids';
import { releasingWhenDone } from '../services/load-shedding';
import { analysisStatistics, type AnalysisStatistics, type RiskBands } from '../services/statistics';
import { AnalysisResultsRef, FindingRef, ScoreItemRef } from './analysis-results';
import { typed } from './errors';
import { connectionOf, globalIdOf, pageSize, rawIdOf } from './ids';
import { UserRef, viewerAfterChange } from './user';

const AnalysisStatusEnum = builder.enumType('AnalysisStatus', { values: ['queued', 'running', 'done', 'failed'] as const });
const AnalysisFilterEnum = builder.enumType('AnalysisFilter', { values: ANALYSIS_FILTERS });
const AnalysisSortEnum = builder.enumType('AnalysisSort', { values: ANALYSIS_SORTS });
const SortOrderEnum = builder.enumType('SortOrder', { values: ['asc', 'desc'] as const });

const SubjectPointRef = builder.objectRef<SubjectPoint>('SubjectPoint').implement({
  description: 'A point the owner marked on their building, as shares 0–1 of the image’s width and height.',
  fields: (t) => ({ x: t.exposeFloat('x'), y: t.exposeFloat('y') }),
});

const SubjectPointInput = builder.inputType('SubjectPointInput', {
  description: 'A point on the image as shares 0–1 of its width (x, from the left) and height (y, from the top).',
  fields: (t) => ({ x: t.float({ required: true }), y: t.float({ required: true }) }),
});

export const AnalysisRef = builder.prismaNode('Analysis', {
  id: { field: 'id' },
  findUnique: (id, ctx) => ({ id: uuidOrNone(id), AND: [{ ownerId: ctx.viewer?.uid ?? '' }] }),
  nullable: true,
  fields: (t) => ({
    analysisId: t.exposeString('id', { description: 'The raw id, as in /analysis-results/{analysisId}.' }),
    status: t.field({ type: AnalysisStatusEnum, resolve: (a) => a.status }),
    progress: t.exposeInt('progress', { description: 'Percent done, 0–100.' }),
    propertyLocation: t.exposeString('propertyLocation'),
    subjectPoint: t.field({
      type: SubjectPointRef,
      nullable: true,
      description: 'Where the owner marked their building, when they did; null: the building nearest the centre.',
      resolve: (a) => subjectPointOf(a.subjectPoint),
    }),
    riskScore: t.int({
      nullable: true,
      description: 'Null while not done, and when the image could not be assessed.',
      resolve: scoreOf,
    }),
    results: t.field({
      type: AnalysisResultsRef,
      nullable: true,
      resolve: resultsOf,
    }),
    findings: t.field({
      type: [FindingRef],
      description: 'Every finding of the analyzer (rejected ones too, marked by reviewDecision).',
      resolve: (a) => reviewedFindings(a),
    }),
    scoreBreakdown: t.field({ type: [ScoreItemRef], resolve: (a) => storedEvidence(a)?.score_breakdown ?? [] }),
    recommendations: t.stringList({ resolve: (a) => storedEvidence(a)?.recommendations ?? [] }),
    assessable: t.boolean({ nullable: true, resolve: (a) => storedEvidence(a)?.assessable ?? null }),
    unassessableReasons: t.stringList({ resolve: (a) => storedEvidence(a)?.unassessable_reasons ?? [] }),
    buildingFound: t.boolean({
      nullable: true,
      description:
        'Whether the analysis has a building that trees and power lines were measured from: true when assessable, false when no building was found (none near the centre or at the mark, or the reviewer rejected it), null while not done or when the image itself could not be judged. With false the results say so rather than call what was seen distant from a roof.',
      resolve: (a) => {
        const evidence = storedEvidence(a);
        return evidence ? buildingFoundIn(evidence) : null;
      },
    }),
    provenance: t.field({ type: 'JSON', nullable: true, resolve: (a) => a.provenance }),
    analyzedByCurrentAnalyzer: t.boolean({
      nullable: true,
      description:
        'Whether the analyzer that made this result is the one the server runs now (the same version: the same code and model weights). False: analysing the image again may give a different result. Null while not done.',
      resolve: (a) => analyzedByCurrentAnalyzer(a),
    }),
    error: t.exposeString('error', { nullable: true, description: 'Why it failed (the §8 message).' }),
    image: t.relation('image'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true }),
  }),
});

const AnalysisStatisticsRef = builder.objectRef<AnalysisStatistics>('AnalysisStatistics');

export const RiskBandsRef = builder.objectRef<RiskBands>('RiskBands').implement({
  fields: (t) => ({ low: t.exposeInt('low'), medium: t.exposeInt('medium'), high: t.exposeInt('high') }),
});

const RiskFactorsRef = builder.objectRef<AnalysisStatistics['riskFactors']>('RiskFactors').implement({
  fields: (t) => ({
    pools: t.exposeInt('pools'),
    spas: t.exposeInt('spas'),
    treesOverhanging: t.exposeInt('treesOverhanging'),
    powerLines: t.exposeInt('powerLines'),
  }),
});

AnalysisStatisticsRef.implement({
  description: 'Finished analyses; one that could not be assessed counts in the total but in no band.',
  fields: (t) => ({
    totalAnalyses: t.exposeInt('totalAnalyses'),
    notAssessable: t.exposeInt('notAssessable', {
      description: 'Finished but not scored (the image could not support a judgement); with the bands it adds up to the total.',
    }),
    riskScores: t.field({ type: RiskBandsRef, resolve: (s) => s.riskScores }),
    riskFactors: t.field({ type: RiskFactorsRef, resolve: (s) => s.riskFactors }),
    failed: t.exposeInt('failed', { description: 'Analyses that failed (no result); not in the total.' }),
    inProgress: t.exposeInt('inProgress', { description: 'Analyses queued or running; not in the total until they finish.' }),
  }),
});

const AnalysesConnection = builder.connectionObject({
  type: AnalysisRef,
  name: 'UserAnalysesConnection',
  fields: (t) => ({
    totalCount: t.int({
      description: 'How many of the viewer’s analyses match the search and filters, on every page.',
      resolve: (connection) => (connection as typeof connection & { totalCount(): Promise<number> }).totalCount(),
    }),
  }),
});

builder.prismaObjectFields(UserRef, (t) => ({
  analyses: t.withAuth({ loggedIn: true }).field({
    type: AnalysesConnection,
    description:
      'The viewer’s analyses: search (location and result text, case-insensitive), filters (AND), sort ' +
      '(default date desc; unscored ones last), cursor pagination.',
    args: {
      first: t.arg.int(),
      after: t.arg.string(),
      search: t.arg.string(),
      filters: t.arg({ type: [AnalysisFilterEnum] }),
      sort: t.arg({ type: AnalysisSortEnum }),
      order: t.arg({ type: SortOrderEnum }),
    },
    resolve: (user, args, ctx, info) =>
      typed(async () => {
        const query = queryFromInfo({ context: ctx, info, path: ['edges', 'node'], typeName: 'Analysis' });
        const page = await listAnalyses(
          ctx.db,
          ctx.viewer.uid,
          { ...args, first: pageSize(args.first) },
          query as Parameters<typeof listAnalyses>[3],
        );
        // The User node only resolves for the viewer; this guards the assumption.
        const own = user.id === ctx.viewer.uid;
        return {
          ...connectionOf(own ? page : { ...page, rows: [], hasNextPage: false }),
          totalCount: own ? page.totalCount : async () => 0,
        };
      }),
  }),
  analysisStatistics: t.withAuth({ loggedIn: true }).field({
    type: AnalysisStatisticsRef,
    resolve: (_user, _args, ctx) => analysisStatistics(ctx.db, ctx.viewer),
  }),
}));

builder.queryField('analysis', (t) =>
  t.withAuth({ loggedIn: true }).prismaField({
    type: 'Analysis',
    nullable: true,
    description: 'One of the viewer’s analyses by global id; null for an unknown id or another user’s.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (query, _root, args, ctx) => findAnalysis(ctx.db, ctx.viewer, rawIdOf(String(args.id), 'Analysis'), query),
  }),
);

const AnalyzeImageInput = builder.inputType('AnalyzeImageInput', {
  fields: (t) => ({
    imageId: t.id({ required: true, description: 'Global id of the Image.' }),
    subjectPoint: t.field({
      type: SubjectPointInput,
      required: false,
      description: 'The owner’s building, marked on the image: it is analysed instead of the building nearest the centre.',
    }),
  }),
});

builder.mutationField('analyzeImage', (t) =>
  t.withAuth({ loggedIn: true }).field({
    type: AnalysisRef,
    nullable: false,
    description:
      'Analyses one of the viewer’s images and waits until it is done or failed (or the server’s wait ' +
      'limit passes; then it is still queued or running and the subscription follows it).',
    errors: {
      types: [NotFoundError, ValidationError, RateLimitedError],
      result: { fields: (t) => ({ viewer: t.field(viewerAfterChange) }) },
    },
    args: { input: t.arg({ type: AnalyzeImageInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      typed(() =>
        analyzeImage(ctx.analysis, ctx.viewer, rawIdOf(String(input.imageId), 'Image'), ctx.idempotencyKey, input.subjectPoint ?? null),
      ),
  }),
);

const DeleteAnalysisInput = builder.inputType('DeleteAnalysisInput', {
  fields: (t) => ({ id: t.id({ required: true }) }),
});

builder.mutationField('deleteAnalysis', (t) =>
  t.withAuth({ loggedIn: true }).field({
    type: 'ID',
    nullable: false,
    description: 'Deletes the analysis (and its image when no other analysis uses it); returns its global id.',
    errors: { types: [NotFoundError], result: { fields: (t) => ({ viewer: t.field(viewerAfterChange) }) } },
    args: { input: t.arg({ type: DeleteAnalysisInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      typed(async () => {
        const deleted = await deleteAnalysis(ctx.analysis, ctx.viewer, rawIdOf(String(input.id), 'Analysis'));
        return globalIdOf('Analysis', deleted.id);
      }),
  }),
);

builder.subscriptionField('analysis', (t) =>
  t.withAuth({ loggedIn: true }).field({
    type: AnalysisRef,
    nullable: false,
    description: 'The analysis at every state or progress change; completes after done or failed.',
    args: { id: t.arg.id({ required: true }) },
    // Not a generator: refusals (signed out, not found, too many open streams) happen before a stream exists.
    subscribe: async (_root, args, ctx) => {
      // Scope auth guards `resolve`, not `subscribe`: the stream itself must refuse anonymous callers.
      const viewer = requireViewer(ctx);
      const { events, db, streams } = ctx.analysis;
      const owned = await getAnalysis(db, viewer, rawIdOf(String(args.id), 'Analysis'), { select: { id: true } });
      return releasingWhenDone(events.watch(owned.id), streams.acquire(viewer.uid));
    },
    resolve: (analysis: Analysis) => analysis,
  }),
);
