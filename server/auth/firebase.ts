// Verifies Firebase ID tokens with firebase-admin. Kept thin on purpose: outside the emulator,
// verification fetches Google's signing keys, which tests here cannot reach.
import { randomUUID } from 'node:crypto';
import { applicationDefault, deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';
import type { FirebaseConfig } from '../config.js';
import { UnauthenticatedError } from '../domain/errors.js';

/** Who a verified token says the caller is. */
export interface Identity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
  /** Firebase's provider id for this sign-in: `password`, `google.com`, … */
  signInProvider: string | null;
  /** An anonymous (guest) sign-in: Firebase's `anonymous` provider. */
  isAnonymous: boolean;
}

export interface TokenVerifier {
  /** Resolves the identity, or rejects with UnauthenticatedError for a token that must not pass. */
  verify(idToken: string): Promise<Identity>;
  close(): Promise<void>;
}

const refusals: Record<string, string> = {
  'auth/id-token-expired': 'Your session has expired. Please sign in again.',
  'auth/id-token-revoked': 'Your session was revoked. Please sign in again.',
  'auth/user-disabled': 'This account has been disabled.',
  'auth/user-not-found': 'This account no longer exists.',
  'auth/argument-error': 'Invalid authentication token. Please sign in again.',
  'auth/invalid-id-token': 'Invalid authentication token. Please sign in again.',
};

function toIdentity(token: DecodedIdToken): Identity {
  return {
    uid: token.uid,
    email: token.email ?? null,
    emailVerified: token.email_verified ?? false,
    name: typeof token.name === 'string' ? token.name : null,
    picture: token.picture ?? null,
    signInProvider: token.firebase?.sign_in_provider ?? null,
    isAnonymous: token.firebase?.sign_in_provider === 'anonymous',
  };
}

export function createFirebaseVerifier(config: FirebaseConfig): TokenVerifier {
  if (config.emulatorHost) {
    // firebase-admin reads this variable on every call rather than taking it as an option.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = config.emulatorHost;
  } else if (process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error('FIREBASE_AUTH_EMULATOR_HOST is set, but the configuration names a real Firebase project.');
  }
  // A named app per verifier, so several apps (tests) can live in one process.
  const app = initializeApp(
    {
      projectId: config.projectId,
      // The revocation check reads the user record, which needs credentials for a real project
      // (GOOGLE_APPLICATION_CREDENTIALS); the emulator needs none.
      ...(config.mode === 'project' ? { credential: applicationDefault() } : {}),
    },
    `aerisk-${randomUUID()}`,
  );
  const auth = getAuth(app);
  return {
    async verify(idToken) {
      try {
        // `true`: also refuse tokens of users who signed out everywhere or were disabled.
        return toIdentity(await auth.verifyIdToken(idToken, true));
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        const message = typeof code === 'string' ? refusals[code] : undefined;
        if (message) throw new UnauthenticatedError(message);
        throw error;
      }
    },
    close: () => deleteApp(app),
  };
}
