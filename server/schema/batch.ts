// Batch: a portfolio of properties analysed together (issue 11 item 4); the viewer's batches, one batch's
// progress and rows, and `createBatch`. Services: server/services/batches.ts; runner: server/services/batch-runner.ts.
import { builder } from '../builder';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../domain/errors';
import type { Batch } from '../generated/prisma/client';
import { COMPARED_FINDINGS, scoreColumns, type FindingChange } from '../services/analysis-columns';
import {
  BATCH_ROW_STATES,
  batchCounts,
  batchFinished,
  batchRowFileName,
  findingsChangedBy,
  countImagesWithOlderResults,
  createBatch,
  listBatchRows,
  ROW_ANALYSIS_FIELDS,
  listBatches,
  rerunBatch,
  retryBatch,
  rowFindingChanges,
  rowState,
  rowsFilter,
  SCORE_MOVES,
  type BatchComparison,
  type BatchCounts,
  type EarlierAnalysis,
  type FindingCount,
  type FindingTransition,
  type RowWithAnalysis,
} from '../services/batches';
import { uuidOrNone } from '../services/ids';
import { AnalysisRef } from './analysis';
import { fieldsSelectedAt } from './selection';
import { typed } from './errors';
import { connectionOf, pageSize, rawIdOf } from './ids';
import { RiskLevelEnum } from './risk-zone';
import { UserRef } from './user';

const BatchRowStateEnum = builder.enumType('BatchRowState', { values: BATCH_ROW_STATES });
const BatchStatusEnum = builder.enumType('BatchStatus', { values: ['running', 'done'] as const });
const ScoreMoveEnum = builder.enumType('ScoreMove', {
  description: 'Which way a compared row’s score moved from its earlier result’s (rounded, as the screens show it).',
  values: SCORE_MOVES,
});
const ComparedFindingEnum = builder.enumType('ComparedFinding', {
  description: 'A finding a batch compares with the earlier result, named as its results column.',
  values: COMPARED_FINDINGS.map(([field]) => field),
});
const FindingChangeFilterInput = builder.inputType('FindingChangeFilter', {
  description: 'Rows where one finding changed; `before` and/or `after` keep only one way (values as `FindingChange` gives them).',
  fields: (t) => ({
    field: t.field({ type: ComparedFindingEnum, required: true }),
    before: t.string({ description: 'Only rows whose earlier value was this (empty: none).' }),
    after: t.string({ description: 'Only rows whose new value is this (empty: none).' }),
  }),
});

// One counts query per batch object, however many of its fields a request selects.
const counted = new WeakMap<Batch, Promise<BatchCounts>>();
const countsOf = (batch: Batch, db: Parameters<typeof batchCounts>[0]) => {
  let counts = counted.get(batch);
  if (!counts) counted.set(batch, (counts = batchCounts(db, batch.id)));
  return counts;
};

const BatchCountsRef = builder.objectRef<BatchCounts>('BatchCounts').implement({
  description: 'Rows per state; they add up to the batch’s rows.',
  fields: (t) => ({
    queued: t.exposeInt('queued'),
    running: t.exposeInt('running'),
    done: t.exposeInt('done'),
    notFound: t.exposeInt('not_found'),
    failed: t.exposeInt('failed'),
    invalid: t.exposeInt('invalid', { description: 'Bad rows: no address, unparseable coordinates, duplicate reference.' }),
  }),
});

const EarlierResultRef = builder.objectRef<EarlierAnalysis>('EarlierResult').implement({
  description:
    'The result a batch row’s analysis is compared with: the image’s latest finished analysis when an image batch was made, or the first run’s result in a batch analysed again.',
  fields: (t) => ({
    analysisId: t.exposeString('id', { description: 'Its raw id.' }),
    riskScore: t.int({ nullable: true, description: 'Null when it has no score.', resolve: (a) => scoreColumns(a).risk_score }),
    riskBand: t.field({ type: RiskLevelEnum, nullable: true, resolve: (a) => scoreColumns(a).risk_band }),
  }),
});

