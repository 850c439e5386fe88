// Watching an analysis: the `analysis` subscription and the waiting requests (`analyzeImage`,
// POST /aerial/analyze/{id}) follow the row through this process's one change feed (NOTIFY
// aerisk_analysis, sent by a trigger on every insert, delete and status or progress change, from any
// process). No watcher polls; a change costs one read, shared by every watcher of that analysis.
import type { Database } from '../db';
import type { Analysis } from '../generated/prisma/client';
import { ChangeFeed } from '../jobs/change-feed';

export const ANALYSIS_CHANNEL = 'aerisk_analysis';

export function isTerminal(status: Analysis['status']): boolean {
  return status === 'done' || status === 'failed';
}

export class AnalysisEvents {
  private readonly feed: ChangeFeed<Analysis | null>;

  constructor(database: Database) {
    this.feed = new ChangeFeed(database, ANALYSIS_CHANNEL, (id) => database.prisma.analysis.findUnique({ where: { id } }));
  }

  start(): Promise<void> {
    return this.feed.start();
  }

  /**
   * Yields the row now and after every change of its status or progress, until it is done or failed
   * (or gone, or the server is shutting down).
   */
  async *watch(id: string): AsyncGenerator<Analysis> {
    const watch = await this.feed.watch(id);
    let last = '';
    try {
      do {
        const row = await watch.read();
        if (!row) return;
        const state = `${row.status}:${row.progress}`;
        if (state !== last) {
          last = state;
          yield row;
        }
        if (isTerminal(row.status)) return;
      } while (await watch.changed());
    } finally {
      watch.close();
    }
  }

  /** The row once it is done or failed, or as it is when `timeoutMs` runs out (or at shutdown). */
  async waitFor(id: string, timeoutMs: number): Promise<Analysis | null> {
    const watch = await this.feed.watch(id);
    const timer = setTimeout(() => watch.close(), timeoutMs);
    try {
      let row = await watch.read();
      while (row && !isTerminal(row.status) && (await watch.changed())) row = await watch.read();
      return watch.stale ? await watch.read() : row;
    } finally {
      clearTimeout(timer);
      watch.close();
    }
  }

  /** Shutdown's first step: every open watch ends now, answering with the row as it is. */
  end(): void {
    this.feed.end();
  }

  stop(): Promise<void> {
    return this.feed.stop();
  }
}
