import { Link } from 'react-router';
import { buttonClasses } from '../../components/forms';

export default function NotFoundScreen() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-sm font-semibold text-brand-600 dark:text-brand-400">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Page not found</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-400">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonClasses('primary', 'mt-8')}>
        Go back home
      </Link>
    </div>
  );
}
