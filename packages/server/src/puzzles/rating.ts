// How an attempt moves the ratings: Glicko-2 (ratings.ts), the player against the puzzle in a
// rating period of its own, as lichess rates puzzles. A solve is a win for the player and a
// loss for the puzzle; a miss the reverse.

import { type Rating, START_RATING } from '@agon/protocol';
import { current, rate } from '../player/ratings.ts';
import type { PuzzleRating } from './store.ts';

/**
 * A puzzle's deviation before its first attempt online. Its rating is the set's estimate
 * (docs/puzzles.md), worth something but unproved: less certain than a settled rating, more
 * than a newcomer's 350, so the first players' results move it without throwing it about.
 */
export const PUZZLE_START_RD = 300;

/** A puzzle's rating before any attempt: the set's, with PUZZLE_START_RD. */
export const puzzleStart = (rating: number): Rating => ({
  rating,
  rd: PUZZLE_START_RD,
  vol: START_RATING.vol,
});

/** A rating `part` of the way from `before` to `after` (0: unmoved, 1: all the way). */
const toward = (before: Rating, after: Rating, part: number): Rating => ({
  rating: before.rating + part * (after.rating - before.rating),
  rd: before.rd + part * (after.rd - before.rd),
  vol: before.vol + part * (after.vol - before.vol),
});

/**
 * Both ratings after an attempt at `at`. The player's deviation first widens for the days
 * since their last attempt, as a game rating's does; a puzzle's does not, since a puzzle does
 * not change while nobody plays it. The player's rating moves in full; the puzzle's by
 * `weight` of the change (docs/puzzle-server.md, "Fair puzzle ratings"), its deviation too:
 * attempts that count for little must not make its rating look settled either.
 */
export function rateAttempt(
  player: PuzzleRating,
  puzzle: Rating,
  solved: boolean,
  at: number,
  weight: number,
): { readonly player: Rating; readonly puzzle: Rating } {
  const [after, against] = rate(current({ ...player, games: 0 }, at), puzzle, solved ? 1 : 0);
  return { player: after, puzzle: toward(puzzle, against, weight) };
}
