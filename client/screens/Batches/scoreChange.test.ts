import { describe, expect, it } from 'vitest';
import { findingChange, findingFilterOf, findingFilterOptions, findingTransition, rowsChoiceOf, scoreChange } from './BatchRowsTable';

describe('scoreChange (the batch rows’ Earlier column, decision 025)', () => {
  it('names the bands when the band moved, else the difference', () => {
    expect(scoreChange(55, 20)).toBe('Medium → Low');
    expect(scoreChange(66, 67)).toBe('Medium → High');
    expect(scoreChange(33, 34)).toBe('Low → Medium');
    expect(scoreChange(20, 25)).toBe('+5');
    expect(scoreChange(60, 57)).toBe('−3');
    expect(scoreChange(42, 42)).toBe('Same score');
  });
  it('says nothing when either result has no score', () => {
    expect(scoreChange(null, 40)).toBeNull();
    expect(scoreChange(40, undefined)).toBeNull();
  });
});

describe('findingChange (a changed finding in the Earlier column, decision 026)', () => {
  it('names the finding as the results screen does and words its values', () => {
    expect(findingChange({ field: 'roof_condition', before: 'good', after: 'poor' })).toBe('Roof condition: Good → Poor');
    expect(findingChange({ field: 'pool', before: 'false', after: 'true' })).toBe('Pool: No → Yes');
    expect(findingChange({ field: 'pool_condition', before: 'none', after: 'clean' })).toBe('Pool condition: None → Clean');
    expect(findingChange({ field: 'power_lines_proximity', before: 'near', after: 'over_structure' })).toBe(
      'Power lines: Near → Over structure',
    );
    expect(findingChange({ field: 'property_condition', before: '', after: 'fair' })).toBe('Property condition: — → Fair');
  });
});

describe('findingTransition (which way a finding changed across a batch, decision 026)', () => {
  it('words both values alone, for the comparison’s list per finding', () => {
    expect(findingTransition({ before: 'poor', after: 'good' })).toBe('Poor → Good');
    expect(findingTransition({ before: 'true', after: 'false' })).toBe('Yes → No');
    expect(findingTransition({ before: '', after: 'over_structure' })).toBe('— → Over structure');
  });
});

describe('findingFilterOptions (the rows filter for one finding, decision 026)', () => {
  it('offers every way and each way alone when a finding changed several ways, and reads each choice back', () => {
    const options = findingFilterOptions({
      field: 'roof_condition',
      rows: 12,
      changes: [
        { before: 'good', after: 'poor', rows: 9 },
        { before: 'poor', after: 'good', rows: 3 },
      ],
    });
    expect(options.map(([, label]) => label)).toEqual([
      'Roof condition, any way (12)',
      'Roof condition: Good → Poor (9)',
      'Roof condition: Poor → Good (3)',
    ]);
    expect(options.map(([value]) => findingFilterOf(value))).toEqual([
      { field: 'roof_condition', before: null, after: null },
      { field: 'roof_condition', before: 'good', after: 'poor' },
      { field: 'roof_condition', before: 'poor', after: 'good' },
    ]);
  });

  it('offers one choice for a finding that changed one way, and leaves the other filters alone', () => {
    const options = findingFilterOptions({ field: 'pool', rows: 3, changes: [{ before: 'false', after: 'true', rows: 3 }] });
    expect(options.map(([value, label]) => [findingFilterOf(value), label])).toEqual([
      [{ field: 'pool', before: null, after: null }, 'Pool: No → Yes (3)'],
    ]);
    expect(findingFilterOf('band_changed')).toBeNull();
    expect(findingFilterOf('')).toBeNull();
  });
});

describe('rowsChoiceOf (the download of the rows a Show choice keeps)', () => {
  it('asks the results download for the same rows, and names the file after them', () => {
    expect(rowsChoiceOf('')).toBeNull();
    expect(rowsChoiceOf('failed')).toEqual({ query: 'state=failed', slug: 'failed' });
    expect(rowsChoiceOf('band_changed')).toEqual({ query: 'band_changed=true', slug: 'band-changed' });
    expect(rowsChoiceOf('findings_changed')).toEqual({ query: 'findings_changed=true', slug: 'findings-changed' });
    expect(rowsChoiceOf('scored_higher')).toEqual({ query: 'score_moved=higher', slug: 'scored-higher' });
    expect(rowsChoiceOf('scored_lower')).toEqual({ query: 'score_moved=lower', slug: 'scored-lower' });
    const [anyWay, goodToPoor, noneToGood] = findingFilterOptions({
      field: 'roof_condition',
      rows: 2,
      changes: [
        { before: 'good', after: 'poor', rows: 1 },
        { before: '', after: 'good', rows: 1 },
      ],
    }).map(([value]) => value);
    expect(rowsChoiceOf(anyWay)).toEqual({ query: 'changed_finding=roof_condition', slug: 'roof_condition' });
    expect(rowsChoiceOf(goodToPoor)).toEqual({
      query: 'changed_finding=roof_condition&changed_from=good&changed_to=poor',
      slug: 'roof_condition-good-to-poor',
    });
    expect(rowsChoiceOf(noneToGood)).toEqual({
      query: 'changed_finding=roof_condition&changed_from=&changed_to=good',
      slug: 'roof_condition-unset-to-good',
    });
  });
});
