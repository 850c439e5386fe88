import { LogoMark } from './Logo';
import { buttonClasses } from './forms';

/** Shown when the client cannot read its configuration from the server (GET /api/client-config). */
export function StartupError() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 text-center">
      <LogoMark className="h-12 w-12" />
      <h1 className="mt-6 text-2xl font-bold text-slate-900 dark:text-white">Aerisk could not start</h1>
      <p role="alert" className="mt-3 max-w-md text-slate-600 dark:text-slate-400">
        The app could not reach its server. Check your connection and try again.
      </p>
      <button type="button" className={buttonClasses('primary', 'mt-8')} onClick={() => window.location.reload()}>
        Try again
      </button>
    </main>
  );
}
