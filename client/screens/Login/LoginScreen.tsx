import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { signInWithEmail } from '../../auth/actions';
import { authErrorMessage } from '../../auth/errors';
import { useAuth } from '../../auth/useAuth';
import { AUTH_LINK_CLASS as linkClass, useSignInFlow } from '../../auth/useSignInFlow';
import { Alert } from '../../components/Alert';
import { AuthHeading } from '../../components/AuthHeading';
import { Button, EmailField, PasswordField } from '../../components/forms';
import { OtherSignIns } from '../../components/OtherSignIns';

export default function LoginScreen() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { error, busy, run, signInGoogle, signInGuest } = useSignInFlow();
  // A guest signing in to the account it already has brings what it analysed along.
  const auth = useAuth();
  const guest = auth.status === 'signedIn' && auth.user.isAnonymous;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await run(
      'email',
      () => signInWithEmail(email, password),
      (cause) => authErrorMessage(cause, 'Failed to login'),
    );
  }

  return (
    <div className="space-y-6">
      <AuthHeading title="Sign in to your account">
        {guest ? (
          <>
            Everything you analysed as a guest moves into your account and is kept.{' '}
            <Link to="/" className={linkClass}>
              Back to Aerisk
            </Link>
          </>
        ) : (
          <>
            New to Aerisk?{' '}
            <Link to="/signup" className={linkClass}>
              Create an account
            </Link>
          </>
        )}
      </AuthHeading>
      {error && <Alert tone="error">{error}</Alert>}
      <form className="space-y-4" onSubmit={onSubmit}>
        <EmailField value={email} onChange={setEmail} />
        <PasswordField label="Password" name="password" autoComplete="current-password" required value={password} onChange={setPassword} />
        <div className="flex justify-end text-sm">
          <Link to="/forgot-password" className={linkClass}>
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" className="w-full" busy={busy === 'email'} disabled={busy !== null}>
          Sign in
        </Button>
      </form>
      <OtherSignIns
        googleLabel="Sign in with Google"
        onGoogle={() => void signInGoogle()}
        onGuest={guest ? undefined : () => void signInGuest()}
        busy={busy}
      />
    </div>
  );
}
