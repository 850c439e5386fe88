// The review model (docs/decisions/014): what an owner may change about an analysis, and the pure function
// that turns the analyzer's original output plus the owner's decisions into the effective output. The score
// always comes from the one scoring module (server/analyzer/scoring.ts), fed the reviewed values.
import { z } from 'zod';
import {
  NO_BUILDING_REJECTED,
  POWER_LINE_PROXIMITIES,
  PROPERTY_CONDITIONS,
  ROOF_CONDITIONS,
  ROOF_STYLES,
  TREE_PROXIMITIES,
  type AnalysisResults,
  type Evidence,
  type Finding,
  type Observations,
} from '../analyzer/contract';
import { recommend } from '../analyzer/recommendations';
import { propertyConditionOf } from '../analyzer/property-condition';
import { enforceRoofRule } from '../analyzer/roof-condition';
import { scoreObservations } from '../analyzer/scoring';
import { defensibleSpace } from '../analyzer/defensible-space';

/** Feature fields an owner can set, each with the contract's vocabulary. */
export const REVIEW_FEATURES = {
  pool: ['present', 'absent'],
  spa: ['present', 'absent'],
  solar: ['present', 'absent'],
  roof_style: ROOF_STYLES,
  roof_condition: ROOF_CONDITIONS,
  trees_proximity: TREE_PROXIMITIES,
  power_lines_proximity: POWER_LINE_PROXIMITIES,
  property_condition: PROPERTY_CONDITIONS,
} as const satisfies Record<string, readonly string[]>;
export type ReviewFeature = keyof typeof REVIEW_FEATURES;
export const REVIEW_FEATURE_NAMES = Object.keys(REVIEW_FEATURES) as ReviewFeature[];

export const FINDING_DECISIONS = ['confirmed', 'rejected'] as const;
export type FindingDecision = (typeof FINDING_DECISIONS)[number];

/** Every `field` a review change may name. */
export const REVIEW_FIELDS = [...REVIEW_FEATURE_NAMES, 'finding', 'add_risk', 'remove_risk'] as const;
export type ReviewField = (typeof REVIEW_FIELDS)[number];

export const MAX_REASON_LENGTH = 500;
export const MAX_RISK_TEXT_LENGTH = 200;

/** Who decided, when and why: kept with every decision (the audit trail keeps the full history). */
export interface Decided {
  reason: string;
  by: string;
  at: string;
}

export interface Review {
  /** Keyed by the finding's index in the analyzer's original findings (never renumbered). */
  findings: Record<string, Decided & { decision: FindingDecision }>;
  features: Partial<Record<ReviewFeature, Decided & { value: string }>>;
  added_risks: (Decided & { text: string })[];
  removed_risks: (Decided & { text: string })[];
}

export function emptyReview(): Review {
  return { findings: {}, features: {}, added_risks: [], removed_risks: [] };
}

/** A text field whose absence and whose wrong type each get their own message. */
const requiredText = (missing: string, notText: string) => z.string({ error: (issue) => (issue.input === undefined ? missing : notText) });

/** One change as both transports send it, validated with the product's own words. */
export const reviewChangeSchema = z
  .object({
    field: requiredText('field is required.', 'field must be text, such as "pool".'),
    value: requiredText('value is required.', 'value must be text: one of the field’s words, such as "absent".'),
    reason: z
      .string({ error: 'A reason is required.' })
      .trim()
      .min(1, 'A reason is required.')
      .max(MAX_REASON_LENGTH, `The reason must be at most ${MAX_REASON_LENGTH} characters.`),
    findingIndex: z.number({ error: 'findingIndex must be a whole number.' }).int('findingIndex must be a whole number.').min(0).nullish(),
  })
  .superRefine((change, ctx) => {
    const issue = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (!(REVIEW_FIELDS as readonly string[]).includes(change.field)) {
      return issue(`Unknown review field "${change.field.slice(0, 40)}"; fields are ${REVIEW_FIELDS.join(', ')}.`, 'field');
    }
    const vocabulary =
      change.field === 'finding' ? FINDING_DECISIONS : (REVIEW_FEATURES as Record<string, readonly string[]>)[change.field];
    if (vocabulary && !vocabulary.includes(change.value)) {
      issue(`"${change.value.slice(0, 40)}" is not a value of ${change.field}; it is one of ${vocabulary.join(', ')}.`, 'value');
    }
    if (change.field === 'finding' && change.findingIndex == null) issue('findingIndex is required to review a finding.', 'findingIndex');
    if (change.field === 'add_risk' || change.field === 'remove_risk') {
      const text = change.value.trim();
      if (!text) issue('The additional risk needs some text.', 'value');
      if (text.length > MAX_RISK_TEXT_LENGTH) issue(`An additional risk must be at most ${MAX_RISK_TEXT_LENGTH} characters.`, 'value');
    }
  });
