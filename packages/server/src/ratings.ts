// Glicko-2 ratings, computed by the `glicko2` package: each game is a rating period of its
// own, as lichess rates, so a rating moves after every game rather than in batches.

import { GLICKO_TAU, type Rating, START_RATING } from '@agon/protocol';
import { Glicko2 } from 'glicko2';

export type { Rating } from '@agon/protocol';

/** A player's rating in one class, with the number of rated games that made it. */
export interface ClassRating extends Rating {
  readonly games: number;
}

/** Where every player starts. */
export const NEW_RATING: ClassRating = { ...START_RATING, games: 0 };

/** The deviation from which a rating is shown as provisional ("1500?"), as on lichess. */
export const PROVISIONAL_RD = 110;

/** Whether a rating is still too uncertain to be shown plainly. */
export function provisional(r: Rating): boolean {
  return r.rd >= PROVISIONAL_RD;
}

/** The new ratings of white and black after one game; `score` is white's (1 win, 0 loss). */
export function rate(white: Rating, black: Rating, score: 1 | 0.5 | 0): [Rating, Rating] {
  const system = new Glicko2({ tau: GLICKO_TAU });
  const w = system.makePlayer(white.rating, white.rd, white.vol);
  const b = system.makePlayer(black.rating, black.rd, black.vol);
  system.updateRatings([[w, b, score]]);
  const read = (p: typeof w): Rating => ({ rating: p.getRating(), rd: p.getRd(), vol: p.getVol() });
  return [read(w), read(b)];
}
