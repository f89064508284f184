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
export interface Entrant {
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
  readonly id: string;
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
export type StandingLine = Omit<Standing, 'player'> & { readonly player: string };

type Writable<T> = { -readonly [K in keyof T]: T[K] };

interface Line extends Writable<Omit<Entrant, 'sheet' | 'colours' | 'opponents'>> {
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
  private readonly lines = new Map<string, Line>();
  private readonly games = new Map<string, GameLine>();
  private readonly inPlay = new Map<string, GameLine>();
  private joins = 0;
  private applied = 0;
  private startTime: number | null = null;
  private finishTime: number | null = null;
  private roundNow = 0;
  private ranked: StandingLine[] | null = null;

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
    return [...this.lines.values()];
  }
  entrant(player: string): Entrant | undefined {
    return this.lines.get(player);
  }
  game(id: string): Game | undefined {
    return this.games.get(id);
  }
  /** The games going on, in the order they were paired. */
  gamesInPlay(): Game[] {
    return [...this.inPlay.values()];
  }

  /** Everyone ranked 1 to n (no shared ranks): by the arena's order or the Swiss's. */
  standings(): readonly StandingLine[] {
    this.ranked ??= this.kind === 'arena' ? this.arenaStandings() : this.swissStandings();
    return this.ranked;
  }

  apply(event: TournamentEvent): void {
    this.applied++;
    this.ranked = null;
    switch (event.kind) {
      case 'join': {
        const line = this.lines.get(event.player);
        if (!line) this.lines.set(event.player, this.entrantOf(event.player, event.from, event.at));
        else if (line.withdrawn) {
          line.withdrawn = false;
          line.paused = false;
          line.from = event.from;
        }
        return;
      }
      case 'withdraw': {
        // Before the start there is nothing of theirs to keep.
        if (!this.started) this.lines.delete(event.player);
        else {
          const line = this.lines.get(event.player);
          if (line) line.withdrawn = true;
        }
        return;
      }
      case 'pause':
      case 'resume': {
        const line = this.lines.get(event.player);
        if (line) line.paused = event.kind === 'pause';
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
        this.inPlay.set(game.id, game);
        for (const seat of SEATS) {
          const line = this.lines.get(game[seat]);
          if (!line) continue;
          line.playing = game.id;
          line.pairedAt = event.at;
        }
        return;
      }
      case 'bye': {
        const line = this.lines.get(event.player);
        if (!line || line.byes.has(event.round)) return;
        line.byes.add(event.round);
        line.hadBye = true;
        line.score += SWISS_POINTS.bye;
        line.sheet.push({
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

  private entrantOf(player: string, from: string, at: number): Line {
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
      const line = this.lines.get(seat === 'white' ? event.white : event.black);
      if (!line) return -1;
      line.lastOpponent = opponent;
      line.colours.push(seat);
      line.opponents.push(opponent);
      return (
        line.sheet.push({
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
      id: event.game,
      white: event.white,
      black: event.black,
      round: event.round,
      pairedAt: event.at,
      result: null,
      entries: { white: entry('white', event.black), black: entry('black', event.white) },
    };
    this.games.set(game.id, game);
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
    this.inPlay.delete(game.id);
    for (const seat of SEATS) {
      const line = this.lines.get(game[seat]);
      if (!line) continue;
      if (line.playing === game.id) {
        line.playing = null;
        line.pairedAt = null;
      }
      const result = outcome(seat, event.winner, absent);
      const berserk = event.berserk[seat];
      let points: number;
      let fire = false;
      if (this.kind === 'arena') {
        const scored = arenaScore(line.streak, {
          result,
          plies: event.plies,
          berserk,
          forfeit: absent !== null,
        });
        line.streak = scored.streak;
        line.fire = onFire(scored.streak);
        points = scored.points;
        fire = scored.fire;
      } else {
        points = SWISS_POINTS[result];
        line.played.push({
          opponent: seat === 'white' ? game.black : game.white,
          result,
          forfeit: absent !== null,
        });
      }
      line.score += points;
      line.games++;
      if (result === 'win') line.wins++;
      if (absent === seat) line.paused = true;
      const at = game.entries[seat];
      const entry = line.sheet[at];
      if (entry) line.sheet[at] = { ...entry, result, points, fire, berserk };
    }
  }

  private arenaStandings(): StandingLine[] {
    return [...this.lines.values()]
      .sort(compareArena)
      .map((line, i) => ({ ...standing(line), rank: i + 1 }));
  }

  private swissStandings(): StandingLine[] {
    const scoreOf = (player: string): number => this.lines.get(player)?.score ?? 0;
    return [...this.lines.values()]
      .map((line) => ({
        line,
        order: line.order,
        score: line.score,
        ...swissTiebreaks(line.played, scoreOf),
      }))
      .sort(compareSwiss)
      .map(({ line, buchholz, sonnebornBerger }, i) => ({
        ...standing(line),
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

function standing(line: Line): Omit<StandingLine, 'rank'> {
  return {
    player: line.player,
    score: line.score,
    fire: line.fire,
    paused: line.paused,
    withdrawn: line.withdrawn,
    games: line.games,
    playing: line.playing,
  };
}
