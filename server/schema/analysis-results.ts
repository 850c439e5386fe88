// The analysis contract's results and evidence as GraphQL object types (camelCase fields over the
// stored snake_case JSON), so Relay fragments can select exactly what a component shows.
import type { AnalysisResults, Finding, ScoreItem } from '../analyzer/contract';
import { builder } from '../builder';

const PoolResult = builder.objectRef<AnalysisResults['pool']>('PoolResult').implement({
  fields: (t) => ({
    present: t.exposeBoolean('present'),
    location: t.exposeString('location'),
    condition: t.exposeString('condition'),
  }),
});

const SpaResult = builder.objectRef<AnalysisResults['spa']>('SpaResult').implement({
  fields: (t) => ({ present: t.exposeBoolean('present'), location: t.exposeString('location') }),
});

const TreesResult = builder.objectRef<AnalysisResults['trees']>('TreesResult').implement({
  fields: (t) => ({
    overhanging: t.exposeBoolean('overhanging'),
    count: t.exposeInt('count'),
    proximity: t.exposeString('proximity'),
  }),
});

const RoofResult = builder.objectRef<AnalysisResults['roof']>('RoofResult').implement({
  fields: (t) => ({ style: t.exposeString('style'), condition: t.exposeString('condition') }),
});

const SolarResult = builder.objectRef<AnalysisResults['solar']>('SolarResult').implement({
  fields: (t) => ({
    present: t.exposeBoolean('present'),
    coveragePercentage: t.exposeFloat('coverage_percentage'),
  }),
});

const PowerLinesResult = builder.objectRef<AnalysisResults['power_lines']>('PowerLinesResult').implement({
  fields: (t) => ({
    crossingProperty: t.exposeBoolean('crossing_property'),
    proximity: t.exposeString('proximity'),
  }),
});

export const AnalysisResultsRef = builder.objectRef<AnalysisResults>('AnalysisResults').implement({
  fields: (t) => ({
    riskScore: t.int({ nullable: true, resolve: (r) => r.risk_score }),
    propertyCondition: t.exposeString('property_condition'),
    pool: t.field({ type: PoolResult, resolve: (r) => r.pool }),
    spa: t.field({ type: SpaResult, resolve: (r) => r.spa }),
    trees: t.field({ type: TreesResult, resolve: (r) => r.trees }),
    roof: t.field({ type: RoofResult, resolve: (r) => r.roof }),
    solar: t.field({ type: SolarResult, resolve: (r) => r.solar }),
    powerLines: t.field({ type: PowerLinesResult, resolve: (r) => r.power_lines }),
    additionalRisks: t.exposeStringList('additional_risks'),
    imageItemId: t.exposeString('image_item_id', { description: 'The analysed image (GET /aerial/image-file/by-id/{imageItemId}).' }),
    imageAnalysisId: t.exposeString('image_analysis_id', { nullable: true, description: 'The analysis these results belong to.' }),
    propertyLocation: t.exposeString('property_location'),
  }),
});

/** A finding with its place in the analyzer's list and the owner's decision on it (issue 10). */
export type ReviewedFinding = Finding & { index: number; reviewDecision: string | null; reviewReason: string | null };

export const FindingRef = builder.objectRef<ReviewedFinding>('Finding').implement({
  description: 'One detected thing, outlined in pixel coordinates of the analysed image.',
  fields: (t) => ({
    index: t.exposeInt('index', { description: 'Its place in the analyzer’s findings (what a review names).' }),
    reviewDecision: t.exposeString('reviewDecision', { nullable: true, description: '`confirmed`, `rejected`, or null (not reviewed).' }),
    reviewReason: t.exposeString('reviewReason', { nullable: true }),
    feature: t.exposeString('feature'),
    confidence: t.exposeFloat('confidence'),
    polygon: t.field({ type: t.listRef(t.listRef('Float')), resolve: (f) => f.polygon }),
    areaM2: t.float({ nullable: true, resolve: (f) => f.area_m2 }),
    note: t.exposeString('note'),
    analyzer: t.exposeString('analyzer'),
  }),
});

export const ScoreItemRef = builder.objectRef<ScoreItem>('ScoreItem').implement({
  fields: (t) => ({
    factor: t.exposeString('factor'),
    points: t.exposeInt('points'),
    reason: t.exposeString('reason'),
  }),
});
