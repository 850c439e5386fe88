// What the sign-in and sign-up screens share: one attempt at a time (email or Google), its error in the
// screen's words, and the way home once signed in.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { continueAsGuest, signInWithGoogle } from './actions';
import { authErrorMessage } from './errors';

export type SignInMethod = 'email' | 'google' | 'guest';

/** Styling of the text links between the sign-in screens. */
export const AUTH_LINK_CLASS = 'font-medium text-brand-600 hover:text-brand-500 dark:text-brand-400 dark:hover:text-brand-300';

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

  const signInGoogle = () => run('google', signInWithGoogle, (cause) => authErrorMessage(cause, 'Failed to sign in with Google'));

  const signInGuest = () => run('guest', continueAsGuest, (cause) => authErrorMessage(cause, 'Failed to continue as guest'));

  return { error, setError, busy, run, signInGoogle, signInGuest };
}
