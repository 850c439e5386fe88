import { isRouteErrorResponse, useRouteError } from 'react-router';
import { GraphQLRequestError } from '../relay/environment';
import { buttonClasses } from './forms';
import { PageProblem } from './PageProblem';
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
