// Weekends off (docs/lobby.md, "Weekends off"): the clock time of a game of days counts Mondays
// to Fridays (UTC) only, the deadline it makes is the moment those weekdays add up to the time
// left, and both are plain time without weekends off.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { charged, chargedUntil, DAY_MS } from '../src/index.ts';

const HOUR = 3_600_000;
/** Friday 4 December 2026, noon UTC, and the days around it. */
const FRIDAY_NOON = Date.UTC(2026, 11, 4, 12);
const SATURDAY = Date.UTC(2026, 11, 5);
const MONDAY = Date.UTC(2026, 11, 7);

describe('weekends off', () => {
  it('counts no time of Saturday or Sunday', () => {
    expect(charged(true, FRIDAY_NOON, MONDAY + 12 * HOUR)).toBe(DAY_MS);
    expect(charged(true, SATURDAY, MONDAY)).toBe(0);
    expect(charged(true, SATURDAY + HOUR, SATURDAY + 5 * HOUR)).toBe(0);
    expect(charged(true, FRIDAY_NOON, FRIDAY_NOON + 7 * DAY_MS)).toBe(5 * DAY_MS);
    expect(charged(false, FRIDAY_NOON, MONDAY)).toBe(MONDAY - FRIDAY_NOON);
  });

  it('puts a deadline past the weekend, and one starting on a weekend from Monday', () => {
    expect(chargedUntil(true, FRIDAY_NOON, DAY_MS)).toBe(MONDAY + 12 * HOUR);
    expect(chargedUntil(true, SATURDAY + 10 * HOUR, DAY_MS)).toBe(MONDAY + DAY_MS);
    // A budget that ends as the weekend starts ends then, not on Monday.
    expect(chargedUntil(true, FRIDAY_NOON, 12 * HOUR)).toBe(SATURDAY);
    expect(chargedUntil(true, FRIDAY_NOON, 3 * DAY_MS)).toBe(MONDAY + 2 * DAY_MS + 12 * HOUR);
    expect(chargedUntil(false, FRIDAY_NOON, DAY_MS)).toBe(FRIDAY_NOON + DAY_MS);
  });

  it('makes the deadline where the counted time reaches the budget, for any start', () => {
    const year = 365 * DAY_MS;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 * year }),
        fc.integer({ min: 1, max: 30 * DAY_MS }),
        (from, budget) => {
          const due = chargedUntil(true, from, budget);
          expect(charged(true, from, due)).toBe(budget);
          // Not a moment later than it must be: a millisecond before, some budget was left.
          expect(charged(true, from, due - 1)).toBe(budget - 1);
          expect(due - from).toBeGreaterThanOrEqual(budget);
        },
      ),
    );
  });
});
