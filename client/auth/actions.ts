// What the auth screens ask Firebase to do. Each throws Firebase's own error; the screens turn it into a
// sentence with authErrorMessage() and their spec §8 fallback.
import {
  createUserWithEmailAndPassword,
  signInWithCredential,
  EmailAuthProvider,
  GoogleAuthProvider,
  linkWithCredential,
  linkWithPopup,
  signInAnonymously,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updatePassword,
  verifyBeforeUpdateEmail,
  type ActionCodeSettings,
  type User,
} from 'firebase/auth';
import type { FirebaseError } from 'firebase/app';
import { authErrorCode } from './errors';
import { checkPassword } from './passwordPolicy';
import {
  bindGuestTransfer,
  endGuestSession,
  firebaseAuth,
  forgetGuestTransfer,
  rememberGuestForTransfer,
  reloadUser,
  sessionUserChanged,
  transferRememberedGuest,
} from './session';

/** A problem found before calling the provider, shown as is. */
export class FormError extends Error {}

/** The signed-in guest (an anonymous sign-in), whose results last only for the session; else null. */
export function currentGuest(): User | null {
  const user = firebaseAuth().currentUser;
  return user?.isAnonymous ? user : null;
}

/**
 * Signs in to an existing account. From a guest session, what the guest analysed moves into that account
 * (the server moves it, shown the guest's token), so signing in does not lose it.
 */
async function signInCarryingGuest(signIn: () => Promise<User>): Promise<User> {
  const guest = currentGuest();
  if (!guest) return signIn();
  await rememberGuestForTransfer(guest);
  let user: User;
  try {
    user = await signIn();
  } catch (error) {
    forgetGuestTransfer();
    throw error;
  }
  bindGuestTransfer(user.uid);
  await transferRememberedGuest();
  return user;
}

export function signInWithEmail(email: string, password: string): Promise<User> {
  return signInCarryingGuest(async () => (await signInWithEmailAndPassword(firebaseAuth(), email.trim(), password)).user);
}

/** "Continue as guest": the identity provider's anonymous sign-in (the emulator and real projects alike). */
export async function continueAsGuest(): Promise<User> {
  const { user } = await signInAnonymously(firebaseAuth());
  return user;
}

/**
 * A new email/password account. From a guest session the credential is linked to the guest's own user
 * (same uid), so everything analysed as a guest stays, now kept permanently.
 */
export async function signUpWithEmail(email: string, password: string): Promise<User> {
  const problem = await checkPassword(firebaseAuth(), password);
  if (problem) throw new FormError(problem);
  const guest = currentGuest();
  if (guest) {
    const { user } = await linkWithCredential(guest, EmailAuthProvider.credential(email.trim(), password));
    await sessionUserChanged();
    return user;
  }
  const { user } = await createUserWithEmailAndPassword(firebaseAuth(), email.trim(), password);
  return user;
}

const LINKED_ELSEWHERE = new Set(['auth/credential-already-in-use', 'auth/email-already-in-use']);

// Must run straight from the click handler: the popup (500x600, spec §9, the SDK's size) is opened
// before the first await, or the browser's popup blocker refuses it. A guest links Google to its own user.
export async function signInWithGoogle(): Promise<User> {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  const guest = currentGuest();
  if (guest) {
    let linked: User;
    try {
      linked = (await linkWithPopup(guest, provider)).user;
    } catch (error) {
      // That Google account (or its address) already has its own Aerisk account: sign in to it, taking the
      // guest's results along.
      const credential = LINKED_ELSEWHERE.has(authErrorCode(error) ?? '')
        ? GoogleAuthProvider.credentialFromError(error as FirebaseError)
        : null;
      if (!credential) throw error;
      return signInCarryingGuest(async () => (await signInWithCredential(firebaseAuth(), credential)).user);
    }
    await sessionUserChanged();
    return linked;
  }
  const { user } = await signInWithPopup(firebaseAuth(), provider);
  return user;
}

/** Signing out of a guest session first ends it at the server, which deletes its results (spec §1). */
export async function signOutUser(): Promise<void> {
  if (currentGuest()) await endGuestSession();
  return signOut(firebaseAuth());
}

/** Where links in account emails lead back to: the sign-in page of this deployment (spec §7). */
function returnToLogin(): ActionCodeSettings {
  return { url: `${window.location.origin}/login`, handleCodeInApp: false };
}

const CONTINUE_URL_REFUSED = new Set(['auth/unauthorized-continue-uri', 'auth/invalid-continue-uri']);

/**
 * Sends the reset email. An address without an account is answered exactly like one with an account,
 * so the form cannot be used to find out who has one (Firebase's own email enumeration protection does
 * the same for real projects that enable it; the emulator and older projects say EMAIL_NOT_FOUND).
 */
export async function sendPasswordReset(email: string): Promise<void> {
  try {
    try {
      await sendPasswordResetEmail(firebaseAuth(), email.trim(), returnToLogin());
    } catch (error) {
      // A project that has not authorised this domain still sends the email, just without the return link.
      if (!CONTINUE_URL_REFUSED.has(authErrorCode(error) ?? '')) throw error;
      await sendPasswordResetEmail(firebaseAuth(), email.trim());
    }
  } catch (error) {
    if (authErrorCode(error) !== 'auth/user-not-found') throw error;
  }
}

/**
 * Sends the signed-in user a link that verifies their address (the profile shows "Not verified" until it is
 * opened and they sign in again); resolves with the address it went to.
 */
export async function sendVerificationLink(): Promise<string> {
  const user = firebaseAuth().currentUser;
  if (!user?.email) throw new FormError('You are signed out. Sign in again to verify your email.');
  try {
    await sendEmailVerification(user, returnToLogin());
  } catch (error) {
    if (!CONTINUE_URL_REFUSED.has(authErrorCode(error) ?? '')) throw error;
    await sendEmailVerification(user);
  }
  return user.email;
}

export type ProfileChanges = { email: string; password: string; confirmPassword: string };
export type ProfileUpdateResult = { emailVerificationSentTo: string | null; passwordChanged: boolean };

/**
 * Spec §5: a new password must equal its confirmation and a blank one keeps the old; the email changes
 * only when it differs, and only after the new address is verified (verifyBeforeUpdateEmail).
 */
export async function updateProfile(changes: ProfileChanges): Promise<ProfileUpdateResult> {
  const auth = firebaseAuth();
  const user = auth.currentUser;
  if (!user) throw new FormError('You are signed out. Sign in again to change your profile.');
  if (changes.password && changes.password !== changes.confirmPassword) throw new FormError('Passwords do not match');
  const email = changes.email.trim();
  const emailChanges = email !== '' && email.toLowerCase() !== (user.email ?? '').toLowerCase();
  if (changes.password) {
    const problem = await checkPassword(auth, changes.password);
    if (problem) throw new FormError(problem);
  }
  if (emailChanges) await verifyBeforeUpdateEmail(user, email, returnToLogin());
  if (changes.password) await updatePassword(user, changes.password);
  await reloadUser();
  return { emailVerificationSentTo: emailChanges ? email : null, passwordChanged: changes.password !== '' };
}
