// The signed-in session, outside React: Firebase initialisation from the server's configuration, the
// token kept in localStorage with proactive refresh (spec §4), the optional token-sync endpoint, and the
// POST /auth/verify-user call after every sign-in or auth change. Screens read it through useAuth().
import { initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  getAuth,
  onAuthStateChanged,
  onIdTokenChanged,
  type Auth,
  type IdTokenResult,
  type User,
} from 'firebase/auth';
import { TOKEN_SYNC_MAX_AGE_MS } from '../../common/constants';
import { fetchClientConfig, type ClientConfig } from './clientConfig';
import { clearSession, refreshDelay, storeSession, usableStoredToken } from './tokens';

export type AuthState = { status: 'loading'; user: null } | { status: 'signedOut'; user: null } | { status: 'signedIn'; user: User };

/** A failed refresh is retried after this long, until the session ends or the refresh succeeds. */
const REFRESH_RETRY_MS = 30_000;

let auth: Auth | null = null;
let config: ClientConfig | null = null;
let state: AuthState = { status: 'loading', user: null };
const stateListeners = new Set<() => void>();
const userChangeListeners = new Set<(uid: string | null) => void>();
let currentUid: string | null | undefined;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
// undefined until the first sync call, so the first signed-out state also sends its DELETE.
let lastSyncedToken: string | null | undefined;

let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

export async function initAuth(): Promise<Auth> {
  if (auth) return auth;
  config = await fetchClientConfig();
  const instance = getAuth(initializeApp(config.firebase));
  if (config.authEmulatorUrl) connectAuthEmulator(instance, config.authEmulatorUrl, { disableWarnings: true });
  auth = instance;
  onAuthStateChanged(instance, handleAuthState);
  onIdTokenChanged(instance, (user) => void handleIdToken(user));
  return instance;
}

/** Whether this installation signs in against the bundled Auth emulator (no real Firebase project). */
export function usesAuthEmulator(): boolean {
  return Boolean(config?.authEmulatorUrl);
}

/** Whether screens may name server settings that would fix a problem (a development server; never in production). */
export function showsSetupHelp(): boolean {
  return config?.setupHelp === true;
}

export function firebaseAuth(): Auth {
  if (!auth) throw new Error('initAuth() has not finished');
  return auth;
}

export function getAuthState(): AuthState {
  return state;
}

