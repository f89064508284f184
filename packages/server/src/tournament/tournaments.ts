// This process's access to the tournaments: each event's state replayed from its log (log.ts,
// standings.ts), kept in memory and brought up to date by reading only the events added since,
// and the appending of events, which any process may do (a join, a result) beside the one that
// runs the event (director.ts): each append names the version it follows, so two writers at
// once cannot both succeed, and the loser reads what changed and decides again.
//
// Writers on one event in a process are taken in batches: those that arrive while an append is
// under way are decided one after another on the state and appended together, in one write. A
// thousand players' results then cost a few writes a second, not a thousand, and in a cluster
// two processes race each other a few times a second rather than on every result.

import type { Colour } from '@agon/engine';
import type { OutcomeView, Refusal } from '@agon/protocol';
import { type GameSetup, VersionConflict } from '../game/store.ts';
import type { TournamentEvent } from './log.ts';
import { EventState } from './standings.ts';
import type { TournamentStore } from './store.ts';

/** How often an append lost to another writer is decided again before giving up. */
const ATTEMPTS = 20;
/** Writers decided and appended together, at most. */
const BATCH = 500;
/** An event nobody has asked about for this long leaves memory. */
const IDLE_MS = 10 * 60_000;

/** What an action on an event decided: events to append (maybe none), or a refusal. */
type Decision = readonly TournamentEvent[] | Refusal;

/** What an action came to: the state after, the refusal, or undefined for no such event. */
type Acted = { readonly state: EventState } | { readonly refusal: Refusal } | undefined;

const isRefusal = (d: Decision): d is Refusal => !Array.isArray(d);

/**
 * One event in memory: its state, the events in it (to go back to if an append fails after its
 * batch was applied), when its log was last read, a read under way and an append under way.
 */
interface Held {
  state: EventState;
  readonly events: TournamentEvent[];
  read: number;
  used: number;
  reading?: Promise<EventState | undefined>;
  writing?: Promise<void>;
}

/** An action waiting for its batch. */
interface Writer {
  readonly decide: (state: EventState) => Decision;
  readonly resolve: (acted: Acted) => void;
  readonly reject: (e: unknown) => void;
}

/** The tournaments as this process knows them. */
export class Tournaments {
  private readonly held = new Map<string, Held>();
  /** The writers waiting on each event with a batch under way. */
  private readonly writers = new Map<string, Writer[]>();

  constructor(
    private readonly store: TournamentStore,
    private readonly now: () => number,
  ) {}

  /**
   * Event `id`'s state, its log read again unless it was read less than `age` ms ago (0: read
   * now); undefined if there is no such event. Reads of one event share one query.
   */
  async get(id: string, age = 1000): Promise<EventState | undefined> {
    return (await this.hold(id, age))?.state;
  }

  private async hold(id: string, age: number): Promise<Held | undefined> {
    const now = this.now();
    this.forgetIdle(now);
    const held = this.held.get(id);
    if (held) {
      held.used = now;
      if (now - held.read < age) return held;
      held.reading ??= this.refresh(id, held).finally(() => {
        held.reading = undefined;
      });
      return (await held.reading) && held;
    }
    const stored = await this.store.loadTournament(id);
    if (!stored) return undefined;
    // Another read may have finished meanwhile: keep one state per event.
    const raced = this.held.get(id);
    if (raced) return raced;
    const made: Held = {
      state: EventState.replay(stored),
      events: [...stored.events],
      read: now,
      used: now,
    };
    this.held.set(id, made);
    return made;
  }

  private async refresh(id: string, held: Held): Promise<EventState | undefined> {
    // A batch applied but not yet stored would be read again from the log after its version.
    while (held.writing) await held.writing;
    const read = this.now();
    const stored = await this.store.loadTournament(id, held.state.version);
    if (!stored) return undefined;
    for (const event of stored.events) held.state.apply(event);
    held.events.push(...stored.events);
    held.read = read;
    return held.state;
  }