const FindingChangeRef = builder.objectRef<FindingChange>('FindingChange').implement({
  description: 'A finding of a batch row that differs from its earlier result’s.',
  fields: (t) => ({
    field: t.field({ type: ComparedFindingEnum, description: 'The results column.', resolve: (change) => change.field }),
    before: t.exposeString('before', { description: 'The earlier value as the results download prints it (empty: none).' }),
    after: t.exposeString('after', { description: 'The new value, the same way.' }),
  }),
});

const FindingTransitionRef = builder.objectRef<FindingTransition>('FindingTransition').implement({
  description: 'One way a finding changed across a batch’s compared rows.',
  fields: (t) => ({
    before: t.exposeString('before', { description: 'The earlier value, as `FindingChange.before` (empty: none).' }),
    after: t.exposeString('after', { description: 'The new value, the same way.' }),
    rows: t.exposeInt('rows', { description: 'The rows it changed this way on.' }),
  }),
});

const FindingCountRef = builder.objectRef<FindingCount>('FindingCount').implement({
  description: 'How many of a batch’s compared rows one finding changed on, and which way.',
  fields: (t) => ({
    field: t.field({ type: ComparedFindingEnum, description: 'The results column.', resolve: (count) => count.field }),
    rows: t.exposeInt('rows'),
    changes: t.field({
      type: [FindingTransitionRef],
      description: 'Each way it changed (earlier value → new value) with its rows, the commonest first; they add up to `rows`.',
      resolve: (count) => count.changes,
    }),
  }),
});

const BatchComparisonRef = builder.objectRef<BatchComparison>('BatchComparison').implement({
  description: 'How a batch’s new scores compare with its rows’ earlier results.',
  fields: (t) => ({
    withEarlier: t.exposeInt('with_earlier', { description: 'Rows with an earlier result.' }),
    compared: t.exposeInt('compared', { description: 'Of those, rows scored both times.' }),
    bandChanged: t.exposeInt('band_changed', { description: 'Compared rows whose risk band changed.' }),
    higher: t.exposeInt('higher', { description: 'Compared rows whose score rose.' }),
    lower: t.exposeInt('lower', { description: 'Compared rows whose score fell.' }),
    findingsChanged: t.exposeInt('findings_changed', {
      description: 'Compared rows with a finding (pool, spa, trees, roof, solar, power lines, property condition) that differs.',
    }),
  }),
});

const BatchRowRef = builder.objectRef<RowWithAnalysis>('BatchRow').implement({
  fields: (t) => ({
    rowNumber: t.exposeInt('rowNumber', { description: 'The CSV row (the header is row 1), or the image’s position.' }),
    referenceId: t.exposeString('referenceId', { nullable: true }),
    address: t.exposeString('address', { nullable: true }),
    fileName: t.string({
      nullable: true,
      description: 'For a batch of images: the uploaded file’s name, which tells the rows apart; null for map images.',
      resolve: (row) => batchRowFileName(row),
    }),
    latitude: t.exposeFloat('latitude', { nullable: true }),
    longitude: t.exposeFloat('longitude', { nullable: true }),
    state: t.field({ type: BatchRowStateEnum, resolve: (row) => rowState(row).state }),
    reason: t.string({
      nullable: true,
      description: 'Why it is not found, failed or invalid, or why a done row has no score (the image could not be judged).',
      resolve: (row) => rowState(row).reason,
    }),
    analysis: t.field({ type: AnalysisRef, nullable: true, resolve: (row) => row.analysis }),
    earlierResult: t.field({ type: EarlierResultRef, nullable: true, resolve: (row) => row.previousAnalysis ?? null }),
    changedFindings: t.field({
      type: [FindingChangeRef],
      nullable: true,
      description:
        'The findings that differ from the earlier result’s, when both were scored (empty when none did); null when the row is not compared (or either result was stored before findings were compared, during an upgrade).',
      resolve: (row) => rowFindingChanges(row),
    }),
  }),
});

const BatchRowsConnection = builder.connectionObject({ type: BatchRowRef, name: 'BatchRowsConnection' });