export function subscribeAuthState(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

/** Called with the new uid whenever the signed-in account changes (sign-in, sign-out, another account). */
export function onUserChange(listener: (uid: string | null) => void): () => void {
  userChangeListeners.add(listener);
  return () => userChangeListeners.delete(listener);
}

/** The signed-in user once Firebase has restored (or failed to restore) the persisted session. */
export async function currentUser(): Promise<User | null> {
  await ready;
  return auth?.currentUser ?? null;
}

/**
 * The bearer token for a data call: the stored token while it is outside the expiry margin, otherwise
 * Firebase's current one (which Firebase refreshes itself when it is about to expire).
 */
export async function getAuthToken(): Promise<string | null> {
  const user = await currentUser();
  if (!user) return null;
  return usableStoredToken(localStorage, user.uid, Date.now()) ?? (await user.getIdToken());
}

/** Re-reads the user from Firebase (after a profile change) and tells the screens. */
export async function reloadUser(): Promise<void> {
  const user = auth?.currentUser;
  if (!user) return;
  await user.reload();
  if (auth?.currentUser) setState({ status: 'signedIn', user: auth.currentUser });
}

/**
 * The same user changed kind (a guest linked a credential): the server hears of it (POST
 * /auth/verify-user with the new, no longer anonymous token) and the screens see the new user.
 */
export async function sessionUserChanged(): Promise<void> {
  const user = auth?.currentUser;
  if (!user) return;
  await user.getIdToken(true);
  await verifyUser(user);
  setState({ status: 'signedIn', user });
}

/**
 * DELETE /auth/guest-session: the server deletes the guest's analyses, images, risk zones and anonymous
 * account. A failure is only logged: the sign-out goes on, and the server's sweep removes the rest once
 * the session has been idle past GUEST_SESSION_TTL_HOURS.
 */
export async function endGuestSession(): Promise<void> {
  const user = auth?.currentUser;
  if (!user?.isAnonymous) return;
  try {
    const response = await fetch('/auth/guest-session', {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${await user.getIdToken()}` },
    });
    if (!response.ok) console.warn(`DELETE /auth/guest-session answered ${response.status}`);
  } catch (error) {
    console.warn('DELETE /auth/guest-session failed', error);
  }
}

const GUEST_TRANSFER_KEY = 'aerisk.guestTransfer';

/** What moved from a guest session into the account signed in to. */
export type GuestTransfer = { analyses: number; images: number; riskZones: number };

let transferring: Promise<GuestTransfer | null> | null = null;
let transferNotice: GuestTransfer | null = null;

/** A guest session waiting to move: its token, and once signed in, the account it moves into. */
type PendingTransfer = { guestToken: string; accountUid?: string };

function pendingTransfer(): PendingTransfer | null {
  try {
    const pending = JSON.parse(sessionStorage.getItem(GUEST_TRANSFER_KEY) ?? 'null') as PendingTransfer | null;
    return typeof pending?.guestToken === 'string' ? pending : null;
  } catch {
    return null;
  }
}

/**
 * Before a guest signs in to an account it already has: the identity provider replaces the anonymous user,
 * so its token is kept (in this tab only) to show the server which guest session moves into the account.
 */
export async function rememberGuestForTransfer(guest: User): Promise<void> {
  sessionStorage.setItem(GUEST_TRANSFER_KEY, JSON.stringify({ guestToken: await guest.getIdToken() }));
}

/** The account the guest signed in to: only it receives the guest session, even if the transfer waits. */
export function bindGuestTransfer(accountUid: string): void {
  const pending = pendingTransfer();
  if (pending) sessionStorage.setItem(GUEST_TRANSFER_KEY, JSON.stringify({ ...pending, accountUid }));
}

/** The sign-in did not happen: the guest session goes on as it was. */
export function forgetGuestTransfer(): void {
  sessionStorage.removeItem(GUEST_TRANSFER_KEY);
}

/**
 * POST /auth/guest-session/transfer as the signed-in account, when a guest session is waiting to move into
 * it. The server's answer, or its refusal (a session already moved or ended), settles it; a network failure
 * or a 5xx keeps it for the next sign-in state of this tab, within the guest token's hour.
 */
export function transferRememberedGuest(): Promise<GuestTransfer | null> {
  transferring ??= sendGuestTransfer().finally(() => {
    transferring = null;
  });
  return transferring;
}

async function sendGuestTransfer(): Promise<GuestTransfer | null> {
  const pending = pendingTransfer();
  const user = auth?.currentUser;
  if (!pending || !user || user.isAnonymous) return null;
  // Another account signed in meanwhile: the guest session was meant for the first; it is not handed to this one.
  if (pending.accountUid && pending.accountUid !== user.uid) {
    forgetGuestTransfer();
    return null;
  }
  const { guestToken } = pending;
  let response: Response;
  try {
    response = await fetch('/auth/guest-session/transfer', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await user.getIdToken()}` },
      body: JSON.stringify({ guest_token: guestToken }),
    });
  } catch (error) {
    console.warn('POST /auth/guest-session/transfer failed; trying again later', error);
    return null;
  }
  if (response.status >= 500 || response.status === 429) {
    console.warn(`POST /auth/guest-session/transfer answered ${response.status}; trying again later`);
    return null;
  }
  forgetGuestTransfer();
  if (!response.ok) {
    console.warn(`POST /auth/guest-session/transfer answered ${response.status}`);
    return null;
  }
  const body = (await response.json()) as { analyses: number; images: number; risk_zones: number };
  const moved = { analyses: body.analyses, images: body.images, riskZones: body.risk_zones };
  if (moved.analyses > 0 || moved.riskZones > 0) transferNotice = moved;
  return moved;
}

