// What the sign-in and sign-up screens share: one attempt at a time (email or Google), its error in the
// screen's words, and the way home once signed in.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { continueAsGuest, signInWithGoogle } from './actions';
import { authErrorCode, authErrorMessage } from './errors';
import { usesAuthEmulator } from './session';

export type SignInMethod = 'email' | 'google' | 'guest';

/** Styling of the text links between the sign-in screens. */
export const AUTH_LINK_CLASS = 'font-medium text-brand-600 hover:text-brand-500 dark:text-brand-400 dark:hover:text-brand-300';

export const GOOGLE_UNAVAILABLE_MESSAGE = 'Google sign-in is not available in this installation.';

/**
 * Google sign-in needs Google's sign-in script (apis.google.com), also against the bundled Auth emulator.
 * An installation without internet cannot load it, and the SDK then reports a network or internal error:
 * with the emulator that means Google sign-in cannot work here at all. With a real Firebase project the
 * same codes are a passing network problem and keep their usual sentences.
 */
function googleSignInError(cause: unknown): string {
  const code = authErrorCode(cause);
  if (usesAuthEmulator() && (code === 'auth/network-request-failed' || code === 'auth/internal-error')) return GOOGLE_UNAVAILABLE_MESSAGE;
  return authErrorMessage(cause, 'Failed to sign in with Google');
}

export function useSignInFlow() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<SignInMethod | null>(null);

  /** Runs `attempt`; on success goes to /, on failure shows `describe(cause)`. */
  async function run(method: SignInMethod, attempt: () => Promise<unknown>, describe: (cause: unknown) => string) {
    setError(null);
    setBusy(method);
    try {
      await attempt();
      navigate('/', { replace: true });
    } catch (cause) {
      setError(describe(cause));
      setBusy(null);
    }
  }

  const signInGoogle = () => run('google', signInWithGoogle, googleSignInError);

  const signInGuest = () => run('guest', continueAsGuest, (cause) => authErrorMessage(cause, 'Failed to continue as guest'));

  return { error, setError, busy, run, signInGoogle, signInGuest };
}
