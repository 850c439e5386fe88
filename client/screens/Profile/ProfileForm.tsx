import { useState, type FormEvent } from 'react';
import { FormError, updateProfile } from '../../auth/actions';
import { authErrorMessage } from '../../auth/errors';
import { Alert } from '../../components/Alert';
import { Button, EmailField, PasswordField } from '../../components/forms';

type Message = { tone: 'success' | 'error' | 'info'; text: string };

export function ProfileForm({ currentEmail }: { currentEmail: string }) {
  const [email, setEmail] = useState(currentEmail);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [messages, setMessages] = useState<Message[]>([]);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessages([]);
    setBusy(true);
    try {
      const result = await updateProfile({ email, password, confirmPassword });
      const next: Message[] = [{ tone: 'success', text: 'Profile updated successfully' }];
      if (result.emailVerificationSentTo) {
        next.push({
          tone: 'info',
          text: `We sent a verification link to ${result.emailVerificationSentTo}. Your email address changes once you open it.`,
        });
      }
      setMessages(next);
      setPassword('');
      setConfirmPassword('');
    } catch (cause) {
      const text = cause instanceof FormError ? cause.message : authErrorMessage(cause, 'Failed to update profile');
      setMessages([{ tone: 'error', text }]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="profile-form-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="profile-form-title" className="font-semibold text-slate-900 dark:text-white">
        Sign-in details
      </h2>
      <form className="mt-5 space-y-5" onSubmit={onSubmit}>
        <EmailField hint="Changing it sends a verification link to the new address." value={email} onChange={setEmail} />
        <div className="grid gap-5 sm:grid-cols-2">
          <PasswordField
            label="New password"
            name="new-password"
            autoComplete="new-password"
            hint="Leave blank to keep your current password."
            value={password}
            onChange={setPassword}
          />
          <PasswordField
            label="Confirm new password"
            name="confirm-password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={setConfirmPassword}
          />
        </div>
        {messages.map((message) => (
          <Alert key={message.text} tone={message.tone}>
            {message.text}
          </Alert>
        ))}
        <div className="flex justify-end">
          <Button type="submit" busy={busy}>
            Update profile
          </Button>
        </div>
      </form>
    </section>
  );
}