/** What the last guest transfer moved, once (the home screen says it), else null. */
export function takeGuestTransferNotice(): GuestTransfer | null {
  const notice = transferNotice;
  transferNotice = null;
  return notice;
}

function setState(next: AuthState): void {
  state = next;
  for (const listener of stateListeners) listener();
}

function handleAuthState(user: User | null): void {
  const uid = user?.uid ?? null;
  if (uid !== currentUid) {
    currentUid = uid;
    for (const listener of userChangeListeners) listener(uid);
  }
  if (user) {
    void verifyUser(user);
    // A guest session left waiting by an earlier sign-in of this tab (the server was away) moves now.
    if (!user.isAnonymous && sessionStorage.getItem(GUEST_TRANSFER_KEY)) void transferRememberedGuest();
    setState({ status: 'signedIn', user });
  } else {
    clearTimeout(refreshTimer);
    clearSession(localStorage);
    setState({ status: 'signedOut', user: null });
  }
  markReady();
}

async function handleIdToken(user: User | null): Promise<void> {
  if (!user) {
    clearSession(localStorage);
    await syncToken(null);
    return;
  }
  try {
    const result = await user.getIdTokenResult();
    // The user may have signed out while the token was being read.
    if (auth?.currentUser?.uid !== user.uid) return;
    storeSession(localStorage, { token: result.token, userId: user.uid });
    scheduleRefresh(user, Date.parse(result.expirationTime));
    await syncToken(result);
  } catch (error) {
    console.warn('Could not read the ID token', error);
  }
}

function scheduleRefresh(user: User, expiresAt: number): void {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(
    () => {
      // A successful forced refresh fires onIdTokenChanged, which stores the token and schedules the next one.
      user.getIdToken(true).catch((error: unknown) => {
        console.warn('Token refresh failed; retrying', error);
        if (auth?.currentUser?.uid === user.uid) scheduleRefresh(user, Date.now() + REFRESH_RETRY_MS);
      });
    },
    refreshDelay(expiresAt, Date.now()),
  );
}

export function verifyUserBody(user: Pick<User, 'uid' | 'email' | 'displayName' | 'photoURL' | 'emailVerified' | 'providerData'>) {
  return {
    user_id: user.uid,
    email: user.email,
    display_name: user.displayName,
    photo_url: user.photoURL,
    email_verified: user.emailVerified,
    provider: user.providerData[0]?.providerId ?? 'email',
  };
}

// Failures are only logged (spec §7): the session stays usable even when the backend is briefly away.
async function verifyUser(user: User): Promise<void> {
  try {
    const token = await user.getIdToken();
    const response = await fetch('/auth/verify-user', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(verifyUserBody(user)),
    });
    if (!response.ok) console.warn(`POST /auth/verify-user answered ${response.status}`);
  } catch (error) {
    console.warn('POST /auth/verify-user failed', error);
  }
}

// Same contract as Firebase's own token sync: POST the fresh token with a Bearer header when signed in,
// DELETE when signed out; a token older than the maximum age is skipped since a fresher one follows.
async function syncToken(result: IdTokenResult | null): Promise<void> {
  const url = config?.tokenSyncUrl;
  if (!url) return;
  if (result && Date.now() - Date.parse(result.issuedAtTime) > TOKEN_SYNC_MAX_AGE_MS) return;
  const token = result?.token ?? null;
  if (token === lastSyncedToken) return;
  lastSyncedToken = token;
  try {
    await fetch(url, {
      method: token ? 'POST' : 'DELETE',
      credentials: 'include',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch (error) {
    console.warn('Token sync failed', error);
  }
}
