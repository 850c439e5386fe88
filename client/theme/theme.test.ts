import { describe, expect, it } from 'vitest';
import { resolveTheme } from './theme';

describe('resolveTheme (spec §4 dark mode)', () => {
  it('follows the system unless the user saved a choice', () => {
    expect(resolveTheme(null, true)).toBe('dark');
    expect(resolveTheme(null, false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});
