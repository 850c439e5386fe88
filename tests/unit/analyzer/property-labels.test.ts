// The whole-property label set (tests/eval/property.json, labelled by eye) stays valid: every field present,
// values from the contract's vocabularies, boxes inside their images, labels consistent with each other, and
// the band the scoring module gives each labelled property defined (null exactly where there is no building).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { labelBand, labelScore, propertySetSchema } from '../../../scripts/property-labels';

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
});
