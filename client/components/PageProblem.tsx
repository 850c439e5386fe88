import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from './forms';

/** A screen that could not load: what went wrong, the one action that helps, and a way home. */
export function PageProblem({ message, action }: { message: string; action: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">We could not load this page</h1>
      <p role="alert" className="mt-3 text-slate-600 dark:text-slate-400">
        {message}
      </p>
      <div className="mt-8 flex justify-center gap-3">
        {action}
        <Link to="/" className={buttonClasses('secondary')}>
          Go home
        </Link>
      </div>
    </div>
  );
}
