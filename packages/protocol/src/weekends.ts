// Weekends off in a game of days (docs/lobby.md, "Weekends off"): Saturdays and Sundays (UTC)
// do not count against a player's days per move. Time on such a game's clock is counted by
// `charged`, and the deadline it makes by `chargedUntil`, on the server that judges the clocks
// and on the page that shows them alike. Without weekends off both are plain time.

import { DAY_MS } from './base.ts';

const WEEK_MS = 7 * DAY_MS;
/**
 * The epoch, 1 January 1970, was a Thursday: the week's counting starts on the Monday before,
 * 3 days earlier, so that days 0-4 of a week are Monday to Friday and days 5-6 its weekend.
 */
const MONDAY_MS = -3 * DAY_MS;
/** The weekdays' time of one week. */
const WORK_MS = 5 * DAY_MS;

/** Weekday time from the start of `at`'s week to `at`. */
function workIntoWeek(at: number): number {
  const into = (((at - MONDAY_MS) % WEEK_MS) + WEEK_MS) % WEEK_MS;
  return Math.min(into, WORK_MS);
}

/** The start of `at`'s week (its Monday, 00:00 UTC). */
const weekOf = (at: number): number => at - ((((at - MONDAY_MS) % WEEK_MS) + WEEK_MS) % WEEK_MS);

/**
 * The time from `from` to `to` (`to` ≥ `from`) that counts on the clock: all of it, or with
 * `weekendsOff` only the time of Mondays to Fridays.
 */
export function charged(weekendsOff: boolean, from: number, to: number): number {
  if (!weekendsOff || to <= from) return Math.max(0, to - from);
  const weeks = Math.round((weekOf(to) - weekOf(from)) / WEEK_MS);
  return weeks * WORK_MS + workIntoWeek(to) - workIntoWeek(from);
}

/**
 * When `budget` ms of counted time will have passed since `from`: `from + budget`, or with
 * `weekendsOff` the moment the weekdays from `from` add up to `budget` (a clock that runs out
 * at a weekend's start runs out then, not on the Monday after).
 */
export function chargedUntil(weekendsOff: boolean, from: number, budget: number): number {
  if (!weekendsOff || budget <= 0) return from + Math.max(0, budget);
  // Counted from the start of `from`'s week, so that a start on a weekend counts from Monday.
  const total = workIntoWeek(from) + budget;
  const weeks = Math.floor(total / WORK_MS);
  const rest = total - weeks * WORK_MS;
  // A budget that ends exactly on a week's work ends that Friday at midnight.
  if (rest === 0) return weekOf(from) + (weeks - 1) * WEEK_MS + WORK_MS;
  return weekOf(from) + weeks * WEEK_MS + rest;
}
