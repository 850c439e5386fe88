import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { signOutUser } from '../auth/actions';

/** Signs out and goes to /login; `error` holds spec §8's 'Failed to log out' when it fails. */
export function useSignOut() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signOut = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      await signOutUser();
      navigate('/login', { replace: true });
    } catch (cause) {
      console.error('Sign-out failed', cause);
      setError('Failed to log out');
    } finally {
      setBusy(false);
    }
  }, [navigate]);
  return { signOut, error, busy };
}
