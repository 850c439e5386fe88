// The comparison of two whole-property runs (`npm run eval -- --property --compare`): image by image, which images
// a second run gets right that the first got wrong and the reverse, per measure and per pass.
import { describe, expect, it } from 'vitest';
import { compareReport, compareRuns, type RunRow } from '../../../scripts/eval-compare';
import type { AnalysisResults } from '../../../server/analyzer/contract';

const labels = {
  building: true,
  pool: false,
  spa: null,
  solar: true,
  power_lines_visible: null,
  power_lines_over: false,
  trees_touching: null,
  trees_present: true,
  roof_style: 'hip',
  roof_condition: null,
};

function row(
  file: string,
  over: Partial<RunRow> & { pool?: boolean; solar?: boolean; style?: string; condition?: string; score?: number | null } = {},
): RunRow {
  const { pool = false, solar = true, style = 'hip', condition = 'good', score = 20, ...rest } = over;
  return {
    file,
    withheld: false,
    iou: 0.8,
    labels,
    label_band_fields: 'low',
    results: {
      property_condition: 'good',
      pool: { present: pool, location: '', condition: 'none' },
      spa: { present: false, location: '' },
      trees: { overhanging: false, count: 0, proximity: 'none' },
      roof: { style, condition },
      solar: { present: solar, coverage_percentage: 0 },
      power_lines: { crossing_property: false, proximity: 'none' },
      additional_risks: [],
      risk_score: score,
      image_item_id: '',
      image_analysis_id: null,
      property_location: '',
    } as AnalysisResults,
    ...rest,
  };
}

const measure = (changes: ReturnType<typeof compareRuns>[number]['changes'], name: string) =>
  changes.find((c) => c.measure.startsWith(name))!;

describe('compareRuns', () => {
  it('lists the images each measure gained and lost, and counts only the images it judges', () => {
    const before = [
      row('a.png', { iou: 0.2 }),
      row('b.png'),
      row('c.png', { pool: true }),
      row('d.png', { labels: { ...labels, solar: null } }),
    ];
    const after = [
      row('a.png'),
      row('b.png', { iou: 0.49, solar: false }),
      row('c.png'),
      row('d.png', { labels: { ...labels, solar: null }, solar: false }),
    ];
    const [given] = compareRuns(before, after);
    expect(given.withheld).toBe(false);
    expect(measure(given.changes, 'subject')).toEqual({
      measure: 'subject building found (box IoU ≥ 0.5)',
      gained: ['a.png'],
      lost: ['b.png'],
      judged: 4,
    });
    expect(measure(given.changes, 'pool')).toMatchObject({ gained: ['c.png'], lost: [], judged: 4 });
    // d.png's solar is unlabelled: its change is not a loss.
    expect(measure(given.changes, 'solar')).toMatchObject({ gained: [], lost: ['b.png'], judged: 3 });
    expect(measure(given.changes, 'spa').judged).toBe(0);
  });

  it('compares band agreement and roof style, and an empty lot that loses its score', () => {
    const empty = { ...labels, building: false, solar: false, roof_style: null };
    const before = [
      row('lot.png', { labels: empty, iou: null, label_band_fields: null, score: 30 }),
      row('h.png', { style: 'gable', score: 50 }),
    ];
    const after = [
      row('lot.png', { labels: empty, iou: null, label_band_fields: null, score: null, condition: 'unknown', solar: false }),
      row('h.png'),
    ];
    const [given] = compareRuns(before, after);
    expect(measure(given.changes, 'no score')).toMatchObject({ gained: ['lot.png'], lost: [], judged: 1 });
    expect(measure(given.changes, 'roof style')).toMatchObject({ gained: ['h.png'], lost: [] });
    expect(measure(given.changes, 'band')).toMatchObject({ gained: ['lot.png', 'h.png'], lost: [] });
  });

  it('keeps the passes apart and says how many images the first run lacks', () => {
    const before = [row('a.png'), row('a.png', { withheld: true, iou: 0.1 })];
    const after = [row('a.png', { withheld: true }), row('new.png', { withheld: true })];
    const passes = compareRuns(before, after);
    expect(passes.map((p) => p.withheld)).toEqual([true]);
    expect(passes[0].unmatched).toBe(1);
    expect(measure(passes[0].changes, 'subject').gained).toEqual(['a.png']);
    expect(compareReport(before, after)).toContain('| subject building found (box IoU ≥ 0.5) | 1 | 1 | 0 | +1 |');
  });
});
