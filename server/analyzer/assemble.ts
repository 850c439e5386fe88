// Turns what an analyzer observed into the contract's output: applies the roof rule, scores, derives the
// recommendations and validates the whole object, so no analyzer can return something the contract forbids.
import {
  analyzerOutputSchema,
  imageJudgedIn,
  type AnalyzeContext,
  type AnalyzerOutput,
  type Finding,
  type Observations,
  type Provenance,
} from './contract';
import { recommend } from './recommendations';
import { enforceRoofRule } from './roof-condition';
import { scoreObservations } from './scoring';
import { defensibleSpace } from './defensible-space';

/** Observations for an image that cannot be judged: nothing claimed beyond "unknown". */
export function unknownObservations(): Observations {
  return {
    property_condition: 'unknown',
    pool: { present: false, location: '', condition: 'none' },
    spa: { present: false, location: '' },
    trees: { overhanging: false, count: 0, proximity: 'none' },
    roof: { style: 'unknown', condition: 'unknown' },
    solar: { present: false, coverage_percentage: 0 },
    power_lines: { crossing_property: false, proximity: 'none' },
    additional_risks: [],
  };
}

export interface AssembleInput {
  observations: Observations;
  findings: Finding[];
  assessable: boolean;
  unassessable_reasons: string[];
  provenance: Provenance;
  context: AnalyzeContext;
}

export function assembleOutput(input: AssembleInput): AnalyzerOutput {
  const { findings, assessable, context } = input;
  // Unassessable keeps what was observed (a pool seen on an empty lot is still a pool); an analyzer that
  // could not see anything passes unknownObservations(). Only the score is withheld.
  const obs: Observations = { ...input.observations };
  obs.roof = { ...obs.roof, condition: enforceRoofRule(obs.roof.condition, findings) };
  const space = defensibleSpace({
    findings,
    gsdMPerPx: input.provenance.gsd_m_per_px,
    width: input.provenance.width,
    height: input.provenance.height,
    imageJudged: imageJudgedIn({ assessable, unassessable_reasons: input.unassessable_reasons }),
  });
  const { risk_score, score_breakdown } = scoreObservations(obs, findings, assessable, space);
  const output: AnalyzerOutput = {
    results: {
      risk_score,
      ...obs,
      image_item_id: context.image_item_id ?? '',
      image_analysis_id: context.image_analysis_id ?? null,
      property_location: context.property_location ?? '',
    },
    evidence: {
      findings,
      score_breakdown,
      recommendations: recommend(obs, findings, assessable, input.unassessable_reasons),
      assessable,
      unassessable_reasons: assessable ? [] : input.unassessable_reasons,
      provenance: input.provenance,
      defensible_space: space,
    },
  };
  // A contract violation here is a bug in the analyzer, not a property of the image: fail loudly.
  return analyzerOutputSchema.parse(output);
}
