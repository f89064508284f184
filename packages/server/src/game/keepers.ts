// The keepers of games that need a process: a game whose clock runs (or whose first move is
// awaited) must be held by some process even when nobody is connected, so that its flag falls
// on time, and by as few as can be; a lobby game whose end is not yet rated must be loaded by
// some process, which rates it. Every few seconds this process claims, through the relay, the
// running clocks it holds and lets go of those another live process keeps (unless it has their
// clients). And one process at a time (a lease) scans for the games that need a process and
// have none (their keeper died, or the process that committed an end died before rating it)
// and adopts them; loading a finished lobby game rates it (room.ts). Alone, this process keeps
// every clock it holds and adopts everything the scan finds that it does not hold.
//
// Correspondence games wait for their deadlines in the store, not in memory (they may be
// thousands, days away): one process at a time (another lease) asks the store every few
// seconds for the games due and loads them; loading one whose deadline passed ends it on time
// (room.ts), and the event log's versions make that end happen once, whoever else loads it.

import type { Problems } from '../common/problems.ts';
import type { Relay } from './relay.ts';
import type { Room, Seating } from './room.ts';
import type { GameStore } from './store.ts';

/** What the keepers need of the games in memory. */
interface Holdings {
  /** The games in memory. */
  rooms(): Iterable<Room>;
  /** Whether game `id` is in memory or being loaded. */
  holds(id: string): boolean;
  /** Loads game `id`, which the store has as needing a process (or answers it, if held). */
  adopt(id: string): Promise<Room | undefined>;
}

/** How often this process claims the clocks it keeps... */
const KEEP_BEAT_MS = 2000;
/**
 * ...and looks for games no process keeps, if it holds the scan's lease: every second, so that
 * an end whose committing process died is rated within seconds of the death being known (the
 * dead process's key of life lapses in 5 s).
 */
const SCAN_BEAT_MS = 1000;
/** The scan's lease: two beats, so a dead scanner's successor follows within three. */
const SCAN_LEASE_MS = 2000;
/** How often the store is asked for correspondence games whose deadline passed... */
const DUE_BEAT_MS = 5000;
/** ...under a lease of two beats... */
const DUE_LEASE_MS = 10_000;
/**
 * ...taking this many at a time, the most overdue first (few enough to end well within the
 * lease, even at tens of ms a game on a busy PostgreSQL); a full batch is followed at once by the
 * next (a restart after downtime, a clock stepped on), up to DUE_BATCHES in a beat, so that a
 * batch the store will not let end (its writes failing) cannot keep the keeper busy for good.
 */
const DUE_BATCH = 100;
const DUE_BATCHES = 100;

/** This process's share of keeping the games that need a process. */
export class Keepers {
  private readonly timers: NodeJS.Timeout[];
  private keeping = false;
  private scanning = false;
  private dueing = false;
  private stopped = false;
  /** The beats under way, waited for by `stop`. */
  private readonly beats = new Set<Promise<void>>();

  /**
   * Keeps the games of `held`, claimed through `relay`; the games that need a process are
   * listed by `store` (running clocks) and `seating` (lobby games not yet rated).
   */
  constructor(
    private readonly relay: Relay,
    private readonly store: GameStore,
    private readonly seating: Seating,
    private readonly problems: Problems,
    private readonly held: Holdings,
    private readonly now: () => number,
  ) {
    const report = (e: unknown): void => problems.report('keepers', e, true);
    const every = (beat: () => Promise<void>, ms: number): NodeJS.Timeout =>
      setInterval(() => {
        const running = beat()
          .catch(report)
          .finally(() => this.beats.delete(running));
        this.beats.add(running);
      }, ms);
    this.timers = [
      every(() => this.keep(), KEEP_BEAT_MS),
      every(() => this.scan(), SCAN_BEAT_MS),
      every(() => this.due(), DUE_BEAT_MS),
    ];
    for (const timer of this.timers) timer.unref();
  }

  /**
   * Claims the running clocks this process holds and lets go of those another keeps (unless it
   * has their clients), so that most games that need a process have only one.
   */
  private async keep(): Promise<void> {
    if (this.keeping || this.stopped) return;
    this.keeping = true;
    try {
      const running = [...this.held.rooms()].filter((room) => room.clockRuns);
      const others = await this.relay.keep(running.map((room) => room.id));
      for (const room of running) if (others.has(room.id)) room.release();
    } finally {
      this.keeping = false;
    }
  }

  /** Adopts the games that need a process and have none, one scan at a time. */
  private async scan(): Promise<void> {
    if (this.scanning || this.stopped) return;
    this.scanning = true;
    try {
      await this.adopt();
    } finally {
      this.scanning = false;
    }
  }

  /**
   * If this process holds the scan's lease: loads the games that need a process and that no
   * live process keeps (running clocks, lobby games not yet rated). At `start`, every one of
   * them, kept or not, lease or not: whether another process keeps them may not be known yet
   * (Redis away), and a flag must fall; those another process keeps are let go a beat later.
   */
  async adopt(start = false): Promise<void> {
    if (!start && !(await this.relay.lease('scan', SCAN_LEASE_MS))) return;
    let wanted: readonly string[];
    try {
      const [running, unsettled] = await Promise.all([
        this.store.running(),
        this.seating.unsettled(),
      ]);
      wanted = [...new Set([...running, ...unsettled])];
    } catch (e) {
      this.problems.report('the games that need a process could not be listed', e);
      return;
    }
    const missing = wanted.filter((id) => !this.held.holds(id));
    for (const id of start ? missing : await this.relay.unkept(missing)) {
      if (this.stopped) return;
      await this.held.adopt(id).catch((e: unknown) => this.problems.report(`game ${id}`, e));
    }
  }

  /**
   * If this process holds the deadlines' lease (or at `start`, as for the scan): loads the
   * correspondence games due by now, and has each look at its deadline: one held already
   * is reminded too, as its alarm may be set for later than its deadline (a timer waits at
   * most 24.8 days) or never come (its process's clock stepped).
   */
  async due(start = false): Promise<void> {
    if (this.dueing || this.stopped) return;
    this.dueing = true;
    try {
      for (let batch = 0; batch < DUE_BATCHES; batch++) {
        // The lease is renewed for each batch: a long catch-up must not outlive it.
        if (!(start && batch === 0) && !(await this.relay.lease('deadlines', DUE_LEASE_MS))) {
          return;
        }
        let due: readonly string[];
        try {
          due = await this.store.due(this.now(), DUE_BATCH);
        } catch (e) {
          this.problems.report('the games due could not be listed', e);
          return;
        }
        const reminded: Promise<void>[] = [];
        for (const id of due) {
          if (this.stopped) return;
          const room = await this.held
            .adopt(id)
            .catch((e: unknown) => this.problems.report(`game ${id}`, e));
          if (room) reminded.push(room.remind());
        }
        // Ended (or given a later deadline) before the store is asked for the next batch.
        await Promise.all(reminded);
        if (due.length < DUE_BATCH) return;
      }
    } finally {
      this.dueing = false;
    }
  }

  /**
   * Stops claiming and adopting (the server is closing); answers once the beats under way are
   * done, each having finished the game it was at.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    await Promise.all(this.beats);
  }
}
