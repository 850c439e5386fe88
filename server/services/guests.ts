// Guest sessions (issue 13): an anonymous Firebase sign-in uses the product like anyone else, but its
// results last only for the session (spec §1). A guest's last request is recorded on its user row;
// signing out, or staying away longer than GUEST_SESSION_TTL_HOURS, deletes its analyses, images (the
// blobs too), risk zones, usage counters and the anonymous account. The identity provider is asked
// again right before anything is deleted, so a guest who linked a credential meanwhile keeps it all.
import type { AccountAdmin } from '../auth/accounts';
import type { Viewer } from '../auth/context';
import type { Db } from '../db';
import { ForbiddenError } from '../domain/errors';
import type { BlobStorage } from '../storage/blob-storage';
import { FAILURE, failingAs } from './messages';

export interface GuestDeps {
  db: Db;
  storage: BlobStorage;
  accounts: AccountAdmin;
  /** Drops what the token verifier remembers of a deleted account, so its tokens are refused at once. */
  forgetUser?: (uid: string) => void;
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
  for (const { storageKey } of images) {
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
