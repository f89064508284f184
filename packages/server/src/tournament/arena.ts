// An arena's rules, pure: the points a game gives (lichess's, adapted to Agon's many draws) and
// who plays whom among the players free to be paired. The director calls pairArena whenever
// players are waiting; standings.ts scores each result with arenaScore as it is logged.

import type { Colour } from '@agon/engine';

/** Points of a win, a draw and a loss off a streak. */
const WIN_POINTS = 2;
const DRAW_POINTS = 1;
const LOSS_POINTS = 0;
/** Wins in a row that put a player on fire: from then on, a win or a draw counts double. */
const FIRE_WINS = 2;
/** The point a berserk win adds (the player halved their clock)... */
const BERSERK_BONUS = 1;
/** ...when the game lasted this many plies: no bonus for a quick abandonment. */
export const BERSERK_PLIES = 14;
/** A draw shorter than this scores nothing: agreed draws in the opening are no contest. */
export const DRAW_MIN_PLIES = 20;
/** A draw right after a draw scores nothing unless it lasted this long: no drawing one's way up. */
export const LONG_DRAW_PLIES = 60;

/** One finished game from a player's side, as the arena's scoring needs it. */
export interface ArenaGame {
  readonly result: 'win' | 'draw' | 'loss';
  readonly plies: number;
  /** The player halved their clock. */
  readonly berserk: boolean;
  /** Called off: the absent side made no first move (a loss for them, a win for the other). */
  readonly forfeit: boolean;
}

/** What scoring the next game needs to know of a player's past ones. */
export interface Streak {
  /** Wins in a row up to now. */
  readonly wins: number;
  /** Whether the last game was a draw. */
  readonly drew: boolean;
}

/** A player's streak before their first game. */
export const NO_STREAK: Streak = { wins: 0, drew: false };

/** Whether a player with this streak is on fire. */
export const onFire = (streak: Streak): boolean => streak.wins >= FIRE_WINS;

/**
 * The points `game` gives a player with `streak` behind them, whether they were doubled by the
 * streak (`fire`), and the streak after it.
 */
export function arenaScore(
  streak: Streak,
  game: ArenaGame,
): { points: number; fire: boolean; streak: Streak } {
  const doubled = onFire(streak) ? 2 : 1;
  if (game.result === 'win') {
    const bonus = game.berserk && !game.forfeit && game.plies >= BERSERK_PLIES ? BERSERK_BONUS : 0;
    return {
      points: WIN_POINTS * doubled + bonus,
      fire: doubled === 2,
      streak: { wins: streak.wins + 1, drew: false },
    };
  }
  if (game.result === 'loss') {
    return { points: LOSS_POINTS, fire: false, streak: NO_STREAK };
  }
  const counts = game.plies >= DRAW_MIN_PLIES && (!streak.drew || game.plies >= LONG_DRAW_PLIES);
  return {
    points: counts ? DRAW_POINTS * doubled : 0,
    fire: counts && doubled === 2,
    streak: { wins: 0, drew: true },
  };
}

/**
 * A player's games in the order they ended, scored: each one's points and fire, the total, and
 * whether they are on fire now.
 */
export function arenaSheet(games: readonly ArenaGame[]): {
  entries: { points: number; fire: boolean }[];
  score: number;
  fire: boolean;
} {
  let streak = NO_STREAK;
  let score = 0;
  const entries = games.map((game) => {
    const scored = arenaScore(streak, game);
    streak = scored.streak;
    score += scored.points;
    return { points: scored.points, fire: scored.fire };
  });
  return { entries, score, fire: onFire(streak) };
}

/** A player free to be paired, as the arena's pairing needs them. */
export interface ArenaWaiting {
  readonly player: string;
  /** Their place in the standings now, 1 the best. */
  readonly rank: number;
  readonly lastOpponent: string | null;
  /** Games had as White and as Black. */
  readonly whites: number;
  readonly blacks: number;
  readonly lastColour: Colour | null;
  /** A house bot (field.ts): two are never paired, as their game would be nobody's. */
  readonly house: boolean;
}

/** Two players to pair, by id, with their colours. */
export interface ArenaPair {
  readonly white: string;
  readonly black: string;
}

/**
 * Pairs the waiting players (free, not paused or withdrawn) among themselves: each, from the
 * best ranked down, with the nearest-ranked player still unpaired who was not their last
 * opponent (both ways: players who just met wait rather than meet again at once), and never two
 * house bots together. Whoever is left over waits for the next call. Each player looks only a
 * few places down the list, as the players skipped are those just paired, those they just met
 * and the few house bots: a thousand players are paired in about a millisecond.
 */
export function pairArena(waiting: readonly ArenaWaiting[]): ArenaPair[] {
  const order = waiting
    .map((w, i) => ({ w, i }))
    .sort((a, b) => a.w.rank - b.w.rank || a.i - b.i)
    .map(({ w }) => w);
  const taken = new Array<boolean>(order.length).fill(false);
  const pairs: ArenaPair[] = [];
  for (let i = 0; i < order.length; i++) {
    if (taken[i]) continue;
    const a = order[i]!;
    for (let j = i + 1; j < order.length; j++) {
      const b = order[j]!;
      if (taken[j] || (a.house && b.house)) continue;
      if (a.lastOpponent === b.player || b.lastOpponent === a.player) continue;
      taken[i] = taken[j] = true;
      pairs.push(
        whiteFirst(a, b)
          ? { white: a.player, black: b.player }
          : { white: b.player, black: a.player },
      );
      break;
    }
  }
  return pairs;
}

/**
 * Whether `a`, ranked above `b`, gets White: the one with fewer Whites than Blacks to their name
 * (a count of Whites alone would keep giving White to newcomers), then the one who had Black
 * last, then the better ranked.
 */
function whiteFirst(a: ArenaWaiting, b: ArenaWaiting): boolean {
  const balance = a.whites - a.blacks - (b.whites - b.blacks);
  if (balance !== 0) return balance < 0;
  if (a.lastColour !== b.lastColour) return a.lastColour === 'black' || b.lastColour === 'white';
  return true;
}

/** A line of an arena's standings, as its ranking needs it. */
interface ArenaLine {
  readonly score: number;
  readonly wins: number;
  /** Join order, 0 the first. */
  readonly order: number;
}

/**
 * The standings' order: points, then wins (points made by winning rather than drawing), then
 * who joined first.
 */
export const compareArena = (a: ArenaLine, b: ArenaLine): number =>
  b.score - a.score || b.wins - a.wins || a.order - b.order;
