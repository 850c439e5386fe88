import { describe, expect, it } from 'vitest';
import { authErrorCode, authErrorMessage } from './errors';

const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe('authErrorMessage', () => {
  it.each([
    ['auth/wrong-password', 'The email or password is incorrect.'],
    ['auth/invalid-credential', 'The email or password is incorrect.'],
    ['auth/user-not-found', 'No account exists with this email address.'],
    ['auth/email-already-in-use', 'An account with this email address already exists. Sign in instead.'],
    ['auth/weak-password', 'The password is too weak. Use at least 6 characters.'],
    ['auth/too-many-requests', 'Too many attempts. Wait a few minutes and try again, or reset your password.'],
    ['auth/popup-blocked', 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.'],
    ['auth/popup-closed-by-user', 'The sign-in window was closed before sign-in finished.'],
    ['auth/requires-recent-login', 'For your security, sign out and sign in again, then repeat this change.'],
  ])('turns %s into a sentence', (code, sentence) => {
    expect(authErrorMessage(firebaseError(code), 'Failed to login')).toBe(sentence);
  });

  it('names every provider error code spec §8 lists', () => {
    const codes = [
      'network-request-failed',
      'user-token-expired',
      'internal-error',
      'password-does-not-meet-requirements',
      'missing-recaptcha-token',
      'multi-factor-auth-required',
      'user-mismatch',
      'popup-blocked',
      'popup-closed-by-user',
      'cancelled-popup-request',
      'unauthorized-domain',
      'invalid-api-key',
      'argument-error',
      'login-blocked',
      'tenant-id-mismatch',
      'invalid-emulator-scheme',
    ];
    for (const code of codes) {
      expect(authErrorMessage(firebaseError(`auth/${code}`), 'FALLBACK'), code).not.toBe('FALLBACK');
    }
  });

  it("falls back to the screen's message for unknown codes and non-Firebase errors", () => {
    expect(authErrorMessage(firebaseError('auth/something-new'), 'Failed to create account')).toBe('Failed to create account');
    expect(authErrorMessage(new Error('boom'), 'Failed to login')).toBe('Failed to login');
    expect(authErrorMessage(undefined, 'Failed to log out')).toBe('Failed to log out');
    expect(authErrorCode({ code: 42 })).toBeNull();
  });
});
