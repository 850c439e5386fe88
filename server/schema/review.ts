// Review (issue 10, item 1): the owner's changes to an analysis and the analyzer's original beside them;
// `reviewAnalysis` (one change with its reason) and `revertAnalysisReview`. Same service as REST.
import type { ScoreItem } from '../analyzer/contract';
import { builder } from '../builder';
import { ConflictError, NotFoundError, ValidationError } from '../domain/errors';
import type { Analysis } from '../generated/prisma/client';
import { reportPath } from '../services/reports';
import { REVIEW_FEATURE_NAMES, REVIEW_FEATURES } from '../services/review-model';
import { originalOf, reviewAnalysis, reviewChanges, revertReview, type ReviewChangeView } from '../services/reviews';
import { AnalysisRef } from './analysis';
import { ScoreItemRef } from './analysis-results';
import { typed } from './errors';
import { rawIdOf } from './ids';

const ReviewChangeRef = builder.objectRef<ReviewChangeView>('ReviewChange').implement({
  description: 'One current decision of the review against the analyzer’s original value.',
  fields: (t) => ({
    field: t.exposeString('field', { description: 'A feature (pool, roof_condition, …), `finding`, `add_risk` or `remove_risk`.' }),
    findingIndex: t.exposeInt('findingIndex', { nullable: true }),
    from: t.exposeString('from', { description: 'The analyzer’s value (for a finding: its feature).' }),
    to: t.exposeString('to'),
    reason: t.exposeString('reason'),
    by: t.exposeString('by'),
    at: t.field({ type: 'DateTime', resolve: (c) => new Date(c.at) }),
  }),
});

const AnalysisReviewRef = builder.objectRef<Analysis>('AnalysisReview').implement({
  description: 'The owner’s review; the effective values (Analysis.riskScore, results, …) already include it.',
  fields: (t) => ({
    reviewedAt: t.field({ type: 'DateTime', nullable: true, resolve: (a) => a.reviewedAt }),
    reviewedBy: t.exposeString('reviewedBy', { nullable: true }),
    changes: t.field({ type: [ReviewChangeRef], resolve: (a) => reviewChanges(a) }),
    analyzerRiskScore: t.int({
      nullable: true,
      description: 'The analyzer’s own score, before the review.',
      resolve: (a) => {
        const score = originalOf(a).riskScore;
        return score === null ? null : Math.round(score);
      },
    }),
    analyzerScoreBreakdown: t.field({
      type: [ScoreItemRef],
      resolve: (a) => (originalOf(a).evidence?.score_breakdown ?? []) as ScoreItem[],
    }),
  }),
});

builder.objectFields(AnalysisRef, (t) => ({
  reportUrl: t.string({
    nullable: true,
    description: 'Where the PDF property report downloads (GET with the bearer token); null until the analysis is done.',
    resolve: (a) => (a.status === 'done' ? reportPath(a.id) : null),
  }),
  review: t.field({
    type: AnalysisReviewRef,
    nullable: true,
    description: 'Null until the owner reviews the analysis (and again after a revert).',
    resolve: (a) => (a.status === 'done' && a.analyzerResults !== null ? a : null),
  }),
}));

const ReviewFieldRef = builder.objectRef<{ field: string; values: readonly string[] }>('ReviewField').implement({
  description: 'A feature an owner may set in a review, with the values the contract allows.',
  fields: (t) => ({ field: t.exposeString('field'), values: t.exposeStringList('values') }),
});

builder.queryField('reviewFields', (t) =>
  t.field({
    type: [ReviewFieldRef],
    description: 'The feature fields of a review and their vocabularies (findings are confirmed or rejected).',
    resolve: () => REVIEW_FEATURE_NAMES.map((field) => ({ field, values: REVIEW_FEATURES[field] })),
  }),
);

const ReviewAnalysisInput = builder.inputType('ReviewAnalysisInput', {
  fields: (t) => ({
    id: t.id({ required: true, description: 'Global id of the Analysis.' }),
    field: t.string({
      required: true,
      description:
        'pool | spa | solar (present/absent), roof_style, roof_condition, trees_proximity, power_lines_proximity, ' +
        'property_condition (the contract’s vocabularies), finding (confirmed/rejected, with findingIndex), add_risk, remove_risk (value: the text).',
    }),
    value: t.string({ required: true }),
    reason: t.string({ required: true, description: 'Why, in a few words (at most 500 characters).' }),
    findingIndex: t.int({ description: 'The finding’s index (Finding.index), for field `finding`.' }),
  }),
});

builder.mutationField('reviewAnalysis', (t) =>
  t.withAuth({ loggedIn: true }).field({
    type: AnalysisRef,
    nullable: false,
    description: 'Applies one review change with its reason; the analysis is rescored from the reviewed values.',
    errors: { types: [NotFoundError, ValidationError, ConflictError] },
    args: { input: t.arg({ type: ReviewAnalysisInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      typed(async () => {
        const { id, ...change } = input;
        return (await reviewAnalysis(ctx.db, ctx.viewer, rawIdOf(String(id), 'Analysis'), change)).analysis;
      }),
  }),
);

const RevertAnalysisReviewInput = builder.inputType('RevertAnalysisReviewInput', {
  fields: (t) => ({ id: t.id({ required: true }) }),
});

builder.mutationField('revertAnalysisReview', (t) =>
  t.withAuth({ loggedIn: true }).field({
    type: AnalysisRef,
    nullable: false,
    description: 'Drops the whole review: the analyzer’s output is the effective one again.',
    errors: { types: [NotFoundError, ConflictError] },
    args: { input: t.arg({ type: RevertAnalysisReviewInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      typed(async () => (await revertReview(ctx.db, ctx.viewer, rawIdOf(String(input.id), 'Analysis'))).analysis),
  }),
);
