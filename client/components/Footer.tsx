import { Link } from 'react-router';

export function Footer() {
  const linkClass = 'hover:text-slate-900 dark:hover:text-white';
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-slate-500 sm:flex-row sm:px-6 lg:px-8 dark:text-slate-400">
        <p>© {new Date().getFullYear()} Aerisk. Property risk from above.</p>
        <nav aria-label="Legal" className="flex gap-6">
          <Link to="/privacy-policy" className={linkClass}>
            Privacy Policy
          </Link>
          <Link to="/terms-of-service" className={linkClass}>
            Terms of Service
          </Link>
        </nav>
      </div>
    </footer>
  );
}
