// A score a person understands: White's chances in a game, from the engine's score, by a
// logistic curve fitted to the results of the engine's own self-play games (docs/strength.md).

import type { Colour } from './piece.ts';
import { WIN_BOUND } from './search.ts';

/**
 * The logistic scale: a score of s for White predicts White's expected result (a win 1, a draw
 * half) as 1 / (1 + e^(-s / WIN_CHANCE_SCALE)). Fitted by Texel's loss on self-play samples.
 */
export const WIN_CHANCE_SCALE = 500;

/**
 * White's chances (0 to 1: the expected result, a win 1 and a draw half) for a search score
 * from the view of `turn`, the side to move; a found win or loss gives 1 or 0.
 */
export function whiteChances(score: number, turn: Colour): number {
  const white = turn === 'white' ? score : -score;
  if (white >= WIN_BOUND) return 1;
  if (white <= -WIN_BOUND) return 0;
  return 1 / (1 + Math.exp(-white / WIN_CHANCE_SCALE));
}
