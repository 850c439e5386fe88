import { Link } from 'react-router';

export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path d="M7 17.5 16 9l9 8.5" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M10.5 16v7.5h11V16" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinejoin="round" />
      <circle cx="16" cy="19.5" r="1.8" fill="#fbbf24" />
    </svg>
  );
}

/** The wordmark, linking home; its accessible name is the product name. */
export function Logo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-500"
    >
      <LogoMark />
      <span className="text-lg font-semibold tracking-tight text-slate-900 dark:text-white">Aerisk</span>
    </Link>
  );
}
