// How the embedded analyzer's measurements and Claude's judgement become one result. Pure, so the rules
// below are the whole story (docs/decisions/007-claude-analyzer.md repeats them for readers):
//
// 1. Each field has one owner. The local analyzer measures: pool, spa, trees, solar (with its coverage
//    share) and power lines come from its pixel geometry, which has tested accuracy numbers. Claude judges:
//    property condition, roof style and roof condition, and adds hazards in words — what colour and shape
//    cues cannot see. When Claude says "unknown" for a field it owns, the local value stands.
// 2. One refinement: where both see a pool, Claude's pool condition (green, covered, empty…) replaces the
//    local one unless it says "unknown"; presence and location stay measured.
// 3. Additional risks: Claude's first, then the local ones not already said, at most MAX_MERGED_RISKS.
// 4. Assessability: the result is assessable when either analyzer could assess the image; fields owned
//    by an analyzer that could not are taken from the other. Only when neither could is it unassessable,
//    with both analyzers' reasons.
// 5. Evidence: every finding of both is kept, each naming its analyzer; Claude's polygons are mapped from
//    the sent (downscaled) image back to the analysed image's pixels and carry no area (areas are measured,
//    and only the local analyzer measures). A `damage` finding from either backs a "poor" roof.
// 6. The score is never merged: the scoring module computes it from the merged observations (assemble.ts).
import { unknownObservations } from '../assemble';
import type { AnalyzerOutput, Finding, Observations, Point } from '../contract';
import { UNASSESSABLE_REASON_TEXT, observationsOf, type ClaudeAnswer, type ClaudeFinding } from './answer';

export const CLAUDE_FINDING_ANALYZER = 'claude';
export const MAX_MERGED_RISKS = 6;

export type FieldOwner = 'claude' | 'local' | 'claude+local';
export type MergedField = keyof Omit<Observations, 'additional_risks'> | 'additional_risks';
export type FieldSources = Record<MergedField, FieldOwner>;

export interface MergedAnalysis {
  observations: Observations;
  findings: Finding[];
  assessable: boolean;
  unassessable_reasons: string[];
  /** Which analyzer each results field came from; stored in provenance as `field_sources`. */
  field_sources: FieldSources;
}

export interface Frame {
  /** The sent image's size: the frame of Claude's coordinates. */
  sentWidth: number;
  sentHeight: number;
  /** The analysed image's size: the frame of every stored polygon. */
  width: number;
  height: number;
}

const round1 = (v: number): number => Math.round(v * 10) / 10;
const clamp = (v: number, max: number): number => Math.min(Math.max(v, 0), max);

/**
 * A Claude finding in the analysed image's pixels. One without a polygon is kept (a located roof tarp still
 * matters) with the whole frame as its outline, and its note says so.
 */
export function toContractFinding(f: ClaudeFinding, frame: Frame): Finding {
  const sx = frame.width / frame.sentWidth;
  const sy = frame.height / frame.sentHeight;
  const polygon: Point[] = f.polygon
    ? f.polygon.map((p): Point => [round1(clamp(p[0], frame.sentWidth) * sx), round1(clamp(p[1], frame.sentHeight) * sy)])
    : [
        [0, 0],
        [frame.width, 0],
        [frame.width, frame.height],
        [0, frame.height],
      ];
  const note = f.polygon ? f.note : `${f.note}${f.note ? ' ' : ''}(not outlined)`;
  return { feature: f.feature, confidence: f.confidence, polygon, area_m2: null, note, analyzer: CLAUDE_FINDING_ANALYZER };
}

function mergeRisks(first: readonly string[], second: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const risk of [...first, ...second]) {
    const key = risk
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(risk);
  }
  return out.slice(0, MAX_MERGED_RISKS);
}

function allFrom(owner: FieldOwner): FieldSources {
  return {
    property_condition: owner,
    roof: owner,
    pool: owner,
    spa: owner,
    trees: owner,
    solar: owner,
    power_lines: owner,
    additional_risks: owner,
  };
}

export function mergeAnalyses(local: AnalyzerOutput, answer: ClaudeAnswer, frame: Frame): MergedAnalysis {
  const findings = [...local.evidence.findings, ...answer.findings.map((f) => toContractFinding(f, frame))];
  const localOk = local.evidence.assessable;
  const claude = observationsOf(answer);

  if (!localOk && !answer.assessable) {
    const claudeReasons = answer.unassessable_reasons.map((r) => UNASSESSABLE_REASON_TEXT[r]);
    const reasons = [...new Set([...local.evidence.unassessable_reasons, ...claudeReasons])];
    return {
      observations: unknownObservations(),
      findings,
      assessable: false,
      unassessable_reasons: reasons.length > 0 ? reasons : ['Neither analyzer could judge the property from this image.'],
      field_sources: allFrom('claude+local'),
    };
  }
  if (!localOk) {
    return { observations: claude, findings, assessable: true, unassessable_reasons: [], field_sources: allFrom('claude') };
  }

  const r = local.results;
  const measured: Observations = {
    property_condition: r.property_condition,
    pool: r.pool,
    spa: r.spa,
    trees: r.trees,
    roof: r.roof,
    solar: r.solar,
    power_lines: r.power_lines,
    additional_risks: r.additional_risks,
  };
  if (!answer.assessable) {
    return { observations: measured, findings, assessable: true, unassessable_reasons: [], field_sources: allFrom('local') };
  }

  const sources = allFrom('local');
  const judged = <T extends string>(field: MergedField, claudeValue: T, localValue: T): T => {
    if (claudeValue === 'unknown') return localValue;
    sources[field] = sources[field] === 'local' ? 'claude' : sources[field];
    return claudeValue;
  };
  const property_condition = judged('property_condition', claude.property_condition, measured.property_condition);
  const roof = {
    style: judged('roof', claude.roof.style, measured.roof.style),
    condition: judged('roof', claude.roof.condition, measured.roof.condition),
  };
  // Both style and condition may come from different owners; say so rather than pick one.
  if (sources.roof === 'claude' && (claude.roof.style === 'unknown' || claude.roof.condition === 'unknown')) {
    sources.roof = 'claude+local';
  }

  let pool = measured.pool;
  if (pool.present && claude.pool.present && claude.pool.condition !== 'unknown' && claude.pool.condition !== 'none') {
    pool = { ...pool, condition: claude.pool.condition };
    sources.pool = 'claude+local';
  }

  const additional_risks = mergeRisks(claude.additional_risks, measured.additional_risks);
  sources.additional_risks =
    claude.additional_risks.length > 0 && measured.additional_risks.length > 0
      ? 'claude+local'
      : claude.additional_risks.length > 0
        ? 'claude'
        : 'local';

  return {
    observations: { ...measured, property_condition, roof, pool, additional_risks },
    findings,
    assessable: true,
    unassessable_reasons: [],
    field_sources: sources,
  };
}
