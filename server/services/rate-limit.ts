// Per-user limits on uploads, analyses and address suggestions per minute, and Claude's per-user daily budget. Both are
// counters in `usage_counters` (one row per user, kind and window), incremented with one atomic
// upsert, so every process of a deployment shares them.
import type { ClaudeBudget } from '../analyzer/claude/budget';
import { budgetDay } from '../analyzer/claude/budget';
import type { PerMinuteLimits, RateLimits } from '../config';
import type { Db } from '../db';
import { RateLimitedError } from '../domain/errors';

/** `api-key:<id>`: requests made with one API key (services/api-keys.ts). */
export type RateLimitedAction = 'upload' | 'analyze' | 'places' | `api-key:${string}`;

const MINUTE_MS = 60_000;

/** The per-minute limits that apply to `viewer`: guests (anonymous sign-ins) have their own, lower ones. */
export function limitsFor(limits: RateLimits, viewer: { isAnonymous: boolean }): PerMinuteLimits {
  return viewer.isAnonymous ? limits.guest : limits;
}

async function increment(db: Db, ownerId: string, kind: string, window: string, max?: number): Promise<number | null> {
  // With `max`, the row is only incremented while below it; no row returned means the limit is reached.
  const rows = await db.$queryRawUnsafe<{ count: number }[]>(
    `INSERT INTO usage_counters (owner_id, kind, "window", count, updated_at) VALUES ($1, $2, $3, 1, timezone('UTC', now()))
     ON CONFLICT (owner_id, kind, "window") DO UPDATE SET count = usage_counters.count + 1, updated_at = timezone('UTC', now())
     ${max === undefined ? '' : 'WHERE usage_counters.count < $4'}
     RETURNING count`,
    ...(max === undefined ? [ownerId, kind, window] : [ownerId, kind, window, max]),
  );
  return rows[0] ? Number(rows[0].count) : null;
}

/**
 * Counts one attempt of `action` by `ownerId` in the current minute and refuses it past `limit`
 * with RateLimitedError (`message` is the operation's §8 message). Refused attempts count too, so
 * a client hammering the API stays refused until the window turns. Fixed one-minute windows: a
 * burst of up to twice the limit across a window boundary is possible and acceptable here.
 */
export async function takeRateLimit(
  db: Db,
  ownerId: string,
  action: RateLimitedAction,
  limit: number,
  message: string,
  now: Date = new Date(),
): Promise<void> {
  const start = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  const count = await increment(db, ownerId, action, new Date(start).toISOString());
  if (count !== null && count > limit) {
    throw new RateLimitedError(message, Math.max(1, Math.ceil((start + MINUTE_MS - now.getTime()) / 1000)));
  }
}

/** Claude's cost guard (docs/decisions/007-claude-analyzer.md) on the shared counters: per user and UTC day. */
export function createDbClaudeBudget(db: Db, dailyLimit: number, now: () => Date = () => new Date()): ClaudeBudget {
  return {
    dailyLimit,
    async tryConsume(ownerId) {
      if (dailyLimit <= 0) return false;
      return (await increment(db, ownerId, 'claude', budgetDay(now()), dailyLimit)) !== null;
    },
  };
}

/** Drops counters of windows that ended long ago (the newest kept is yesterday's budget). */
export async function pruneUsageCounters(db: Db, olderThanMs = 2 * 24 * 3600_000): Promise<number> {
  const { count } = await db.usageCounter.deleteMany({ where: { updatedAt: { lt: new Date(Date.now() - olderThanMs) } } });
  return count;
}