  /**
   * Appends what `decide` makes of event `id`'s latest state; if another writer got there first,
   * reads what it wrote and decides again. Answers the state after, the refusal, or undefined
   * for no such event.
   */
  act(id: string, decide: (state: EventState) => Decision): Promise<Acted> {
    return new Promise((resolve, reject) => {
      const waiting = this.writers.get(id);
      if (waiting) {
        waiting.push({ decide, resolve, reject });
        return;
      }
      const queue = [{ decide, resolve, reject }];
      this.writers.set(id, queue);
      // Each batch answers its own writers; this is for a fault of the loop itself, which
      // would otherwise leave the writers still queued waiting for ever.
      this.write(id, queue).catch((e: unknown) => {
        this.writers.delete(id);
        for (const w of queue.splice(0)) w.reject(e);
      });
    });
  }

  /** Decides and appends `queue`'s writers batch by batch until none is left. */
  private async write(id: string, queue: Writer[]): Promise<void> {
    // Let the writers that arrive in this turn of the event loop join the first batch.
    await Promise.resolve();
    while (queue.length > 0) {
      const batch = queue.splice(0, BATCH);
      try {
        const acted = await this.decideAndAppend(
          id,
          batch.map((w) => w.decide),
        );
        for (const [i, w] of batch.entries()) w.resolve(acted[i]);
      } catch (e) {
        for (const w of batch) w.reject(e);
      }
    }
    this.writers.delete(id);
  }

  private async decideAndAppend(
    id: string,
    decides: readonly ((state: EventState) => Decision)[],
  ): Promise<readonly Acted[]> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      // The state held is tried first: this process's own writes are in it already, and one
      // from another process makes the append fail on its version, read again below.
      const held = await this.hold(id, attempt === 0 ? Number.POSITIVE_INFINITY : 0);
      if (!held) return decides.map(() => undefined);
      while (held.reading) await held.reading;
      // From here until the batch is stored or undone, a read of the log waits.
      let written = (): void => undefined;
      held.writing = new Promise<void>((resolve) => {
        written = resolve;
      });
      const state = held.state;
      const version = state.version;
      const acted: Acted[] = [];
      const appended: TournamentEvent[] = [];
      try {
        // Each writer decides on the state after those before it in the batch.
        for (const decide of decides) {
          const decided = decide(state);
          if (isRefusal(decided)) {
            acted.push({ refusal: decided });
            continue;
          }
          for (const event of decided) state.apply(event);
          appended.push(...decided);
          acted.push({ state });
        }
        if (appended.length === 0) return acted;
        await this.store.appendTournament(id, version, appended);
        held.events.push(...appended);
        return acted;
      } catch (e) {
        if (state.version !== version) {
          held.state = EventState.replay({
            id,
            createdAt: state.createdAt,
            setup: state.setup,
            events: held.events,
          });
        }
        if (!(e instanceof VersionConflict)) throw e;
      } finally {
        held.writing = undefined;
        written();
      }
    }
    throw new Error(`tournament ${id}: too many writers at once`);
  }

  private forgetIdle(now: number): void {
    for (const [id, held] of this.held) {
      if (now - held.used > IDLE_MS && !held.reading && !held.writing) this.held.delete(id);
    }
  }
}

/** How a tournament game went, as its room saw it (room.ts `Played`). */
interface GamePlayed {
  readonly plies: number;
  readonly berserk: { readonly white: boolean; readonly black: boolean };
  /** The seat that made no first move, if the game was called off for it. */
  readonly absent?: Colour;
}

/**
 * Logs the end of tournament game `game` (set up as `setup`) in its event, once: a result the
 * log has already (another process logged it, or this one before a restart) is not added again.
 */
export async function recordResult(
  tournaments: Tournaments,
  game: string,
  setup: GameSetup,
  outcome: OutcomeView,
  played: GamePlayed,
  at: number,
): Promise<void> {
  const event = setup.tournament;
  const players = setup.players;
  if (!event || !players) return;
  const result: TournamentEvent = {
    kind: 'result',
    game,
    white: players.white,
    black: players.black,
    round: event.round,
    winner: outcome.winner,
    plies: played.plies,
    ...(played.absent && { absent: played.absent }),
    berserk: played.berserk,
    at,
  };
  await tournaments.act(event.id, (state) => (state.game(game)?.result ? [] : [result]));
}
