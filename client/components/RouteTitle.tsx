// Each route names itself in the browser tab and history ("Analysis History · Aerisk"): the deepest matched
// route's `handle.title` (routes.tsx) wins.
import { useEffect } from 'react';
import { useMatches } from 'react-router';

export const APP_NAME = 'Aerisk';

export type RouteHandle = { title?: string };

export function pageTitle(title: string | undefined): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

export function RouteTitle() {
  const matches = useMatches();
  const title = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter((value): value is string => Boolean(value))
    .at(-1);
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  return null;
}

/**
 * The first thing Tab reaches: it jumps past the header to the screen's content. Focus is moved by hand, since
 * following `#main` would be a navigation for the router.
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      onClick={(event) => {
        const main = document.getElementById('main');
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView();
      }}
      className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow-lg ring-2 ring-brand-500 focus:not-sr-only focus:fixed focus:top-3 focus:left-3 dark:bg-slate-900 dark:text-brand-300"
    >
      Skip to content
    </a>
  );
}
