// The terms every domain of the protocol speaks of: which start a game uses, how fast it is
// played, and who plays it. They sit below the game, the lobby, the players and the
// tournaments, which all name them, so that imports run one way.

import type { RatingView } from './rating.ts';

/** Which start a game uses (R4 or R14). */
export type Variant = 'standard' | 'placement';

/** A time control: milliseconds on each clock at the start, and added after each move. */
export interface TimeControl {
  readonly initial: number;
  readonly increment: number;
}

/** The days per move a correspondence game may give each player. */
export const CORRESPONDENCE_DAYS = [1, 2, 3, 5, 7, 14] as const;
/** Days per move of a correspondence game. */
export type Days = (typeof CORRESPONDENCE_DAYS)[number];
/** A day in milliseconds: a correspondence player's time is counted in these. */
export const DAY_MS = 86_400_000;

/** Days per move: each move gives the mover's opponent the whole of `days` for theirs. */
interface Correspondence {
  readonly days: Days;
}

/** How fast a lobby game is played: on a clock, or by correspondence. */
export type Pace = TimeControl | Correspondence;

/** Whether `pace` is days per move rather than a clock. */
export function isCorrespondence(pace: Pace): pace is Correspondence {
  return 'days' in pace;
}

/** A player beside a board or in a list: the name and the rating that counts there. */
export interface PlayerBrief {
  readonly id: string;
  readonly name: string;
  readonly rating: RatingView;
  /** A computer player (docs/bot-api.md): every page marks it as one. */
  readonly bot?: true;
}
