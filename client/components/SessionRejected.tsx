import { buttonClasses } from './forms';
import { PageProblem } from './PageProblem';
import { useSignOut } from './useSignOut';

/** The server refused the session (revoked, disabled, expired for good): end it here too, then sign in. */
export function SessionRejected() {
  const { signOut, busy } = useSignOut();
  return (
    <PageProblem
      message="Your session is no longer valid. Sign in again to continue."
      action={
        <button type="button" className={buttonClasses('primary')} disabled={busy} onClick={() => void signOut()}>
          Sign in again
        </button>
      }
    />
  );
}
