import { describe, expect, it } from 'vitest';
import { assembleOutput, unknownObservations } from '../../../server/analyzer/assemble';
import {
  NO_BUILDING_AT_POINT,
  NO_BUILDING_NEAR_CENTRE,
  NO_BUILDING_REJECTED,
  NO_BUILDING_VISIBLE,
  analyzerOutputSchema,
  hasSubjectBuilding,
  type Finding,
  type Observations,
  type Provenance,
} from '../../../server/analyzer/contract';
import { CLEARER_IMAGE, MARK_THE_BUILDING, recommend } from '../../../server/analyzer/recommendations';
import { roofConditionFromSigns } from '../../../server/analyzer/roof-condition';
import { RISK_BAND_HIGH_MIN, RISK_BAND_MEDIUM_MIN, SCORING_WEIGHTS, riskBand, scoreObservations } from '../../../server/analyzer/scoring';

function clean(): Observations {
  return { ...unknownObservations(), property_condition: 'good', roof: { style: 'gable', condition: 'good' } };
}

const damage: Finding = {
  feature: 'damage',
  confidence: 0.8,
  polygon: [
    [1, 1],
    [5, 1],
    [5, 5],
  ],
  area_m2: null,
  note: 'a temporary tarp on the roof',
  analyzer: 'local',
};

const provenance: Provenance = {
  provider: 'local',
  model: 'test',
  analyzer_version: '0',
  image_sha256: 'a'.repeat(64),
  width: 10,
  height: 10,
  gsd_m_per_px: null,
  gsd_source: null,
  image_source: 'upload',
  image_captured_at: null,
  analyzed_at: new Date(0).toISOString(),
};

const sum = (items: { points: number }[]) => items.reduce((s, i) => s + i.points, 0);

describe('risk bands', () => {
  it('puts 33 in Low, 34 and 66 in Medium, 67 in High', () => {
    expect(RISK_BAND_MEDIUM_MIN).toBe(34);
    expect(RISK_BAND_HIGH_MIN).toBe(67);
    expect(riskBand(0)).toBe('low');
    expect(riskBand(33)).toBe('low');
    expect(riskBand(34)).toBe('medium');
    expect(riskBand(66)).toBe('medium');
    expect(riskBand(67)).toBe('high');
    expect(riskBand(100)).toBe('high');
    expect(riskBand(null)).toBeNull();
  });

  it('scores a clean property Low and a damaged, overhung one High', () => {
    const low = scoreObservations(clean(), [], true);
    expect(riskBand(low.risk_score)).toBe('low');
    const bad: Observations = {
      ...clean(),
      roof: { style: 'flat', condition: 'poor' },
      trees: { overhanging: true, count: 4, proximity: 'touching' },
      power_lines: { crossing_property: true, proximity: 'over_structure' },
    };
    const high = scoreObservations(bad, [damage], true);
    expect(riskBand(high.risk_score)).toBe('high');
  });
});

describe('score arithmetic', () => {
  it('adds exactly the table points for each factor present', () => {
    const obs: Observations = {
      ...clean(),
      pool: { present: true, location: 'north of the main building', condition: 'green' },
      trees: { overhanging: false, count: 3, proximity: 'near' },
    };
    const r = scoreObservations(obs, [], true);
    const w = SCORING_WEIGHTS;
    expect(r.risk_score).toBe(w.building.points + w.pool.points + w.pool_unmaintained.points + w.trees_near.points);
    expect(r.score_breakdown.map((i) => i.factor).sort()).toEqual(['building', 'pool', 'pool_unmaintained', 'trees_near']);
    expect(sum(r.score_breakdown)).toBe(r.risk_score);
  });

  it('counts at most three additional risks', () => {
    const obs: Observations = { ...clean(), additional_risks: ['a', 'b', 'c', 'd', 'e'] };
    const r = scoreObservations(obs, [], true);
    const extra = r.score_breakdown.find((i) => i.factor === 'additional_risk');
    expect(extra?.points).toBe(3 * SCORING_WEIGHTS.additional_risk.points);
  });

  it('caps at 100 with a negative cap row so the breakdown still sums to the score', () => {
    const worst: Observations = {
      property_condition: 'poor',
      pool: { present: true, location: 'x', condition: 'empty' },
      spa: { present: true, location: 'y' },
      trees: { overhanging: true, count: 30, proximity: 'touching' },
      roof: { style: 'flat', condition: 'poor' },
      solar: { present: true, coverage_percentage: 40 },
      power_lines: { crossing_property: true, proximity: 'over_structure' },
      additional_risks: ['a', 'b', 'c'],
    };
    const r = scoreObservations(worst, [damage], true);
    expect(r.risk_score).toBe(100);
    expect(sum(r.score_breakdown)).toBe(100);
    expect(r.score_breakdown.at(-1)?.factor).toBe('cap');
  });

  it('gives a null score and no breakdown when not assessable', () => {
    expect(scoreObservations(clean(), [], false)).toEqual({ risk_score: null, score_breakdown: [] });
  });

  it('sums the breakdown for every combination of factors', () => {
    const proximities = ['none', 'distant', 'near', 'touching'] as const;
    const lines = ['none', 'distant', 'near', 'over_structure'] as const;
    const roofs = ['good', 'fair', 'poor', 'unknown'] as const;
    for (const p of proximities)
      for (const l of lines)
        for (const rc of roofs) {
          const obs: Observations = {
            ...clean(),
            trees: { overhanging: p === 'touching', count: p === 'none' ? 0 : 12, proximity: p },
            power_lines: { crossing_property: l !== 'none', proximity: l },
            roof: { style: 'hip', condition: rc },
          };
          const r = scoreObservations(obs, [damage], true);
          expect(sum(r.score_breakdown)).toBe(r.risk_score);
          expect(r.risk_score).toBeGreaterThanOrEqual(0);
          expect(r.risk_score).toBeLessThanOrEqual(100);
        }
  });
});

