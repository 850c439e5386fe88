// Timing rules for the Firebase ID token (spec §4): refresh about 5 minutes before expiry, and treat a
// token as expired 30 seconds before its expiry time so a request never leaves with a token that dies in flight.
import { TOKEN_EXPIRY_MARGIN_MS, TOKEN_REFRESH_LEAD_MS } from '../../common/constants';

export const TOKEN_STORAGE_KEY = 'authToken';
export const USER_ID_STORAGE_KEY = 'userId';

/** The `exp` claim of a JWT in epoch milliseconds, or null when the token cannot be read. */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}

export function isTokenExpired(expiresAt: number, now: number): boolean {
  return now >= expiresAt - TOKEN_EXPIRY_MARGIN_MS;
}

/** Milliseconds to wait before refreshing proactively; 0 when the refresh is already due. */
export function refreshDelay(expiresAt: number, now: number): number {
  return Math.max(0, expiresAt - TOKEN_REFRESH_LEAD_MS - now);
}

export type StoredSession = { token: string; userId: string };

export function storeSession(storage: Storage, session: StoredSession): void {
  storage.setItem(TOKEN_STORAGE_KEY, session.token);
  storage.setItem(USER_ID_STORAGE_KEY, session.userId);
}

export function clearSession(storage: Storage): void {
  storage.removeItem(TOKEN_STORAGE_KEY);
  storage.removeItem(USER_ID_STORAGE_KEY);
}

export function readSession(storage: Storage): StoredSession | null {
  const token = storage.getItem(TOKEN_STORAGE_KEY);
  const userId = storage.getItem(USER_ID_STORAGE_KEY);
  return token && userId ? { token, userId } : null;
}

/** The stored token when it belongs to `userId` and is not (about to be) expired. */
export function usableStoredToken(storage: Storage, userId: string, now: number): string | null {
  const session = readSession(storage);
  if (!session || session.userId !== userId) return null;
  const expiresAt = tokenExpiresAt(session.token);
  return expiresAt !== null && !isTokenExpired(expiresAt, now) ? session.token : null;
}
