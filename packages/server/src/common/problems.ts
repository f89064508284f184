// Logging for failures that come in bursts: a full disk fails every write at once, and a
// stack trace per failed move would bury the log. Each kind of problem is logged the first
// time, then at most once per window, with the number of repeats it stood for.

/** Logs each kind of problem once per burst instead of once per occurrence. */
export class Problems {
  private readonly seen = new Map<string, { at: number; repeats: number }>();

  /** Logs through `log` at most once per `windowMs` per key; `now` is the clock in ms. */
  constructor(
    private readonly now: () => number,
    private readonly windowMs = 60_000,
    private readonly log: (line: string) => void = console.error,
  ) {}

  /**
   * Reports one occurrence of the problem `key`; `detail` says what went wrong. `stack` keeps
   * an error's stack: for the unexpected (a bug), not for a failure of the disk.
   */
  report(key: string, detail: unknown, stack = false): void {
    const now = this.now();
    const last = this.seen.get(key);
    if (last && now - last.at < this.windowMs) {
      last.repeats++;
      return;
    }
    const message =
      detail instanceof Error ? (stack && detail.stack) || detail.message : String(detail);
    const more = last?.repeats ? ` (and ${last.repeats} more since the last report)` : '';
    this.log(`${key}: ${message}${more}`);
    if (this.seen.size >= 10_000) this.seen.clear(); // bounded: a flood of keys forgets old ones
    this.seen.set(key, { at: now, repeats: 0 });
  }
}
