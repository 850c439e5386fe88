import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { sendPasswordReset } from '../../auth/actions';
import { authErrorMessage } from '../../auth/errors';
import { AUTH_LINK_CLASS } from '../../auth/useSignInFlow';
import { Alert } from '../../components/Alert';
import { AuthHeading } from '../../components/AuthHeading';
import { Button, EmailField } from '../../components/forms';

export default function ForgotPasswordScreen() {
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    setBusy(true);
    try {
      await sendPasswordReset(email);
      setResult({ tone: 'success', message: 'Password reset email sent. Check your inbox.' });
    } catch (cause) {
      setResult({ tone: 'error', message: authErrorMessage(cause, 'Failed to send password reset email.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-6">
      <AuthHeading title="Reset your password">
        Enter the email address of your account and we will send you a link to choose a new password.
      </AuthHeading>
      {result && <Alert tone={result.tone}>{result.message}</Alert>}
      <form className="space-y-4" onSubmit={onSubmit}>
        <EmailField value={email} onChange={setEmail} />
        <Button type="submit" className="w-full" busy={busy}>
          Send Reset Link
        </Button>
      </form>
      <p className="text-center text-sm">
        <Link to="/login" className={AUTH_LINK_CLASS}>
          Back to sign in
        </Link>
      </p>
    </div>
  );
}
