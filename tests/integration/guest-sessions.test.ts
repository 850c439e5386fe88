// Guest sessions (issue 13): anonymous sign-ins whose results last only for the session. Signing out
// (DELETE /auth/guest-session) or idling past GUEST_SESSION_TTL_HOURS deletes the guest's analyses,
// images with their blobs, risk zones and the anonymous account; registered users are never touched,
// and a guest who linked a credential in the meantime keeps everything.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirebaseAccounts } from '../../server/auth/accounts';
import { sweepGuests, type GuestDeps } from '../../server/services/guests';
import { LocalDirStorage } from '../../server/storage/local-dir-storage';
import { createAnonymousUser, createEmulatorUser, emulatorAccountExists, linkEmailPassword } from '../helpers/auth-emulator-users';
import { auth, createAnalysisTestApp, restUpload, sceneImage, scriptedAnalyzer, uploaded, type AnalysisTestApp } from '../helpers/analysis';
import { until } from '../helpers/until';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const HOUR = 3_600_000;
let t: AnalysisTestApp & { dispose(): Promise<void> };
let base: string;
let deps: GuestDeps;

beforeAll(async () => {
  t = await createAnalysisTestApp({
    analyzer: scriptedAnalyzer({}),
    env: { GUEST_SESSION_TTL_HOURS: '24', GUEST_UPLOAD_RATE_LIMIT_PER_MINUTE: '2' },
    // The upload limit counts per calendar minute: a clock standing inside one keeps the limit test in one window.
    clock: () => new Date('2026-11-24T10:00:20.000Z'),
  });
  base = await t.listen();
  deps = {
    db: t.db.prisma,
    storage: new LocalDirStorage(path.join(t.dataDir, 'images')),
    accounts: createFirebaseAccounts(t.config.firebase),
  };
});
afterAll(async () => {
  await deps?.accounts.close();
  await t?.dispose();
});

/** An analysis and a risk zone for `user`, through the API; returns the stored blob's path. */
async function withData(user: { uid: string; idToken: string }): Promise<{ analysisId: string; blob: string }> {
  const itemId = await uploaded(base, user, '1 Guest Street');
  const analyzed = await t.request(`/aerial/analyze/${itemId}`, { method: 'POST', headers: auth(user) });
  expect(analyzed.status).toBe(200);
  const { analysis_id: analysisId } = (await analyzed.json()) as Json;
  const zone = await t.request('/aerial/risk-zones', {
    method: 'POST',
    headers: { ...auth(user), 'content-type': 'application/json' },
    body: JSON.stringify({ location: 'Back yard', risk_level: 'high', details: 'Open pool' }),
  });
  expect(zone.status).toBeLessThan(300);
  const image = await t.db.prisma.image.findUniqueOrThrow({ where: { id: itemId } });
  const blob = path.join(t.dataDir, 'images', image.storageKey);
  expect(existsSync(blob)).toBe(true);
  return { analysisId, blob };
}

async function rowsOf(uid: string) {
  const [users, images, analyses, zones] = await Promise.all([
    t.db.prisma.user.count({ where: { id: uid } }),
    t.db.prisma.image.count({ where: { ownerId: uid } }),
    t.db.prisma.analysis.count({ where: { ownerId: uid } }),
    t.db.prisma.riskZone.count({ where: { ownerId: uid } }),
  ]);
  return { users, images, analyses, zones };
}

const idleFor = (uid: string, ms: number) =>
  t.db.prisma.user.update({ where: { id: uid }, data: { lastSeenAt: new Date(Date.now() - ms) } });

