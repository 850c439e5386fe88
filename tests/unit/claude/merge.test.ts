// The merge rules of server/analyzer/claude/merge.ts, one by one.
import { describe, expect, it } from 'vitest';
import { assembleOutput, unknownObservations } from '../../../server/analyzer/assemble';
import type { AnalyzerOutput, Finding, Observations } from '../../../server/analyzer/contract';
import { checkAnswer, type ClaudeAnswer } from '../../../server/analyzer/claude/answer';
import { MAX_MERGED_RISKS, mergeAnalyses, toContractFinding } from '../../../server/analyzer/claude/merge';
import { LOCAL_OBSERVATIONS, validAnswer } from './helpers';

const frame = { sentWidth: 500, sentHeight: 400, width: 1000, height: 800 };
const localFinding: Finding = {
  feature: 'pool',
  confidence: 0.9,
  polygon: [
    [10, 10],
    [20, 10],
    [20, 20],
  ],
  area_m2: 12,
  note: 'pool',
  analyzer: 'local',
};

function local(observations: Observations = LOCAL_OBSERVATIONS, assessable = true): AnalyzerOutput {
  return assembleOutput({
    observations,
    findings: assessable ? [localFinding] : [],
    assessable,
    unassessable_reasons: assessable ? [] : ['Too dark.'],
    provenance: {
      provider: 'local',
      model: 'm',
      analyzer_version: '1',
      image_sha256: 'a'.repeat(64),
      width: 1000,
      height: 800,
      gsd_m_per_px: null,
      gsd_source: null,
      image_source: 'upload',
      image_captured_at: null,
      analyzed_at: '2026-11-22T00:00:00.000Z',
    },
    context: { source: 'upload' },
  });
}

function answer(patch: Record<string, unknown> = {}): ClaudeAnswer {
  const result = checkAnswer({ ...validAnswer({ width: 500, height: 400 }), ...patch });
  if (!result.ok) throw new Error(result.problems.join('; '));
  return result.answer;
}

describe('mergeAnalyses', () => {
  it('keeps local measurements and Claude’s judgement', () => {
    const merged = mergeAnalyses(local(), answer(), frame);
    expect(merged.observations.trees).toEqual(LOCAL_OBSERVATIONS.trees);
    expect(merged.observations.solar).toEqual(LOCAL_OBSERVATIONS.solar);
    expect(merged.observations.power_lines).toEqual(LOCAL_OBSERVATIONS.power_lines);
    expect(merged.observations.spa).toEqual(LOCAL_OBSERVATIONS.spa);
    expect(merged.observations.roof).toEqual({ style: 'gable', condition: 'poor' });
    expect(merged.observations.property_condition).toBe('poor');
    expect(merged.findings[0]).toEqual(localFinding);
    expect(merged.findings.slice(1).every((f) => f.analyzer === 'claude' && f.area_m2 === null)).toBe(true);
  });

  it('keeps the local value where Claude says unknown', () => {
    const merged = mergeAnalyses(local(), answer({ property_condition: 'unknown', roof: { style: 'unknown', condition: 'fair' } }), frame);
    expect(merged.observations.property_condition).toBe(LOCAL_OBSERVATIONS.property_condition);
    expect(merged.observations.roof).toEqual({ style: LOCAL_OBSERVATIONS.roof.style, condition: 'fair' });
    expect(merged.field_sources).toMatchObject({ property_condition: 'local', roof: 'claude+local' });
  });

  it('lets Claude refine the condition of a pool both see, but not invent or remove one', () => {
    expect(mergeAnalyses(local(), answer(), frame).observations.pool.condition).toBe('green');
    const unknownCondition = answer({ pool: { present: true, location: 'x', condition: 'unknown' } });
    expect(mergeAnalyses(local(), unknownCondition, frame).observations.pool).toEqual(LOCAL_OBSERVATIONS.pool);
    const noPoolLocally = { ...LOCAL_OBSERVATIONS, pool: { present: false, location: '', condition: 'none' as const } };
    expect(mergeAnalyses(local(noPoolLocally), answer(), frame).observations.pool.present).toBe(false);
    const noPoolForClaude = answer({ pool: { present: false, location: '', condition: 'none' } });
    expect(mergeAnalyses(local(), noPoolForClaude, frame).observations.pool).toEqual(LOCAL_OBSERVATIONS.pool);
  });

  it('merges additional risks without duplicates, Claude’s first, and bounded', () => {
    const many = Array.from({ length: 6 }, (_, i) => `Hazard ${i}`);
    const merged = mergeAnalyses(local(), answer({ additional_risks: ['trampoline in the BACK yard.', ...many.slice(0, 5)] }), frame);
    expect(merged.observations.additional_risks[0]).toBe('trampoline in the BACK yard.');
    expect(merged.observations.additional_risks.filter((r) => /trampoline/i.test(r))).toHaveLength(1);
    expect(merged.observations.additional_risks.length).toBeLessThanOrEqual(MAX_MERGED_RISKS);
  });

  it('is unassessable only when neither analyzer could judge', () => {
    const both = mergeAnalyses(local(unknownObservations(), false), answer({ assessable: false, unassessable_reasons: [] }), frame);
    expect(both.assessable).toBe(false);
    expect(both.unassessable_reasons).toEqual(['Too dark.']);
    const onlyClaude = mergeAnalyses(local(unknownObservations(), false), answer(), frame);
    expect(onlyClaude.assessable).toBe(true);
    expect(onlyClaude.observations.trees).toEqual({ overhanging: true, count: 2, proximity: 'touching' });
  });
});

describe('toContractFinding', () => {
  it('scales to the analysed image and clamps points outside the sent image', () => {
    const f = toContractFinding(
      {
        feature: 'tree',
        confidence: 0.5,
        note: 'oak',
        polygon: [
          [-5, 10],
          [250.04, 999],
          [100, 100],
        ],
      },
      frame,
    );
    expect(f.polygon).toEqual([
      [0, 20],
      [500.1, 800],
      [200, 200],
    ]);
    expect(f).toMatchObject({ analyzer: 'claude', area_m2: null, note: 'oak' });
  });
});
