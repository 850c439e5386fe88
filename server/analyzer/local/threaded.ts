// The local analyzer on worker threads. Its pixel work is synchronous JavaScript (tens of milliseconds for a
// map tile, most of a second for a 12 MP photo); on the server's main thread that would stall every other
// request while an analysis runs. Here each analysis runs on one of `threads` worker threads, queued in
// arrival order; the main thread only passes bytes in and the contract's result out.
import { Worker } from 'node:worker_threads';
import {
  ANALYZER_ERROR_CODES,
  ImageDecodeError,
  type Analyzer,
  type AnalyzeContext,
  type AnalyzerErrorCode,
  type AnalyzerOutput,
} from '../contract';
import type { LocalAnalyzerOptions } from './analyzer';

export interface ThreadedAnalyzer extends Analyzer {
  /** Starts every thread now (module transform and model load), so the first analysis does not wait for it. */
  warm(): void;
  /** Ends the threads; analyses still queued or running are refused. */
  close(): Promise<void>;
}

type Reply = { id: number; output?: AnalyzerOutput; error?: { name: string; message: string; code: string | null; stack?: string } };
type Task = {
  id: number;
  image: Uint8Array;
  context: AnalyzeContext;
  resolve(o: AnalyzerOutput): void;
  reject(e: Error): void;
  thread?: AnalyzerThread;
};

const ENTRY = new URL('./thread-entry.mjs', import.meta.url);
/** A thread retired mid-analysis gets this long to finish that work before it is terminated. */
const RETIRED_GRACE_MS = 30_000;

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('The analysis was given up.');
}

/** The error the thread threw, as the same class the in-process analyzer throws. */
function rebuild(error: NonNullable<Reply['error']>): Error {
  if (error.name === 'ImageDecodeError' && ANALYZER_ERROR_CODES.includes(error.code as AnalyzerErrorCode)) {
    return new ImageDecodeError(error.code as AnalyzerErrorCode, error.message);
  }
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  if (error.stack) rebuilt.stack = error.stack;
  return rebuilt;
}

class AnalyzerThread {
  private readonly worker: Worker;
  private readonly ready: Promise<void>;
  task: Task | null = null;
  dead = false;
  private readonly exited: Promise<void>;

  constructor(
    options: LocalAnalyzerOptions,
    private readonly onIdle: (thread: AnalyzerThread) => void,
    private readonly onDeath: (thread: AnalyzerThread) => void,
  ) {
    // No inherited loader flags: the entry registers its own, whatever started this process.
    this.worker = new Worker(ENTRY, { workerData: { options }, execArgv: [] });
    this.worker.unref();
    this.ready = new Promise((resolve, reject) => {
      this.worker.once('message', () => resolve());
      this.worker.once('error', reject);
    });
    this.ready.catch(() => undefined);
    this.worker.on('message', (reply: Reply & { ready?: true }) => {
      if (reply.ready) return;
      const task = this.task;
      if (!task || task.id !== reply.id) return;
      this.task = null;
      this.worker.unref();
      if (reply.error) task.reject(rebuild(reply.error));
      else task.resolve(reply.output!);
      this.onIdle(this);
    });
    const die = (error: Error) => {
      if (this.dead) return;
      this.dead = true;
      this.task?.reject(error);
      this.task = null;
      this.onDeath(this);
    };
    this.worker.on('error', (error: Error) => die(new Error(`The analyzer thread failed: ${error.message}`, { cause: error })));
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.on('exit', (code) => die(new Error(`The analyzer thread stopped (exit code ${code}).`)));
  }

  run(task: Task): void {
    this.task = task;
    task.thread = this;
    // Only a thread with work keeps the process alive (a CLI exits once its analyses are done).
    this.worker.ref();
    // A copy the thread owns, moved rather than cloned: the caller's Buffer may share its memory.
    const image = new Uint8Array(task.image);
    this.ready.then(
      // The abort signal stays here (it cannot cross threads): abandoning is done from this side.
      () => this.worker.postMessage({ id: task.id, image, context: { ...task.context, signal: undefined } }, [image.buffer]),
      (error: Error) => this.worker.emit('error', error),
    );
  }

  /**
   * Ends the thread: its current analysis (if any) is refused to the caller at once, but the thread itself
   * finishes that work and any model loading before it exits — terminating it while onnxruntime runs native
   * code in it would abort the process. Only a thread that has not exited after `graceMs` is terminated.
   */
  async stop(reason: Error, graceMs = 15_000): Promise<void> {
    this.dead = true;
    this.task?.reject(reason);
    this.task = null;
    this.worker.postMessage({ stop: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), graceMs);
    });
    const outcome = await Promise.race([this.exited, late]);
    clearTimeout(timer);
    if (outcome === 'late') await this.worker.terminate();
  }
}

export function createThreadedLocalAnalyzer(opts: { threads: number; options?: LocalAnalyzerOptions }): ThreadedAnalyzer {
  const size = Math.max(1, Math.floor(opts.threads));
  const threads: AnalyzerThread[] = [];
  const queue: Task[] = [];
  let nextId = 1;
  let closed = false;

  const spawn = () => {
    const thread = new AnalyzerThread(opts.options ?? {}, dispatch, (dead) => {
      const at = threads.indexOf(dead);
      if (at >= 0) threads.splice(at, 1);
      if (!closed) dispatch();
    });
    threads.push(thread);
    return thread;
  };
  function dispatch() {
    while (queue.length) {
      let thread = threads.find((t) => !t.dead && !t.task);
      if (!thread && threads.length < size) thread = spawn();
      if (!thread) return;
      thread.run(queue.shift()!);
    }
  }

  return {
    name: 'local',
    analyze(image: Buffer, context: AnalyzeContext): Promise<AnalyzerOutput> {
      if (closed) return Promise.reject(new Error('The analyzer has been shut down.'));
      const { signal } = context;
      if (signal?.aborted) return Promise.reject(abortReason(signal));
      return new Promise((resolve, reject) => {
        const task: Task = { id: nextId++, image, context, resolve, reject };
        // Given up: a queued analysis leaves the queue; a running one takes its thread with it (the thread
        // is retired and replaced at once, and exits when its work ends), so a runaway never holds capacity.
        const abandon = () => {
          const reason = abortReason(signal!);
          const queued = queue.indexOf(task);
          if (queued >= 0) {
            queue.splice(queued, 1);
            reject(reason);
          } else if (task.thread && task.thread.task === task) {
            const thread = task.thread;
            const at = threads.indexOf(thread);
            if (at >= 0) threads.splice(at, 1);
            void thread.stop(reason, RETIRED_GRACE_MS);
            dispatch();
          }
        };
        signal?.addEventListener('abort', abandon, { once: true });
        const settle =
          <T>(fn: (v: T) => void) =>
          (v: T) => {
            signal?.removeEventListener('abort', abandon);
            fn(v);
          };
        task.resolve = settle(resolve);
        task.reject = settle(reject);
        queue.push(task);
        dispatch();
      });
    },
    warm() {
      while (!closed && threads.length < size) spawn();
    },
    async close() {
      closed = true;
      const reason = () => new Error('The analyzer has been shut down.');
      for (const task of queue.splice(0)) task.reject(reason());
      await Promise.all(threads.splice(0).map((t) => t.stop(reason())));
    },
  };
}
