// Guest sessions (issue 13): an anonymous Firebase sign-in uses the product like anyone else, but its
// results last only for the session (spec §1). A guest's last request is recorded on its user row;
// signing out, or staying away longer than GUEST_SESSION_TTL_HOURS, deletes its analyses, images (the
// blobs too), risk zones, usage counters and the anonymous account. The identity provider is asked
// again right before anything is deleted, so a guest who linked a credential meanwhile keeps it all.
import { z } from 'zod';
import type { AccountAdmin } from '../auth/accounts';
import type { Viewer } from '../auth/context';
import type { Identity } from '../auth/firebase';
import type { Db } from '../db';
import { ConflictError, ForbiddenError, UnauthenticatedError, ValidationError } from '../domain/errors';
import { Prisma } from '../generated/prisma/client';
import type { BlobStorage } from '../storage/blob-storage';
import { actorName } from './audit';
import { FAILURE, failingAs } from './messages';
import { ensureUser } from './users';

export interface GuestDeps {
  db: Db;
  storage: BlobStorage;
  accounts: AccountAdmin;
  /** Drops what the token verifier remembers of a deleted account, so its tokens are refused at once. */
  forgetUser?: (uid: string) => void;
}

/** What moving a guest session also needs: verifying the guest's own ID token. */
export interface GuestTransferDeps extends GuestDeps {
  verifyToken(idToken: string): Promise<Identity>;
}

/** A guest's activity is written at most this often (its TTL is counted in hours). */
const TOUCH_EVERY_MS = 60_000;

/** Records "this guest is still here" for each request a guest makes, before any service runs. */
export async function touchGuest(db: Db, viewer: Viewer): Promise<void> {
  if (!viewer.isAnonymous) return;
  const now = new Date();
  // No row yet is fine: ensureUser / verifyUser create it as a guest's. A recent touch is not rewritten.
  await db.user.updateMany({
    where: { id: viewer.uid, OR: [{ isGuest: false }, { lastSeenAt: { lt: new Date(now.getTime() - TOUCH_EVERY_MS) } }] },
    data: { lastSeenAt: now, isGuest: true },
  });
}

export type PurgeOutcome = 'deleted' | 'kept';

/**
 * Deletes everything of the guest `uid`, unless its account now has a credential (then the row stops
 * being a guest's and nothing is touched). Account first: from then on its tokens are refused, so no new
 * row can appear; rows next (images, analyses and risk zones go with the user by cascade); blobs last
 * (a crash before them leaves orphans, which the start-up orphan sweep removes).
 */
export async function purgeGuest(deps: GuestDeps, uid: string): Promise<PurgeOutcome> {
  const kind = await deps.accounts.kind(uid);
  if (kind === 'registered') {
    await deps.db.user.updateMany({ where: { id: uid }, data: { isGuest: false } });
    return 'kept';
  }
  if (kind === 'anonymous') await deps.accounts.delete(uid);
  deps.forgetUser?.(uid);
  const images = await deps.db.image.findMany({ where: { ownerId: uid }, select: { storageKey: true } });
  await deps.db.$transaction([
    deps.db.user.deleteMany({ where: { id: uid } }),
    deps.db.usageCounter.deleteMany({ where: { ownerId: uid } }),
  ]);
  // A blob still named by an image row moved into an account meanwhile (transferGuestSession) stays.
  const keys = images.map((image) => image.storageKey);
  const kept = new Set(
    (await deps.db.image.findMany({ where: { storageKey: { in: keys } }, select: { storageKey: true } })).map((image) => image.storageKey),
  );
  for (const storageKey of keys) {
    if (kept.has(storageKey)) continue;
    await deps.storage.delete(storageKey).catch((error: unknown) => {
      console.warn(`[guests] could not delete blob ${storageKey}:`, error);
    });
  }
  return 'deleted';
}

/** Signing out of a guest session: its results end with it. Refused for a registered account. */
export async function endGuestSession(deps: GuestDeps, viewer: Viewer): Promise<PurgeOutcome> {
  if (!viewer.isAnonymous) throw new ForbiddenError('Only a guest session ends by deleting its data.');
  return failingAs(FAILURE.endGuestSession, () => purgeGuest(deps, viewer.uid));
}

export const transferGuestSessionInput = z.object({
  guestToken: z
    .string({ error: "guest_token is required: the guest session's ID token." })
    .trim()
    .min(1, "guest_token is required: the guest session's ID token.")
    .max(8192, 'guest_token is not an ID token.'),
});

/** What moved from the guest session into the account. */
export interface GuestTransfer {
  analyses: number;
  images: number;
  riskZones: number;
}

export const GUEST_TOKEN_INVALID_MESSAGE =
  'The guest session could not be confirmed: it has ended or its sign-in is no longer valid, so there is nothing to move.';
export const NOT_A_GUEST_TOKEN_MESSAGE = "This token is not a guest session's: only what a guest analysed moves into an account.";
export const GUEST_NOW_AN_ACCOUNT_MESSAGE =
  'That guest session has become an account of its own; sign in to it to see what was analysed there.';

/**
 * A guest who already has an account signs in to it. The identity provider then replaces the anonymous
 * user, so what the guest analysed would end with the session; instead the account (the viewer) asks for
 * it, showing the guest's own ID token as proof. In one transaction the guest's images, analyses and risk
 * zones become the viewer's (the audit trail, append-only, is copied with an entry saying so), and the
 * guest's row goes; then the anonymous account is deleted. A guest that has since linked a credential is
 * an account of its own and is refused; one already gone moves nothing.
 */
