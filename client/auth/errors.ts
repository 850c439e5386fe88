// Firebase Auth error codes turned into sentences a person can act on. Codes not listed here fall back to
// the screen's own message of spec §8 ('Failed to login', 'Failed to create account', …).

const MESSAGES: Record<string, string> = {
  // Credentials and accounts
  'auth/invalid-credential': 'The email or password is incorrect.',
  'auth/wrong-password': 'The email or password is incorrect.',
  'auth/invalid-login-credentials': 'The email or password is incorrect.',
  'auth/user-not-found': 'No account exists with this email address.',
  'auth/invalid-email': 'Enter a valid email address.',
  'auth/missing-email': 'Enter your email address.',
  'auth/missing-password': 'Enter your password.',
  'auth/email-already-in-use': 'An account with this email address already exists. Sign in instead.',
  'auth/weak-password': 'The password is too weak. Use at least 6 characters.',
  'auth/password-does-not-meet-requirements': 'The password does not meet the password requirements.',
  'auth/user-disabled': 'This account has been disabled. Contact support for help.',
  'auth/account-exists-with-different-credential':
    'An account already exists with this email address. Sign in with the method you used before.',
  'auth/credential-already-in-use': 'These credentials are already linked to another account.',
  'auth/operation-not-allowed': 'This sign-in method is not enabled.',
  'auth/requires-recent-login': 'For your security, sign out and sign in again, then repeat this change.',
  'auth/user-token-expired': 'Your session has expired. Sign in again.',
  'auth/user-mismatch': 'Those credentials belong to a different account than the one signed in.',
  'auth/multi-factor-auth-required': 'This account requires a second verification step, which is not available here.',
  'auth/login-blocked': 'Sign-in was blocked for this account. Contact support for help.',
  'auth/tenant-id-mismatch': 'This account belongs to a different organisation.',
  // Rate limits and connectivity
  'auth/too-many-requests': 'Too many attempts. Wait a few minutes and try again, or reset your password.',
  'auth/network-request-failed': 'Could not reach the sign-in service. Check your connection and try again.',
  'auth/internal-error': 'The sign-in service had a problem. Try again in a moment.',
  'auth/missing-recaptcha-token': 'The security check did not complete. Try again.',
  'auth/timeout': 'The sign-in service took too long to answer. Try again.',
  // Popups
  'auth/popup-blocked': 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
  'auth/popup-closed-by-user': 'The sign-in window was closed before sign-in finished.',
  'auth/cancelled-popup-request': 'Another sign-in window was opened. Finish sign-in there, or try again.',
  // Deployment problems the user can only report
  'auth/unauthorized-domain': 'Sign-in is not allowed from this web address. Contact support.',
  'auth/invalid-api-key': 'Sign-in is not configured correctly (invalid API key). Contact support.',
  'auth/argument-error': 'The sign-in request was malformed. Reload the page and try again.',
  'auth/invalid-emulator-scheme': 'The sign-in emulator address is misconfigured. Contact support.',
  'auth/unauthorized-continue-uri': 'This web address is not allowed in account emails. Contact support.',
  'auth/invalid-continue-uri': 'This web address is not allowed in account emails. Contact support.',
};

export function authErrorCode(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return null;
}

/** A sentence for a known Firebase error code, otherwise `fallback`. */
export function authErrorMessage(error: unknown, fallback: string): string {
  const code = authErrorCode(error);
  return (code && MESSAGES[code]) || fallback;
}
