// Waiting before another try at a server that dropped or refused a connection: the wait
// doubles with each failure up to a cap, and each wait is drawn from its upper half, so that
// many bots cut off at once by a restart do not all come back in the same instant.

/** The first wait, in ms. */
const FIRST_MS = 1000;
/** The longest wait, in ms. */
const CAP_MS = 60_000;

/** The waits between tries at one connection. */
export class Backoff {
  private failures = 0;

  constructor(private readonly random: () => number = Math.random) {}

  /** The wait before the next try, in ms: from half of min(cap, first * 2^failures) to all of it. */
  next(): number {
    const ceiling = Math.min(CAP_MS, FIRST_MS * 2 ** Math.min(this.failures, 16));
    this.failures++;
    return Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
  }

  /** A connection succeeded: the next failure waits the shortest again. */
  reset(): void {
    this.failures = 0;
  }
}

/** Waits `ms`, or less if `signal` aborts; true when the whole wait passed. */
export function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve(!signal.aborted);
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}