describe('cosmetic vs material roof rule', () => {
  it('never makes a roof poor from staining, discoloration or moss alone', () => {
    expect(roofConditionFromSigns(['staining'])).toBe('fair');
    expect(roofConditionFromSigns(['staining', 'discoloration', 'moss'])).toBe('fair');
    expect(roofConditionFromSigns([])).toBe('good');
  });

  it('makes a roof poor on any material sign', () => {
    for (const s of ['tarp', 'missing_cover', 'patching', 'ponding', 'sagging'] as const) {
      expect(roofConditionFromSigns([s, 'moss'])).toBe('poor');
    }
  });

  it('downgrades an unbacked "poor" to fair when scoring and assembling', () => {
    const obs: Observations = { ...clean(), roof: { style: 'gable', condition: 'poor' } };
    const unbacked = scoreObservations(obs, [], true);
    expect(unbacked.score_breakdown.some((i) => i.factor === 'roof_poor')).toBe(false);
    expect(unbacked.score_breakdown.some((i) => i.factor === 'roof_fair')).toBe(true);
    const out = assembleOutput({
      observations: obs,
      findings: [],
      assessable: true,
      unassessable_reasons: [],
      provenance,
      context: { source: 'upload' },
    });
    expect(out.results.roof.condition).toBe('fair');
    const backed = assembleOutput({
      observations: obs,
      findings: [damage],
      assessable: true,
      unassessable_reasons: [],
      provenance,
      context: { source: 'upload' },
    });
    expect(backed.results.roof.condition).toBe('poor');
    expect(backed.evidence.recommendations[0]).toContain('tarp');
  });
});

describe('texts and counting', () => {
  it('reads cleanly: no ".:" between a detail and its reason, no "Address:" label, a location that reads in a sentence', () => {
    const obs: Observations = {
      ...clean(),
      pool: { present: true, location: 'centre of the image', condition: 'clean' },
      additional_risks: ['Dense tree canopy covers about 60% of the ground within 10 m of the house (wildfire fuel and storm debris).'],
    };
    const reasons = scoreObservations(obs, [], true).score_breakdown.map((i) => i.reason);
    expect(reasons.find((r) => r.startsWith('Dense'))).toBe(
      `Dense tree canopy covers about 60% of the ground within 10 m of the house (wildfire fuel and storm debris): ${SCORING_WEIGHTS.additional_risk.why}`,
    );
    for (const r of reasons) expect(r).not.toMatch(/[.;]:/);
    const recs = recommend(obs, [], true);
    expect(recs).toContain('Verify a compliant fence and self-closing gate around the pool in the centre of the image.');
    expect(recs.join(' ')).not.toMatch(/Address:/);
    expect(recs).toContain(
      'Have this looked at on the next visit: dense tree canopy covers about 60% of the ground within 10 m of the house (wildfire fuel and storm debris).',
    );
    const left = recommend({ ...obs, pool: { ...obs.pool, location: 'left side of the image' } }, [], true);
    expect(left).toContain('Verify a compliant fence and self-closing gate around the pool on the left side of the image.');
    const north = recommend({ ...obs, pool: { ...obs.pool, location: 'north-east of the main building' } }, [], true);
    expect(north).toContain('Verify a compliant fence and self-closing gate around the pool north-east of the main building.');
  });

  it('counts canopy over the roof once: no "many trees" on top of touching', () => {
    const touching = scoreObservations({ ...clean(), trees: { overhanging: true, count: 25, proximity: 'touching' } }, [], true);
    expect(touching.score_breakdown.map((i) => i.factor)).toEqual(['building', 'trees_touching']);
    const near = scoreObservations({ ...clean(), trees: { overhanging: false, count: 25, proximity: 'near' } }, [], true);
    expect(near.score_breakdown.map((i) => i.factor)).toEqual(['building', 'trees_near', 'trees_many']);
  });
});

