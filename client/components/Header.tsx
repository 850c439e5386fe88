import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { User } from 'firebase/auth';
import { useAuth } from '../auth/useAuth';
import { Avatar } from './Avatar';
import { DarkModeToggle } from './DarkModeToggle';
import { buttonClasses } from './forms';
import { CloseIcon, MenuIcon } from './icons';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';
import { useSignOut } from './useSignOut';

const desktopLinks = [
  { to: '/map-analysis', label: 'Property Analysis' },
  { to: '/aerial-risk/history', label: 'Analysis History' },
];

const mobileLinks = [
  { to: '/', label: 'Home', end: true },
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/map-analysis', label: 'Property Analysis' },
  { to: '/aerial-risk/history', label: 'Analysis History' },
];

export function Header() {
  const auth = useAuth();
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200/80 bg-white/85 backdrop-blur dark:border-slate-800/80 dark:bg-slate-950/85">
      {auth.status === 'signedIn' ? <SignedInBar user={auth.user} /> : <SignedOutBar />}
    </header>
  );
}

function SignedOutBar() {
  return (
    <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
      <Logo />
      <div className="flex items-center gap-2 sm:gap-3">
        <DarkModeToggle />
        <Link
          to="/login"
          className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
        >
          Sign in
        </Link>
        <Link to="/signup" className={buttonClasses('primary', 'hidden px-3 py-2 sm:inline-flex')}>
          Create account
        </Link>
      </div>
    </div>
  );
}

function SignedInBar({ user }: { user: User }) {
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
  const { signOut, error } = useSignOut();

  // Following a link closes the mobile menu.
  useEffect(() => setMobileOpen(false), [location.pathname]);

  const desktopLinkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-sm font-medium transition ${
      isActive
        ? 'bg-brand-50 text-brand-700 dark:bg-brand-950/60 dark:text-brand-300'
        : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white'
    }`;
  const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded-md px-3 py-2 text-base font-medium ${
      isActive
        ? 'bg-brand-50 text-brand-700 dark:bg-brand-950/60 dark:text-brand-300'
        : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
    }`;

  return (
    <>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <div className="flex items-center gap-8">
          <Logo />
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            {desktopLinks.map((link) => (
              <NavLink key={link.to} to={link.to} className={desktopLinkClass}>
                {link.label}
              </NavLink>
            ))}
          </nav>
        </div>
        <div className="flex items-center gap-2">
          <DarkModeToggle />
          <div className="hidden md:block">
            <UserMenu user={user} />
          </div>
          <button
            type="button"
            className="rounded-md p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 md:hidden dark:text-slate-300 dark:hover:bg-slate-800"
            aria-label={mobileOpen ? 'Close main menu' : 'Open main menu'}
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            onClick={() => setMobileOpen((open) => !open)}
          >
            {mobileOpen ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
          </button>
        </div>
      </div>
      {mobileOpen && (
        <div id="mobile-menu" className="border-t border-slate-200 md:hidden dark:border-slate-800">
          <nav aria-label="Mobile" className="space-y-1 px-3 py-3">
            {mobileLinks.map((link) => (
              <NavLink key={link.to} to={link.to} end={link.end} className={mobileLinkClass}>
                {link.label}
              </NavLink>
            ))}
          </nav>
          <div className="border-t border-slate-200 px-3 py-3 dark:border-slate-800">
            <div className="flex items-center gap-3 px-3 pb-3">
              <Avatar photoUrl={user.photoURL} displayName={user.displayName ?? (user.isAnonymous ? 'Guest' : null)} email={user.email} />
              <div className="min-w-0">
                {user.displayName && <p className="truncate text-sm font-medium">{user.displayName}</p>}
                <p className="truncate text-sm text-slate-500 dark:text-slate-400">{user.isAnonymous ? 'Guest session' : user.email}</p>
              </div>
            </div>
            <NavLink to="/profile" className={mobileLinkClass}>
              Your Profile
            </NavLink>
            <button
              type="button"
              onClick={() => void signOut()}
              className="block w-full rounded-md px-3 py-2 text-left text-base font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              Sign out
            </button>
            {error && (
              <p role="alert" className="px-3 pt-2 text-sm text-red-600 dark:text-red-400">
                {error}
              </p>
            )}
          </div>
        </div>
      )}
    </>
  );
}
