// The seam between this server process and the others (docs/online.md, "Scaling"): the relay
// of committed events, presence (who is connected to a game, on any process), the keepers of
// running clocks, the creation count per address, and the whiles in which values told close
// together are folded into one (a player's turns, push/digest.ts). A server always has one:
// `LocalRelay` when it runs alone, `RedisRelay` (redis-relay.ts) when several processes share a
// Redis. So a game and the hub never ask whether there are other processes; alone, there are
// none to tell and none to hear.

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

/**
 * A while of folding that ended: the values told in it, each item's latest, in the order the
 * items first came (the one that opened it first).
 */
export interface Fold {
  readonly values: readonly string[];
  /** Whether anything was told after the value that opened the while (which went at once). */
  readonly held: boolean;
}

/** Where `fold` put a value. */
export interface Folding {
  /** When the while that holds it ends, by the clock of the process that opened it: its name. */
  readonly until: number;
  /** Whether the value opened the while: the caller tells it at once. */
  readonly opened: boolean;
  /**
   * The while before, ended but not yet taken by anyone (its closer is late, or was killed):
   * the caller took it, and tells it.
   */
  readonly ended?: Fold;
}

/**
 * What closing a while answers: its fold, taken by the caller to tell; `sent` when another
 * process took it (or a later while replaced it); `lost` when no trace of it is left (Redis lost
 * its data), so each process tells what it held itself.
 */
export type Unfolded = Fold | 'sent' | 'lost';

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
  /**
   * Folds `value` of `item` (no line break in it) into the while of `key`, one for every process:
   * a while opens at `now` for `ms` when none runs, and gathers each item's latest value until it
   * ends. Undefined when the whiles cannot be reached (the caller tells the value at once).
   */
  fold(
    key: string,
    item: string,
    value: string,
    now: number,
    ms: number,
  ): Promise<Folding | undefined>;
  /**
   * Takes the while of `key` that ends at `until` (ended by the caller's clock), so that one
   * process tells it; undefined when the whiles cannot be reached (try again).
   */
  unfold(key: string, until: number): Promise<Unfolded | undefined>;
  /** Hands what the other processes say to `listener`. */
  listen(listener: Listener): void;
  /** Leaves the others. */
  close(): Promise<void>;
}

/** What one game needs of the relay. */
export type RoomRelay = Pick<Relay, 'publish' | 'attend' | 'elsewhere'>;

/** A while of folding held in one process's memory. */
interface Gathering {
  readonly until: number;
  /** Each item's latest value: a Map keeps the order in which the items first came. */
  readonly values: Map<string, string>;
  held: boolean;
}

const foldOf = (g: Gathering): Fold => ({ values: [...g.values.values()], held: g.held });

/**
 * One process alone: nobody to tell or to hear, nobody connected elsewhere, every game its own
 * to keep, every lease its own, and actions counted and whiles folded in its memory.
 */
export class LocalRelay implements Relay {
  readonly deaf = false;
  private readonly windows = new Windows();
  private readonly gatherings = new Map<string, Gathering>();

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

  async fold(key: string, item: string, value: string, now: number, ms: number): Promise<Folding> {
    const open = this.gatherings.get(key);
    if (open && open.until > now) {
      open.values.set(item, value);
      open.held = true;
      return { until: open.until, opened: false };
    }
    const until = now + ms;
    this.gatherings.set(key, { until, values: new Map([[item, value]]), held: false });
    return open ? { until, opened: true, ended: foldOf(open) } : { until, opened: true };
  }

  async unfold(key: string, until: number): Promise<Unfolded> {
    const open = this.gatherings.get(key);
    // Alone, a while is gone only once taken: nothing is ever lost.
    if (open?.until !== until) return 'sent';
    this.gatherings.delete(key);
    return foldOf(open);
  }

  listen(): void {}

  async close(): Promise<void> {}
}
