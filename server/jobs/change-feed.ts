// Change events across processes: one LISTEN per process on a channel whose payload is a key (an
// analysis id), fanned out to the watchers of that key in this process. Each key has one topic: a
// version that every notification bumps and one shared read per version, so a change costs one query
// however many watchers it has, and watchers of other keys cost nothing. Nothing polls: when the
// listening connection comes back after a loss, every watched key is bumped once (what was missed is
// read again). See docs/decisions/015-job-queue-and-change-events.md.
import type { Database, Listening } from '../db';

class Topic<R> {
  version = 0;
  watchers = 0;
  private waiters: (() => void)[] = [];
  private cached: { version: number; row: Promise<R> } | null = null;

  constructor(private readonly load: () => Promise<R>) {}

  bump(): void {
    this.version += 1;
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Resolves at the next bump (or when `ended` fires). */
  next(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** The row as of the current version, read once for all watchers. */
  read(): Promise<R> {
    if (!this.cached || this.cached.version !== this.version) {
      const row = this.load();
      this.cached = { version: this.version, row };
      // A failed read is not cached: the next watcher reads again.
      row.catch(() => {
        if (this.cached?.row === row) this.cached = null;
      });
    }
    return this.cached.row;
  }
}

export interface Watch<R> {
  /** The current row (one shared read per change). */
  read(): Promise<R>;
  /** Waits for the next change event (or for the feed to end); false once the feed has ended. */
  changed(): Promise<boolean>;
  /** Whether a change arrived since the last read(). */
  readonly stale: boolean;
  close(): void;
}

export class ChangeFeed<R> {
  private readonly topics = new Map<string, Topic<R>>();
  private listening: Listening | null = null;
  private starting: Promise<void> | null = null;
  private ended = false;

  constructor(
    private readonly database: Database,
    private readonly channel: string,
    /** Reads the current row of a key. */
    private readonly load: (key: string) => Promise<R>,
  ) {}

  /** Starts this process's one LISTEN (idempotent). */
  start(): Promise<void> {
    this.starting ??= this.database
      .listen(
        this.channel,
        (key) => this.topics.get(key)?.bump(),
        () => {
          for (const topic of this.topics.values()) topic.bump();
        },
      )
      .then((listening) => {
        this.listening = listening;
      });
    return this.starting;
  }

  /** Tells this process's watchers of `key` now (a change this process made; NOTIFY follows anyway). */
  touch(key: string): void {
    this.topics.get(key)?.bump();
  }

  async watch(key: string): Promise<Watch<R>> {
    await this.start();
    let topic = this.topics.get(key);
    if (!topic) this.topics.set(key, (topic = new Topic(() => this.load(key))));
    topic.watchers += 1;
    const t = topic;
    let seen = -1;
    let closed = false;
    let wakeClosed: () => void = () => {};
    const closing = new Promise<void>((resolve) => (wakeClosed = resolve));
    const ended = () => this.ended || closed;
    return {
      read: () => {
        seen = t.version;
        return t.read();
      },
      get stale() {
        return t.version !== seen;
      },
      changed: async () => {
        if (ended()) return false;
        if (t.version === seen) await Promise.race([t.next(), closing]);
        return !ended();
      },
      close: () => {
        if (closed) return;
        closed = true;
        wakeClosed();
        t.watchers -= 1;
        if (t.watchers === 0 && this.topics.get(key) === t) this.topics.delete(key);
      },
    };
  }

  /** Shutdown's first step: every watcher's `changed()` answers false now. */
  end(): void {
    this.ended = true;
    for (const topic of this.topics.values()) topic.bump();
  }

  async stop(): Promise<void> {
    this.end();
    await this.starting?.catch(() => undefined);
    await this.listening?.close();
    this.listening = null;
  }
}
