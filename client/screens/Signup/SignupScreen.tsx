import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { DEFAULT_MIN_PASSWORD_LENGTH } from '../../../common/constants';
import { loadPasswordRules } from '../../auth/passwordPolicy';
import { initAuth } from '../../auth/session';
import { FormError, signUpWithEmail } from '../../auth/actions';
import { authErrorMessage } from '../../auth/errors';
import { AUTH_LINK_CLASS as linkClass, useSignInFlow } from '../../auth/useSignInFlow';
import { Alert } from '../../components/Alert';
import { AuthHeading } from '../../components/AuthHeading';
import { useAuth } from '../../auth/useAuth';
import { Button, EmailField, PasswordField } from '../../components/forms';
import { OtherSignIns } from '../../components/OtherSignIns';

export default function SignupScreen() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { error, setError, busy, run, signInGoogle, signInGuest } = useSignInFlow();
  // A guest creating its account links the credential to its own user: its results stay.
  const auth = useAuth();
  const guest = auth.status === 'signedIn' && auth.user.isAnonymous;
  // The hint states the provider's minimum when its password policy is enforced (spec §5), else the default.
  const [minLength, setMinLength] = useState(DEFAULT_MIN_PASSWORD_LENGTH);
  useEffect(() => {
    let live = true;
    void initAuth()
      .then(loadPasswordRules)
      .then((rules) => live && setMinLength(rules.minLength));
    return () => {
      live = false;
    };
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== confirmPassword) {
      setError('Passwords do not match');
      return;
    }
    await run(
      'email',
      () => signUpWithEmail(email, password),
      (cause) => (cause instanceof FormError ? cause.message : authErrorMessage(cause, 'Failed to create account')),
    );
  }

  return (
    <div className="space-y-6">
      <AuthHeading title="Create your account">
        {guest ? (
          <>
            Everything you analysed as a guest moves into the new account and is kept. Already have an account?{' '}
            <Link to="/login" className={linkClass}>
              Sign in
            </Link>{' '}
            and it moves there.
          </>
        ) : (
          <>
            Already have an account?{' '}
            <Link to="/login" className={linkClass}>
              Sign in
            </Link>
          </>
        )}
      </AuthHeading>
      {error && <Alert tone="error">{error}</Alert>}
      <form className="space-y-4" onSubmit={onSubmit}>
        <EmailField value={email} onChange={setEmail} />
        <PasswordField
          label="Password"
          name="new-password"
          autoComplete="new-password"
          required
          hint={`At least ${minLength} characters.`}
          value={password}
          onChange={setPassword}
        />
        <PasswordField
          label="Confirm password"
          name="confirm-password"
          autoComplete="new-password"
          required
          value={confirmPassword}
          onChange={setConfirmPassword}
        />
        <Button type="submit" className="w-full" busy={busy === 'email'} disabled={busy !== null}>
          Create account
        </Button>
      </form>
      <OtherSignIns
        googleLabel="Sign up with Google"
        onGoogle={() => void signInGoogle()}
        onGuest={guest ? undefined : () => void signInGuest()}
        busy={busy}
      />
      <p className="text-center text-xs text-slate-500 dark:text-slate-400">
        By creating an account you agree to the{' '}
        <Link to="/terms-of-service" className={linkClass}>
          Terms of Service
        </Link>{' '}
        and the{' '}
        <Link to="/privacy-policy" className={linkClass}>
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}
