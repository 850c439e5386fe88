// POST /auth/verify-user (spec §7): idempotent upsert of the signed-in user, uid-checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, createGoogleUser } from '../helpers/auth-emulator-users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function verifyUser(body: unknown, token?: string, headers: Record<string, string> = {}) {
  return t.request('/auth/verify-user', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function specBody(user: { uid: string; email: string }, overrides: Record<string, unknown> = {}) {
  return {
    user_id: user.uid,
    email: user.email,
    display_name: 'Grace Hopper',
    photo_url: 'https://example.test/grace.png',
    email_verified: false,
    provider: 'password',
    ...overrides,
  };
}

describe('POST /auth/verify-user', () => {
  it('creates the user, then updates it on later calls without duplicating it', async () => {
    const user = await createEmulatorUser();
    const first = await verifyUser(specBody(user), user.idToken);
    expect(first.status).toBe(200);
    const created = ((await first.json()) as { user: Record<string, unknown> }).user;
    expect(created).toMatchObject({
      user_id: user.uid,
      email: user.email,
      display_name: 'Grace Hopper',
      photo_url: 'https://example.test/grace.png',
      email_verified: false,
      provider: 'email',
    });

    const second = await verifyUser(specBody(user, { display_name: 'Rear Admiral Hopper' }), user.idToken);
    expect(second.status).toBe(200);
    const updated = ((await second.json()) as { user: Record<string, unknown> }).user;
    expect(updated.display_name).toBe('Rear Admiral Hopper');
    expect(updated.created_at).toBe(created.created_at);
    expect(await t.db.prisma.user.count({ where: { id: user.uid } })).toBe(1);
  });

  it('refuses a body user_id that is not the token’s uid, and writes nothing', async () => {
    const user = await createEmulatorUser();
    const victim = await createEmulatorUser();
    const res = await verifyUser(specBody(victim), user.idToken);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'user_id does not match the signed-in user.' },
    });
    expect(await t.db.prisma.user.count({ where: { id: { in: [user.uid, victim.uid] } } })).toBe(0);
  });

  it('answers 401 with a coded body without a token or with a bad one', async () => {
    const user = await createEmulatorUser();
    for (const token of [undefined, 'garbage']) {
      const res = await verifyUser(specBody(user), token);
      expect(res.status).toBe(401);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('UNAUTHENTICATED');
      expect(body.error.message).not.toMatch(/at .*\.ts/);
    }
    // A user-id header is no substitute for a token.
    const res = await verifyUser(specBody(user), undefined, { 'x-user-id': user.uid });
    expect(res.status).toBe(401);
    expect(await t.db.prisma.user.count({ where: { id: user.uid } })).toBe(0);
  });

  it('takes email verification from the token, not from the body', async () => {
    const user = await createEmulatorUser();
    const res = await verifyUser(specBody(user, { email_verified: true }), user.idToken);
    expect(((await res.json()) as { user: { email_verified: boolean } }).user.email_verified).toBe(false);
  });

  it('keeps the provider of the first sign-in', async () => {
    const user = await createGoogleUser({ name: 'Goo Gle' });
    const first = await verifyUser(specBody(user, { provider: 'google.com', display_name: null }), user.idToken);
    const created = ((await first.json()) as { user: Record<string, unknown> }).user;
    expect(created).toMatchObject({ provider: 'google', email_verified: true, display_name: null });
    const again = await verifyUser(specBody(user, { provider: 'password' }), user.idToken);
    expect(((await again.json()) as { user: { provider: string } }).user.provider).toBe('google');
  });

  it('validates the body', async () => {
    const user = await createEmulatorUser();
    const cases: [unknown, number, string][] = [
      ['{not json', 400, 'VALIDATION'],
      [[1, 2], 400, 'VALIDATION'],
      [{ email: user.email }, 400, 'VALIDATION'],
      [specBody(user, { email_verified: 'yes' }), 400, 'VALIDATION'],
      [specBody(user, { display_name: 'x'.repeat(300) }), 400, 'VALIDATION'],
    ];
    for (const [body, status, code] of cases) {
      const res = await verifyUser(body, user.idToken);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
    }
    const form = await t.request('/auth/verify-user', {
      method: 'POST',
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'text/plain' },
      body: 'user_id=x',
    });
    expect(form.status).toBe(415);
  });

  it('answers 405 for other methods', async () => {
    const res = await t.request('/auth/verify-user');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});