export type ReviewChange = z.output<typeof reviewChangeSchema>;

/** The analysed image's size and ground resolution (from provenance), for measurements that need them. */
export interface Frame {
  gsdMPerPx: number | null;
  width: number;
  height: number;
}

export interface Output {
  results: AnalysisResults;
  /** Evidence without provenance (it has its own column and never changes). */
  evidence: Omit<Evidence, 'provenance'>;
}

/** The value of a feature field in the given observations, in the review vocabulary. */
export function featureValue(obs: Observations, field: ReviewFeature): string {
  switch (field) {
    case 'pool':
      return obs.pool.present ? 'present' : 'absent';
    case 'spa':
      return obs.spa.present ? 'present' : 'absent';
    case 'solar':
      return obs.solar.present ? 'present' : 'absent';
    case 'roof_style':
      return obs.roof.style;
    case 'roof_condition':
      return obs.roof.condition;
    case 'trees_proximity':
      return obs.trees.proximity;
    case 'power_lines_proximity':
      return obs.power_lines.proximity;
    case 'property_condition':
      return obs.property_condition;
  }
}

function setFeature(obs: Observations, field: ReviewFeature, value: string): void {
  switch (field) {
    case 'pool':
      if ((value === 'present') !== obs.pool.present) {
        obs.pool =
          value === 'present' ? { present: true, location: '', condition: 'unknown' } : { present: false, location: '', condition: 'none' };
      }
      return;
    case 'spa':
      if ((value === 'present') !== obs.spa.present) obs.spa = { present: value === 'present', location: '' };
      return;
    case 'solar':
      if ((value === 'present') !== obs.solar.present) obs.solar = { present: value === 'present', coverage_percentage: 0 };
      return;
    case 'roof_style':
      obs.roof = { ...obs.roof, style: value as Observations['roof']['style'] };
      return;
    case 'roof_condition':
      obs.roof = { ...obs.roof, condition: value as Observations['roof']['condition'] };
      return;
    case 'trees_proximity': {
      const proximity = value as Observations['trees']['proximity'];
      // The contract ties the count to proximity: no trees ⇔ `none`; a tree said to be there counts at least once.
      const count = proximity === 'none' ? 0 : Math.max(1, obs.trees.count);
      obs.trees = { count, proximity, overhanging: proximity === 'touching' };
      return;
    }
    case 'power_lines_proximity': {
      const proximity = value as Observations['power_lines']['proximity'];
      obs.power_lines = { proximity, crossing_property: proximity === 'none' ? false : obs.power_lines.crossing_property };
      return;
    }
    case 'property_condition':
      obs.property_condition = value as Observations['property_condition'];
      return;
  }
}

/** What rejecting every finding of a kind means for the observations. */
function withoutFeature(obs: Observations, feature: Finding['feature'], kept: number, rejected: number): void {
  switch (feature) {
    case 'pool':
      if (kept === 0) obs.pool = { present: false, location: '', condition: 'none' };
      return;
    case 'spa':
      if (kept === 0) obs.spa = { present: false, location: '' };
      return;
    case 'solar':
      if (kept === 0) obs.solar = { present: false, coverage_percentage: 0 };
      return;
    case 'power_line':
      if (kept === 0) obs.power_lines = { crossing_property: false, proximity: 'none' };
      return;
    case 'tree': {
      const count = kept === 0 ? 0 : Math.max(1, obs.trees.count - rejected);
      obs.trees = count === 0 ? { count: 0, proximity: 'none', overhanging: false } : { ...obs.trees, count };
      return;
    }
    default:
      // Damage: the scoring module's roof rule already needs a damage finding for a poor roof; other: evidence only.
      return;
  }
}

