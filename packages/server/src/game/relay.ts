// The seam between this server process and the others (docs/online.md, "Scaling"): the relay
// of committed events, presence (who is connected to a game, on any process), the keepers of
// running clocks and the creation count per address. A server always has one: `LocalRelay`
// when it runs alone, `RedisRelay` (redis-relay.ts) when several processes share a Redis. So a
// game and the hub never ask whether there are other processes; alone, there are none to tell
// and none to hear.

import { type Allowance, type Rate, Windows } from '../common/rate-limit.ts';
import type { GameEvent } from './store.ts';

/**
 * An event committed by another process: game, version made, event; without the event, only
 * the news that the game is at `version` (the receiver reads what it misses from the store).
 */
type Relayed = (id: string, version: number, event: GameEvent | undefined) => void;

/** Connections to one game: players per seat (a player may have several tabs) and watchers. */
export interface Attendance {
  readonly white: number;
  readonly black: number;
  readonly watchers: number;
}

/** No connection at all. */
export const NOBODY: Attendance = { white: 0, black: 0, watchers: 0 };

/** What the other processes hear from a process. */
export interface Listener {
  /** An event another process committed. */
  readonly event: Relayed;
  /**
   * The link to the others came back after a cut (events may have been missed: read the
   * store), with `announce` true when this process's own publishing was cut (tell the others
   * the versions).
   */
  readonly reconnected: (announce: boolean) => void;
  /** Another process's connections to game `id` changed: read them with `elsewhere`. */
  readonly attendance: (id: string) => void;
}

/** Everything a server process shares with the others. */
export interface Relay extends Allowance {
  /**
   * Whether what the others publish may be going unheard right now (the link to them is cut):
   * meanwhile the games with members read the store instead.
   */
  readonly deaf: boolean;
  /** Tells the other processes that `event` made `version` of game `id` (durable already). */
  publish(id: string, version: number, event: GameEvent): void;
  /** Tells the others that game `id` is at `version`, so those behind read the store. */
  announce(id: string, version: number): void;
  /** Records this process's connections to game `id` for the others, and tells them. */
  attend(id: string, here: Attendance): void;
  /**
   * The connections the other live processes hold to game `id`, or undefined when they cannot
   * be read (the caller keeps what it knew).
   */
  elsewhere(id: string): Promise<Attendance | undefined>;
  /**
   * Claims the keeping of the running clocks of games `ids` (held in memory here) for a few
   * seconds, unless another live process keeps them: answers those it does (this process may
   * let them go).
   */
  keep(ids: readonly string[]): Promise<ReadonlySet<string>>;
  /** Of games `ids`, those no live process keeps (a dead process's claims count for nothing). */
  unkept(ids: readonly string[]): Promise<readonly string[]>;
  /**
   * Takes or renews this process's lease `name` for `ms`: true if it holds it now, so that one
   * process at a time does the work it guards. Work under a lease must be safe to do twice: while
   * the others cannot be reached, each process holds every lease.
   */
  lease(name: string, ms: number): Promise<boolean>;
  /** Hands what the other processes say to `listener`. */
  listen(listener: Listener): void;
  /** Leaves the others. */
  close(): Promise<void>;
}

/** What one game needs of the relay. */
export type RoomRelay = Pick<Relay, 'publish' | 'attend' | 'elsewhere'>;

/**
 * One process alone: nobody to tell or to hear, nobody connected elsewhere, every game its own
 * to keep, every lease its own, and actions counted in its memory.
 */
export class LocalRelay implements Relay {
  readonly deaf = false;
  private readonly windows = new Windows();

  publish(): void {}

  announce(): void {}

  attend(): void {}

  async elsewhere(): Promise<Attendance> {
    return NOBODY;
  }

  async allow(key: string, rate: Rate, now: number): Promise<number> {
    return this.windows.take(key, rate, now);
  }

  async keep(): Promise<ReadonlySet<string>> {
    return new Set();
  }

  async unkept(ids: readonly string[]): Promise<readonly string[]> {
    return ids;
  }

  async lease(): Promise<boolean> {
    return true;
  }

  listen(): void {}

  async close(): Promise<void> {}
}
