// What several server processes share through Redis (AGON_REDIS_URL): the relay of committed
// events between processes (docs/online.md, "Scaling") and the creation rate limit per address.
// Redis is never needed to accept a move: publishing is fire and forget, and a process that
// cannot reach Redis falls back to its own rate limit. Every process subscribes to one pattern,
// `agon:game:*`, and keeps the events of the games it holds in memory; ioredis reconnects and
// subscribes again by itself after Redis restarts.

import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { GameEvent } from './store.ts';

/**
 * An event committed by another process: game, version made, event; without the event, only
 * the news that the game is at `version` (the receiver reads what it misses from the store).
 */
export type Relayed = (id: string, version: number, event: GameEvent | undefined) => void;

/** The seam between a game and the other processes. */
export interface Relay {
  /** Tells the other processes that `event` made `version` of game `id` (durable already). */
  publish(id: string, version: number, event: GameEvent): void;
}

/** Shared state across server processes. */
export interface Shared extends Relay {
  /**
   * Calls `handler` for each event another process commits, and `reconnected` when the link
   * to the others comes back after a cut (events may have been missed: read the store), with
   * `announce` true when this process's own publishing was cut (tell the others the versions).
   */
  listen(handler: Relayed, reconnected: (announce: boolean) => void): void;
  /** Tells the others that game `id` is at `version`, so those behind read the store. */
  announce(id: string, version: number): void;
  /**
   * Counts a game created by `address` against `perMinute`: true if allowed, false if over,
   * undefined when the shared count cannot be had (the caller then limits on its own).
   */
  takeCreation(address: string, perMinute: number, now: number): Promise<boolean | undefined>;
  close(): Promise<void>;
}

const CHANNEL = 'agon:game:';

interface Wire {
  /** The publishing process. */
  readonly o: string;
  readonly v: number;
  readonly e?: GameEvent;
}

/** Shared state in the Redis at `url`. */
export class RedisShared implements Shared {
  /** This process, so that it skips its own events. */
  private readonly origin = randomBytes(8).toString('hex');
  private readonly commands: Redis;
  private readonly subscriber: Redis;
  private handler: Relayed = () => undefined;
  private reconnected: (announce: boolean) => void = () => undefined;

  constructor(url: string, onProblem: (what: string, e: unknown) => void) {
    // No queue while disconnected: a publish or a count fails at once instead of waiting
    // for Redis, so nothing on the way of a move ever waits for it.
    this.commands = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: (times) => Math.min(times * 100, 1000),
    });
    this.subscriber = new Redis(url, { retryStrategy: (times) => Math.min(times * 100, 1000) });
    this.commands.on('error', (e: unknown) => onProblem('redis', e));
    this.subscriber.on('error', (e: unknown) => onProblem('redis', e));
    this.subscriber.on('pmessage', (_pattern: string, channel: string, text: string) => {
      let wire: Wire;
      try {
        wire = JSON.parse(text) as Wire;
      } catch {
        return;
      }
      if (wire.o === this.origin) return;
      this.handler(channel.slice(CHANNEL.length), wire.v, wire.e);
    });
    this.subscriber.psubscribe(`${CHANNEL}*`).catch((e: unknown) => onProblem('redis', e));
    // After a cut (Redis restarted, say) events published meanwhile are lost: the first
    // 'ready' is the start, every later one a reconnection.
    let heard = 0;
    this.subscriber.on('ready', () => {
      if (heard++ > 0) this.reconnected(false);
    });
    let spoke = 0;
    this.commands.on('ready', () => {
      if (spoke++ > 0) this.reconnected(true);
    });
  }

  /**
   * Waits up to `ms` for both connections to Redis (a server starts counting and relaying at
   * once rather than on its own for the first moments); false if Redis did not answer in time.
   */
  async ready(ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (this.commands.status !== 'ready' || this.subscriber.status !== 'ready') {
      if (Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, 20));
    }
    return true;
  }

  listen(handler: Relayed, reconnected: (announce: boolean) => void): void {
    this.handler = handler;
    this.reconnected = reconnected;
  }

  /** Tells the others that game `id` is at `version`, so those behind read the store. */
  announce(id: string, version: number): void {
    if (this.commands.status !== 'ready') return;
    const wire: Wire = { o: this.origin, v: version };
    this.commands.publish(`${CHANNEL}${id}`, JSON.stringify(wire)).catch(() => undefined);
  }

  publish(id: string, version: number, event: GameEvent): void {
    if (this.commands.status !== 'ready') return;
    const wire: Wire = { o: this.origin, v: version, e: event };
    // Lost when Redis is down: a process that misses an event sees the gap at the next one
    // and reloads the game from the store.
    this.commands.publish(`${CHANNEL}${id}`, JSON.stringify(wire)).catch(() => undefined);
  }

  async takeCreation(
    address: string,
    perMinute: number,
    now: number,
  ): Promise<boolean | undefined> {
    if (this.commands.status !== 'ready') return undefined;
    // A fixed window per minute, counted by every process alike.
    const key = `agon:create:${address}:${Math.floor(now / 60_000)}`;
    try {
      const result = await this.commands.multi().incr(key).pexpire(key, 120_000).exec();
      const count = Number(result?.[0]?.[1]);
      return Number.isFinite(count) ? count <= perMinute : undefined;
    } catch {
      return undefined;
    }
  }

  async close(): Promise<void> {
    this.subscriber.disconnect();
    this.commands.disconnect();
  }
}
