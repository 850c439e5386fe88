// Overload shedding (issue 12, docs/decisions/017-load-shedding-and-emulator-persistence.md): the server
// admits the heavy work it can serve and tells the rest to come back, so reads never wait behind it.
// - Uploads (reading, decoding and re-encoding the image: CPU and memory) run at most
//   HEAVY_REQUEST_CONCURRENCY at once, with HEAVY_REQUEST_QUEUE more waiting; beyond that a request is
//   refused at once with 503 and Retry-After, before its body is read. Nothing refused was stored, and
//   nothing admitted is dropped.
// - New analyses are refused the same way while ANALYSIS_QUEUE_LIMIT jobs are already queued or running.
// - Each user may hold SUBSCRIPTIONS_PER_USER open subscription streams; one more is refused (429).
import { RateLimitedError, UnavailableError } from '../domain/errors';

export const BUSY_MESSAGE = 'The server is busy right now. Try again in a moment.';
export const TOO_MANY_STREAMS_MESSAGE = 'Too many live updates are open for this account. Close one and try again.';
/** What a refused request is told: long enough for a few slots to free up. */
export const BUSY_RETRY_AFTER_SECONDS = 3;

/** A concurrency limit with a bounded wait list. */
export class AdmissionGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly queue: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active < this.concurrency) {
      this.active++;
    } else {
      if (this.waiting.length >= this.queue) throw new UnavailableError(BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS);
      // The slot is handed over by the request that frees it (active stays counted).
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

/** Open subscription streams per user. */
export class StreamLimiter {
  private readonly open = new Map<string, number>();

  constructor(readonly perUser: number) {}

  /** Counts one more stream of `uid`, or refuses it; the returned function ends it (once). */
  acquire(uid: string): () => void {
    const count = this.open.get(uid) ?? 0;
    if (count >= this.perUser) throw new RateLimitedError(TOO_MANY_STREAMS_MESSAGE, BUSY_RETRY_AFTER_SECONDS);
    this.open.set(uid, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(uid) ?? 1) - 1;
      if (left > 0) this.open.set(uid, left);
      else this.open.delete(uid);
    };
  }
}

/**
 * `stream`, ending `release` however it ends: finished, failed, or closed by the client — also when the
 * client goes away before the first event, when a generator's own `finally` would never run.
 */
export function releasingWhenDone<T>(stream: AsyncIterable<T>, release: () => void): AsyncIterableIterator<T> {
  const inner = stream[Symbol.asyncIterator]();
  const settle = async <R extends IteratorResult<T>>(step: Promise<R>): Promise<R> => {
    try {
      const result = await step;
      if (result.done) release();
      return result;
    } catch (error) {
      release();
      throw error;
    }
  };
  return {
    next: () => settle(inner.next()),
    return: async (value?: unknown) => {
      release();
      return inner.return ? inner.return(value) : { done: true, value: undefined };
    },
    throw: async (error?: unknown) => {
      release();
      if (inner.throw) return inner.throw(error);
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