export const BatchRef = builder.prismaNode('Batch', {
  id: { field: 'id' },
  findUnique: (id, ctx) => ({ id: uuidOrNone(id), AND: [{ ownerId: ctx.viewer?.uid ?? '' }] }),
  nullable: true,
  fields: (t) => ({
    batchId: t.exposeString('id', { description: 'The raw id (REST `batch_id`).' }),
    name: t.exposeString('name'),
    source: t.exposeString('source', { description: '`csv` or `images`.' }),
    totalRows: t.exposeInt('totalRows'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    counts: t.field({ type: BatchCountsRef, resolve: (batch, _args, ctx) => countsOf(batch, ctx.db) }),
    status: t.field({
      type: BatchStatusEnum,
      description: 'done when no row is queued or running.',
      resolve: async (batch, _args, ctx) => (batchFinished(await countsOf(batch, ctx.db)) ? 'done' : 'running'),
    }),
    olderAnalyzerRows: t.int({
      description:
        'Finished rows whose result an earlier version of the analyzer made: analysing them again may change them. `rerunBatch` runs the batch again with the current one.',
      resolve: async (batch, _args, ctx) => (await countsOf(batch, ctx.db)).older_analyzer,
    }),
    findingsChangedBy: t.field({
      type: [FindingCountRef],
      nullable: true,
      description:
        'How many rows compared with an earlier result each finding changed on, in the results columns’ order (only findings that changed; `comparison.findingsChanged` rows in all); null while the batch runs or when no row has an earlier result.',
      resolve: async (batch, _args, ctx) => findingsChangedBy(ctx.db, batch.id, await countsOf(batch, ctx.db)),
    }),
    comparison: t.field({
      type: BatchComparisonRef,
      nullable: true,
      description: 'How the new scores compare with the rows’ earlier results; null when no row has one.',
      resolve: async (batch, _args, ctx) => (await countsOf(batch, ctx.db)).comparison,
    }),
    resultsUrl: t.string({
      description: 'REST download of every row’s result; add `?format=csv|json` and the bearer token.',
      resolve: (batch) => `/aerial/batches/${batch.id}/results`,
    }),
    rows: t.field({
      type: BatchRowsConnection,
      description:
        'The rows in file order; `state` keeps only rows in that state, `bandChanged: true` only rows whose risk band differs from their earlier result’s, `findingsChanged: true` only rows with a finding that differs, `findingChange` only rows where that finding changed (that way), `scoreMoved` only rows whose score rose (`higher`) or fell (`lower`); given together, rows that pass each (false or absent: every row).',
      args: {
        first: t.arg.int(),
        after: t.arg.string(),
        state: t.arg({ type: BatchRowStateEnum }),
        bandChanged: t.arg.boolean(),
        findingsChanged: t.arg.boolean(),
        findingChange: t.arg({ type: FindingChangeFilterInput }),
        scoreMoved: t.arg({ type: ScoreMoveEnum }),
      },
      resolve: async (batch, args, ctx, info) => {
        const afterRow = args.after && /^\d+$/.test(args.after) ? Number(args.after) : null;
        const asked = fieldsSelectedAt(info, ['edges', 'node', 'analysis']);
        const page = await listBatchRows(ctx.db, batch.id, {
          first: pageSize(args.first, 50, 200),
          afterRow,
          slim: [...asked].every((field) => ROW_ANALYSIS_FIELDS.has(field)),
          ...rowsFilter({
            state: args.state,
            band: args.bandChanged,
            findings: args.findingsChanged,
            score: args.scoreMoved,
            finding: args.findingChange,
          }),
        });
        return connectionOf({ ...page, cursorOf: (row) => String(row.rowNumber) });
      },
    }),
  }),
});

const BatchesConnection = builder.connectionObject({ type: BatchRef, name: 'UserBatchesConnection' });

builder.prismaObjectFields(UserRef, (t) => ({
  olderAnalyzerImages: t.withAuth({ loggedIn: true }).int({
    description:
      'How many of the viewer’s images have, as their latest result, one an earlier version of the analyzer made: `createBatch(input: {olderResults: true})` analyses them again with the current one.',
    resolve: (user, _args, ctx) => (user.id === ctx.viewer.uid ? countImagesWithOlderResults(ctx.db, user.id) : 0),
  }),
  batches: t.withAuth({ loggedIn: true }).field({
    type: BatchesConnection,
    description: 'The viewer’s batches, newest first.',
    args: { first: t.arg.int(), after: t.arg.string() },
    resolve: (user, args, ctx) =>
      typed(async () => {
        if (user.id !== ctx.viewer.uid) return connectionOf({ rows: [], hasNextPage: false, cursorOf: () => '' });
        return connectionOf(await listBatches(ctx.db, ctx.viewer, { first: pageSize(args.first), after: args.after }));
      }),
  }),
}));

builder.queryField('batch', (t) =>
  t.withAuth({ loggedIn: true }).prismaField({
    type: 'Batch',
    nullable: true,
    description: 'One of the viewer’s batches by global id; null for an unknown id or another user’s.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (query, _root, args, ctx) =>
      ctx.db.batch.findFirst({ ...query, where: { id: rawIdOf(String(args.id), 'Batch'), ownerId: ctx.viewer.uid } }),
  }),
);

const CreateBatchInput = builder.inputType('CreateBatchInput', {
  fields: (t) => ({
    name: t.string({ description: 'A label; the row count by default.' }),
    csv: t.string({
      description: 'CSV text: a header naming `address`, or `latitude` and `longitude`, and optionally `reference_id`; ≤ 10,000 rows.',
    }),
    imageIds: t.idList({ description: 'Global ids of the viewer’s images, instead of a CSV.' }),
    olderResults: t.boolean({
      description:
        'true: every image of the viewer’s whose latest result an earlier version of the analyzer made (User.olderAnalyzerImages), instead of a CSV or a list; a building the owner marked is kept.',
    }),
  }),
});

builder.mutationField('createBatch', (t) =>
  t.withAuth({ loggedIn: true }).field({
    type: BatchRef,
    nullable: false,
    description:
      'Starts a batch: each row becomes an analysis of its map image (or of the given image). Bad rows are kept as invalid. With olderResults, a conflict when no result is from an earlier analyzer.',
    errors: { types: [ValidationError, ForbiddenError, ConflictError] },
    args: { input: t.arg({ type: CreateBatchInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      typed(() =>
        createBatch(
          ctx.analysis,
          ctx.viewer,
          {
            name: input.name,
            csv: input.csv,
            imageIds: input.imageIds?.map((id) => rawIdOf(String(id), 'Image')),
            olderResults: input.olderResults,
          },
          ctx.idempotencyKey,
        ),
      ),
  }),
);

const RetryBatchInput = builder.inputType('RetryBatchInput', {
  fields: (t) => ({ id: t.id({ required: true, description: 'The batch’s global id.' }) }),
});

builder.mutationField('retryBatch', (t) =>
  t.withAuth({ loggedIn: true }).field({
    type: BatchRef,
    nullable: false,
    description:
      'Queues the batch’s failed rows again (map image not fetched, or analysis failed); rows not found or invalid stay as they are.',
    errors: { types: [NotFoundError, ConflictError] },
    args: { input: t.arg({ type: RetryBatchInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      typed(async () => (await retryBatch(ctx.analysis, ctx.viewer, rawIdOf(String(input.id), 'Batch'))).batch),
  }),
);

const RerunBatchInput = builder.inputType('RerunBatchInput', {
  fields: (t) => ({ id: t.id({ required: true, description: 'The finished batch’s global id.' }) }),
});

builder.mutationField('rerunBatch', (t) =>
  t.withAuth({ loggedIn: true }).field({
    type: BatchRef,
    nullable: false,
    description:
      'Runs a finished batch again with the current analyzer, as a new batch (the first keeps its results). Rows whose result is already the current analyzer’s keep it; rows with a stored image are analysed again on it; CSV rows without one are looked up again; invalid rows stay invalid. Refused while the batch runs or when every result is current.',
    errors: { types: [NotFoundError, ConflictError, ForbiddenError, ValidationError] },
    args: { input: t.arg({ type: RerunBatchInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      typed(async () => (await rerunBatch(ctx.analysis, ctx.viewer, rawIdOf(String(input.id), 'Batch'), ctx.idempotencyKey)).batch),
  }),
);
