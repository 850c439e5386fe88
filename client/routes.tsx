// Every route of spec §2. Protected screens wait for the session and send signed-out visitors to /login;
// each screen with server data starts its one query in its loader, before it renders.
import { redirect, type LoaderFunction, type RouteObject } from 'react-router';
import { currentUser } from './auth/session';
import { AppShell, AuthLayout, ProtectedLayout } from './components/layouts';
import { RouteError } from './components/RouteError';
import { LoadingState } from './components/Spinner';
import AerialRiskScreen, { loader as aerialRiskLoader } from './screens/AerialRisk/AerialRiskScreen';
import AnalysisHistoryScreen, { loader as analysisHistoryLoader } from './screens/AnalysisHistory/AnalysisHistoryScreen';
import AnalysisResultsScreen, { loader as analysisResultsLoader } from './screens/AnalysisResults/AnalysisResultsScreen';
import DashboardScreen, { loader as dashboardLoader } from './screens/Dashboard/DashboardScreen';
import ForgotPasswordScreen from './screens/ForgotPassword/ForgotPasswordScreen';
import HomeScreen, { loader as homeLoader } from './screens/Home/HomeScreen';
import LoginScreen from './screens/Login/LoginScreen';
import MapAnalysisScreen from './screens/MapAnalysis/MapAnalysisScreen';
import NotFoundScreen from './screens/NotFound/NotFoundScreen';
import PrivacyPolicyScreen from './screens/PrivacyPolicy/PrivacyPolicyScreen';
import ProfileScreen, { loader as profileLoader } from './screens/Profile/ProfileScreen';
import SignupScreen from './screens/Signup/SignupScreen';
import TermsOfServiceScreen from './screens/TermsOfService/TermsOfServiceScreen';

/** Runs `load` only for a signed-in user; React Router loaders run in parallel, so each one checks. */
function signedIn(load: LoaderFunction = () => null): LoaderFunction {
  return async (args) => {
    if (!(await currentUser())) throw redirect('/login');
    return load(args);
  };
}

/**
 * The sign-in screens have nothing to offer a signed-in user, except /signup to a guest: creating an
 * account there links it to the guest's own user, so its results stay.
 */
const signedOut: LoaderFunction = async ({ request }) => {
  const user = await currentUser();
  if (!user) return null;
  if (user.isAnonymous && new URL(request.url).pathname === '/signup') return null;
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
          { path: 'login', Component: LoginScreen, handle: { title: 'Sign in' } },
          { path: 'signup', Component: SignupScreen, handle: { title: 'Create account' } },
          { path: 'forgot-password', Component: ForgotPasswordScreen, handle: { title: 'Reset password' } },
        ],
      },
      {
        element: <AppShell />,
        children: [
          { path: 'privacy-policy', Component: PrivacyPolicyScreen, handle: { title: 'Privacy Policy' } },
          { path: 'terms-of-service', Component: TermsOfServiceScreen, handle: { title: 'Terms of Service' } },
        ],
      },
      {
        element: <ProtectedLayout />,
        loader: signedIn(),
        children: [
          {
            // Errors of one screen render inside the app shell, keeping the header and footer usable.
            errorElement: <RouteError />,
            children: [
              { index: true, loader: signedIn(homeLoader), Component: HomeScreen, handle: { title: 'Home' } },
              { path: 'dashboard', loader: signedIn(dashboardLoader), Component: DashboardScreen, handle: { title: 'Dashboard' } },
              { path: 'profile', loader: signedIn(profileLoader), Component: ProfileScreen, handle: { title: 'Your Profile' } },
              { path: 'map-analysis', Component: MapAnalysisScreen, handle: { title: 'Property Analysis' } },
              { path: 'aerial-risk', loader: signedIn(aerialRiskLoader), Component: AerialRiskScreen, handle: { title: 'Aerial Image Analysis' } },
              { path: 'aerial-risk/history', loader: signedIn(analysisHistoryLoader), Component: AnalysisHistoryScreen, handle: { title: 'Analysis History' } },
              { path: 'analysis-results/:analysisId', loader: signedIn(analysisResultsLoader), Component: AnalysisResultsScreen, handle: { title: 'Analysis Results' } },
              // Without an id the results screen says so (spec §8 'Analysis ID is missing').
              { path: 'analysis-results', loader: signedIn(analysisResultsLoader), Component: AnalysisResultsScreen, handle: { title: 'Analysis Results' } },
            ],
          },
        ],
      },
      {
        element: <AppShell />,
        children: [{ path: '*', Component: NotFoundScreen, handle: { title: 'Page not found' } }],
      },
    ],
  },
];
