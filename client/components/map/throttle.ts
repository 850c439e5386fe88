// At most one call per interval: the first value goes out at once, later ones wait for the interval to
// pass and only the newest of them is sent (spec §9: suggestions at most once per 300 ms). Leading and
// trailing, so the list follows the typing without a request per keystroke.
export class Throttle<T> {
  private last = Number.NEGATIVE_INFINITY;
  private pending: { value: T } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly intervalMs: number,
    private readonly run: (value: T) => void,
    private readonly now: () => number = () => Date.now(),
  ) {}

  push(value: T): void {
    const wait = this.last + this.intervalMs - this.now();
    if (wait <= 0 && this.timer === null) {
      this.fire(value);
      return;
    }
    this.pending = { value };
    this.timer ??= setTimeout(() => this.flush(), Math.max(0, wait));
  }

  /** Drops a waiting value (the input fell below the minimum, or the component went away). */
  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
  }

  private flush(): void {
    this.timer = null;
    const pending = this.pending;
    this.pending = null;
    if (pending) this.fire(pending.value);
  }

  private fire(value: T): void {
    this.last = this.now();
    this.run(value);
  }
}
