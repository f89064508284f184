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

/** How far ahead a vacation can be booked: its start at most this many days from now. */
export const VACATION_AHEAD_DAYS = 90;
/**
 * How far in the past a booked start may lie and still be taken as now: a clock a little behind
 * the server's, or a form left open a while, books from now rather than being refused.
 */
export const VACATION_GRACE_MS = 10 * 60_000;

/** A vacation booked ahead and not yet begun: from when, until when (ms since 1970). */
export interface BookedVacation {
  readonly from: number;
  readonly until: number;
}

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
  /** The vacation booked ahead, its days already paid, or null when none is. */
  readonly booked: BookedVacation | null;
}

/** Whole days of vacation in `ms`, rounded down: what a player can still take by hand. */
export const vacationDays = (ms: number): number => Math.floor(ms / DAY_MS);
