// The running of the tournaments: one process at a time (a lease) starts each event when its
// time comes, pairs it, and ends it. Everything it decides is appended to the event's log
// before it is acted on (a pairing is logged before its game is made), so the process can die
// at any moment and the next holder of the lease carries on from the log within a few seconds
// (docs/tournaments.md, "In a cluster").
//
// An arena pairs, every beat, the players who are free, near each other in the standings
// (arena.ts), until its last pairings; it ends once its time is up and its last games are over.
// A Swiss logs each round's pairings and bye at once (swiss.ts). Either then makes the games
// logged, trying again each beat while a player is busy in another game; a player still busy a
// while after the pairing loses that game. A round begins once every game of the last one is
// over.

import type { Colour } from '@agon/engine';
import { categoryOf, isLive, type TournamentStatus, type TournamentTerms } from '@agon/protocol';
import type { Notifier } from '../common/notices.ts';
import type { Problems } from '../common/problems.ts';
import { newGameId } from '../common/secret.ts';
import type { Relay } from '../game/relay.ts';
import type { GameSetup, GameStore } from '../game/store.ts';
import type { LobbyBoard, Playing } from '../lobby/board.ts';
import type { Start, Starter, Terms } from '../lobby/starter.ts';
import { type Player, type PlayerStore, ratingOf } from '../player/players.ts';
import { type ArenaPair, pairArena } from './arena.ts';
import { FIELD, fieldChanges, fieldNeed, HOUSE_IDS, isHouseBot, nearestBots } from './field.ts';
import type { TournamentEvent } from './log.ts';
import type { EventState } from './standings.ts';
import type { TournamentStore } from './store.ts';
import { pairSwiss } from './swiss.ts';
import { endsAt, lastPairingAt, statusOf } from './timing.ts';
import type { Tournaments } from './tournaments.ts';
import { summaryOf } from './view.ts';

/**
 * How often the events are looked at: an arena's players who finish wait for the next beat, and
 * a wave of pairings takes a few round trips, so twice a second...
 */
const BEAT_MS = 500;
/** ...under a lease of 3 s, so a dead director's successor follows within 3.5 s. */
const LEASE_MS = 3000;
/** A live Swiss's pause between rounds, for the players to see the last one's results. */
const ROUND_GAP_MS = 15_000;
/** How long a game paired waits for a player busy elsewhere before they lose it. */
const BUSY_GRACE_MS = 60_000;
/** How often a running event's summary is written for the tournaments page, at most. */
const LIST_MS = 5000;
/** How long before an event its players are reminded (by push) that it starts. */
export const REMIND_MS = 5 * 60_000;
/**
 * How often the events not due yet (their reminder and start far off) are looked at too, for the
 * count of players their listing shows: a beat looks only at those due, as a thousand events
 * made weeks ahead cost every beat the reading of each one's log.
 */
const SWEEP_MS = 30_000;

/** What the director works with. */
interface DirectorContext {
  readonly store: TournamentStore;
  readonly tournaments: Tournaments;
  readonly relay: Pick<Relay, 'lease'>;
  readonly board: LobbyBoard;
  readonly players: PlayerStore;
  readonly games: GameStore;
  readonly starter: Starter;
  readonly notifier: Notifier;
  readonly problems: Problems;
  /** The wall clock (ms since 1970): events start at times of day. */
  readonly now: () => number;
  /**
   * Whether a player is a house bot, and whether the house bots here (where the director makes
   * its games, and so seats their bots) can take another live game (bot/house.ts `room`).
   */
  readonly houseBot?: (id: string) => 'free' | 'full' | undefined;
}

/** The terms an event's games are played on. */
const gameTerms = (terms: TournamentTerms): Terms => ({
  clock: terms.clock,
  variant: terms.variant,
  touchMove: terms.touchMove,
  captorPlacesQueen: terms.captorPlacesQueen,
  rated: terms.rated,
});

