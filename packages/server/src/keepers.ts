// The keepers of running clocks: a game whose clock runs must be held by some process even
// when nobody is connected, so that its flag falls on time, and by as few as can be. Every
// few seconds this process claims, through the relay, the running clocks it holds, lets go of
// those another live process keeps (unless it has their clients), and now and then adopts the
// running games nobody keeps (their keeper died). Alone, it keeps every clock it holds.

import type { Problems } from './problems.ts';
import type { Relay } from './relay.ts';
import type { Room } from './room.ts';
import type { GameStore } from './store.ts';

/** What the keepers need of the games in memory. */
export interface Holdings {
  /** The games in memory. */
  rooms(): Iterable<Room>;
  /** Whether game `id` is in memory or being loaded. */
  holds(id: string): boolean;
  /** Loads game `id`, whose clock the store has as running. */
  adopt(id: string): Promise<unknown>;
}

/** How often this process claims the clocks it keeps... */
const KEEP_BEAT_MS = 2000;
/** ...and every how many claims it adopts the running games no process keeps. */
const ADOPT_EVERY = 3;

/** This process's share of keeping the running clocks. */
export class Keepers {
  private readonly timer: NodeJS.Timeout;
  private keeping = false;
  private beats = 0;
  private stopped = false;

  /** Keeps the running clocks of `held`, claimed through `relay`, listed by `store`. */
  constructor(
    private readonly relay: Relay,
    private readonly store: GameStore,
    private readonly problems: Problems,
    private readonly held: Holdings,
  ) {
    this.timer = setInterval(() => void this.keep(), KEEP_BEAT_MS);
    this.timer.unref();
  }

  /**
   * Claims the running clocks this process holds, lets go of those another keeps (unless it
   * has their clients), and now and then adopts the running games nobody keeps, so that every
   * running clock has a process to flag it and most have only one.
   */
  private async keep(): Promise<void> {
    if (this.keeping || this.stopped) return;
    this.keeping = true;
    try {
      const running = [...this.held.rooms()].filter((room) => room.clockRuns);
      const others = await this.relay.keep(running.map((room) => room.id));
      for (const room of running) if (others.has(room.id)) room.release();
      if (++this.beats % ADOPT_EVERY === 0) await this.adopt();
    } finally {
      this.keeping = false;
    }
  }

  /** Loads the games with a running clock that no process keeps (their keeper died). */
  private async adopt(): Promise<void> {
    let running: readonly string[];
    try {
      running = await this.store.running();
    } catch (e) {
      this.problems.report('the games with a running clock could not be listed', e);
      return;
    }
    const missing = running.filter((id) => !this.held.holds(id));
    for (const id of await this.relay.unkept(missing)) {
      if (this.stopped) return;
      await this.held.adopt(id).catch((e: unknown) => this.problems.report(`game ${id}`, e));
    }
  }

  /** Stops claiming and adopting (the server is closing). */
  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }
}
