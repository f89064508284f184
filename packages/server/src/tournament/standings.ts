// A tournament's state, worked out of its log (log.ts): who is in, who is playing which game,
// every player's sheet and score, and the standings. The director keeps one up to date event by
// event as it logs them, and a process that takes an event over replays its log: each event is
// applied in constant time and the standings are sorted only when asked for, so that a long
// log replays in a few milliseconds.

import type { Colour } from '@agon/engine';
import type { SheetEntry, Standing, TournamentKind } from '@agon/protocol';
import {
  type ArenaGame,
  arenaScore,
  compareArena,
  NO_STREAK,
  onFire,
  type Streak,
} from './arena.ts';
import type { StoredTournament, TournamentEvent, TournamentSetup } from './log.ts';
import { compareSwiss, SWISS_POINTS, type SwissGame, swissTiebreaks } from './swiss.ts';

/** A player in the event. */
interface Entrant {
  readonly player: string;
  /** The key of the network they joined from (their latest join). */
  readonly from: string;
  readonly joinedAt: number;
  readonly paused: boolean;
  readonly withdrawn: boolean;
  /** Their game in play. */
  readonly playing: string | null;
  /** When that game was paired. */
  readonly pairedAt: number | null;
  readonly score: number;
  /** On an arena streak: their next win counts double. */
  readonly fire: boolean;
  /** Their games in the order they were paired, and a Swiss's byes. */
  readonly sheet: readonly SheetEntry[];
  readonly lastOpponent: string | null;
  /** Their colours and opponents, game by game. */
  readonly colours: readonly Colour[];
  readonly opponents: readonly string[];
  readonly hadBye: boolean;
  /** Games finished. */
  readonly games: number;
  readonly wins: number;
}

/** A game of the event. */
export interface Game {
  readonly game: string;
  readonly white: string;
  readonly black: string;
  /** A Swiss's round; 0 in an arena. */
  readonly round: number;
  readonly pairedAt: number;
  /** Null while it goes on. */
  readonly result: {
    readonly at: number;
    readonly winner: Colour | null;
    readonly plies: number;
    readonly absent: Colour | null;
    readonly berserk: { readonly white: boolean; readonly black: boolean };
  } | null;
}

/** A line of the standings: the protocol's, with the player's id for the caller to name. */
export type Line = Omit<Standing, 'player'> & { readonly player: string };

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** An entrant as kept: what they show, and what scoring them needs. */
interface Tally extends Writable<Omit<Entrant, 'sheet' | 'colours' | 'opponents'>> {
  readonly sheet: SheetEntry[];
  readonly colours: Colour[];
  readonly opponents: string[];
  /** Join order, 0 the first: the last tie-break. */
  readonly order: number;
  streak: Streak;
  /** A Swiss's rounds of byes, so that a bye logged twice counts once. */
  readonly byes: Set<number>;
  /** A Swiss's finished games, for its tie-breaks. */
  readonly played: SwissGame[];
}

interface GameLine extends Writable<Game> {
  /** Where the game is on each player's sheet (-1: not an entrant). */
  readonly entries: { readonly white: number; readonly black: number };
}

type Result = Extract<TournamentEvent, { kind: 'result' }>;

const SEATS = ['white', 'black'] as const;

export class EventState {
  private readonly tallies = new Map<string, Tally>();
  private readonly games = new Map<string, GameLine>();
  private readonly inPlay = new Map<string, GameLine>();
  private joins = 0;
  private applied = 0;
  private startTime: number | null = null;
  private finishTime: number | null = null;
  private roundNow = 0;
  private ranked: Line[] | null = null;

  constructor(
    readonly id: string,
    readonly createdAt: number,
    readonly setup: TournamentSetup,
  ) {}

  /** The state after every event of `t`. */
  static replay(t: StoredTournament): EventState {
    const state = new EventState(t.id, t.createdAt, t.setup);
    for (const event of t.events) state.apply(event);
    return state;
  }

  /** Events applied: the version of the standings. */
  get version(): number {
    return this.applied;
  }
  get kind(): TournamentKind {
    return this.setup.terms.kind;
  }
  get started(): boolean {
    return this.startTime !== null;
  }
  get startedAt(): number | null {
    return this.startTime;
  }
  get finished(): boolean {
    return this.finishTime !== null;
  }
  get finishedAt(): number | null {
    return this.finishTime;
  }
  /** A Swiss's round being played, 0 before the first. */
  get round(): number {
    return this.roundNow;
  }

  /** Everyone in, in join order (the withdrawn too, once the event has started). */
  entrants(): Entrant[] {
    return [...this.tallies.values()];
  }
  entrant(player: string): Entrant | undefined {
    return this.tallies.get(player);
  }
  game(id: string): Game | undefined {
    return this.games.get(id);
  }
  /** The games going on, in the order they were paired. */
  playing(): Game[] {
    return [...this.inPlay.values()];
  }

  /** Everyone ranked 1 to n (no shared ranks): by the arena's order or the Swiss's. */
  standings(): readonly Line[] {
    this.ranked ??= this.kind === 'arena' ? this.arenaStandings() : this.swissStandings();
    return this.ranked;
  }

