import type { BlobEntry, BlobStorage } from './blob-storage';

export interface SweepOptions {
  /** Only keys under this prefix (default: every key). */
  prefix?: string;
  /** How many keys one `knownKeys` call checks (default 500). */
  batchSize?: number;
  /** Clock, for tests. */
  now?: () => number;
}

export interface SweepReport {
  /** Blobs old enough to be judged. */
  examined: number;
  /** Keys deleted because no row refers to them. */
  deleted: string[];
  /** Temp files of writes that never completed, removed by the backend. */
  incompletePurged: number;
}

/**
 * Deletes blobs that no database row refers to. The service writes a blob before its row, so a crash in
 * between leaves a blob without a row; this is what cleans it up.
 *
 * `olderThanMs` is the grace period that makes the sweep safe while uploads are running: a blob written
 * a moment ago whose row is about to be inserted is younger than that and is left alone. It must be far
 * longer than the slowest upload (minutes, not seconds). Keys must not be reused for a new row after
 * their first write (a fresh key per upload), or an old blob could gain a row between check and delete.
 *
 * `knownKeys(keys)` answers which of `keys` rows still refer to (one query per batch).
 */
export async function sweepOrphans(
  storage: BlobStorage,
  knownKeys: (keys: string[]) => Promise<Set<string>>,
  olderThanMs: number,
  options: SweepOptions = {},
): Promise<SweepReport> {
  if (!Number.isFinite(olderThanMs) || olderThanMs < 0) throw new RangeError('olderThanMs must be a non-negative number');
  const batchSize = options.batchSize ?? 500;
  const now = options.now ?? Date.now;
  const cutoff = now() - olderThanMs;
  const report: SweepReport = { examined: 0, deleted: [], incompletePurged: 0 };

  let batch: BlobEntry[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const current = batch;
    batch = [];
    const known = await knownKeys(current.map((entry) => entry.key));
    for (const entry of current) {
      if (known.has(entry.key)) continue;
      await storage.delete(entry.key);
      report.deleted.push(entry.key);
    }
  };

  for await (const entry of storage.list(options.prefix ?? '')) {
    if (entry.lastModified.getTime() > cutoff) continue;
    report.examined += 1;
    batch.push(entry);
    if (batch.length >= batchSize) await flush();
  }
  await flush();

  if (storage.purgeIncomplete) report.incompletePurged = await storage.purgeIncomplete(olderThanMs);
  return report;
}
