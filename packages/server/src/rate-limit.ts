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
