import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useSignOut } from './useSignOut';
import { GraphQLRequestError } from '../relay/environment';
import { buttonClasses } from './forms';

/** Shown when a screen's data cannot load; the header and footer of the app stay in place. */
export function RouteError() {
  const error = useRouteError();
  const { signOut } = useSignOut();
  console.error(error);
  const unauthenticated =
    error instanceof GraphQLRequestError && (error.status === 401 || error.code === 'UNAUTHENTICATED');
  const message = unauthenticated
    ? 'Your session is no longer valid. Sign in again to continue.'
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : 'Something went wrong while loading this page. Please try again.';
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">We could not load this page</h1>
      <p role="alert" className="mt-3 text-slate-600 dark:text-slate-400">
        {message}
      </p>
      <div className="mt-8 flex justify-center gap-3">
        {unauthenticated ? (
          // The server refused the session (revoked or expired for good): end it here too, then sign in.
          <button type="button" className={buttonClasses('primary')} onClick={() => void signOut()}>
            Sign in again
          </button>
        ) : (
          <button type="button" className={buttonClasses('primary')} onClick={() => window.location.reload()}>
            Try again
          </button>
        )}
        <Link to="/" className={buttonClasses('secondary')}>
          Go home
        </Link>
      </div>
    </div>
  );
}
