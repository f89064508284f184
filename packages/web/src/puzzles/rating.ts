// The device's puzzle rating: Glicko-2 by the package the server rates games with, one rating
// period per puzzle, the puzzle an opponent of its own rating and a fixed deviation. A solve
// without a mistake is a win; a wrong move or a look at the solution is a loss.

import { GLICKO_TAU, type Rating, START_RATING } from '@agon/protocol';
import { Glicko2 } from 'glicko2';

export type { Rating } from '@agon/protocol';

/** Where a player starts: as in online play. */
export const NEW_RATING: Rating = START_RATING;

/** How sure the puzzle's own rating is taken to be. */
const PUZZLE_RD = 80;

/** The player's rating after a puzzle of `puzzleRating`, solved or not. */
export function ratePuzzle(player: Rating, puzzleRating: number, solved: boolean): Rating {
  const system = new Glicko2({ tau: GLICKO_TAU });
  const me = system.makePlayer(player.rating, player.rd, player.vol);
  const puzzle = system.makePlayer(puzzleRating, PUZZLE_RD, NEW_RATING.vol);
  system.updateRatings([[me, puzzle, solved ? 1 : 0]]);
  return { rating: me.getRating(), rd: me.getRd(), vol: me.getVol() };
}
