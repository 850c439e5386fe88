// Every route of spec §2. Protected screens wait for the session and send signed-out visitors to /login;
// each screen with server data starts its one query in its loader, before it renders. Screens are loaded
// with their route, and Relay with the first screen that needs it, so /login ships neither.
import type { ComponentType } from 'react';
import { redirect, type LoaderFunction, type RouteObject } from 'react-router';
import { currentUser } from './auth/session';
import { AppShell, AuthLayout, ProtectedLayout } from './components/layouts';
import { RouteError } from './components/RouteError';
import { LoadingState } from './components/Spinner';

/** Runs `load` only for a signed-in user; React Router loaders run in parallel, so each one checks. */
function signedIn(load: LoaderFunction = () => null): LoaderFunction {
  return async (args) => {
    if (!(await currentUser())) throw redirect('/login');
    return load(args);
  };
}

/** A screen module: its component, and the loader that starts its one query (screens with server data). */
type ScreenModule = { default: ComponentType; loader?: LoaderFunction };

/**
 * A screen loaded with its route (code splitting: the first page downloads only its own screen). Its
 * loader, when it has one, runs only for a signed-in user.
 */
function screen(load: () => Promise<ScreenModule>): RouteObject['lazy'] {
  return async () => {
    const module = await load();
    return { Component: module.default, ...(module.loader ? { loader: signedIn(module.loader) } : {}) };
  };
}

/**
 * The sign-in screens have nothing to offer a signed-in user, except to a guest: creating an account links it
 * to the guest's own user, and signing in to an existing one (with a reset password if need be) moves the
 * guest's results into it, so either way they stay.
 */
const GUEST_AUTH_PATHS = new Set(['/signup', '/login', '/forgot-password']);
const signedOut: LoaderFunction = async ({ request }) => {
  const user = await currentUser();
  if (!user) return null;
  if (user.isAnonymous && GUEST_AUTH_PATHS.has(new URL(request.url).pathname)) return null;
  throw redirect('/');
};

export const routes: RouteObject[] = [
  {
    path: '/',
    HydrateFallback: () => <LoadingState label="Loading Aerisk…" fullPage />,
    errorElement: (
      <AppShell>
        <RouteError />
      </AppShell>
    ),
    children: [
      {
        element: <AuthLayout />,
        loader: signedOut,
        children: [
          { path: 'login', lazy: screen(() => import('./screens/Login/LoginScreen')), handle: { title: 'Sign in' } },
          { path: 'signup', lazy: screen(() => import('./screens/Signup/SignupScreen')), handle: { title: 'Create account' } },
          {
            path: 'forgot-password',
            lazy: screen(() => import('./screens/ForgotPassword/ForgotPasswordScreen')),
            handle: { title: 'Reset password' },
          },
        ],
      },
      {
        element: <AppShell />,
        children: [
          {
            path: 'privacy-policy',
            lazy: screen(() => import('./screens/PrivacyPolicy/PrivacyPolicyScreen')),
            handle: { title: 'Privacy Policy' },
          },
          {
            path: 'terms-of-service',
            lazy: screen(() => import('./screens/TermsOfService/TermsOfServiceScreen')),
            handle: { title: 'Terms of Service' },
          },
        ],
      },
      {
        element: <ProtectedLayout />,
        loader: signedIn(),
        children: [
          {
            // Errors of one screen render inside the app shell, keeping the header and footer usable.
            errorElement: <RouteError />,
            // Relay comes with the screens that have server data.
            lazy: async () => ({ Component: (await import('./relay/RelayProvider')).RelayOutlet }),
            children: [
              { index: true, lazy: screen(() => import('./screens/Home/HomeScreen')), handle: { title: 'Home' } },
              { path: 'dashboard', lazy: screen(() => import('./screens/Dashboard/DashboardScreen')), handle: { title: 'Dashboard' } },
              { path: 'profile', lazy: screen(() => import('./screens/Profile/ProfileScreen')), handle: { title: 'Your Profile' } },
              {
                path: 'map-analysis',
                lazy: screen(() => import('./screens/MapAnalysis/MapAnalysisScreen')),
                handle: { title: 'Property Analysis' },
              },
              {
                path: 'aerial-risk',
                lazy: screen(() => import('./screens/AerialRisk/AerialRiskScreen')),
                handle: { title: 'Aerial Image Analysis' },
              },
              {
                path: 'aerial-risk/history',
                lazy: screen(() => import('./screens/AnalysisHistory/AnalysisHistoryScreen')),
                handle: { title: 'Analysis History' },
              },
              {
                path: 'analysis-results/:analysisId',
                lazy: screen(() => import('./screens/AnalysisResults/AnalysisResultsScreen')),
                handle: { title: 'Analysis Results' },
              },
              { path: 'batches', lazy: screen(() => import('./screens/Batches/BatchesScreen')), handle: { title: 'Portfolio batches' } },
              { path: 'batches/:batchId', lazy: screen(() => import('./screens/Batches/BatchScreen')), handle: { title: 'Batch' } },
              // Without an id the results screen says so (spec §8 'Analysis ID is missing').
              {
                path: 'analysis-results',
                lazy: screen(() => import('./screens/AnalysisResults/AnalysisResultsScreen')),
                handle: { title: 'Analysis Results' },
              },
            ],
          },
        ],
      },
      {
        element: <AppShell />,
        children: [{ path: '*', lazy: screen(() => import('./screens/NotFound/NotFoundScreen')), handle: { title: 'Page not found' } }],
      },
    ],
  },
];
