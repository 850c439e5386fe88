import { describe, expect, it } from 'vitest';
import { findingName, findingOrdinal } from '../../../common/findings';
import { changeText, FINDINGS_SHOWN, groupReviewFindings } from './reviewFindings';

const findings = [
  { index: 0, feature: 'roof' },
  { index: 1, feature: 'pool' },
  ...Array.from({ length: 12 }, (_, i) => ({ index: 2 + i, feature: 'tree', reviewDecision: i === 9 ? 'rejected' : null })),
  { index: 14, feature: 'power_line' },
];

describe('review findings', () => {
  it('groups findings by kind in the analyzer order and shows the first few of a long group, and any reviewed one', () => {
    const groups = groupReviewFindings(findings, new Set());
    expect(groups.map((g) => [g.heading, g.total, g.hidden])).toEqual([
      ['Roof', 1, 0],
      ['Pools', 1, 0],
      ['Trees', 12, 12 - FINDINGS_SHOWN - 1],
      ['Power lines', 1, 0],
    ]);
    const trees = groups[2].shown;
    expect(trees.map((f) => f.name)).toEqual([
      'tree finding 1',
      'tree finding 2',
      'tree finding 3',
      'tree finding 4',
      'tree finding 5',
      'tree finding 10',
    ]);
    expect(trees.at(-1)!.index).toBe(11);
  });

  it('shows the whole group once expanded', () => {
    const trees = groupReviewFindings(findings, new Set(['tree']))[2];
    expect(trees.shown).toHaveLength(12);
    expect(trees.hidden).toBe(0);
  });

  it('names a finding by its place among its own kind, the same in the change list as in the findings list', () => {
    expect(findingOrdinal(findings, 11)).toBe(10);
    expect(findingName(findings, 11)).toBe('tree finding 10');
    expect(findingName(findings, 14)).toBe('power line finding 1');
    expect(changeText({ field: 'finding', findingIndex: 11, from: 'tree', to: 'rejected' }, findings)).toBe('Tree finding 10: rejected');
    expect(changeText({ field: 'roof_style', from: 'gable', to: 'hip' }, findings)).toBe('Roof style: Gable → Hip');
  });
});
