// Spec §1: non-registered users keep results only for the session. A guest (anonymous sign-in) is told so
// on every screen, with the ways to keep them: creating an account links it to this same user, and signing in
// to an existing account moves them into it.
import { Link } from 'react-router';
import { useAuth } from '../auth/useAuth';

export function GuestBanner() {
  const auth = useAuth();
  if (auth.status !== 'signedIn' || !auth.user.isAnonymous) return null;
  return (
    <div
      role="region"
      aria-label="Guest session"
      className="border-b border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm sm:px-6 lg:px-8">
        <p>You are using Aerisk as a guest: your results last only for this session.</p>
        <p>
          <Link to="/signup" className="font-semibold underline underline-offset-2 hover:no-underline">
            Create an account to keep them
          </Link>{' '}
          or{' '}
          <Link to="/login" className="font-semibold underline underline-offset-2 hover:no-underline">
            sign in
          </Link>
        </p>
      </div>
    </div>
  );
}
