// A token bucket: `rate` actions per second on average, bursts of up to `burst`.

/** Allows actions at a steady rate with some burst; the caller passes the time. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  /** A full bucket at time `now` (ms). */
  constructor(
    private readonly rate: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.last = now;
  }

  /** Takes one token if there is one; false means the action is over the limit. */
  take(now: number): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens--;
    return true;
  }

  /** Whether the bucket has refilled, so forgetting it changes nothing. */
  full(now: number): boolean {
    return this.tokens + ((now - this.last) / 1000) * this.rate >= this.burst;
  }
}

/** A limit of `count` actions in each window of `windowMs`. */
export interface Rate {
  readonly count: number;
  readonly windowMs: number;
}

/** Keys counted before the counts of past windows are forgotten. */
const REMEMBERED_KEYS = 10_000;

/**
 * Actions counted per key in fixed windows, in this process's memory: the same limits as the
 * cluster's count in Redis (redis-relay.ts), for a process alone or while Redis is away.
 */
export class Windows {
  private readonly counts = new Map<string, { window: number; count: number }>();

  /** Counts one action of `key` at `now`: 0 if within `rate`, else the ms until it would be. */
  take(key: string, rate: Rate, now: number): number {
    const window = Math.floor(now / rate.windowMs);
    let entry = this.counts.get(key);
    if (!entry || entry.window !== window) {
      if (!entry && this.counts.size >= REMEMBERED_KEYS) this.forget(now, rate.windowMs);
      entry = { window, count: 0 };
      this.counts.set(key, entry);
    }
    entry.count++;
    return entry.count <= rate.count ? 0 : (window + 1) * rate.windowMs - now;
  }

  /** Forgets the counts of windows that have ended (those of the longest limit, `windowMs`). */
  private forget(now: number, windowMs: number): void {
    for (const [key, entry] of this.counts) {
      if ((entry.window + 1) * windowMs <= now) this.counts.delete(key);
    }
    // A flood of fresh keys within one window: forget the oldest half rather than grow.
    if (this.counts.size >= REMEMBERED_KEYS) {
      let drop = this.counts.size / 2;
      for (const key of this.counts.keys()) {
        if (drop-- <= 0) break;
        this.counts.delete(key);
      }
    }
  }
}