/** The running of the events, on whichever process holds the lease. */
export class Director {
  private readonly timer: NodeJS.Timeout;
  /** The beat under way, if one is. */
  private current: Promise<void> | undefined;
  private stopped = false;
  /** The summaries last listed, by event, and when, so that only a change is written. */
  private readonly listed = new Map<
    string,
    { readonly text: string; readonly status: TournamentStatus; readonly at: number }
  >();
  /** When every open event was last looked at, due or not. */
  private swept = Number.NEGATIVE_INFINITY;
  /** Swiss games known to be stored. */
  private readonly made = new Set<string>();
  /** When each Swiss event's current round was seen complete, by event. */
  private readonly roundDone = new Map<string, { round: number; at: number }>();

  constructor(private readonly context: DirectorContext) {
    this.timer = setInterval(() => {
      this.beat().catch((e: unknown) => context.problems.report('tournaments', e, true));
    }, BEAT_MS);
    this.timer.unref();
  }

  /**
   * Looks at every event not finished, if this process holds the lease; while a beat is under
   * way, answers when that one is done.
   */
  beat(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.current ??= this.direction().finally(() => {
      this.current = undefined;
    });
    return this.current;
  }

  private async direction(): Promise<void> {
    if (!(await this.context.relay.lease('tournaments', LEASE_MS))) return;
    const at = this.context.now();
    const sweep = at - this.swept >= SWEEP_MS;
    if (sweep) this.swept = at;
    // Running events start by now; one not started is due once its reminder is.
    const open = await this.context.store.listTournaments(0, sweep ? undefined : at + REMIND_MS);
    for (const listed of open) {
      if (this.stopped) return;
      await this.direct(listed.id).catch((e: unknown) =>
        this.context.problems.report(`tournament ${listed.id}`, e),
      );
    }
  }

  /** Moves event `id` on as its time and its games say. */
  private async direct(id: string): Promise<void> {
    const { tournaments, now } = this.context;
    const state = await tournaments.get(id, 0);
    if (!state || state.finished) return;
    const terms = state.setup.terms;
    const at = now();
    if (!state.started) {
      if (at >= terms.startsAt - REMIND_MS) await this.remind(state);
      if (at >= terms.startsAt) {
        // A thin field takes its house bots in the start's own append: the first pairings
        // (a Swiss's first round) are made with them.
        const ranked = terms.bots === false ? [] : await this.rankedBots(state);
        await tournaments.act(id, (s) =>
          s.started ? [] : [...fieldChanges(s, ranked, at), { kind: 'start', at }],
        );
      }
    } else if (terms.kind === 'arena') {
      await this.arena(state, at);
    } else {
      await this.swiss(state, at);
    }
    await this.list(state);
  }

