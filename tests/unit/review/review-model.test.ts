// The review model's derived values: the property's condition, which the local analyzer derives from the roof and the
// pool, follows a reviewer's correction of either, unless the reviewer set it themselves or the analyzer judged it on
// its own (the cloud analyzer).
import { describe, expect, it } from 'vitest';
import { assembleOutput, unknownObservations } from '../../../server/analyzer/assemble';
import type { Finding, Observations } from '../../../server/analyzer/contract';
import { applyReview, emptyReview, type Output, type Review } from '../../../server/services/review-model';

const roofFinding: Finding = {
  feature: 'roof',
  confidence: 0.9,
  polygon: [
    [10, 10],
    [60, 10],
    [60, 40],
    [10, 40],
  ],
  area_m2: null,
  note: 'Main building roof.',
  analyzer: 'local',
};

function analysed(observations: Observations): Output {
  const { results, evidence } = assembleOutput({
    observations,
    findings: [roofFinding],
    assessable: true,
    unassessable_reasons: [],
    provenance: {
      provider: 'local',
      model: 'test',
      analyzer_version: '0',
      image_sha256: 'a'.repeat(64),
      width: 100,
      height: 100,
      gsd_m_per_px: null,
      gsd_source: null,
      image_source: 'upload',
      image_captured_at: null,
      analyzed_at: new Date(0).toISOString(),
    },
    context: { source: 'upload' },
  });
  const { provenance: _provenance, ...rest } = evidence;
  return { results, evidence: rest };
}

const decided = { reason: 'Seen on site', by: 'u@example.test', at: '2026-11-28T12:00:00Z' };
const withFeatures = (features: Review['features']): Review => ({ ...emptyReview(), features });
const good: Observations = { ...unknownObservations(), property_condition: 'good', roof: { style: 'hip', condition: 'good' } };

describe('applyReview: the property condition', () => {
  it('follows the roof the reviewer corrected when the analyzer derived it from the roof', () => {
    const reviewed = applyReview(analysed(good), withFeatures({ roof_condition: { ...decided, value: 'poor' } }));
    expect(reviewed.results.roof.condition).toBe('poor');
    expect(reviewed.results.property_condition).toBe('poor');
    expect(reviewed.evidence.score_breakdown.map((i) => i.factor)).toContain('property_poor');
  });

  it('keeps what the reviewer set for the property, and an analyzer’s own judgement', () => {
    const set = applyReview(
      analysed(good),
      withFeatures({ roof_condition: { ...decided, value: 'poor' }, property_condition: { ...decided, value: 'fair' } }),
    );
    expect(set.results.property_condition).toBe('fair');
    // A good roof judged "poor" as a property is not the roof rule's derivation: the analyzer judged it itself.
    const judged = applyReview(
      analysed({ ...good, property_condition: 'poor' }),
      withFeatures({ roof_condition: { ...decided, value: 'fair' } }),
    );
    expect(judged.results.property_condition).toBe('poor');
  });
});
