// Vacation for games of days (docs/lobby.md, "Vacation"): each player has days of it, spent
// when a game's deadline passes while they are away (automatically, a day at a time) or taken
// by hand ("on vacation until …"); while it lasts, their deadlines move instead of falling.

import { DAY_MS } from './base.ts';

/** The vacation days a player earns a year, accrued continuously; a new identity starts with them. */
export const VACATION_DAYS_A_YEAR = 15;
/** The most vacation days a player can hold: what is earned beyond is lost. */
export const VACATION_CAP_DAYS = 30;
/** The longest vacation taken by hand at once, in days (the most a player can hold). */
export const VACATION_MAX_DAYS = VACATION_CAP_DAYS;

/** A player's vacation as GET /api/me/vacation shows it to them. */
export interface VacationView {
  /** The vacation time left to spend, in ms (whole days are DAY_MS each). */
  readonly left: number;
  /** When the vacation under way began (ms since 1970), or null when none is under way. */
  readonly from: number | null;
  /** When the vacation under way ends (ms since 1970), or null when none is. */
  readonly until: number | null;
  /** Whether it was taken by hand (false: begun by a deadline that passed). */
  readonly byHand: boolean;
}

/** Whole days of vacation in `ms`, rounded down: what a player can still take by hand. */
export const vacationDays = (ms: number): number => Math.floor(ms / DAY_MS);
