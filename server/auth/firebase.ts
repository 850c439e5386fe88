// Verifies Firebase ID tokens with firebase-admin. Kept thin on purpose: outside the emulator,
// verification fetches Google's signing keys, which tests here cannot reach.
//
// The revocation check (`verifyIdToken(token, true)`) reads the account at the identity provider, a
// round trip (and quota) per request; so a verified answer is reused for the same token for
// FirebaseConfig.tokenCacheMs (TOKEN_CACHE_MS, 30 s by default, never past the token's own expiry): a
// revoked or disabled account is refused at most that long after the change. A provider hiccup (a
// reset connection, a 5xx) is retried before the request is answered 503 with Retry-After.
import { createHash, randomUUID } from 'node:crypto';
import { applicationDefault, deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';
import type { FirebaseConfig } from '../config';
import { UnauthenticatedError, UnavailableError } from '../domain/errors';

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
  /**
   * Resolves the identity, or rejects with UnauthenticatedError for a token that must not pass, or with
   * UnavailableError when the identity provider did not answer.
   */
  verify(idToken: string): Promise<Identity>;
  /** Drops the cached answers for the account `uid` (deleted or signed out by this server). */
  forgetUser(uid: string): void;
  close(): Promise<void>;
}

/** Provider errors worth another try: the network or the provider failing, not the token. */
const TRANSIENT_CODES = new Set(['app/network-error', 'app/network-timeout', 'app/internal-error', 'auth/internal-error']);
// firebase-admin itself retries ECONNRESET/ETIMEDOUT and 503s with backoff (about 7 s in all); one more
// attempt here also covers what it does not retry (EPIPE, other 5xx), without multiplying a long outage.
const RETRY_DELAYS_MS = [200];
/** The most verified tokens kept; the oldest go first. */
const CACHE_ENTRIES = 10_000;
export const PROVIDER_UNAVAILABLE_MESSAGE = 'The sign-in service is not answering. Try again in a moment.';

function isTransient(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  // No Firebase code at all: a socket error (ECONNRESET, EPIPE) from below firebase-admin.
  return typeof code !== 'string' || TRANSIENT_CODES.has(code) || !code.includes('/');
}

/** Verified answers by token digest, each until its own deadline. */
export class TokenCache {
  private readonly entries = new Map<string, { identity: Identity; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private key(token: string): string {
    return createHash('sha256').update(token).digest('base64url');
  }

  get(token: string): Identity | null {
    if (this.ttlMs <= 0) return null;
    const key = this.key(token);
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.until > this.now()) return entry.identity;
    this.entries.delete(key);
    return null;
  }

  set(token: string, identity: Identity, tokenExpiresAt: number): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= CACHE_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(this.key(token), { identity, until: Math.min(this.now() + this.ttlMs, tokenExpiresAt) });
  }

  forgetUser(uid: string): void {
    for (const [key, entry] of this.entries) if (entry.identity.uid === uid) this.entries.delete(key);
  }
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
  const cache = new TokenCache(config.tokenCacheMs);
  return {
    async verify(idToken) {
      const cached = cache.get(idToken);
      if (cached) return cached;
      for (let attempt = 0; ; attempt++) {
        try {
          // `true`: also refuse tokens of users who signed out everywhere or were disabled.
          const decoded = await auth.verifyIdToken(idToken, true);
          const identity = toIdentity(decoded);
          cache.set(idToken, identity, decoded.exp * 1000);
          return identity;
        } catch (error) {
          const code = (error as { code?: unknown }).code;
          const message = typeof code === 'string' ? refusals[code] : undefined;
          if (message) throw new UnauthenticatedError(message);
          if (!isTransient(error)) throw error;
          const delay = RETRY_DELAYS_MS[attempt];
          if (delay === undefined) {
            console.warn(
              `[auth] the identity provider did not answer after ${attempt + 1} attempts: ${String((error as Error).message ?? error)}`,
            );
            throw new UnavailableError(PROVIDER_UNAVAILABLE_MESSAGE, 5);
          }
          await new Promise((resolve) => setTimeout(resolve, delay));
        }
      }
    },
    forgetUser: (uid) => cache.forgetUser(uid),
    close: () => deleteApp(app),
  };
}