export async function transferGuestSession(deps: GuestTransferDeps, viewer: Viewer, input: unknown): Promise<GuestTransfer> {
  if (viewer.isAnonymous) throw new ForbiddenError('Sign in to your account first: a guest session moves into an account.');
  if (viewer.apiKeyId) throw new ForbiddenError('An API key cannot take over a guest session; sign in to the account instead.');
  const parsed = transferGuestSessionInput.safeParse(input);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'guest_token is required.';
    throw new ValidationError(message, [{ path: 'guest_token', message }]);
  }
  return failingAs(FAILURE.transferGuestSession, async () => {
    let guest: Identity;
    try {
      guest = await deps.verifyToken(parsed.data.guestToken);
    } catch (error) {
      if (error instanceof UnauthenticatedError) throw new ValidationError(GUEST_TOKEN_INVALID_MESSAGE);
      throw error;
    }
    if (!guest.isAnonymous || guest.uid === viewer.uid) throw new ValidationError(NOT_A_GUEST_TOKEN_MESSAGE);
    const kind = await deps.accounts.kind(guest.uid);
    if (kind === 'registered') throw new ConflictError(GUEST_NOW_AN_ACCOUNT_MESSAGE);
    if (kind === 'missing') return { analyses: 0, images: 0, riskZones: 0 };
    await ensureUser(deps.db, viewer);
    const moved = await deps.db.$transaction((tx) => moveRows(tx, guest.uid, viewer));
    await deps.accounts.delete(guest.uid).catch((error: unknown) => {
      // Its rows are gone already: an account left behind holds nothing and is refused nowhere harmful.
      console.warn(`[guests] could not delete the anonymous account ${guest.uid} after moving its data:`, error);
    });
    deps.forgetUser?.(guest.uid);
    return moved;
  });
}

async function moveRows(tx: Prisma.TransactionClient, guestUid: string, viewer: Viewer): Promise<GuestTransfer> {
  if (!(await tx.user.findUnique({ where: { id: guestUid }, select: { id: true } }))) return { analyses: 0, images: 0, riskZones: 0 };
  const to = { ownerId: viewer.uid };
  // Idempotency keys belonged to the guest's retries; in the account they could collide with its own.
  const images = await tx.image.updateMany({ where: { ownerId: guestUid }, data: { ...to, idempotencyKey: null } });
  const analysisIds = (
    await tx.analysis.findMany({ where: { ownerId: guestUid }, select: { id: true }, orderBy: { createdAt: 'asc' } })
  ).map((analysis) => analysis.id);
  await tx.analysis.updateMany({ where: { ownerId: guestUid }, data: { ...to, idempotencyKey: null } });
  const riskZones = await tx.riskZone.updateMany({ where: { ownerId: guestUid }, data: to });
  // The trail is append-only: its entries are written again under the account, oldest first, and the
  // guest's copies go with the guest's row.
  const entries = await tx.auditEntry.findMany({ where: { ownerId: guestUid }, orderBy: { id: 'asc' } });
  await tx.auditEntry.createMany({
    data: entries.map(({ id: _id, ownerId: _owner, details, ...entry }) => ({
      ...entry,
      ownerId: viewer.uid,
      details: details === null ? Prisma.DbNull : details,
    })),
  });
  const at = new Date();
  await tx.auditEntry.createMany({
    data: analysisIds.map((analysisId) => ({ analysisId, ownerId: viewer.uid, kind: 'moved_to_account', actor: actorName(viewer), at })),
  });
  await tx.usageCounter.deleteMany({ where: { ownerId: guestUid } });
  await tx.user.delete({ where: { id: guestUid } });
  return { analyses: analysisIds.length, images: images.count, riskZones: riskZones.count };
}

export interface GuestSweepReport {
  deleted: string[];
  kept: string[];
}

/** Removes the guests idle for longer than `ttlMs`. Registered users' rows are never selected. */
export async function sweepGuests(deps: GuestDeps, ttlMs: number, now: Date = new Date()): Promise<GuestSweepReport> {
  const report: GuestSweepReport = { deleted: [], kept: [] };
  const expired = await deps.db.user.findMany({
    where: { isGuest: true, lastSeenAt: { lt: new Date(now.getTime() - ttlMs) } },
    select: { id: true },
    orderBy: { lastSeenAt: 'asc' },
    take: 500,
  });
  for (const { id } of expired) {
    try {
      report[(await purgeGuest(deps, id)) === 'deleted' ? 'deleted' : 'kept'].push(id);
    } catch (error) {
      // One guest the identity provider could not answer for waits for the next sweep.
      console.warn(`[guests] could not remove guest ${id}:`, error);
    }
  }
  return report;
}

/** Sweeps now and then every `intervalMs` until stopped. */
export function startGuestSweeper(deps: GuestDeps, ttlMs: number, intervalMs: number): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = running
      .then(() => sweepGuests(deps, ttlMs))
      .then((report) => {
        if (report.deleted.length) console.log(`[guests] removed ${report.deleted.length} expired guest session(s)`);
      })
      .catch((error: unknown) => console.error('[guests] sweep failed:', error));
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