describe('a guest session', () => {
  it('is an anonymous sign-in at the emulator, recorded as a guest with provider "anonymous"', async () => {
    const guest = await createAnonymousUser();
    const res = await t.request('/auth/verify-user', {
      method: 'POST',
      headers: { ...auth(guest), 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: guest.uid, email: null, provider: 'email' }),
    });
    expect(res.status).toBe(200);
    expect(await t.db.prisma.user.findUniqueOrThrow({ where: { id: guest.uid } })).toMatchObject({ isGuest: true, provider: 'anonymous' });
  });

  it("sees only its own data, and no one sees the guest's", async () => {
    const guest = await createAnonymousUser();
    const other = await createEmulatorUser();
    const { analysisId } = await withData(guest);
    expect((await t.request(`/aerial/analysis/${analysisId}`, { headers: auth(guest) })).status).toBe(200);
    expect((await t.request(`/aerial/analysis/${analysisId}`, { headers: auth(other) })).status).toBe(404);
  });

  it('records its activity on each request, so an active guest is not idle', async () => {
    const guest = await createAnonymousUser();
    await withData(guest);
    await idleFor(guest.uid, 30 * HOUR);
    expect((await t.request('/aerial/analyses', { headers: auth(guest) })).status).toBe(200);
    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: guest.uid } });
    expect(Date.now() - row.lastSeenAt.getTime()).toBeLessThan(HOUR);
    expect((await sweepGuests(deps, 24 * HOUR)).deleted).not.toContain(guest.uid);
    expect((await rowsOf(guest.uid)).analyses).toBe(1);
  });

  it('has its own, lower upload limit (GUEST_UPLOAD_RATE_LIMIT_PER_MINUTE); registered users keep theirs', async () => {
    const [guest, user] = [await createAnonymousUser(), await createEmulatorUser()];
    const bytes = await sceneImage();
    const guestStatuses = [];
    const userStatuses = [];
    for (let i = 0; i < 3; i++) {
      guestStatuses.push((await restUpload(base, guest, { bytes })).status);
      userStatuses.push((await restUpload(base, user, { bytes })).status);
    }
    expect(guestStatuses).toEqual([201, 201, 429]);
    expect(userStatuses).toEqual([201, 201, 201]);
  });

  it('keeps everything, on the same uid, once it links an email and password', async () => {
    const guest = await createAnonymousUser();
    const { analysisId } = await withData(guest);
    const linked = await linkEmailPassword(guest);
    expect(linked.uid).toBe(guest.uid);
    const res = await t.request('/auth/verify-user', {
      method: 'POST',
      headers: { ...auth(linked), 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: linked.uid, email: linked.email, provider: 'password' }),
    });
    expect(res.status).toBe(200);
    expect(await t.db.prisma.user.findUniqueOrThrow({ where: { id: guest.uid } })).toMatchObject({
      isGuest: false,
      provider: 'email',
      email: linked.email,
    });
    const list = (await (await t.request('/aerial/analyses', { headers: auth(linked) })).json()) as Json;
    expect(JSON.stringify(list)).toContain(analysisId);
    // Long idle or not, a registered account is never swept.
    await idleFor(guest.uid, 100 * HOUR);
    expect((await sweepGuests(deps, 24 * HOUR)).deleted).not.toContain(guest.uid);
    expect(await rowsOf(guest.uid)).toEqual({ users: 1, images: 1, analyses: 1, zones: 1 });
  });
});

describe('signing out of a guest session (DELETE /auth/guest-session)', () => {
  it('deletes its analyses, images and blobs, risk zones and the anonymous account', async () => {
    const guest = await createAnonymousUser();
    const { blob } = await withData(guest);
    const res = await t.request('/auth/guest-session', { method: 'DELETE', headers: auth(guest) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: true });
    expect(await rowsOf(guest.uid)).toEqual({ users: 0, images: 0, analyses: 0, zones: 0 });
    expect(existsSync(blob)).toBe(false);
    expect(await emulatorAccountExists(guest.uid)).toBe(false);
    expect(await t.db.prisma.usageCounter.count({ where: { ownerId: guest.uid } })).toBe(0);
    // The session is over: its token no longer opens anything.
    expect((await t.request('/aerial/analyses', { headers: auth(guest) })).status).toBe(401);
  });

  it('is refused for a registered account, which keeps everything', async () => {
    const user = await createEmulatorUser();
    const { blob } = await withData(user);
    const res = await t.request('/auth/guest-session', { method: 'DELETE', headers: auth(user) });
    expect(res.status).toBe(403);
    expect(await rowsOf(user.uid)).toEqual({ users: 1, images: 1, analyses: 1, zones: 1 });
    expect(existsSync(blob)).toBe(true);
    expect(await emulatorAccountExists(user.uid)).toBe(true);
  });
});

