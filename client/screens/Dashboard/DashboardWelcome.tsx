import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import type { DashboardWelcome_user$key } from '../../__generated__/DashboardWelcome_user.graphql';
import { buttonClasses } from '../../components/forms';
import { PageHeader } from '../../components/layouts';

export function DashboardWelcome({ user }: { user: DashboardWelcome_user$key }) {
  const { email, displayName, provider } = useFragment(
    graphql`
      fragment DashboardWelcome_user on User {
        email
        displayName
        provider
      }
    `,
    user,
  );
  // A guest session (anonymous sign-in) has neither a name nor an email to greet or show.
  const guest = provider === 'anonymous';
  return (
    <div className="space-y-8">
      <PageHeader title="Dashboard" description={<>Welcome, {guest ? 'guest' : (email ?? displayName ?? 'there')}!</>} />
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center dark:border-slate-700 dark:bg-slate-900">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Your workspace</h2>
        <p className="mx-auto mt-2 max-w-md text-sm text-slate-600 dark:text-slate-400">
          {guest ? (
            <>You are using Aerisk as a guest. </>
          ) : (
            email && (
              <>
                Signed in as <span className="font-medium text-slate-900 dark:text-white">{email}</span>.{' '}
              </>
            )
          )}
          Analyse a property to start building your portfolio overview.
        </p>
        <Link to="/map-analysis" className={buttonClasses('primary', 'mt-6')}>
          Analyse a property
        </Link>
      </div>
    </div>
  );
}
