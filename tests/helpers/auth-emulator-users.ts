// Users and ID tokens from the Firebase Auth emulator, through its REST API (the same calls the
// web SDK makes). Every call makes a fresh user, so no test depends on another's.
import { randomUUID } from 'node:crypto';

export interface EmulatorUser {
  uid: string;
  email: string;
  password: string;
  idToken: string;
  refreshToken: string;
}

export function emulatorHostPort(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set (the test setup starts the emulator).');
  return host;
}

function identityToolkit(path: string): string {
  // The emulator accepts any API key.
  return `http://${emulatorHostPort()}/identitytoolkit.googleapis.com/v1/${path}?key=demo-api-key`;
}

async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const send = () =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  // Sent again once when the connection fails: a keep-alive connection the emulator dropped meanwhile gives
  // "other side closed" (seen after long waits for hanging providers); the retry opens a fresh one.
  const res = await send().catch((error: unknown) => {
    if (!(error instanceof TypeError)) throw error;
    return send();
  });
  const json = (await res.json()) as T & { error?: { message?: string } };
  if (!res.ok) throw new Error(`Auth emulator ${url}: ${res.status} ${json.error?.message ?? ''}`);
  return json;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

/** Signs up a new email/password user and returns it with a fresh ID token. */
export async function createEmulatorUser(opts: { email?: string; password?: string; displayName?: string } = {}): Promise<EmulatorUser> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? 'secret-password';
  const created = await post<{ localId: string; idToken: string; refreshToken: string }>(identityToolkit('accounts:signUp'), {
    email,
    password,
    returnSecureToken: true,
  });
  if (opts.displayName) await post(identityToolkit('accounts:update'), { idToken: created.idToken, displayName: opts.displayName });
  // A fresh sign-in, not the sign-up's own token: the emulator stamps the account's login time before it stamps
  // "tokens valid since" (whole seconds), so when a second boundary falls between the two, the sign-up token's
  // auth_time is a second before validSince and the server rightly refuses it as revoked (a CI flake, 2026-11-25).
  return signIn(email, password);
}

export async function signIn(email: string, password: string): Promise<EmulatorUser> {
  const res = await post<{ localId: string; idToken: string; refreshToken: string }>(identityToolkit('accounts:signInWithPassword'), {
    email,
    password,
    returnSecureToken: true,
  });
  return { uid: res.localId, email, password, idToken: res.idToken, refreshToken: res.refreshToken };
}

/** Signs in with Google through the emulator's fake IdP (no popup needed at the REST level). */
export async function createGoogleUser(opts: { email?: string; name?: string } = {}) {
  const email = opts.email ?? uniqueEmail('google');
  const claims = { sub: randomUUID(), email, email_verified: true, name: opts.name ?? 'Google User' };
  const res = await post<{ localId: string; idToken: string; refreshToken: string }>(identityToolkit('accounts:signInWithIdp'), {
    requestUri: 'http://localhost',
    postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
    returnSecureToken: true,
    returnIdpCredential: true,
  });
  return { uid: res.localId, email, idToken: res.idToken, refreshToken: res.refreshToken };
}

/** Disables the account (as an admin would); its tokens must then be refused. */
export async function disableEmulatorUser(uid: string, projectId = 'demo-aerisk'): Promise<void> {
  await post(
    `http://${emulatorHostPort()}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`,
    { localId: uid, disableUser: true },
    { authorization: 'Bearer owner' },
  );
}

/** The emulator's out-of-band codes (password reset, email verification) for a project. */
export async function oobCodes(projectId = 'demo-aerisk') {
  const res = await fetch(`http://${emulatorHostPort()}/emulator/v1/projects/${projectId}/oobCodes`);
  const body = (await res.json()) as { oobCodes: { email: string; oobCode: string; requestType: string }[] };
  return body.oobCodes;
}

/**
 * Re-issues an emulator token (the emulator signs nothing, alg "none") with another project's
 * audience and issuer: a token "minted for another project id", which the server must refuse.
 */
export function tokenForOtherProject(idToken: string, projectId: string): string {
  const [header, payload] = idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const forged = { ...claims, aud: projectId, iss: `https://securetoken.google.com/${projectId}` };
  return `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.`;
}

/** Signs in anonymously (a guest session), as the web SDK's signInAnonymously does. */
export async function createAnonymousUser(): Promise<{ uid: string; idToken: string; refreshToken: string }> {
  const res = await post<{ localId: string; idToken: string; refreshToken: string }>(identityToolkit('accounts:signUp'), {
    returnSecureToken: true,
  });
  return { uid: res.localId, idToken: res.idToken, refreshToken: res.refreshToken };
}

/**
 * Links an email/password credential to a guest as the web SDK's linkWithCredential does (accounts:signUp
 * with the guest's token): same uid, a token that is no longer anonymous.
 */
export async function linkEmailPassword(guest: { idToken: string }, email = uniqueEmail('linked')): Promise<EmulatorUser> {
  const res = await post<{ localId: string; idToken: string; refreshToken: string }>(identityToolkit('accounts:signUp'), {
    idToken: guest.idToken,
    email,
    password: 'secret-password',
    returnSecureToken: true,
  });
  return { uid: res.localId, email, password: 'secret-password', idToken: res.idToken, refreshToken: res.refreshToken };
}

/** Whether the emulator still has an account with this uid. */
export async function emulatorAccountExists(uid: string, projectId = 'demo-aerisk'): Promise<boolean> {
  const res = await post<{ users?: unknown[] }>(
    `http://${emulatorHostPort()}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:lookup`,
    { localId: [uid] },
    { authorization: 'Bearer owner' },
  );
  return (res.users?.length ?? 0) > 0;
}
