import { describe, expect, it } from 'vitest';
import { TOKEN_EXPIRY_MARGIN_MS, TOKEN_REFRESH_LEAD_MS } from '../../common/constants';
import { clearSession, isTokenExpired, readSession, refreshDelay, storeSession, tokenExpiresAt, usableStoredToken } from './tokens';

function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none' })}.${part(claims)}.sig`;
}

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

describe('ID token timing (spec §4)', () => {
  const expiresAt = 1_700_000_000_000;

  it('reads the exp claim in milliseconds, and null for anything that is not a JWT', () => {
    expect(tokenExpiresAt(jwt({ exp: expiresAt / 1000, name: 'Zoë ✓' }))).toBe(expiresAt);
    expect(tokenExpiresAt(jwt({ sub: 'no-exp' }))).toBeNull();
    expect(tokenExpiresAt('garbage')).toBeNull();
    expect(tokenExpiresAt('a.%%%.c')).toBeNull();
  });

  it('counts a token as expired 30 s before its expiry time', () => {
    expect(isTokenExpired(expiresAt, expiresAt - TOKEN_EXPIRY_MARGIN_MS - 1)).toBe(false);
    expect(isTokenExpired(expiresAt, expiresAt - TOKEN_EXPIRY_MARGIN_MS)).toBe(true);
    expect(isTokenExpired(expiresAt, expiresAt + 1)).toBe(true);
  });

  it('schedules the refresh 5 minutes before expiry, at once when that moment has passed', () => {
    expect(refreshDelay(expiresAt, expiresAt - 60 * 60 * 1000)).toBe(60 * 60 * 1000 - TOKEN_REFRESH_LEAD_MS);
    expect(refreshDelay(expiresAt, expiresAt - TOKEN_REFRESH_LEAD_MS)).toBe(0);
    expect(refreshDelay(expiresAt, expiresAt)).toBe(0);
  });
});

describe('stored session', () => {
  it('stores the token and user id, and removes both on sign-out', () => {
    const storage = memoryStorage();
    storeSession(storage, { token: 't', userId: 'u1' });
    expect(storage.getItem('authToken')).toBe('t');
    expect(storage.getItem('userId')).toBe('u1');
    expect(readSession(storage)).toEqual({ token: 't', userId: 'u1' });
    clearSession(storage);
    expect(storage.length).toBe(0);
    expect(readSession(storage)).toBeNull();
  });

  it('offers the stored token only to its own user and only while it is outside the margin', () => {
    const storage = memoryStorage();
    const now = 1_700_000_000_000;
    const fresh = jwt({ exp: (now + 10 * 60 * 1000) / 1000 });
    storeSession(storage, { token: fresh, userId: 'u1' });
    expect(usableStoredToken(storage, 'u1', now)).toBe(fresh);
    expect(usableStoredToken(storage, 'u2', now)).toBeNull();
    storeSession(storage, { token: jwt({ exp: (now + 20_000) / 1000 }), userId: 'u1' });
    expect(usableStoredToken(storage, 'u1', now)).toBeNull();
  });
});
