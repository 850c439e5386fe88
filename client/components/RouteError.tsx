import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { GraphQLRequestError } from '../relay/environment';
import { buttonClasses } from './forms';
import { SessionRejected } from './SessionRejected';

/** Shown when a screen's data cannot load; the header and footer of the app stay in place. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  if (error instanceof GraphQLRequestError && (error.status === 401 || error.code === 'UNAUTHENTICATED')) {
    return <SessionRejected />;
  }
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'Something went wrong while loading this page. Please try again.';
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">We could not load this page</h1>
      <p role="alert" className="mt-3 text-slate-600 dark:text-slate-400">
        {message}
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <button type="button" className={buttonClasses('primary')} onClick={() => window.location.reload()}>
          Try again
        </button>
        <Link to="/" className={buttonClasses('secondary')}>
          Go home
        </Link>
      </div>
    </div>
  );
}
