// What Claude may answer, as one zod schema. The tool's JSON Schema is generated from it (prompt.ts), so the
// model is told exactly what we then enforce. A model's answer is untrusted input: closed vocabularies
// everywhere a value feeds the score, hard length limits on the few free-text fields, and no score field at
// all (an extra key such as `risk_score` is stripped, never read).
import { z } from 'zod';
import {
  FINDING_FEATURES,
  NO_BUILDING_VISIBLE,
  POOL_CONDITIONS,
  POWER_LINE_PROXIMITIES,
  PROPERTY_CONDITIONS,
  ROOF_CONDITIONS,
  ROOF_STYLES,
  TREE_PROXIMITIES,
  observationsSchema,
  type Observations,
} from '../contract';

export const MAX_LOCATION_CHARS = 80;
export const MAX_NOTE_CHARS = 200;
export const MAX_RISK_CHARS = 160;
export const MAX_ADDITIONAL_RISKS = 6;
export const MAX_FINDINGS = 40;
export const MAX_POLYGON_POINTS = 64;
/** More trees than this on one lot image is a misreading, not a count. */
export const MAX_TREE_COUNT = 500;

export const UNASSESSABLE_REASONS = [
  'too_dark',
  'cloud_cover',
  'too_blurred',
  'too_coarse',
  'no_building',
  'not_overhead',
  'obstructed',
] as const;
export type UnassessableReason = (typeof UNASSESSABLE_REASONS)[number];

/** The sentence stored in `unassessable_reasons` for each code; the model's own words are never used there. */
export const UNASSESSABLE_REASON_TEXT: Record<UnassessableReason, string> = {
  too_dark: 'The image is too dark to judge the property.',
  cloud_cover: 'Cloud or haze covers the property.',
  too_blurred: 'The image is too blurred to judge the property.',
  too_coarse: 'The image resolution is too coarse to see roof and yard details.',
  no_building: NO_BUILDING_VISIBLE,
  not_overhead: 'The image is not an overhead view of a property.',
  obstructed: 'The property is hidden by trees, shadows or other objects.',
};

// A plain two-number array rather than a tuple: its JSON Schema needs no `prefixItems`, which not every
// schema consumer reads.
const point = z.array(z.number().finite()).length(2);

const locationText = z
  .string()
  .max(MAX_LOCATION_CHARS)
  .describe(
    'Where it is, in plain words relative to the main building (compass words when north is up, image words otherwise); "" when absent.',
  );

export const claudeFindingSchema = z.object({
  feature: z
    .enum(FINDING_FEATURES)
    .describe('"damage" is only for material roof damage (tarp, missing cover, patching, ponding, sagging).'),
  confidence: z.number().min(0).max(1),
  note: z.string().max(MAX_NOTE_CHARS).describe('A short plain description of what is seen, e.g. "blue tarp over the rear roof slope".'),
  polygon: z
    .array(point)
    .min(2)
    .max(MAX_POLYGON_POINTS)
    .optional()
    .describe(
      'Outline as [x, y] pixel coordinates of this image (origin top-left), at least a bounding box; a power line may be two points.',
    ),
});

export const claudeAnswerSchema = z.object({
  assessable: z.boolean().describe('false only when the image cannot support a judgement of the property.'),
  unassessable_reasons: z.array(z.enum(UNASSESSABLE_REASONS)).max(UNASSESSABLE_REASONS.length).describe('Empty when assessable.'),
  findings: z
    .array(claudeFindingSchema)
    .max(MAX_FINDINGS)
    .describe('One entry per thing seen: pools, spas, trees, the roof, solar panels, power lines, damage, other hazards.'),
  property_condition: z.enum(PROPERTY_CONDITIONS),
  roof: z.object({
    style: z.enum(ROOF_STYLES),
    condition: z
      .enum(ROOF_CONDITIONS)
      .describe('"poor" only for material damage backed by a "damage" finding; staining, discoloration or moss alone is at most "fair".'),
  }),
  pool: z.object({
    present: z.boolean(),
    location: locationText,
    condition: z.enum(POOL_CONDITIONS).describe('"none" exactly when no pool is present.'),
  }),
  spa: z.object({ present: z.boolean(), location: locationText }),
  trees: z.object({
    overhanging: z.boolean().describe('true exactly when proximity is "touching".'),
    count: z.number().int().min(0).max(MAX_TREE_COUNT).describe('0 exactly when proximity is "none".'),
    proximity: z
      .enum(TREE_PROXIMITIES)
      .describe('"touching": canopy over the roof; "near": within 3 m of the roof; "distant": farther; "none": no trees.'),
  }),
  solar: z.object({
    present: z.boolean(),
    coverage_percentage: z.number().min(0).max(100).describe('Share of the roof area covered by panels, 0 when absent.'),
  }),
  power_lines: z.object({
    crossing_property: z.boolean(),
    proximity: z
      .enum(POWER_LINE_PROXIMITIES)
      .describe('"over_structure": crosses the roof; "near": within 10 m of the building; "distant": farther; "none": none seen.'),
  }),
  additional_risks: z
    .array(z.string().min(1).max(MAX_RISK_CHARS))
    .max(MAX_ADDITIONAL_RISKS)
    .describe('Other hazards seen, each a short plain sentence such as "Debris pile beside the garage".'),
});

export type ClaudeAnswer = z.infer<typeof claudeAnswerSchema>;
export type ClaudeFinding = z.infer<typeof claudeFindingSchema>;

// Control characters, bidirectional overrides and zero-width characters can make stored text read differently
// from what it is (Trojan-source style); the model has no reason to emit them.
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** Free text from the model, made plain: no invisible characters, single spaces, trimmed. */
export function plainText(text: string): string {
  return text.replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
}

export type AnswerCheck = { ok: true; answer: ClaudeAnswer } | { ok: false; problems: string[] };

/**
 * Validates a tool input: our schema (vocabularies, limits), then the contract's own observations schema
 * (its cross-field rules: an absent pool has condition "none", overhanging ⇔ touching, …). Free text is
 * made plain afterwards; a risk sentence that is empty once cleaned is dropped.
 */
export function checkAnswer(input: unknown): AnswerCheck {
  const parsed = claudeAnswerSchema.safeParse(input);
  if (!parsed.success) return { ok: false, problems: describeIssues(parsed.error) };
  const a = parsed.data;
  const answer: ClaudeAnswer = {
    ...a,
    pool: { ...a.pool, location: plainText(a.pool.location) },
    spa: { ...a.spa, location: plainText(a.spa.location) },
    additional_risks: a.additional_risks.map(plainText).filter((s) => s.length > 0),
    findings: a.findings.map((f) => ({ ...f, note: plainText(f.note) })),
  };
  const contract = observationsSchema.safeParse(observationsOf(answer));
  if (!contract.success) return { ok: false, problems: describeIssues(contract.error) };
  return { ok: true, answer };
}

export function observationsOf(a: ClaudeAnswer): Observations {
  return {
    property_condition: a.property_condition,
    pool: a.pool,
    spa: a.spa,
    trees: a.trees,
    roof: a.roof,
    solar: a.solar,
    power_lines: a.power_lines,
    additional_risks: a.additional_risks,
  };
}

// Issue paths and zod's own messages only: the offending values are the model's text and stay out of logs.
function describeIssues(error: z.ZodError): string[] {
  return error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
}
