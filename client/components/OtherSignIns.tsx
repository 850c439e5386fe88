// What the sign-in and sign-up screens offer below their form: Google, and "Continue as guest" (an
// anonymous sign-in whose results last only for the session, spec §1).
import type { SignInMethod } from '../auth/useSignInFlow';
import { Button, Divider } from './forms';
import { GoogleSignInButton } from './GoogleSignInButton';

type Props = {
  googleLabel: string;
  onGoogle: () => void;
  /** Absent: no guest action (a guest creating its account is already one). */
  onGuest?: () => void;
  busy: SignInMethod | null;
};

export function OtherSignIns({ googleLabel, onGoogle, onGuest, busy }: Props) {
  return (
    <>
      <Divider>or</Divider>
      <div className="space-y-3">
        <GoogleSignInButton label={googleLabel} onClick={onGoogle} disabled={busy !== null} />
        {onGuest && (
          <>
            <Button variant="secondary" type="button" className="w-full" busy={busy === 'guest'} disabled={busy !== null} onClick={onGuest}>
              Continue as guest
            </Button>
            <p className="text-center text-xs text-slate-500 dark:text-slate-400">As a guest, your results last only for this session.</p>
          </>
        )}
      </div>
    </>
  );
}
