// The whole-property label set (tests/eval/property.json, labelled by eye) stays valid: every field present,
// values from the contract's vocabularies, boxes inside their images, labels consistent with each other, and
// the band the scoring module gives each labelled property defined (null exactly where there is no building).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  labelBand,
  labelScore,
  labelScoreOnLabelledFields,
  propertySetSchema,
  type PropertyRecord,
} from '../../../scripts/property-labels';
import { assembleOutput, unknownObservations } from '../../../server/analyzer/assemble';
import type { Observations } from '../../../server/analyzer/contract';

const raw = JSON.parse(readFileSync(new URL('../../eval/property.json', import.meta.url), 'utf8'));

describe('the whole-property label set', () => {
  const parsed = propertySetSchema.safeParse(raw);

  it('is valid', () => {
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.message)).toEqual([]);
  });

  it('holds at least 120 images, with and without buildings, from every kind of source', () => {
    const records = parsed.success ? parsed.data : [];
    expect(records.length).toBeGreaterThanOrEqual(120);
    const kinds = new Set(records.map((r) => r.kind));
    for (const kind of ['house_roof', 'drone_frame', 'fresno_solar', 'cannes_tile', 'forest', 'empty_lot']) expect(kinds).toContain(kind);
    expect(records.filter((r) => !r.labels.building).length).toBeGreaterThanOrEqual(10);
  });

  it('gives each labelled property a score exactly when it has a building', () => {
    for (const r of parsed.success ? parsed.data : []) {
      expect(labelScore(r) === null).toBe(!r.labels.building);
      if (r.labels.building) expect(['low', 'medium', 'high']).toContain(labelBand(r));
    }
  });

  it('refuses a record that breaks the rules', () => {
    const good = raw[0];
    const bad = [
      { ...good, labels: { ...good.labels, roof_style: 'pyramid' } },
      { ...good, subject_box: [10, 10, 5000, 20] },
      { ...good, subject_box: null },
      { ...good, extra: 1 },
      { ...good, labels: { ...good.labels, building: false, roof_style: null, roof_condition: null, solar: true }, subject_box: null },
    ];
    for (const record of bad) expect(propertySetSchema.safeParse([record]).success).toBe(false);
    expect(propertySetSchema.safeParse([good, good]).success).toBe(false);
  });

  describe('band agreement compares only what the raters judged', () => {
    const record = (labels: Partial<PropertyRecord['labels']>): PropertyRecord => ({
      file: 'x.png',
      kind: 'house_roof',
      image_size: [100, 100],
      gsd_m_per_px: 0.1,
      subject_box: [10, 10, 60, 60],
      notes: '',
      labels: {
        building: true,
        pool: false,
        spa: false,
        solar: false,
        power_lines_visible: false,
        power_lines_over: false,
        trees_touching: false,
        trees_present: true,
        roof_style: 'gable',
        roof_condition: null,
        ...labels,
      },
    });
    const analyzer = (obs: Partial<Observations>) => {
      const observations = { ...unknownObservations(), ...obs };
      return assembleOutput({
        observations,
        findings: [],
        assessable: true,
        unassessable_reasons: [],
        context: { source: 'upload' },
        provenance: {
          provider: 'local',
          model: 'test',
          analyzer_version: '0',
          image_sha256: 'a'.repeat(64),
          width: 100,
          height: 100,
          gsd_m_per_px: 0.1,
          gsd_source: 'source-native',
          image_source: 'upload',
          image_captured_at: null,
          analyzed_at: 'now',
        },
      });
    };

    it("takes the analyzer's roof condition where the raters were unsure, and theirs where they judged", () => {
      const good = analyzer({
        roof: { style: 'gable', condition: 'good' },
        property_condition: 'good',
        trees: { overhanging: false, count: 2, proximity: 'distant' },
      });
      // Unsure roof: the labels alone price it as unknown (+8); on labelled fields the analyzer's "good" stands.
      expect(labelScore(record({}))).toBe(5 + 8);
      expect(labelScoreOnLabelledFields(record({}), good)).toBe(5);
      expect(labelScoreOnLabelledFields(record({ roof_condition: 'fair' }), good)).toBe(5 + 12 + 4);
    });

    it('takes what the labels have no field for (trees within 3 m, ten or more trees) from the analyzer, unless the labels see no trees', () => {
      const near = analyzer({ roof: { style: 'gable', condition: 'good' }, trees: { overhanging: false, count: 12, proximity: 'near' } });
      expect(labelScoreOnLabelledFields(record({ roof_condition: 'good' }), near)).toBe(5 + 10 + 5);
      expect(labelScoreOnLabelledFields(record({ roof_condition: 'good', trees_present: false }), near)).toBe(5);
    });

    it('lets a label overrule the analyzer where they contradict', () => {
      const overRoof = analyzer({
        roof: { style: 'gable', condition: 'good' },
        power_lines: { crossing_property: true, proximity: 'over_structure' },
        pool: { present: true, location: 'left', condition: 'clean' },
      });
      // Labelled: no pool, a line visible but not over the roof.
      expect(
        labelScoreOnLabelledFields(record({ roof_condition: 'good', power_lines_visible: true, trees_present: false }), overRoof),
      ).toBe(5);
      expect(labelScoreOnLabelledFields(record({ roof_condition: 'good', pool: null, trees_present: false }), overRoof)).toBe(5 + 10);
    });

    it('gives no score without a building', () => {
      expect(
        labelScoreOnLabelledFields(
          { ...record({}), subject_box: null, labels: { ...record({}).labels, building: false, roof_style: null } },
          analyzer({}),
        ),
      ).toBeNull();
    });
  });
});