  /** Pairs an arena's free players, or ends it once its time is up and its games are over. */
  private async arena(state: EventState, at: number): Promise<void> {
    const terms = state.setup.terms;
    // A pairing logged whose game is not made yet (its seat failed, or the last director died
    // in between) is made now, as a Swiss's is.
    await this.makeRound(state, state.playing(), at);
    if (at >= (endsAt(terms) ?? at)) {
      if (state.playing().length === 0) await this.finish(state);
      return;
    }
    if (at >= (lastPairingAt(terms) ?? at)) return;
    await this.field(state, at);
    const ranks = new Map(state.standings().map((l) => [l.player, l.rank]));
    const free = [...state.entrants()].filter(
      (e) => !e.withdrawn && !e.paused && e.playing === null,
    );
    // A player in a game elsewhere (a lobby game) would fail their seat and leave the neighbour
    // they were paired with waiting too: they wait out of the pairing instead. So does a house
    // bot while the bots here play as many live games as their searches keep up with.
    const elsewhere = await this.context.board.busyAmong(free.map((e) => e.player));
    const full = (player: string) => this.context.houseBot?.(player) === 'full';
    const waiting = free
      .filter((e) => !elsewhere.has(e.player) && !full(e.player))
      .map((e) => ({
        player: e.player,
        rank: ranks.get(e.player) ?? ranks.size + 1,
        lastOpponent: e.lastOpponent,
        whites: e.colours.filter((c) => c === 'white').length,
        blacks: e.colours.filter((c) => c === 'black').length,
        lastColour: e.colours.at(-1) ?? null,
        house: isHouseBot(e.player),
      }));
    if (waiting.length < 2) return;
    const pairs = pairArena(waiting);
    if (pairs.length === 0) return;
    const found = new Map(
      (await this.context.players.players(pairs.flatMap((p) => [p.white, p.black]))).map((p) => [
        p.id,
        p,
      ]),
    );
    // The wave was decided on the state read at the start of the beat: a player may have
    // withdrawn or paused since. So its pairings are checked against the latest state and logged
    // in the same step (under ids made now), and only then are their games made, together (one
    // claim on the board, one write to the store).
    const ids = pairs.map(() => newGameId());
    const pairedAt = this.context.now();
    let logged: (ArenaPair & { readonly game: string })[] = [];
    const acted = await this.context.tournaments.act(state.id, (s) => {
      const free = (player: string) => {
        const e = s.entrant(player);
        return e !== undefined && !e.withdrawn && !e.paused && e.playing === null;
      };
      logged = s.finished
        ? []
        : pairs.flatMap((pair, i) =>
            free(pair.white) && free(pair.black) ? [{ ...pair, game: ids[i]! }] : [],
          );
      return logged.map((p) => ({ kind: 'pair' as const, ...p, round: 0, at: pairedAt }));
    });
    if (!acted || !('state' in acted) || logged.length === 0) return;
    for (const game of await this.start(acted.state, logged, found, 0)) {
      if (game) this.made.add(game);
    }
  }

  /**
   * Brings an arena's house bots in when people come to a thin field, and lets them go once its
   * people alone make it (field.ts).
   */
  private async field(state: EventState, at: number): Promise<void> {
    const need = fieldNeed(state);
    if (need.join === 0 && need.leave.length === 0) return;
    const ranked = need.join > 0 ? await this.rankedBots(state) : [];
    await this.context.tournaments.act(state.id, (s) => fieldChanges(s, ranked, at));
  }

  /** The house bots, the nearest in rating to `state`'s people first (field.ts). */
  private async rankedBots(state: EventState): Promise<string[]> {
    const terms = state.setup.terms;
    const category = categoryOf(terms.clock, terms);
    const people = state
      .entrants()
      .filter((e) => !e.withdrawn && !e.paused && !isHouseBot(e.player))
      .map((e) => e.player);
    // A field of FIELD people or more takes no bot: their ratings need not be read.
    if (people.length === 0 || people.length >= FIELD) return [];
    // A bot missing from the store (a person held its name when it was made) is left out.
    const found = await this.context.players.players([...people, ...HOUSE_IDS]);
    const rated = found.map((p) => ({ player: p.id, rating: ratingOf(p, category).rating }));
    return nearestBots(
      rated.filter((r) => isHouseBot(r.player)),
      rated.filter((r) => !isHouseBot(r.player)),
    );
  }

