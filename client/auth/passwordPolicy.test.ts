import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_RULES, passwordProblem } from './passwordPolicy';

describe('passwordProblem', () => {
  it('requires 6 characters by default (spec §5)', () => {
    expect(passwordProblem('12345', DEFAULT_PASSWORD_RULES)).toBe('Password must have at least 6 characters.');
    expect(passwordProblem('123456', DEFAULT_PASSWORD_RULES)).toBeNull();
    // Characters, not UTF-16 units: an emoji counts once.
    expect(passwordProblem('abcd😀', DEFAULT_PASSWORD_RULES)).toBe('Password must have at least 6 characters.');
  });

  it("applies an enforced provider policy's options and names every unmet one", () => {
    const rules = { minLength: 8, maxLength: 12, lowercase: true, uppercase: true, numeric: true, nonAlphanumeric: true };
    expect(passwordProblem('abc', rules)).toBe('Password must have at least 8 characters, an uppercase letter, a number and a symbol.');
    expect(passwordProblem('Abcdefgh1!', rules)).toBeNull();
    expect(passwordProblem('Abcdefgh1!xyz', rules)).toBe('Password must have at most 12 characters.');
  });
});
