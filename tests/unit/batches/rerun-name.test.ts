// The name of a batch analysed again: marked once, never longer than a batch name may be.
import { describe, expect, it } from 'vitest';
import { rerunName } from '../../../server/services/batches';

describe('rerunName', () => {
  it('marks the first batch’s name', () => {
    expect(rerunName('Renewals Q1')).toBe('Renewals Q1 (analysed again)');
  });
  it('marks a batch run again only once', () => {
    expect(rerunName(rerunName('Renewals Q1'))).toBe('Renewals Q1 (analysed again)');
  });
  it('stays within the 200 characters of a name, the mark kept whole', () => {
    const name = rerunName('x'.repeat(200));
    expect(name).toHaveLength(200);
    expect(name.endsWith('… (analysed again)')).toBe(true);
  });
});