describe('the guest sweep', () => {
  it('removes guests idle past the TTL with their blobs, and leaves active guests and registered users alone', async () => {
    const expired = await createAnonymousUser();
    const active = await createAnonymousUser();
    const registered = await createEmulatorUser();
    const expiredData = await withData(expired);
    const activeData = await withData(active);
    const registeredData = await withData(registered);
    await idleFor(expired.uid, 25 * HOUR);
    await idleFor(active.uid, 23 * HOUR);
    await idleFor(registered.uid, 1000 * HOUR);

    const report = await sweepGuests(deps, 24 * HOUR);
    expect(report.deleted).toContain(expired.uid);
    expect(report.deleted).not.toContain(active.uid);
    expect(report.deleted).not.toContain(registered.uid);
    expect(await rowsOf(expired.uid)).toEqual({ users: 0, images: 0, analyses: 0, zones: 0 });
    expect(existsSync(expiredData.blob)).toBe(false);
    expect(await emulatorAccountExists(expired.uid)).toBe(false);

    expect(await rowsOf(active.uid)).toEqual({ users: 1, images: 1, analyses: 1, zones: 1 });
    expect(existsSync(activeData.blob)).toBe(true);
    expect(await rowsOf(registered.uid)).toEqual({ users: 1, images: 1, analyses: 1, zones: 1 });
    expect(existsSync(registeredData.blob)).toBe(true);
    expect(await emulatorAccountExists(registered.uid)).toBe(true);
  });

  it('keeps a guest that linked a credential after the database last saw it as a guest', async () => {
    const guest = await createAnonymousUser();
    const { blob } = await withData(guest);
    await idleFor(guest.uid, 48 * HOUR);
    // Upgraded at the identity provider; this server has not heard of it yet (mid-sweep).
    await linkEmailPassword(guest);
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: guest.uid } })).isGuest).toBe(true);

    const report = await sweepGuests(deps, 24 * HOUR);
    expect(report.kept).toContain(guest.uid);
    expect(report.deleted).not.toContain(guest.uid);
    expect(await rowsOf(guest.uid)).toEqual({ users: 1, images: 1, analyses: 1, zones: 1 });
    expect(existsSync(blob)).toBe(true);
    expect(await emulatorAccountExists(guest.uid)).toBe(true);
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: guest.uid } })).isGuest).toBe(false);
  });

  it('runs on its own at start and on a timer when the app is given an interval', async () => {
    const swept = await createAnalysisTestApp({ analyzer: scriptedAnalyzer({}), guestSweepIntervalMs: 200 });
    try {
      const guest = await createAnonymousUser();
      const signedIn = await swept.request('/auth/verify-user', {
        method: 'POST',
        headers: { ...auth(guest), 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: guest.uid }),
      });
      expect(signedIn.status).toBe(200);
      await swept.db.prisma.user.update({ where: { id: guest.uid }, data: { lastSeenAt: new Date(Date.now() - 25 * HOUR) } });
      await until(async () => (await swept.db.prisma.user.count({ where: { id: guest.uid } })) === 0);
      expect(await emulatorAccountExists(guest.uid)).toBe(false);
    } finally {
      await swept.dispose();
    }
  });
});

