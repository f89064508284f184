// Glicko-2 ratings, computed by the `glicko2` package: each game is a rating period of its
// own, as lichess rates, so a rating moves after every game rather than in batches. Between
// games a rating grows less certain with time, as Glicko-2's rating periods make it: its
// deviation widens by the volatility once a day of inactivity. Ratings stay between a floor and
// a ceiling, deviations and volatilities within bounds (docs/lobby.md, "Ratings").

import { GLICKO_TAU, type Rating, START_RATING } from '@agon/protocol';
import { Glicko2 } from 'glicko2';

export type { Rating } from '@agon/protocol';

/** A player's rating in one category, with the rated games that made it and when the last was. */
export interface ClassRating extends Rating {
  readonly games: number;
  /** When its last rated game was settled (ms); undefined before any, or when not recorded. */
  readonly ratedAt?: number;
}

/** Where every player starts. */
export const NEW_RATING: ClassRating = { ...START_RATING, games: 0 };

/** The deviation from which a rating is shown as provisional ("1500?"), as on lichess. */
export const PROVISIONAL_RD = 110;

/** No rating goes below the floor or above the ceiling, however a run of games goes. */
export const RATING_FLOOR = 400;
export const RATING_CEILING = 4000;
/** The narrowest deviation (lichess's) and the widest (a new player's). */
export const RD_MIN = 45;
export const RD_MAX = START_RATING.rd;
/** The highest volatility (lichess's bound): a rating may not swing without limit. */
const VOL_MAX = 0.1;

/** One rating period: a day without a rated game widens the deviation by one period's worth. */
export const PERIOD_MS = 24 * 60 * 60_000;
/** Glicko-2's scale: rating points per unit of its internal scale. */
const SCALE = 173.7178;

/**
 * An identity's rated games (in every category) before its results count in full for its
 * opponents: its first games count for a part each, (games + 1) / (NEWCOMER_GAMES + 1), so that
 * a crowd of fresh identities losing on purpose moves their opponent little.
 */
export const NEWCOMER_GAMES = 5;

/** Whether a rating is still too uncertain to be shown plainly. */
export function provisional(r: Rating): boolean {
  return r.rd >= PROVISIONAL_RD;
}

/** `r` as it stands at `now`: its deviation widened for the rating periods since its last game. */
export function current(r: ClassRating, now: number): ClassRating {
  if (r.ratedAt === undefined || now <= r.ratedAt) return r;
  const periods = (now - r.ratedAt) / PERIOD_MS;
  const phi = r.rd / SCALE;
  const rd = Math.min(RD_MAX, SCALE * Math.sqrt(phi * phi + periods * r.vol * r.vol));
  return { ...r, rd };
}

/** How much an opponent's result against a player with `games` rated games counts: 0 to 1. */
export function weight(games: number): number {
  return Math.min(1, (games + 1) / (NEWCOMER_GAMES + 1));
}

const clamp = (x: number, low: number, high: number): number => Math.min(high, Math.max(low, x));

/** `r` within the floor and ceiling, and its deviation and volatility within their bounds. */
function bounded(r: Rating): Rating {
  return {
    rating: clamp(r.rating, RATING_FLOOR, RATING_CEILING),
    rd: clamp(r.rd, RD_MIN, RD_MAX),
    vol: Math.min(VOL_MAX, r.vol),
  };
}

/**
 * The new ratings of white and black after one game; `score` is white's (1 win, 0 loss). Each
 * side's change is weighed by how much its opponent's results count (`weight` of the
 * opponent's rated games: 1 in full).
 */
export function rate(
  white: Rating,
  black: Rating,
  score: 1 | 0.5 | 0,
  weights: { readonly white: number; readonly black: number } = { white: 1, black: 1 },
): [Rating, Rating] {
  const system = new Glicko2({ tau: GLICKO_TAU });
  const w = system.makePlayer(white.rating, white.rd, white.vol);
  const b = system.makePlayer(black.rating, black.rd, black.vol);
  system.updateRatings([[w, b, score]]);
  const read = (p: typeof w, before: Rating, by: number): Rating =>
    bounded({
      rating: before.rating + by * (p.getRating() - before.rating),
      rd: p.getRd(),
      vol: p.getVol(),
    });
  return [read(w, white, weights.black), read(b, black, weights.white)];
}
