import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import type { ProfileScreenQuery as ProfileScreenQueryType } from '../../__generated__/ProfileScreenQuery.graphql';
import { useAuth } from '../../auth/useAuth';
import { Alert } from '../../components/Alert';
import { CreateAccountCard } from '../../components/CreateAccountCard';
import { Button } from '../../components/forms';
import { PageContainer, PageHeader } from '../../components/layouts';
import { useSignOut } from '../../components/useSignOut';
import { preloadQuery } from '../../relay/preload';
import { API_KEYS_SHOWN, ApiKeysSection } from './ApiKeysSection';
import { ProfileAccountCard } from './ProfileAccountCard';
import { ProfileForm } from './ProfileForm';

const ProfileScreenQuery = graphql`
  query ProfileScreenQuery($apiKeyCount: Int!) {
    viewer {
      ...ProfileAccountCard_user
      ...ApiKeysSection_user @arguments(count: $apiKeyCount)
    }
  }
`;

export function loader() {
  // A variable, not a literal: graphql-armor's cost limit multiplies a literal `first` into the cost.
  return preloadQuery<ProfileScreenQueryType>(ProfileScreenQuery, { apiKeyCount: API_KEYS_SHOWN });
}

export default function ProfileScreen() {
  const queryRef = useLoaderData() as PreloadedQuery<ProfileScreenQueryType>;
  const { viewer } = usePreloadedQuery<ProfileScreenQueryType>(ProfileScreenQuery, queryRef);
  const auth = useAuth();
  const { signOut, error: signOutError, busy: signingOut } = useSignOut();
  // A guest has no email or password to change: what it can do is create the account that keeps its results.
  const guest = auth.status === 'signedIn' && auth.user.isAnonymous;

  return (
    <PageContainer>
      <div className="mx-auto max-w-3xl space-y-8">
        <PageHeader
          title="Your Profile"
          description={guest ? 'You are using Aerisk as a guest.' : 'Manage your sign-in email and password.'}
        />
        {viewer && <ProfileAccountCard user={viewer} />}
        {guest ? (
          <CreateAccountCard
            title="Keep your results"
            text="Create an account with an email and password, or Google: everything you analysed as a guest moves into it."
          />
        ) : (
          auth.status === 'signedIn' && <ProfileForm key={auth.user.uid} currentEmail={auth.user.email ?? ''} />
        )}
        {viewer && auth.status === 'signedIn' && !auth.user.isAnonymous && <ApiKeysSection user={viewer} />}
        <section
          aria-labelledby="profile-signout"
          className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800 dark:bg-slate-900"
        >
          <div>
            <h2 id="profile-signout" className="font-semibold text-slate-900 dark:text-white">
              Sign out
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {guest
                ? 'Signing out ends the guest session and deletes its analyses, images and risk zones.'
                : 'End your session on this device.'}
            </p>
          </div>
          <Button variant="danger" busy={signingOut} onClick={() => void signOut()}>
            Log out
          </Button>
        </section>
        {signOutError && <Alert tone="error">{signOutError}</Alert>}
      </div>
    </PageContainer>
  );
}
