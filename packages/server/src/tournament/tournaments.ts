// This process's access to the tournaments: each event's state replayed from its log (log.ts,
// standings.ts), kept in memory and brought up to date by reading only the events added since,
// and the appending of events, which any process may do (a join, a result) beside the one that
// runs the event (director.ts): each append names the version it follows, so two writers at
// once cannot both succeed, and the loser reads what changed and decides again.

import type { Colour } from '@agon/engine';
import type { OutcomeView, Refusal } from '@agon/protocol';
import { type GameSetup, VersionConflict } from '../store.ts';
import type { TournamentEvent } from './log.ts';
import { EventState } from './standings.ts';
import type { TournamentStore } from './store.ts';

/** How often an append lost to another writer is decided again before giving up. */
const ATTEMPTS = 20;
/** An event nobody has asked about for this long leaves memory. */
const IDLE_MS = 10 * 60_000;

/** What an action on an event decided: events to append (maybe none), or a refusal. */
export type Decision = readonly TournamentEvent[] | Refusal;

/** What an action came to: the state after, the refusal, or undefined for no such event. */
type Acted = { readonly state: EventState } | { readonly refusal: Refusal } | undefined;

const isRefusal = (d: Decision): d is Refusal => !Array.isArray(d);

/** One event in memory: its state, when its log was last read, and a read under way. */
interface Held {
  state: EventState;
  read: number;
  used: number;
  reading?: Promise<EventState | undefined>;
}

/** The tournaments as this process knows them. */
export class Tournaments {
  private readonly held = new Map<string, Held>();
  /** The last append under way on each event, which the next waits for. */
  private readonly acting = new Map<string, Promise<void>>();

  constructor(
    private readonly store: TournamentStore,
    private readonly now: () => number,
  ) {}

  /**
   * Event `id`'s state, its log read again unless it was read less than `age` ms ago (0: read
   * now); undefined if there is no such event. Reads of one event share one query.
   */
  async get(id: string, age = 1000): Promise<EventState | undefined> {
    const now = this.now();
    this.forgetIdle(now);
    const held = this.held.get(id);
    if (held) {
      held.used = now;
      if (now - held.read < age) return held.state;
      held.reading ??= this.refresh(id, held).finally(() => {
        held.reading = undefined;
      });
      return held.reading;
    }
    const stored = await this.store.loadTournament(id);
    if (!stored) return undefined;
    // Another read may have finished meanwhile: keep one state per event.
    const raced = this.held.get(id);
    if (raced) return raced.state;
    const state = EventState.replay(stored);
    this.held.set(id, { state, read: now, used: now });
    return state;
  }

  private async refresh(id: string, held: Held): Promise<EventState | undefined> {
    const read = this.now();
    const stored = await this.store.loadTournament(id, held.state.version);
    if (!stored) return undefined;
    this.absorb(held.state, stored.events);
    held.read = read;
    return held.state;
  }

  /** Applies events read from the store that follow what `state` has. */
  private absorb(state: EventState, events: readonly TournamentEvent[]): void {
    for (const event of events) state.apply(event);
  }

  /**
   * Appends what `decide` makes of event `id`'s latest state; if another writer got there first,
   * reads what it wrote and decides again. Answers the state after, the refusal, or undefined
   * for no such event.
   */
  act(id: string, decide: (state: EventState) => Decision): Promise<Acted> {
    // One append at a time per event in this process: writers here wait their turn rather than
    // race each other for every version (a thousand joins at once would use up their attempts);
    // only other processes' writers can get there first.
    const turn = (this.acting.get(id) ?? Promise.resolve()).then(() => this.actNow(id, decide));
    // The next writer waits for this one however it ends; the last one clears the queue.
    const tail: Promise<void> = turn.then(
      () => this.done(id, tail),
      () => this.done(id, tail),
    );
    this.acting.set(id, tail);
    return turn;
  }

  /** Forgets event `id`'s queue of writers if `tail` is still its last. */
  private done(id: string, tail: Promise<void>): void {
    if (this.acting.get(id) === tail) this.acting.delete(id);
  }

  private async actNow(id: string, decide: (state: EventState) => Decision): Promise<Acted> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      // The state held is tried first: this process's own writes are in it already, and one
      // from another process makes the append fail on its version, read again below.
      const state = await this.get(id, attempt === 0 ? Number.POSITIVE_INFINITY : 0);
      if (!state) return undefined;
      const decided = decide(state);
      if (isRefusal(decided)) return { refusal: decided };
      if (decided.length === 0) return { state };
      const version = state.version;
      try {
        await this.store.appendTournament(id, version, decided);
      } catch (e) {
        if (e instanceof VersionConflict) continue;
        throw e;
      }
      // Applied here unless a read of the log finished meanwhile and brought them in: the
      // versions after `version` can only be these (all or none, appended in one transaction).
      if (state.version === version) this.absorb(state, decided);
      return { state };
    }
    throw new Error(`tournament ${id}: too many writers at once`);
  }

  private forgetIdle(now: number): void {
    for (const [id, held] of this.held) {
      if (now - held.used > IDLE_MS && !held.reading) this.held.delete(id);
    }
  }
}

/** How a tournament game went, as its room saw it (room.ts `Played`). */
export interface GamePlayed {
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
