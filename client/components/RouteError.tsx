import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClasses } from './forms';
import { PageProblem } from './PageProblem';

/**
 * Shown when a screen's data cannot load; the header and footer of the app stay in place. A refused session
 * never gets here: the Relay network layer marks it and the app shell shows the way to sign in again.
 */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'Something went wrong while loading this page. Please try again.';
  return (
    <PageProblem
      message={message}
      action={
        <button type="button" className={buttonClasses('primary')} onClick={() => window.location.reload()}>
          Try again
        </button>
      }
    />
  );
}
