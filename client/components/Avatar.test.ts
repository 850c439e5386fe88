import { describe, expect, it } from 'vitest';
import { avatarInitial } from './Avatar';

describe('avatarInitial (spec §2)', () => {
  it('uses the display name, then the email, then a question mark', () => {
    expect(avatarInitial('grace Hopper', 'g@example.com')).toBe('G');
    expect(avatarInitial('  ', 'zed@example.com')).toBe('Z');
    expect(avatarInitial(null, null)).toBe('?');
    expect(avatarInitial(undefined, '')).toBe('?');
    expect(avatarInitial('Émile', null)).toBe('É');
  });
});