describe('recommendations and assembly', () => {
  it('recommends only for what was found', () => {
    expect(recommend(clean(), [], true)).toEqual([]);
    const recs = recommend({ ...clean(), trees: { overhanging: true, count: 2, proximity: 'touching' } }, [], true);
    expect(recs).toHaveLength(1);
    expect(recs[0]).toMatch(/Trim the branches/);
  });

  it('produces contract-conformant output, unassessable included', () => {
    const out = assembleOutput({
      observations: unknownObservations(),
      findings: [],
      assessable: false,
      unassessable_reasons: ['The image is too dark.'],
      provenance,
      context: { source: 'upload', image_item_id: 'item-1' },
    });
    expect(analyzerOutputSchema.safeParse(out).success).toBe(true);
    expect(out.results.risk_score).toBeNull();
    expect(out.results.image_item_id).toBe('item-1');
    expect(out.results.roof.condition).toBe('unknown');
    expect(out.evidence.score_breakdown).toEqual([]);
    expect(out.evidence.recommendations).toEqual([CLEARER_IMAGE]);
  });

  it('asks for the building to be marked when none was found, and for a better image only when the image was the problem', () => {
    for (const reason of [NO_BUILDING_NEAR_CENTRE, NO_BUILDING_AT_POINT, NO_BUILDING_VISIBLE, NO_BUILDING_REJECTED]) {
      const out = assembleOutput({
        observations: { ...unknownObservations(), trees: { overhanging: false, count: 7, proximity: 'distant' } },
        findings: [],
        assessable: false,
        unassessable_reasons: [reason],
        provenance,
        context: { source: 'upload' },
      });
      expect(out.evidence.recommendations).toEqual([MARK_THE_BUILDING]);
      expect(hasSubjectBuilding(out.evidence)).toBe(false);
    }
    // The cloud analyzer can give both reasons: both remedies are said.
    expect(recommend(unknownObservations(), [], false, [NO_BUILDING_VISIBLE, 'Cloud or haze covers the property.'])).toEqual([
      MARK_THE_BUILDING,
      CLEARER_IMAGE,
    ]);
    expect(recommend(unknownObservations(), [], false, [])).toEqual([CLEARER_IMAGE]);
    // A dark frame is not assessable but says nothing about the building.
    expect(hasSubjectBuilding({ assessable: false, unassessable_reasons: ['The image is too dark.'] })).toBe(true);
    expect(hasSubjectBuilding({ assessable: true, unassessable_reasons: [] })).toBe(true);
  });

  it('rejects outputs that break the contract', () => {
    const good = assembleOutput({
      observations: clean(),
      findings: [],
      assessable: true,
      unassessable_reasons: [],
      provenance,
      context: { source: 'upload' },
    });
    expect(analyzerOutputSchema.safeParse(good).success).toBe(true);
    const wrongSum = structuredClone(good);
    wrongSum.results.risk_score = (good.results.risk_score ?? 0) + 1;
    expect(analyzerOutputSchema.safeParse(wrongSum).success).toBe(false);
    const badVocab = structuredClone(good) as unknown as { results: { roof: { style: string } } };
    badVocab.results.roof.style = 'pointy';
    expect(analyzerOutputSchema.safeParse(badVocab).success).toBe(false);
    const overhangMismatch = structuredClone(good);
    overhangMismatch.results.trees = { overhanging: true, count: 1, proximity: 'near' };
    expect(analyzerOutputSchema.safeParse(overhangMismatch).success).toBe(false);
  });
});
