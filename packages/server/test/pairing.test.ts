// Quick pairing's choice: by rating within a window that widens with the wait, each player at
// most once, colours by recent balance.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pairUp, ratingWindow, type Waiting, whiteFirst } from '../src/lobby/pairing.ts';

const seeker = (player: string, rating: number, since = 0, balance = 0): Waiting => ({
  player,
  rating,
  since,
  balance,
});

describe('quick pairing', () => {
  it('pairs the nearest ratings first', () => {
    const pairs = pairUp([seeker('a', 1500), seeker('b', 1900), seeker('c', 1560)], 1000);
    expect(pairs).toHaveLength(1);
    expect(new Set([pairs[0]!.white.player, pairs[0]!.black.player])).toEqual(new Set(['a', 'c']));
  });

  it('keeps far ratings apart at first, and pairs them once the wait has widened the window', () => {
    const far = [seeker('a', 1200, 0), seeker('b', 1800, 0)];
    expect(pairUp(far, 1000)).toEqual([]);
    expect(pairUp(far, 20_000)).toHaveLength(1);
    expect(ratingWindow(0)).toBeLessThan(ratingWindow(10_000));
    expect(ratingWindow(30_000)).toBe(Number.POSITIVE_INFINITY);
  });

  it('gives White to the one who has had Black more lately, and tosses a coin on a tie', () => {
    const pairs = pairUp([seeker('a', 1500, 0, 2), seeker('b', 1500, 0, -1)], 0);
    expect(pairs[0]).toMatchObject({ white: { player: 'b' }, black: { player: 'a' } });
    expect(pairUp([seeker('a', 1500), seeker('b', 1500)], 0, () => 0.1)[0]!.white.player).toBe('a');
    expect(pairUp([seeker('a', 1500), seeker('b', 1500)], 0, () => 0.9)[0]!.white.player).toBe('b');
  });

  it('never puts a player in two pairs or with themself', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            rating: fc.integer({ min: 800, max: 2600 }),
            since: fc.integer({ min: 0, max: 60_000 }),
            balance: fc.integer({ min: -5, max: 5 }),
          }),
          { maxLength: 40 },
        ),
        fc.integer({ min: 0, max: 90_000 }),
        (rows, now) => {
          const waiting = rows.map((r, i) => ({ player: `p${i}`, ...r }));
          const pairs = pairUp(waiting, now);
          const seen = pairs.flatMap((p) => [p.white.player, p.black.player]);
          expect(new Set(seen).size).toBe(seen.length);
          for (const p of pairs) {
            const gap = Math.abs(p.white.rating - p.black.rating);
            expect(gap).toBeLessThanOrEqual(
              ratingWindow(now - Math.min(p.white.since, p.black.since)),
            );
          }
          // Everyone left over could not have been paired with anyone else left over.
          const left = waiting.filter((w) => !seen.includes(w.player));
          for (const a of left)
            for (const b of left)
              if (a !== b)
                expect(Math.abs(a.rating - b.rating)).toBeGreaterThan(
                  ratingWindow(now - Math.min(a.since, b.since)),
                );
        },
      ),
    );
  });

  it('gives White to the one more due it, a house bot counting as due neither', () => {
    // A person with more whites than blacks (balance 2) is Black against a bot (balance 0).
    expect(whiteFirst(2, 0, () => 0)).toBe(false);
    expect(whiteFirst(-1, 0, () => 0.99)).toBe(true);
    // Equals toss the coin.
    expect(whiteFirst(0, 0, () => 0.2)).toBe(true);
    expect(whiteFirst(0, 0, () => 0.7)).toBe(false);
  });
});
