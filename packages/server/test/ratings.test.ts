// Glicko-2 through the `glicko2` package: the paper's worked example, the direction of a
// rating after one game, the deviation widening with inactivity (rating periods), the floor
// and the ceiling, and a newcomer's results counting for their opponents by part.

import { Glicko2 } from 'glicko2';
import { describe, expect, it } from 'vitest';
import { settlement } from '../src/player/players.ts';
import {
  type ClassRating,
  current,
  NEW_RATING,
  NEWCOMER_GAMES,
  PERIOD_MS,
  PROVISIONAL_RD,
  provisional,
  RATING_CEILING,
  RATING_FLOOR,
  RD_MAX,
  RD_MIN,
  rate,
  weight,
} from '../src/player/ratings.ts';

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

describe('a rating over time', () => {
  const settled = { rating: 1800, rd: 50, vol: 0.06, games: 40, ratedAt: 0 };

  it('widens its deviation with each day without a rated game, up to a new player’s', () => {
    expect(current(settled, 0)).toEqual(settled);
    const week = current(settled, 7 * PERIOD_MS).rd;
    const month = current(settled, 30 * PERIOD_MS).rd;
    expect(week).toBeGreaterThan(50);
    expect(month).toBeGreaterThan(week);
    expect(current(settled, 30 * PERIOD_MS).rating).toBe(1800);
    // About three months away and the rating is provisional again; years, and it is new.
    expect(provisional(current(settled, 60 * PERIOD_MS))).toBe(false);
    expect(provisional(current(settled, 100 * PERIOD_MS))).toBe(true);
    expect(current(settled, 5000 * PERIOD_MS).rd).toBe(RD_MAX);
    // A rating with no time of its last game is taken as it is.
    expect(current(NEW_RATING, 1e12)).toEqual(NEW_RATING);
  });

  it('moves a rating back from a long absence further than a fresh one', () => {
    const opponent = { rating: 1800, rd: 50, vol: 0.06, games: 40 };
    const side = (rating: ClassRating) => ({ rating, games: 40 });
    const fresh = settlement(
      true,
      { winner: 'black', aborted: false },
      side(settled),
      side(opponent),
      0,
    );
    const away = 200 * PERIOD_MS;
    const back = settlement(
      true,
      { winner: 'black', aborted: false },
      side(settled),
      side({ ...opponent, ratedAt: away }),
      away,
    );
    expect(back.white!.before.rd).toBeGreaterThan(fresh.white!.before.rd);
    expect(1800 - back.white!.after.rating).toBeGreaterThan(1800 - fresh.white!.after.rating);
  });
});

describe('bounds', () => {
  it('keeps ratings between the floor and the ceiling, deviations within theirs', () => {
    const bottom = { rating: RATING_FLOOR + 20, rd: 300, vol: 0.09 };
    const top = { rating: RATING_CEILING - 20, rd: 300, vol: 0.09 };
    const [lost] = rate(bottom, { rating: RATING_FLOOR, rd: 50, vol: 0.06 }, 0);
    expect(lost.rating).toBe(RATING_FLOOR);
    const [, won] = rate({ rating: RATING_CEILING, rd: 50, vol: 0.06 }, top, 0);
    expect(won.rating).toBe(RATING_CEILING);
    let steady = { rating: 1500, rd: 60, vol: 0.06 };
    for (let i = 0; i < 300; i++) [steady] = rate(steady, steady, 0.5);
    expect(steady.rd).toBeGreaterThanOrEqual(RD_MIN);
    expect(steady.vol).toBeLessThanOrEqual(0.1);
  });
});

describe('a newcomer’s results', () => {
  it('count for the opponent by part through its first games, then in full', () => {
    expect(weight(0)).toBeCloseTo(1 / (NEWCOMER_GAMES + 1));
    expect(weight(NEWCOMER_GAMES - 1)).toBeLessThan(1);
    expect(weight(NEWCOMER_GAMES)).toBe(1);
    const veteran = { rating: 1500, rd: 80, vol: 0.06 };
    const [full] = rate(veteran, NEW_RATING, 1);
    const [part, newcomer] = rate(veteran, NEW_RATING, 1, { white: 1, black: weight(0) });
    expect(part.rating - 1500).toBeCloseTo((full.rating - 1500) * weight(0), 6);
    // The newcomer's own change is not cut: they lost to an established player.
    expect(newcomer.rating).toBe(rate(veteran, NEW_RATING, 1)[1].rating);
  });

  it('let twelve fresh identities losing on purpose lift a rating little', () => {
    let farmed = { ...NEW_RATING };
    let plain = { ...NEW_RATING };
    const fresh = { rating: NEW_RATING, games: 0 };
    for (let i = 0; i < 12; i++) {
      const win = { winner: 'white', aborted: false } as const;
      farmed = {
        ...settlement(true, win, { rating: farmed, games: i }, fresh, 0).white!.after,
        games: i + 1,
      };
      [plain] = [{ ...rate(plain, NEW_RATING, 1)[0], games: i + 1 }];
    }
    expect(plain.rating - 1500).toBeGreaterThan(400);
    expect(farmed.rating - 1500).toBeLessThan((plain.rating - 1500) / 3);
  });
});
