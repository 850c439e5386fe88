// Page frames: the app shell (header, content, footer) and the centred card used by the sign-in screens.
import { Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { Navigate, Outlet, useNavigation } from 'react-router';
import { useAuth } from '../auth/useAuth';
import { Footer } from './Footer';
import { GuestBanner } from './GuestBanner';
import { Header } from './Header';
import { RouteTitle, SkipLink } from './RouteTitle';
import { LogoMark } from './Logo';
import { isSessionRejected, subscribeSessionRejection } from '../relay/sessionRejection';
import { SessionRejected } from './SessionRejected';
import { LoadingState } from './Spinner';

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-brand-500" aria-hidden="true" />;
}

export function AppShell({ children }: { children?: ReactNode }) {
  // Once the server has refused the session, no screen can load: every route shows the way back in.
  const rejected = useSyncExternalStore(subscribeSessionRejection, isSessionRejected);
  return (
    <div className="flex min-h-screen flex-col">
      <RouteTitle />
      <SkipLink />
      <NavigationProgress />
      <Header />
      <GuestBanner />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {rejected ? <SessionRejected /> : <Suspense fallback={<LoadingState />}>{children ?? <Outlet />}</Suspense>}
      </main>
      <Footer />
    </div>
  );
}

/** Protected screens: a spinner while the session loads, /login for signed-out visitors (spec §2, §6). */
export function ProtectedLayout() {
  const auth = useAuth();
  if (auth.status === 'loading') return <LoadingState label="Checking your session…" fullPage />;
  if (auth.status === 'signedOut') return <Navigate to="/login" replace />;
  return <AppShell />;
}

export function AuthLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <RouteTitle />
      <SkipLink />
      <NavigationProgress />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col items-center justify-center px-4 py-12 focus:outline-none sm:px-6">
        <div className="w-full max-w-md">
          <div className="mb-8 flex flex-col items-center text-center">
            <LogoMark className="h-12 w-12" />
            <p className="mt-3 text-sm font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">Aerisk</p>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-200/50 sm:p-8 dark:border-slate-800 dark:bg-slate-900 dark:shadow-none">
            <Outlet />
          </div>
        </div>
      </main>
      <Footer />
    </div>
  );
}

/** Title block at the top of a screen. */
export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 border-b border-slate-200 pb-6 sm:flex-row sm:items-end sm:justify-between dark:border-slate-800">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
        {description && <p className="mt-2 max-w-2xl text-sm text-slate-600 dark:text-slate-400">{description}</p>}
      </div>
      {actions && <div className="flex gap-3">{actions}</div>}
    </div>
  );
}

export function PageContainer({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">{children}</div>;
}
