import { describe, expect, it } from 'vitest';
import { scoreChange } from './BatchRowsTable';

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