describe('a guest who signs in to an existing account (POST /auth/guest-session/transfer)', () => {
  const transfer = (account: { idToken: string } | null, body: unknown) =>
    t.request('/auth/guest-session/transfer', {
      method: 'POST',
      headers: { ...(account ? auth(account) : {}), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it("moves the guest's analyses, images, risk zones and audit trail into the account, then ends the guest", async () => {
    const guest = await createAnonymousUser();
    const account = await createEmulatorUser();
    const own = await withData(account);
    const { analysisId, blob } = await withData(guest);
    const trailBefore = await t.db.prisma.auditEntry.findMany({ where: { analysisId }, orderBy: { id: 'asc' } });

    const res = await transfer(account, { guest_token: guest.idToken });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ analyses: 1, images: 1, risk_zones: 1 });

    expect(await rowsOf(guest.uid)).toEqual({ users: 0, images: 0, analyses: 0, zones: 0 });
    expect(await rowsOf(account.uid)).toEqual({ users: 1, images: 2, analyses: 2, zones: 2 });
    expect(existsSync(blob)).toBe(true);
    expect(existsSync(own.blob)).toBe(true);
    expect(await emulatorAccountExists(guest.uid)).toBe(false);
    // The account reads it like its own: the analysis, its image and its trail, with the move recorded.
    const read = await t.request(`/aerial/analysis/${analysisId}`, { headers: auth(account) });
    expect(read.status).toBe(200);
    const image = await t.db.prisma.image.findFirstOrThrow({ where: { analyses: { some: { id: analysisId } } } });
    expect((await t.request(`/aerial/image-file/by-id/${image.id}`, { headers: auth(account) })).status).toBe(200);
    const trail = await t.db.prisma.auditEntry.findMany({ where: { analysisId }, orderBy: { id: 'asc' } });
    expect(trail.map((e) => e.kind)).toEqual([...trailBefore.map((e) => e.kind), 'moved_to_account']);
    expect(trail.every((e) => e.ownerId === account.uid)).toBe(true);
    expect(trail.at(-1)?.actor).toBe(account.email);
    // The guest session is over: its token opens nothing, and a second transfer finds nothing to confirm.
    expect((await t.request('/aerial/analyses', { headers: auth(guest) })).status).toBe(401);
    const again = await transfer(account, { guest_token: guest.idToken });
    expect(again.status).toBe(400);
    expect(((await again.json()) as Json).error.message).toMatch(/guest session could not be confirmed/);
    expect(await rowsOf(account.uid)).toEqual({ users: 1, images: 2, analyses: 2, zones: 2 });
  });

  it('keeps both when the guest and the account used the same idempotency key', async () => {
    const guest = await createAnonymousUser();
    const account = await createEmulatorUser();
    const key = `same-${Date.now()}`;
    for (const who of [guest, account]) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await sceneImage())], { type: 'image/png' }), 'photo.png');
      const res = await t.request('/aerial/upload', { method: 'POST', headers: { ...auth(who), 'idempotency-key': key }, body: form });
      expect(res.status).toBe(201);
    }
    const res = await transfer(account, { guest_token: guest.idToken });
    expect(res.status).toBe(200);
    expect(await t.db.prisma.image.count({ where: { ownerId: account.uid } })).toBe(2);
  });

  it('is refused from a guest session, without a token, and for a token that is not a guest’s; nothing moves', async () => {
    const guest = await createAnonymousUser();
    const otherGuest = await createAnonymousUser();
    const account = await createEmulatorUser();
    const registered = await createEmulatorUser();
    await withData(guest);
    await withData(registered);

    expect((await transfer(otherGuest, { guest_token: guest.idToken })).status).toBe(403);
    expect((await transfer(null, { guest_token: guest.idToken })).status).toBe(401);
    const missing = await transfer(account, {});
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as Json).error.message).toBe("guest_token is required: the guest session's ID token.");
    const notGuest = await transfer(account, { guest_token: registered.idToken });
    expect(notGuest.status).toBe(400);
    expect(((await notGuest.json()) as Json).error.message).toMatch(/not a guest session's/);
    expect((await transfer(account, { guest_token: 'not-a-token' })).status).toBe(400);

    expect(await rowsOf(guest.uid)).toEqual({ users: 1, images: 1, analyses: 1, zones: 1 });
    expect(await rowsOf(registered.uid)).toEqual({ users: 1, images: 1, analyses: 1, zones: 1 });
    expect(await rowsOf(account.uid)).toMatchObject({ images: 0, analyses: 0, zones: 0 });
    expect(await emulatorAccountExists(guest.uid)).toBe(true);
  });

  it('is refused for a guest that has since become an account of its own, which keeps its data', async () => {
    const guest = await createAnonymousUser();
    const account = await createEmulatorUser();
    await withData(guest);
    await linkEmailPassword(guest);
    // The guest's own token still names the anonymous sign-in it was issued for.
    const res = await transfer(account, { guest_token: guest.idToken });
    expect(res.status).toBe(409);
    expect(((await res.json()) as Json).error.message).toMatch(/become an account of its own/);
    expect(await rowsOf(guest.uid)).toEqual({ users: 1, images: 1, analyses: 1, zones: 1 });
  });
});
