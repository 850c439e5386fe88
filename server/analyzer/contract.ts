// The analysis contract (../shared/design/analysis-contract.md) as zod schemas and the types inferred from
// them. Every analyzer (local, claude, …) returns an AnalyzerOutput that parses with `analyzerOutputSchema`;
// the risk score inside it always comes from ./scoring.ts, never from the analyzer itself.
import { z } from 'zod';
import { defensibleSpaceSchema } from './defensible-space';

export const PROPERTY_CONDITIONS = ['good', 'fair', 'poor', 'unknown'] as const;
export const POOL_CONDITIONS = ['clean', 'green', 'covered', 'empty', 'unknown', 'none'] as const;
export const TREE_PROXIMITIES = ['none', 'distant', 'near', 'touching'] as const;
export const ROOF_STYLES = ['gable', 'hip', 'flat', 'gambrel', 'mansard', 'shed', 'complex', 'unknown'] as const;
export const ROOF_CONDITIONS = ['good', 'fair', 'poor', 'unknown'] as const;
export const POWER_LINE_PROXIMITIES = ['none', 'distant', 'near', 'over_structure'] as const;
export const FINDING_FEATURES = ['pool', 'spa', 'tree', 'roof', 'solar', 'power_line', 'damage', 'other'] as const;
export const GSD_SOURCES = ['map-zoom', 'source-native', 'exif', 'estimated'] as const;

export type PropertyCondition = (typeof PROPERTY_CONDITIONS)[number];
export type PoolCondition = (typeof POOL_CONDITIONS)[number];
export type TreeProximity = (typeof TREE_PROXIMITIES)[number];
export type RoofStyle = (typeof ROOF_STYLES)[number];
export type RoofCondition = (typeof ROOF_CONDITIONS)[number];
export type PowerLineProximity = (typeof POWER_LINE_PROXIMITIES)[number];
export type FindingFeature = (typeof FINDING_FEATURES)[number];
export type GsdSource = (typeof GSD_SOURCES)[number];

/**
 * The sentences in `unassessable_reasons` that say the analysis has no building: the local analyzer's (none near the
 * centre, none at the owner's mark), the cloud analyzer's, and a reviewer's who rejected the building finding.
 * Recommendations and every text that relates trees or wires to the building read them.
 */
export const NO_BUILDING_NEAR_CENTRE = 'No building was found near the centre of the image, so the property cannot be scored.';
export const NO_BUILDING_AT_POINT = 'No building was found at the point marked on the image, so the property cannot be scored.';
export const NO_BUILDING_VISIBLE = 'No building is visible in the image.';
export const NO_BUILDING_REJECTED = 'The reviewer rejected the building finding, so there is no building to assess.';
const NO_BUILDING_REASONS: ReadonlySet<string> = new Set([
  NO_BUILDING_NEAR_CENTRE,
  NO_BUILDING_AT_POINT,
  NO_BUILDING_VISIBLE,
  NO_BUILDING_REJECTED,
]);

/** The local analyzer's reason for a greyscale image (decision 021); its recommendation asks for a colour one. */
export const NO_COLOUR =
  'The image has no colour (it is greyscale), so water, vegetation and the roof cannot be judged; upload a colour image.';

/** Whether a reason says there is no building (one of the sentences above). */
export function isNoBuildingReason(reason: string): boolean {
  return NO_BUILDING_REASONS.has(reason);
}

/**
 * Whether the analysis has a building that distances were measured from: true when assessable, false when a reason
 * says no building was found, null when the image itself could not be judged (a dark frame says nothing about a
 * building). Without one, the contract still needs a proximity for trees and wires seen (`distant`, as nothing is near
 * a building that is not there), and no text may repeat it as "more than 3 m from the roof". GraphQL's
 * `Analysis.buildingFound` is this value.
 */
export function buildingFoundIn(evidence: { assessable: boolean; unassessable_reasons: readonly string[] }): boolean | null {
  if (evidence.assessable) return true;
  return evidence.unassessable_reasons.some(isNoBuildingReason) ? false : null;
}

/**
 * Whether the image itself was judged: all but a `null` of `buildingFoundIn`. A dark, blurred or greyscale image was
 * not, so nothing in it was looked for: its features are "not assessed", not absent (decision 021).
 */
export function imageJudgedIn(evidence: { assessable: boolean; unassessable_reasons: readonly string[] }): boolean {
  return buildingFoundIn(evidence) !== null;
}