  apply(event: TournamentEvent): void {
    this.applied++;
    this.ranked = null;
    switch (event.kind) {
      case 'join': {
        const tally = this.tallies.get(event.player);
        if (!tally)
          this.tallies.set(event.player, this.entrantOf(event.player, event.from, event.at));
        else if (tally.withdrawn) {
          tally.withdrawn = false;
          tally.paused = false;
          tally.from = event.from;
        }
        return;
      }
      case 'withdraw': {
        // Before the start there is nothing of theirs to keep.
        if (!this.started) this.tallies.delete(event.player);
        else {
          const tally = this.tallies.get(event.player);
          if (tally) tally.withdrawn = true;
        }
        return;
      }
      case 'pause':
      case 'resume': {
        const tally = this.tallies.get(event.player);
        if (tally) tally.paused = event.kind === 'pause';
        return;
      }
      case 'start':
        this.startTime = event.at;
        return;
      case 'round':
        this.roundNow = event.round;
        return;
      case 'pair': {
        if (this.games.has(event.game)) return;
        const game = this.pair(event);
        this.inPlay.set(game.game, game);
        for (const seat of SEATS) {
          const tally = this.tallies.get(game[seat]);
          if (!tally) continue;
          tally.playing = game.game;
          tally.pairedAt = event.at;
        }
        return;
      }
      case 'bye': {
        const tally = this.tallies.get(event.player);
        if (!tally || tally.byes.has(event.round)) return;
        tally.byes.add(event.round);
        tally.hadBye = true;
        tally.score += SWISS_POINTS.bye;
        tally.sheet.push({
          game: null,
          opponent: null,
          colour: null,
          result: 'bye',
          points: SWISS_POINTS.bye,
          fire: false,
          berserk: false,
        });
        return;
      }
      case 'result':
        this.end(event);
        return;
      case 'finish':
        this.finishTime = event.at;
        return;
    }
  }

  private entrantOf(player: string, from: string, at: number): Tally {
    return {
      player,
      from,
      joinedAt: at,
      paused: false,
      withdrawn: false,
      playing: null,
      pairedAt: null,
      score: 0,
      fire: false,
      sheet: [],
      lastOpponent: null,
      colours: [],
      opponents: [],
      hadBye: false,
      games: 0,
      wins: 0,
      order: this.joins++,
      streak: NO_STREAK,
      byes: new Set(),
      played: [],
    };
  }

  /** Records a game as paired when `event` happened: on the players' sheets, colours, opponents. */
  private pair(event: {
    at: number;
    game: string;
    white: string;
    black: string;
    round: number;
  }): GameLine {
    const entry = (seat: Colour, opponent: string): number => {
      const tally = this.tallies.get(seat === 'white' ? event.white : event.black);
      if (!tally) return -1;
      tally.lastOpponent = opponent;
      tally.colours.push(seat);
      tally.opponents.push(opponent);
      return (
        tally.sheet.push({
          game: event.game,
          opponent,
          colour: seat,
          result: null,
          points: 0,
          fire: false,
          berserk: false,
        }) - 1
      );
    };
    const game: GameLine = {
      game: event.game,
      white: event.white,
      black: event.black,
      round: event.round,
      pairedAt: event.at,
      result: null,
      entries: { white: entry('white', event.black), black: entry('black', event.white) },
    };
    this.games.set(game.game, game);
    return game;
  }

  /** A game's end, once: scored for both players, the absent one paused. */
  private end(event: Result): void {
    // A result whose pairing was never logged still counts, as though paired as it ended.
    const game = this.games.get(event.game) ?? this.pair(event);
    if (game.result) return;
    const absent = event.absent ?? null;
    game.result = {
      at: event.at,
      winner: event.winner,
      plies: event.plies,
      absent,
      berserk: event.berserk,
    };
    this.inPlay.delete(game.game);
    for (const seat of SEATS) {
      const tally = this.tallies.get(game[seat]);
      if (!tally) continue;
      if (tally.playing === game.game) {
        tally.playing = null;
        tally.pairedAt = null;
      }
      const result = outcome(seat, event.winner, absent);
      const berserk = event.berserk[seat];
      let points: number;
      let fire = false;
      if (this.kind === 'arena') {
        const scored = arenaScore(tally.streak, {
          result,
          plies: event.plies,
          berserk,
          forfeit: absent !== null,
        });
        tally.streak = scored.streak;
        tally.fire = onFire(scored.streak);
        points = scored.points;
        fire = scored.fire;
      } else {
        points = SWISS_POINTS[result];
        tally.played.push({
          opponent: seat === 'white' ? game.black : game.white,
          result,
          forfeit: absent !== null,
        });
      }
      tally.score += points;
      tally.games++;
      if (result === 'win') tally.wins++;
      if (absent === seat) tally.paused = true;
      const at = game.entries[seat];
      const entry = tally.sheet[at];
      if (entry) tally.sheet[at] = { ...entry, result, points, fire, berserk };
    }
  }

  private arenaStandings(): Line[] {
    return [...this.tallies.values()]
      .sort(compareArena)
      .map((tally, i) => ({ ...standing(tally), rank: i + 1 }));
  }

  private swissStandings(): Line[] {
    const scoreOf = (player: string): number => this.tallies.get(player)?.score ?? 0;
    return [...this.tallies.values()]
      .map((tally) => ({
        tally,
        order: tally.order,
        score: tally.score,
        ...swissTiebreaks(tally.played, scoreOf),
      }))
      .sort(compareSwiss)
      .map(({ tally, buchholz, sonnebornBerger }, i) => ({
        ...standing(tally),
        rank: i + 1,
        buchholz,
        sonnebornBerger,
      }));
  }
}

/** A game's result from `seat`'s side: a called-off game is lost by the absent side. */
function outcome(seat: Colour, winner: Colour | null, absent: Colour | null): ArenaGame['result'] {
  if (absent) return absent === seat ? 'loss' : 'win';
  if (winner === null) return 'draw';
  return winner === seat ? 'win' : 'loss';
}

function standing(tally: Tally): Omit<Line, 'rank'> {
  return {
    player: tally.player,
    score: tally.score,
    fire: tally.fire,
    paused: tally.paused,
    withdrawn: tally.withdrawn,
    games: tally.games,
    playing: tally.playing,
  };
}
