// A league's season decided from its players alone (docs/leagues.md): the ladder cut into tiers
// and groups, each group's round robin, standings with their tie-breaks, and who moves.

import { describe, expect, it } from 'vitest';
import {
  type Counted,
  earnedTiers,
  GROUP_MAX,
  GROUP_MIN,
  groupsOf,
  type LeagueResult,
  movesOf,
  roundRobin,
  type Seed,
  standings,
} from '../src/league/season.ts';

const seeds = (n: number, tier?: number, from = 0): Seed[] =>
  Array.from({ length: n }, (_, i) => ({
    player: `p${from + i}`,
    rating: 2000 - (from + i) * 10,
    ...(tier !== undefined && { tier }),
  }));

/** The games of a round robin of `players` with the result `decide` gives each. */
const played = (
  players: readonly string[],
  decide: (white: string, black: string) => LeagueResult | null,
): Counted[] => roundRobin(players).map((p) => ({ ...p, result: decide(p.white, p.black) }));

describe('groups of a season', () => {
  it('starts no season for fewer than four players', () => {
    expect(groupsOf(seeds(3))).toEqual([]);
    expect(groupsOf(seeds(4))).toHaveLength(1);
  });

  it('puts seven newcomers in one group of League 1, the strongest first', () => {
    const shuffled = seeds(7).reverse();
    expect(groupsOf(shuffled)).toEqual([
      { tier: 1, players: ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6'] },
    ]);
  });

  it('fills League 1 with ten, then splits League 2 into even groups of six to ten', () => {
    const groups = groupsOf(seeds(10 + 25));
    expect(groups.map((g) => [g.tier, g.players.length])).toEqual([
      [1, 10],
      [2, 9],
      [2, 8],
      [2, 8],
    ]);
    for (const g of groups.slice(1)) {
      expect(g.players.length).toBeGreaterThanOrEqual(GROUP_MIN);
      expect(g.players.length).toBeLessThanOrEqual(GROUP_MAX);
    }
    // Within the tier by rating: the first group holds its strongest.
    expect(groups[1]!.players[0]).toBe('p10');
  });

  it('lets a bottom tier of fewer than six join the tier above', () => {
    expect(groupsOf(seeds(13)).map((g) => [g.tier, g.players.length])).toEqual([
      [1, 7],
      [1, 6],
    ]);
  });

  it('keeps an earned tier above a higher rating, and places a newcomer by rating', () => {
    // League 1's ten stayed (standings 101 to 110), League 2's twelve too.
    const stayed = (n: number, tier: number, from: number): Seed[] =>
      seeds(n, tier, from).map((s, i) => ({ ...s, standing: 101 + i }));
    const returning = [...stayed(10, 1, 0), ...stayed(12, 2, 10)];
    // A strong newcomer reaches League 2's median, a weak one does not: both stay below
    // League 1, whose places are earned.
    const strong = { player: 'strong', rating: 3000 };
    const weak = { player: 'weak', rating: 100 };
    const promoted = { player: 'up', rating: 1, tier: 1, standing: 1 };
    const groups = groupsOf([...returning, promoted, strong, weak]);
    const tierOf = (p: string) => groups.find((g) => g.players.includes(p))?.tier;
    // The promoted keeps their place however low their rating; League 1 holds ten, so its
    // lowest placed of those who stayed goes down with them.
    expect(tierOf('up')).toBe(1);
    expect(groups.filter((g) => g.tier === 1).flatMap((g) => g.players)).toHaveLength(10);
    expect(tierOf('p9')).toBe(2);
    expect(tierOf('p8')).toBe(1);
    expect(tierOf('strong')).toBe(2);
    expect(tierOf('weak')).toBe(2);
  });

  it('fills a vacancy with the best placed of the tier below', () => {
    const seeds9 = seeds(9, 1).map((s, i) => ({ ...s, standing: 101 + i }));
    const below = seeds(8, 2, 9).map((s, i) => ({ ...s, standing: 101 + i }));
    const groups = groupsOf([...seeds9, ...below]);
    expect(groups[0]!.players).toContain('p9');
    expect(groups[0]!.players).not.toContain('p10');
  });
});

describe('a round robin', () => {
  it('pairs everyone with everyone once, colours balanced to one', () => {
    const players = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const pairings = roundRobin(players);
    expect(pairings).toHaveLength(21);
    const met = new Set(pairings.map((p) => [p.white, p.black].sort().join()));
    expect(met.size).toBe(21);
    for (const p of players) {
      const whites = pairings.filter((x) => x.white === p).length;
      const blacks = pairings.filter((x) => x.black === p).length;
      expect(whites + blacks).toBe(6);
      expect(Math.abs(whites - blacks)).toBeLessThanOrEqual(1);
    }
  });
});

describe('standings', () => {
  const players = ['a', 'b', 'c', 'd'];

  it('counts wins, draws, an aborted game as nothing, and games in play not at all', () => {
    const games: Counted[] = [
      { white: 'a', black: 'b', result: 'white' },
      { white: 'c', black: 'd', result: 'draw' },
      { white: 'a', black: 'c', result: 'aborted' },
      { white: 'b', black: 'd', result: null },
      { white: 'd', black: 'a', result: 'unfinished' },
    ];
    const lines = new Map(standings(players, games).map((l) => [l.player, l]));
    expect(lines.get('a')).toMatchObject({ points: 1.5, played: 3 });
    expect(lines.get('b')).toMatchObject({ points: 0, played: 1 });
    expect(lines.get('c')).toMatchObject({ points: 0.5, played: 2 });
    expect(lines.get('d')).toMatchObject({ points: 1, played: 2 });
  });

  it('breaks a tie on points by Sonneborn-Berger', () => {
    // a and b both score 2: a beat c (2 points), b beat d (1 point).
    const results: Record<string, LeagueResult> = {
      'a b': 'draw',
      'a c': 'white',
      'a d': 'draw',
      'b c': 'draw',
      'b d': 'white',
      'c d': 'white',
    };
    const games = players.flatMap((w, i) =>
      players.slice(i + 1).map((b) => ({ white: w, black: b, result: results[`${w} ${b}`]! })),
    );
    const lines = standings(players, games);
    const a = lines.find((l) => l.player === 'a')!;
    const b = lines.find((l) => l.player === 'b')!;
    expect([a.points, b.points]).toEqual([2, 2]);
    expect(a.sb).toBeGreaterThan(b.sb);
    expect(a.rank).toBeLessThan(b.rank);
  });

  it('breaks a tie on points and SB by the game between them, then by seed', () => {
    // Two players, one game: the winner leads; a draw leaves the seed to decide.
    expect(standings(['x', 'y'], [{ white: 'x', black: 'y', result: 'black' }])[0]!.player).toBe(
      'y',
    );
    // A cycle of three: everyone beats one and loses to one, all tied on points and SB.
    const cycle: Counted[] = [
      { white: 'a', black: 'b', result: 'white' },
      { white: 'b', black: 'c', result: 'white' },
      { white: 'c', black: 'a', result: 'white' },
    ];
    expect(standings(['a', 'b', 'c'], cycle).map((l) => l.player)).toEqual(['a', 'b', 'c']);
    expect(standings(['c', 'b', 'a'], cycle).map((l) => l.player)).toEqual(['c', 'b', 'a']);
  });

  it('uses head to head when points and SB tie', () => {
    // a and b both score 2.5 with SB 4.5; a beat b.
    const results: Record<string, LeagueResult> = {
      'a b': 'white',
      'a c': 'white',
      'a d': 'draw',
      'a e': 'black',
      'b c': 'draw',
      'b d': 'white',
      'b e': 'white',
      'c d': 'draw',
      'c e': 'black',
      'd e': 'white',
    };
    const five = ['b', 'a', 'c', 'd', 'e'];
    const games = Object.entries(results).map(([k, result]) => {
      const [white, black] = k.split(' ') as [string, string];
      return { white, black, result };
    });
    const [first, second] = standings(five, games);
    expect(first!.points).toBe(second!.points);
    expect(first!.sb).toBe(second!.sb);
    // b is the higher seed: only the game between them puts a first.
    expect([first!.player, second!.player]).toEqual(['a', 'b']);
  });
});

describe('promotion and relegation', () => {
  const group = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  // The seed beats everyone below: the standings are the seeds' order.
  const games = played(group, (w, b) => (w < b ? 'white' : 'black'));
  const lines = standings(group, games);

  it('moves nobody in a league of one tier', () => {
    expect([...movesOf(1, lines, 1).values()].every((m) => m === 0)).toBe(true);
  });

  it('sends the top two up and the bottom two down between tiers', () => {
    const moves = movesOf(2, lines, 3);
    expect(group.map((p) => moves.get(p))).toEqual([-1, -1, 0, 0, 0, 1, 1]);
    expect(group.map((p) => movesOf(1, lines, 2).get(p))).toEqual([0, 0, 0, 0, 0, 1, 1]);
    expect(group.map((p) => movesOf(2, lines, 2).get(p))).toEqual([-1, -1, 0, 0, 0, 0, 0]);
  });

  it('moves one each way in a group under six', () => {
    const small = standings(
      ['a', 'b', 'c', 'd', 'e'],
      played(['a', 'b', 'c', 'd', 'e'], () => 'draw'),
    );
    expect(['a', 'b', 'c', 'd', 'e'].map((p) => movesOf(2, small, 3).get(p))).toEqual([
      -1, 0, 0, 0, 1,
    ]);
  });

  it('gives each player the tier they earned, which the next season keeps', () => {
    const groups = groupsOf(seeds(22));
    const all = groups.map((g) =>
      standings(
        g.players,
        played(g.players, (w, b) => (w > b ? 'white' : 'black')),
      ),
    );
    const earned = earnedTiers(groups, all);
    expect(earned.size).toBe(22);
    const tier = (p: string) => earned.get(p)?.tier;
    for (const [i, g] of groups.entries()) {
      const order = all[i]!.map((l) => l.player);
      if (g.tier === 1) {
        expect(order.slice(-2).map(tier)).toEqual([2, 2]);
        expect(order.slice(0, -2).every((p) => tier(p) === 1)).toBe(true);
      } else {
        expect(order.slice(0, 2).map(tier)).toEqual([1, 1]);
        expect(order.slice(2).every((p) => tier(p) === 2)).toBe(true);
      }
    }
    const next = groupsOf([...earned].map(([player, e]) => ({ player, rating: 1500, ...e })));
    const top = next.filter((g) => g.tier === 1).flatMap((g) => g.players);
    // Ten places for the four promoted and eight who stayed: all four promoted are in, and
    // the two lowest placed of those who stayed go down.
    expect(top).toHaveLength(10);
    const promoted = [...earned].filter(([, e]) => e.tier === 1 && e.standing < 100);
    expect(promoted).toHaveLength(4);
    for (const [p] of promoted) expect(top).toContain(p);
  });
});