/** Whether distances may be worded as measured from a building: all but a `false` of `buildingFoundIn`. */
export function hasSubjectBuilding(evidence: { assessable: boolean; unassessable_reasons: readonly string[] }): boolean {
  return buildingFoundIn(evidence) !== false;
}

const point = z.tuple([z.number().finite(), z.number().finite()]);

export const poolSchema = z
  .object({ present: z.boolean(), location: z.string(), condition: z.enum(POOL_CONDITIONS) })
  // The contract ties the vocabulary to presence: an absent pool has condition `none` and no location.
  .refine((p) => (p.present ? p.condition !== 'none' : p.condition === 'none' && p.location === ''), {
    message: 'pool.condition is "none" with an empty location exactly when the pool is absent',
  });

export const spaSchema = z
  .object({ present: z.boolean(), location: z.string() })
  .refine((s) => s.present || s.location === '', { message: 'spa.location is empty when no spa is present' });

export const treesSchema = z
  .object({ overhanging: z.boolean(), count: z.number().int().min(0), proximity: z.enum(TREE_PROXIMITIES) })
  .refine((t) => t.overhanging === (t.proximity === 'touching'), {
    message: 'trees.overhanging is true exactly when proximity is "touching"',
  })
  .refine((t) => (t.count === 0) === (t.proximity === 'none'), {
    message: 'trees.proximity is "none" exactly when count is 0',
  });

export const roofSchema = z.object({ style: z.enum(ROOF_STYLES), condition: z.enum(ROOF_CONDITIONS) });

export const solarSchema = z
  .object({ present: z.boolean(), coverage_percentage: z.number().min(0).max(100) })
  .refine((s) => s.present || s.coverage_percentage === 0, { message: 'solar coverage is 0 when absent' });

export const powerLinesSchema = z.object({
  crossing_property: z.boolean(),
  proximity: z.enum(POWER_LINE_PROXIMITIES),
});

/** What an analyzer observes; everything in AnalysisResults except the score and the record ids. */
export const observationsSchema = z.object({
  property_condition: z.enum(PROPERTY_CONDITIONS),
  pool: poolSchema,
  spa: spaSchema,
  trees: treesSchema,
  roof: roofSchema,
  solar: solarSchema,
  power_lines: powerLinesSchema,
  additional_risks: z.array(z.string().min(1)),
});

export const analysisResultsSchema = observationsSchema.extend({
  risk_score: z.number().int().min(0).max(100).nullable(),
  image_item_id: z.string(),
  image_analysis_id: z.string().nullable(),
  property_location: z.string(),
});

export const findingSchema = z.object({
  feature: z.enum(FINDING_FEATURES),
  confidence: z.number().min(0).max(1),
  // Pixel coordinates of the analysed (orientation-applied) image; a power line may be a two-point polyline.
  polygon: z.array(point).min(2),
  area_m2: z.number().min(0).nullable(),
  note: z.string(),
  analyzer: z.string().min(1),
});

export const scoreItemSchema = z.object({
  factor: z.string().min(1),
  points: z.number().int(),
  reason: z.string().min(1),
});

export const provenanceSchema = z.looseObject({
  provider: z.string().min(1),
  model: z.string().min(1),
  analyzer_version: z.string().min(1),
  image_sha256: z.string().regex(/^[0-9a-f]{64}$/),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  gsd_m_per_px: z.number().positive().nullable(),
  gsd_source: z.enum(GSD_SOURCES).nullable(),
  image_source: z.string().min(1),
  image_captured_at: z.string().nullable(),
  analyzed_at: z.string().min(1),
  // Optional, provider-specific. Consumers ignore keys they do not know (hence looseObject).
  zoom: z.number().optional(),
  center: z.object({ lat: z.number(), lng: z.number() }).optional(),
  attribution: z.string().optional(),
  fallback: z.object({ from: z.string(), reason: z.string() }).optional(),
  request_id: z.string().optional(),
  // Where the owner pointed at their building (shares 0..1 of the image), when they did.
  subject_point: z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).optional(),
  prompt_version: z.string().optional(),
  tokens: z.record(z.string(), z.number()).optional(),
  latency_ms: z.number().min(0).optional(),
});

