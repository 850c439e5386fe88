import { Link } from 'react-router';
import { buttonClasses } from './forms';
import { useSignOut } from './useSignOut';

/** The server refused the session (revoked, disabled, expired for good): end it here too, then sign in. */
export function SessionRejected() {
  const { signOut, busy } = useSignOut();
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">We could not load this page</h1>
      <p role="alert" className="mt-3 text-slate-600 dark:text-slate-400">
        Your session is no longer valid. Sign in again to continue.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <button type="button" className={buttonClasses('primary')} disabled={busy} onClick={() => void signOut()}>
          Sign in again
        </button>
        <Link to="/" className={buttonClasses('secondary')}>
          Go home
        </Link>
      </div>
    </div>
  );
}