  /**
   * Makes and stores the games of `pairs` (under a pair's own id, a Swiss's, or a new one), seating
   * the players of each if neither is busy in another game, all in one claim and one write:
   * each game's id, or undefined if it was not made.
   */
  private async start(
    state: EventState,
    pairs: readonly { readonly white: string; readonly black: string; readonly game?: string }[],
    found: ReadonlyMap<string, Player>,
    round: number,
  ): Promise<(string | undefined)[]> {
    const terms = state.setup.terms;
    const tournament: NonNullable<GameSetup['tournament']> = {
      id: state.id,
      name: terms.name,
      ...(state.setup.schedule && { schedule: state.setup.schedule }),
      kind: terms.kind,
      round,
      berserk: terms.berserk && isLive(terms.clock),
    };
    const starts: Start[] = [];
    const index: number[] = [];
    for (const [i, pair] of pairs.entries()) {
      const white = found.get(pair.white);
      const black = found.get(pair.black);
      const [w, b] = [state.entrant(pair.white), state.entrant(pair.black)];
      if (!white || !black || !w || !b) continue;
      index.push(i);
      starts.push({
        white,
        black,
        agreed: gameTerms(terms),
        pool: null,
        from: { white: w.from, black: b.from },
        paired: { tournament, ...(pair.game && { game: pair.game }) },
      });
    }
    const board = this.context.board;
    const started = await this.context.starter.startMany(starts, async (playing) => {
      const live = playing.filter((p): p is Playing => p !== null);
      const seated = await board.seat(live);
      let next = 0;
      return playing.map((p) => (p ? seated[next++]! : true));
    });
    const games: (string | undefined)[] = pairs.map(() => undefined);
    for (const [k, result] of started.entries()) {
      if (typeof result === 'object') games[index[k]!] = result.game;
    }
    return games;
  }

  /**
   * Moves a Swiss on: makes the current round's games not yet made, gives a player busy too
   * long the loss, and begins the next round (or ends the event) once every game is over.
   */
  private async swiss(state: EventState, at: number): Promise<void> {
    const terms = state.setup.terms;
    const open = state.playing().filter((g) => g.round === state.round);
    if (state.round > 0 && open.length > 0) {
      await this.makeRound(state, open, at);
      return;
    }
    if (state.round >= (terms.rounds ?? 0) || (state.round === 0 && this.active(state) < 2)) {
      await this.finish(state);
      return;
    }
    // A live event pauses between rounds; one over days goes on at once.
    const seen = this.roundDone.get(state.id);
    if (state.round > 0 && isLive(terms.clock)) {
      if (seen === undefined || seen.round !== state.round) {
        this.roundDone.set(state.id, { round: state.round, at });
        return;
      }
      if (at - seen.at < ROUND_GAP_MS) return;
    }
    await this.pairRound(state, at);
    // Its games are made at once: the players' pages count down to them already.
    const paired = state.playing().filter((g) => g.round === state.round);
    if (paired.length > 0) await this.makeRound(state, paired, at);
  }

  /** Players still in the event. */
  private active(state: EventState): number {
    return [...state.entrants()].filter((e) => !e.withdrawn && !e.paused).length;
  }

  /** Logs the next round of a Swiss: its number, its pairings (with their games' ids) and bye. */
  private async pairRound(state: EventState, at: number): Promise<void> {
    const round = state.round + 1;
    const category = categoryOf(state.setup.terms.clock, state.setup.terms);
    const entrants = [...state.entrants()].filter((e) => !e.withdrawn && !e.paused);
    const found = new Map(
      (await this.context.players.players(entrants.map((e) => e.player))).map((p) => [p.id, p]),
    );
    const { pairs, bye } = pairSwiss(
      entrants.map((e) => {
        const p = found.get(e.player);
        return {
          player: e.player,
          score: e.score,
          rating: p ? ratingOf(p, category).rating : 1500,
          opponents: e.opponents,
          colours: e.colours,
          hadBye: e.hadBye,
        };
      }),
      round,
    );
    // Nobody left to pair (everyone has met everyone they could): the event is over.
    if (pairs.length === 0) {
      await this.finish(state);
      return;
    }
    const events: TournamentEvent[] = [
      { kind: 'round', round, at },
      ...pairs.map((p) => ({ kind: 'pair' as const, game: newGameId(), ...p, round, at })),
      ...(bye ? [{ kind: 'bye' as const, player: bye, round, at }] : []),
    ];
    await this.context.tournaments.act(state.id, (s) => (s.round >= round ? [] : events));
  }