export const evidenceSchema = z
  .object({
    findings: z.array(findingSchema),
    score_breakdown: z.array(scoreItemSchema),
    recommendations: z.array(z.string().min(1)),
    assessable: z.boolean(),
    unassessable_reasons: z.array(z.string().min(1)),
    provenance: provenanceSchema,
    // Vegetation in the fire-code zones around the subject building (./defensible-space.ts); absent on
    // analyses made before it existed.
    defensible_space: defensibleSpaceSchema.optional(),
  })
  .refine((e) => e.assessable === (e.unassessable_reasons.length === 0), {
    message: 'unassessable_reasons is non-empty exactly when assessable is false',
  });

export const analyzerOutputSchema = z
  .object({ results: analysisResultsSchema, evidence: evidenceSchema })
  .refine(
    (o) =>
      o.results.risk_score === null
        ? !o.evidence.assessable && o.evidence.score_breakdown.length === 0
        : o.evidence.assessable && o.evidence.score_breakdown.reduce((sum, item) => sum + item.points, 0) === o.results.risk_score,
    { message: 'risk_score is null when not assessable, otherwise the breakdown points add up to it' },
  );

export type Point = z.infer<typeof point>;
export interface SubjectPoint {
  x: number;
  y: number;
}

/** A point (the owner's mark, stored or sent) as finite shares 0..1 of the image, or null when it is not one. */
export function subjectPointOf(value: unknown): SubjectPoint | null {
  if (!value || typeof value !== 'object') return null;
  const { x, y } = value as Record<string, unknown>;
  const share = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1;
  return share(x) && share(y) ? { x, y } : null;
}

export type Observations = z.infer<typeof observationsSchema>;
export type AnalysisResults = z.infer<typeof analysisResultsSchema>;
export type Finding = z.infer<typeof findingSchema>;
export type ScoreItem = z.infer<typeof scoreItemSchema>;
export type Provenance = z.infer<typeof provenanceSchema>;
export type Evidence = z.infer<typeof evidenceSchema>;
export type AnalyzerOutput = z.infer<typeof analyzerOutputSchema>;

export interface AnalyzeContext {
  /** Ground resolution in metres per pixel of the image as given, when known (map zoom, EXIF, source). */
  gsd_m_per_px?: number | null;
  gsd_source?: GsdSource | null;
  latitude?: number | null;
  /** 'upload' or the imagery provider's name; lands in provenance.image_source. */
  source: string;
  captured_at?: string | null;
  /** Precomputed by the caller when it already hashed the bytes; computed otherwise. */
  image_sha256?: string;
  /** Record ids the service already knows; copied into results so the output is a complete record. */
  image_item_id?: string;
  image_analysis_id?: string | null;
  property_location?: string;
  /**
   * True when the image is north-up (map tiles): locations are then given in compass words
   * ("north-east of the main building"), otherwise in image words ("upper left of the image").
   */
  north_up?: boolean;
  /**
   * Where the owner pointed at their building, as shares 0..1 of the image's width and height (the results
   * screen's "Wrong building?"): the building under it is the subject instead of the one nearest the centre.
   */
  subject_point?: SubjectPoint | null;
  /** Extra provider-specific provenance (zoom, center, attribution, …) merged into provenance. */
  provenance_extra?: Record<string, unknown>;
  /**
   * Aborted when the analysis is given up (its job's deadline passed): an analyzer that can stop, stops and
   * frees what it holds (a thread, a request). The reason is the abort's `reason`.
   */
  signal?: AbortSignal;
}

export interface Analyzer {
  /** Short name stored in provenance.provider and in every finding's `analyzer`. */
  readonly name: string;
  analyze(image: Buffer, context: AnalyzeContext): Promise<AnalyzerOutput>;
}

export const ANALYZER_ERROR_CODES = [
  'IMAGE_EMPTY',
  'IMAGE_UNREADABLE',
  'IMAGE_TOO_SMALL',
  'IMAGE_TOO_LARGE',
  'IMAGE_ANIMATED',
  'UNSUPPORTED_FORMAT',
] as const;
export type AnalyzerErrorCode = (typeof ANALYZER_ERROR_CODES)[number];

/**
 * An image the analyzer refuses to read. Expected, typed, and safe to show: services map `code` to 415/422.
 * An image that decodes but cannot support a judgement (dark, cloud, no building) is NOT an error: it is
 * an output with `assessable: false`.
 */
export class ImageDecodeError extends Error {
  override readonly name = 'ImageDecodeError';
  constructor(
    readonly code: AnalyzerErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
