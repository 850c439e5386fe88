// The one deterministic risk score. Pure: the same observations and findings always give the same score,
// whichever analyzer produced them. Every point comes from a row of SCORING_WEIGHTS, and the breakdown's points
// add up exactly to risk_score (a negative `cap` row absorbs anything above 100).
import type { Finding, Observations, ScoreItem } from './contract';
import { bandFor, RISK_BAND_HIGH_FROM, RISK_BAND_MEDIUM_FROM, type RiskBand } from '../../common/constants';
import { enforceRoofRule } from './roof-condition';
import { denseInnerVegetation, isDenseCanopyRisk, type DefensibleSpace } from './defensible-space';

/** Score bands of the specification (one source of truth in common/constants.ts, shared with the client). */
export const RISK_BAND_MEDIUM_MIN = RISK_BAND_MEDIUM_FROM;
export const RISK_BAND_HIGH_MIN = RISK_BAND_HIGH_FROM;
export type { RiskBand };

export function riskBand(score: number | null): RiskBand | null {
  return score === null ? null : bandFor(score);
}

export const MAX_ADDITIONAL_RISKS_SCORED = 3;

/** What each factor adds and why. Documented in docs/analyzer.md (and the README) from this table. */
export const SCORING_WEIGHTS = {
  building: { points: 5, why: 'Any building carries a baseline exposure to weather and fire.' },
  roof_poor: {
    points: 35,
    why: 'Material roof damage (tarp, missing cover, patching, ponding, sagging) lets water in; roofs drive most property claims.',
  },
  roof_fair: { points: 12, why: 'Cosmetic wear (staining, discoloration, moss) is not damage, but signals an ageing roof.' },
  roof_unknown: { points: 8, why: 'The roof condition could not be judged from the image, so some uncertainty is priced in.' },
  roof_flat: { points: 4, why: 'Flat roofs drain slowly and pond and leak more often than pitched ones.' },
  trees_touching: {
    points: 20,
    why: 'Canopy over the roof drops limbs and debris on it, clogs gutters and can fall onto the building in storms.',
  },
  trees_near: { points: 10, why: 'Trees within 3 m of the roof can reach it when they fall or in high wind.' },
  trees_many: { points: 5, why: 'Ten or more trees on the lot add wind-throw and wildfire fuel exposure.' },
  pool: { points: 10, why: 'A swimming pool is an attractive nuisance and a drowning liability.' },
  pool_unmaintained: { points: 8, why: 'A green or empty pool signals neglect and is a hazard in itself.' },
  spa: { points: 5, why: 'A hot tub adds liability and water-damage exposure.' },
  power_over_structure: { points: 20, why: 'A power line over the roof can fall onto the building or start a fire.' },
  power_near: { points: 10, why: 'A power line within 10 m of the building can reach it when it falls.' },
  power_crossing: { points: 5, why: 'A line crossing the lot brings vegetation-contact and access risk onto the property.' },
  solar: { points: 3, why: 'Roof-mounted panels add roof penetrations and electrical fire exposure.' },
  additional_risk: { points: 4, why: 'Each further hazard seen (debris, trampoline, …) adds exposure; at most three count.' },
  property_poor: { points: 10, why: 'The property as a whole looks poorly kept, which correlates with higher claim rates.' },
  property_fair: { points: 4, why: 'The property shows some signs of deferred upkeep.' },
  defensible_space_dense: {
    points: 8,
    why: 'Dense vegetation within 1.5 m or 9 m of the building carries a fire to it; fire codes ask for these zones to be kept lean.',
  },
} as const satisfies Record<string, { points: number; why: string }>;

export type ScoringFactor = keyof typeof SCORING_WEIGHTS;

export interface ScoreResult {
  risk_score: number | null;
  score_breakdown: ScoreItem[];
}

function item(factor: ScoringFactor, times = 1, detail?: string): ScoreItem {
  const row = SCORING_WEIGHTS[factor];
  // A detail is a phrase before the reason: its own closing punctuation would read ".:".
  const lead = detail?.replace(/[.;:,\s]+$/, '');
  return { factor, points: row.points * times, reason: lead ? `${lead}: ${row.why}` : row.why };
}

/**
 * Score observations. `assessable: false` gives a null score and an empty breakdown: an image that cannot
 * support a judgement is never scored as if nothing were there.
 */
export function scoreObservations(
  obs: Observations,
  findings: readonly Finding[],
  assessable: boolean,
  defensibleSpace?: DefensibleSpace | null,
): ScoreResult {
  if (!assessable) return { risk_score: null, score_breakdown: [] };
  const items: ScoreItem[] = [item('building')];

  const roofCondition = enforceRoofRule(obs.roof.condition, findings);
  if (roofCondition === 'poor') items.push(item('roof_poor'));
  else if (roofCondition === 'fair') items.push(item('roof_fair'));
  else if (roofCondition === 'unknown') items.push(item('roof_unknown'));
  if (obs.roof.style === 'flat') items.push(item('roof_flat'));

  if (obs.trees.proximity === 'touching') items.push(item('trees_touching'));
  else if (obs.trees.proximity === 'near') items.push(item('trees_near'));
  // Canopy over the roof already prices the trees in; many trees count only for a roof they do not touch.
  if (obs.trees.count >= 10 && obs.trees.proximity !== 'touching') items.push(item('trees_many', 1, `${obs.trees.count} trees`));

  if (obs.pool.present) {
    items.push(item('pool'));
    if (obs.pool.condition === 'green' || obs.pool.condition === 'empty') {
      items.push(item('pool_unmaintained', 1, `Pool looks ${obs.pool.condition}`));
    }
  }
  if (obs.spa.present) items.push(item('spa'));

  if (obs.power_lines.proximity === 'over_structure') items.push(item('power_over_structure'));
  else if (obs.power_lines.proximity === 'near') items.push(item('power_near'));
  if (obs.power_lines.crossing_property) items.push(item('power_crossing'));

  if (obs.solar.present) items.push(item('solar'));

  // Canopy over the roof already prices the vegetation next to it: dense vegetation counts once. Where the
  // defensible-space zones are measured dense, the analyzer's dense-canopy risk (the same vegetation, in a 10 m
  // ring) stays listed but is not scored again.
  const denseSpace = obs.trees.proximity !== 'touching' && denseInnerVegetation(defensibleSpace);
  const risks = denseSpace ? obs.additional_risks.filter((risk) => !isDenseCanopyRisk(risk)) : obs.additional_risks;
  const extra = Math.min(risks.length, MAX_ADDITIONAL_RISKS_SCORED);
  if (extra > 0) items.push(item('additional_risk', extra, risks.slice(0, extra).join('; ')));

  if (denseSpace) {
    const [inner, middle] = defensibleSpace!.rings;
    items.push(
      item(
        'defensible_space_dense',
        1,
        `Vegetation covers ${inner.vegetation_pct}% of the 0–1.5 m zone and ${middle.vegetation_pct}% of the 1.5–9 m zone`,
      ),
    );
  }

  if (obs.property_condition === 'poor') items.push(item('property_poor'));
  else if (obs.property_condition === 'fair') items.push(item('property_fair'));

  const total = items.reduce((sum, i) => sum + i.points, 0);
  if (total > 100) {
    items.push({ factor: 'cap', points: 100 - total, reason: `The factors add up to ${total}; the score is capped at 100.` });
  }
  return { risk_score: Math.max(0, Math.min(100, total)), score_breakdown: items };
}
