import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { ProfileAccountCard_user$key } from '../../__generated__/ProfileAccountCard_user.graphql';
import { FormError, sendVerificationLink } from '../../auth/actions';
import { authErrorMessage } from '../../auth/errors';
import { Alert } from '../../components/Alert';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/forms';

/** "Not verified" comes with a way to verify: a link sent to the address, opened, then a new sign-in. */
function VerifyEmail() {
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<{ tone: 'sent' | 'error'; text: string } | null>(null);
  const send = () => {
    setSending(true);
    setMessage(null);
    sendVerificationLink()
      .then((email) => setMessage({ tone: 'sent', text: `We sent a verification link to ${email}. Open it, then sign in again.` }))
      .catch((cause: unknown) =>
        setMessage({
          tone: 'error',
          text:
            cause instanceof FormError ? cause.message : authErrorMessage(cause, 'Failed to send the verification link. Please try again.'),
        }),
      )
      .finally(() => setSending(false));
  };
  return (
    <div className="mt-2 space-y-1">
      {message?.tone !== 'sent' && (
        <Button type="button" variant="secondary" busy={sending} onClick={send}>
          Send verification link
        </Button>
      )}
      {message && <Alert tone={message.tone === 'error' ? 'error' : 'success'}>{message.text}</Alert>}
    </div>
  );
}

const providerNames: Record<string, string> = {
  password: 'Email and password',
  email: 'Email and password',
  google: 'Google account',
  'google.com': 'Google account',
  anonymous: 'Guest session (no account)',
};

export function ProfileAccountCard({ user }: { user: ProfileAccountCard_user$key }) {
  const account = useFragment(
    graphql`
      fragment ProfileAccountCard_user on User {
        displayName
        email
        emailVerified
        photoUrl
        provider
        analysedCount
      }
    `,
    user,
  );
  // A guest session has no email to show or verify.
  const guest = account.provider === 'anonymous';
  return (
    <section
      aria-label="Account"
      className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6 sm:flex-row sm:items-center dark:border-slate-800 dark:bg-slate-900"
    >
      <Avatar photoUrl={account.photoUrl} displayName={account.displayName ?? (guest ? 'Guest' : null)} email={account.email} size="lg" />
      <div className="min-w-0 flex-1">
        {account.displayName && <p className="truncate text-lg font-semibold text-slate-900 dark:text-white">{account.displayName}</p>}
        {guest ? (
          <p className="text-slate-600 dark:text-slate-300">Guest session: your results last only for this session.</p>
        ) : (
          <p className="flex flex-wrap items-center gap-2 truncate text-slate-600 dark:text-slate-300">
            {account.email}
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                account.emailVerified
                  ? 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-300'
                  : 'bg-amber-50 text-amber-700 dark:bg-amber-950/60 dark:text-amber-300'
              }`}
            >
              {account.emailVerified ? 'Verified' : 'Not verified'}
            </span>
          </p>
        )}
        {!guest && !account.emailVerified && account.email && <VerifyEmail />}
      </div>
      <dl className="grid grid-cols-2 gap-6 text-sm sm:text-right">
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Signs in with</dt>
          <dd className="mt-1 font-medium text-slate-900 dark:text-white">{providerNames[account.provider] ?? account.provider}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Analyses</dt>
          <dd className="mt-1 font-medium text-slate-900 tabular-nums dark:text-white">{account.analysedCount}</dd>
        </div>
      </dl>
    </section>
  );
}