  /** Makes the games of the current round not yet stored; a player busy too long loses. */
  private async makeRound(
    state: EventState,
    open: readonly { game: string; white: string; black: string; pairedAt: number }[],
    at: number,
  ): Promise<void> {
    const { games, players, tournaments } = this.context;
    const missing: (typeof open)[number][] = [];
    for (const g of open) {
      if (this.made.has(g.game)) continue;
      if (await games.load(g.game)) this.made.add(g.game);
      else missing.push(g);
    }
    if (missing.length === 0) return;
    const found = new Map(
      (await players.players(missing.flatMap((g) => [g.white, g.black]))).map((p) => [p.id, p]),
    );
    const forfeits: TournamentEvent[] = [];
    const made = await this.start(state, missing, found, state.round);
    for (const [i, g] of missing.entries()) {
      const game = made[i];
      if (game) {
        this.made.add(game);
        continue;
      }
      if (at - g.pairedAt < BUSY_GRACE_MS) continue;
      const busy = await this.busySeat(g);
      if (busy) forfeits.push(this.forfeit(g, state.round, busy, at));
    }
    if (forfeits.length > 0) {
      await tournaments.act(state.id, (s) =>
        forfeits.filter((f) => f.kind === 'result' && !s.game(f.game)?.result),
      );
    }
  }

  /** The seat of `game`'s players busy in another game (White's if both are). */
  private async busySeat(g: { white: string; black: string }): Promise<Colour | undefined> {
    const board = this.context.board;
    if (await board.busy(g.white)) return 'white';
    if (await board.busy(g.black)) return 'black';
    return undefined;
  }

  /** The loss of `absent`, who could not be seated. */
  private forfeit(
    g: { game: string; white: string; black: string },
    round: number,
    absent: Colour,
    at: number,
  ): TournamentEvent {
    return {
      kind: 'result',
      game: g.game,
      white: g.white,
      black: g.black,
      round,
      winner: absent === 'white' ? 'black' : 'white',
      plies: 0,
      absent,
      berserk: { white: false, black: false },
      at,
    };
  }

  /** Ends an event and records its players' final lines for their pages. */
  private async finish(state: EventState): Promise<void> {
    const at = this.context.now();
    await this.context.tournaments.act(state.id, (s) =>
      s.finished ? [] : [{ kind: 'finish', at }],
    );
    await this.context.store.finalise(
      state.id,
      state.standings().map((l) => ({ player: l.player, rank: l.rank, score: l.score })),
    );
    this.roundDone.delete(state.id);
  }

  /** Tells an event's players, once, that it starts soon. */
  private async remind(state: EventState): Promise<void> {
    if (!(await this.context.board.claim(`tournament-remind:${state.id}`, 2 * REMIND_MS))) return;
    const terms = state.setup.terms;
    for (const e of state.entrants()) {
      if (e.withdrawn) continue;
      this.context.notifier.notify(e.player, {
        kind: 'tournament',
        tournament: state.id,
        name: terms.name,
        ...(state.setup.schedule && { schedule: state.setup.schedule }),
        startsAt: terms.startsAt,
        url: `/t/${state.id}`,
      });
    }
  }

  /**
   * Writes the event's summary for the tournaments page, if it changed: at once for a new
   * status, otherwise at most every LIST_MS (a running arena's leader and score change with
   * nearly every beat, and the beat's pairings should not wait on the list).
   */
  private async list(state: EventState): Promise<void> {
    const at = this.context.now();
    const kept = this.listed.get(state.id);
    if (kept && at - kept.at < LIST_MS && kept.status === statusOf(state, at)) return;
    const summary = await summaryOf(this.context.players, state, at);
    const text = JSON.stringify(summary);
    if (kept?.text === text) return;
    await this.context.store.summarise(state.id, summary);
    if (summary.status === 'finished') this.listed.delete(state.id);
    else this.listed.set(state.id, { text, status: summary.status, at });
  }

  /**
   * Stops directing (the server is closing); answers once the beat under way, if any, is done,
   * so that none is left using the store after it closes. Its current event is finished first.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.current?.catch(() => undefined);
  }
}