/**
 * The effective output: the analyzer's original with the review applied, rescored by the scoring module.
 * Rejected findings leave the evidence; a kind whose every finding was rejected is absent (pool, spa, solar,
 * power lines, trees; the roof: nothing to assess). Feature values the owner set win over both.
 */
export function applyReview(original: Output, review: Review, frame: Frame | null = null): Output {
  const findings = original.evidence.findings;
  const kept = findings.filter((_f, index) => review.findings[String(index)]?.decision !== 'rejected');
  const obs: Observations = structuredClone(observationsOf(original.results));
  let assessable = original.evidence.assessable;
  const reasons = [...original.evidence.unassessable_reasons];

  for (const feature of new Set(findings.map((f) => f.feature))) {
    const total = findings.filter((f) => f.feature === feature).length;
    const left = kept.filter((f) => f.feature === feature).length;
    if (left === total) continue;
    if (feature === 'roof' && left === 0 && assessable) {
      assessable = false;
      reasons.push(NO_BUILDING_REJECTED);
    }
    withoutFeature(obs, feature, left, total - left);
  }
  for (const field of REVIEW_FEATURE_NAMES) {
    const decided = review.features[field];
    if (decided) setFeature(obs, field, decided.value);
  }
  const removed = new Set(review.removed_risks.map((r) => r.text));
  obs.additional_risks = [...obs.additional_risks.filter((r) => !removed.has(r)), ...review.added_risks.map((r) => r.text)];

  // A reviewer who sets the roof to poor vouches for material damage: their reason is the evidence the
  // scoring module's roof rule asks for (it is not drawn, so it is not stored as a finding).
  const scoringFindings =
    review.features.roof_condition?.value === 'poor' && !kept.some((f) => f.feature === 'damage')
      ? [...kept, reviewerDamage(review.features.roof_condition.reason)]
      : kept;
  // As when the analyzer's output was assembled: a poor roof without damage evidence reads fair.
  obs.roof = { ...obs.roof, condition: enforceRoofRule(obs.roof.condition, scoringFindings) };
  // The local analyzer derives the property's condition from the roof and the pool. Where the analyzer's value is that
  // derivation, correcting the roof or the pool corrects it too ("Roof: poor" beside "Property condition: good" read
  // as a contradiction), unless the reviewer set the property's condition themselves.
  const derived = propertyConditionOf(observationsOf(original.results)) === original.results.property_condition;
  if (derived && !review.features.property_condition) obs.property_condition = propertyConditionOf(obs);
  // The zones are measured again from what is still evidence (a rejected crown is not vegetation); analyses
  // made before the zones existed stay without them.
  const space =
    original.evidence.defensible_space && frame
      ? defensibleSpace({ findings: kept, gsdMPerPx: frame.gsdMPerPx, width: frame.width, height: frame.height })
      : undefined;
  const { risk_score, score_breakdown } = scoreObservations(obs, scoringFindings, assessable, space);
  return {
    results: { ...original.results, ...obs, risk_score },
    evidence: {
      findings: kept,
      score_breakdown,
      recommendations: recommend(obs, scoringFindings, assessable, reasons),
      assessable,
      unassessable_reasons: assessable ? [] : reasons,
      ...(space ? { defensible_space: space } : {}),
    },
  };
}

function reviewerDamage(reason: string): Finding {
  return {
    feature: 'damage',
    confidence: 1,
    polygon: [
      [0, 0],
      [0, 0],
    ],
    area_m2: null,
    note: reason,
    analyzer: 'reviewer',
  };
}

function observationsOf(results: AnalysisResults): Observations {
  const { property_condition, pool, spa, trees, roof, solar, power_lines, additional_risks } = results;
  return { property_condition, pool, spa, trees, roof, solar, power_lines, additional_risks };
}

export function isEmptyReview(review: Review): boolean {
  return (
    Object.keys(review.findings).length === 0 &&
    Object.keys(review.features).length === 0 &&
    review.added_risks.length === 0 &&
    review.removed_risks.length === 0
  );
}
