// The rates that keep one client from hurting the others: a token bucket (`rate` actions per
// second on average, bursts of up to `burst`), fixed windows of counts, and the refusal of an
// API request over its rate.

import type { FastifyReply } from 'fastify';
import { refusal } from './http-errors.ts';

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

/**
 * Keys counted at once. Past this, a new key is refused until a window ends: forgetting a count
 * still running would let whoever flooded the table with fresh keys start their own count anew.
 */
const REMEMBERED_KEYS = 100_000;

/** One key's count in its current window. */
interface Count {
  window: number;
  windowMs: number;
  count: number;
}

/**
 * Actions counted per key in fixed windows, in this process's memory: the same limits as the
 * cluster's count in Redis (redis-relay.ts), for a process alone or while Redis is away.
 */
export class Windows {
  private readonly counts = new Map<string, Count>();
  /** No counted window ends before this, so a prune before then would free nothing. */
  private firstEnd = 0;

  /** Counts one action of `key` at `now`: 0 if within `rate`, else the ms until it would be. */
  take(key: string, rate: Rate, now: number): number {
    const window = Math.floor(now / rate.windowMs);
    const end = (window + 1) * rate.windowMs;
    let entry = this.counts.get(key);
    if (!entry) {
      if (this.counts.size >= REMEMBERED_KEYS && !this.prune(now)) return this.firstEnd - now;
      entry = { window, windowMs: rate.windowMs, count: 0 };
      this.counts.set(key, entry);
      this.firstEnd = Math.min(this.firstEnd || end, end);
    } else if (entry.window !== window || entry.windowMs !== rate.windowMs) {
      entry.window = window;
      entry.windowMs = rate.windowMs;
      entry.count = 0;
    }
    entry.count++;
    return entry.count <= rate.count ? 0 : end - now;
  }

  /** Forgets the counts whose windows have ended, each by its own length; true if room was made. */
  private prune(now: number): boolean {
    if (now < this.firstEnd) return false;
    let first = Number.POSITIVE_INFINITY;
    for (const [key, entry] of this.counts) {
      const end = (entry.window + 1) * entry.windowMs;
      if (end <= now) this.counts.delete(key);
      else first = Math.min(first, end);
    }
    this.firstEnd = first;
    return this.counts.size < REMEMBERED_KEYS;
  }
}

/** The count of actions against rates, on every process together (game/relay.ts). */
export interface Allowance {
  /**
   * Counts one action of `key` (a kind of action and who takes it) at `now` against `rate`, on
   * every process together: 0 if allowed, else the ms until it would be.
   */
  allow(key: string, rate: Rate, now: number): Promise<number>;
}

/**
 * Counts one action of a key against a rate, on every process together: the answer is true
 * if allowed; otherwise the refusal has been sent, 429 with the seconds to wait in retry-after.
 */
export function limiter(
  allowance: Allowance,
  now: () => number,
): (reply: FastifyReply, key: string, rate: Rate, message: string) => Promise<boolean> {
  return async (reply, key, rate, message) => {
    const wait = await allowance.allow(key, rate, now());
    if (wait <= 0) return true;
    reply
      .status(429)
      .header('retry-after', String(Math.ceil(wait / 1000)))
      .send(refusal('rate-limited', message));
    return false;
  };
}
