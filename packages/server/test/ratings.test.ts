// Glicko-2 through the `glicko2` package: the paper's worked example, and the direction of
// a rating after one game.

import { Glicko2 } from 'glicko2';
import { describe, expect, it } from 'vitest';
import { NEW_RATING, PROVISIONAL_RD, provisional, rate } from '../src/ratings.ts';

describe('the glicko2 package', () => {
  it("gives the result of Glickman's worked example (tau 0.5)", () => {
    // "Example of the Glicko-2 system", glicko.net/glicko/glicko2.pdf: three games in a period.
    const system = new Glicko2({ tau: 0.5 });
    const player = system.makePlayer(1500, 200, 0.06);
    const a = system.makePlayer(1400, 30, 0.06);
    const b = system.makePlayer(1550, 100, 0.06);
    const c = system.makePlayer(1700, 300, 0.06);
    system.updateRatings([
      [player, a, 1],
      [player, b, 0],
      [player, c, 0],
    ]);
    // The paper rounds its steps as it goes (1464.06); unrounded it is 1464.05.
    expect(player.getRating()).toBeCloseTo(1464.06, 1);
    expect(player.getRd()).toBeCloseTo(151.52, 2);
    expect(player.getVol()).toBeCloseTo(0.05999, 4);
  });
});

describe('rate', () => {
  const equal = { rating: 1500, rd: 80, vol: 0.06 };

  it('raises the winner and lowers the loser, by the same amount between equals', () => {
    const [white, black] = rate(equal, equal, 1);
    expect(white.rating).toBeGreaterThan(1500);
    expect(black.rating).toBeLessThan(1500);
    expect(white.rating - 1500).toBeCloseTo(1500 - black.rating, 6);
    const [lost, won] = rate(equal, equal, 0);
    expect(lost.rating).toBeLessThan(1500);
    expect(won.rating).toBeGreaterThan(1500);
  });

  it('hardly moves equals who draw, and narrows their deviation', () => {
    const [white, black] = rate(equal, equal, 0.5);
    expect(Math.abs(white.rating - 1500)).toBeLessThan(0.01);
    expect(Math.abs(black.rating - 1500)).toBeLessThan(0.01);
    expect(white.rd).toBeLessThan(equal.rd);
  });

  it('moves a new player far and a settled one little', () => {
    const settled = { rating: 1500, rd: 50, vol: 0.06 };
    const [fresh, old] = rate(NEW_RATING, settled, 1);
    expect(fresh.rating - 1500).toBeGreaterThan(100);
    expect(1500 - old.rating).toBeLessThan(10);
  });

  it('calls a rating provisional while its deviation is high', () => {
    expect(provisional(NEW_RATING)).toBe(true);
    expect(provisional({ ...NEW_RATING, rd: PROVISIONAL_RD - 1 })).toBe(false);
  });
});
