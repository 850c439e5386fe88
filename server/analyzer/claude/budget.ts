// The cost guard. Every Claude call costs money, so each user gets a daily number of Claude analyses
// (CLAUDE_DAILY_BUDGET); past it the embedded analyzer answers alone. The analysis service implements this
// interface with the database (one counter per user and UTC day, incremented atomically); the in-memory one
// below serves the CLI, tests and single-process demos.

export interface ClaudeBudget {
  /** Takes one unit of `ownerId`'s budget for today; false when none is left (nothing is taken then). */
  tryConsume(ownerId: string): Promise<boolean>;
  /** The daily limit, when the implementation has one to report (used in the fallback reason). */
  readonly dailyLimit?: number;
}

/** Owner key used when the caller knows no user (CLI runs): they share one budget. */
export const ANONYMOUS_OWNER = 'anonymous';

/** The UTC calendar day of `date`, e.g. "2026-11-22": budgets reset at midnight UTC. */
export function budgetDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function createInMemoryBudget(dailyLimit: number, now: () => Date = () => new Date()): ClaudeBudget {
  if (!Number.isInteger(dailyLimit) || dailyLimit < 0) throw new RangeError('dailyLimit must be a whole number ≥ 0');
  const used = new Map<string, { day: string; count: number }>();
  return {
    dailyLimit,
    async tryConsume(ownerId) {
      const day = budgetDay(now());
      // Yesterday's counters are dead weight; drop them so a long-running process stays bounded.
      for (const [owner, entry] of used) if (entry.day !== day) used.delete(owner);
      const entry = used.get(ownerId) ?? { day, count: 0 };
      if (entry.count >= dailyLimit) return false;
      used.set(ownerId, { day, count: entry.count + 1 });
      return true;
    },
  };
}
