// A Swiss's rules: each round's pairing (no rematch, one bye at most per player and to the lowest
// ranked, score groups, colours evened out, the same every time) and the tie-breaks.

import type { Colour } from '@agon/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareSwiss,
  pairSwiss,
  SWISS_POINTS,
  type SwissEntrant,
  type SwissGame,
  type SwissPairing,
  swissTiebreaks,
} from '../src/tournament/swiss.ts';

type Player = { -readonly [K in keyof SwissEntrant]: SwissEntrant[K] } & {
  opponents: string[];
  colours: Colour[];
};

const entrant = (player: string, rating: number, more: Partial<SwissEntrant> = {}): Player => ({
  player,
  score: 0,
  rating,
  hadBye: false,
  ...more,
  opponents: [...(more.opponents ?? [])],
  colours: [...(more.colours ?? [])],
});

/** Players p1..pn, p1 the highest rated. */
const field = (n: number): Player[] =>
  Array.from({ length: n }, (_, i) => entrant(`p${i + 1}`, 2000 - 10 * i));

/**
 * Plays `rounds` rounds as a director would: pairs, then the higher rated wins every game (a
 * draw when `drawn` says so), the bye scores a point. Stops at the first round that cannot be
 * paired. Returns each round's pairing.
 */
function play(
  players: Player[],
  rounds: number,
  drawn: (round: number, white: string) => boolean = () => false,
): SwissPairing[] {
  const by = new Map(players.map((p) => [p.player, p]));
  const played: SwissPairing[] = [];
  for (let round = 1; round <= rounds; round++) {
    const pairing = pairSwiss(players, round);
    if (pairing.pairs.length === 0) break;
    played.push(pairing);
    for (const { white, black } of pairing.pairs) {
      const w = by.get(white)!;
      const b = by.get(black)!;
      w.opponents.push(black);
      b.opponents.push(white);
      w.colours.push('white');
      b.colours.push('black');
      if (drawn(round, white)) {
        w.score += 0.5;
        b.score += 0.5;
      } else if (w.rating > b.rating) w.score += 1;
      else b.score += 1;
    }
    if (pairing.bye) {
      const p = by.get(pairing.bye)!;
      p.hadBye = true;
      p.score += SWISS_POINTS.bye;
    }
  }
  return played;
}

const key = (a: string, b: string): string => [a, b].sort().join('-');

describe('Swiss pairing', () => {
  it('pairs the first round top half against bottom half, White and Black in turn on top', () => {
    // Eight players by rating: 1-5, 2-6, 3-7, 4-8 (the Dutch system), the higher rated White on
    // boards 1 and 3 and Black on boards 2 and 4.
    expect(pairSwiss(field(8), 1)).toEqual({
      pairs: [
        { white: 'p1', black: 'p5' },
        { white: 'p6', black: 'p2' },
        { white: 'p3', black: 'p7' },
        { white: 'p8', black: 'p4' },
      ],
      bye: null,
    });
  });

  it('pairs players on the same score with each other first', () => {
    const players = field(8);
    play(players, 1);
    // After round 1: p1..p4 on 1 point, p5..p8 on 0.
    const score = new Map(players.map((p) => [p.player, p.score]));
    const round2 = pairSwiss(players, 2);
    expect(round2.pairs).toHaveLength(4);
    for (const { white, black } of round2.pairs) expect(score.get(white)).toBe(score.get(black));
  });

  it('never pairs a rematch, and gives each of an odd number one bye at most', () => {
    // Five players, five rounds: a round robin, each sitting out once at most.
    const rounds = play(field(5), 5);
    expect(rounds.length).toBeGreaterThanOrEqual(4);
    const games = rounds.flatMap((r) => r.pairs.map((p) => key(p.white, p.black)));
    expect(new Set(games).size).toBe(games.length);
    const byes = rounds.map((r) => r.bye);
    expect(byes.every((b) => b !== null)).toBe(true);
    expect(new Set(byes).size).toBe(byes.length);
    for (const r of rounds) expect(r.pairs).toHaveLength(2);
  });

  it('gives the bye to the lowest ranked who has had none', () => {
    // Lowest by score first: p1 has 0 points, the rest 1; so p1 sits out, whatever its rating.
    const players = field(5).map((p, i) => ({ ...p, score: i === 0 ? 0 : 1 }));
    expect(pairSwiss(players, 2).bye).toBe('p1');
    // On equal scores, the lowest rated (p5); but p5 has had a bye, so p4.
    expect(pairSwiss(field(5), 2).bye).toBe('p5');
    const hadOne = field(5).map((p) => (p.player === 'p5' ? { ...p, hadBye: true } : p));
    expect(pairSwiss(hadOne, 2).bye).toBe('p4');
  });

  it('passes the bye up when the others could not all be paired without a rematch', () => {
    // c is ranked lowest, but a and b have met: with c out they would have to meet again, so
    // b sits out and a plays c.
    const pairing = pairSwiss(
      [
        entrant('a', 2000, { opponents: ['b'] }),
        entrant('b', 1900, { opponents: ['a'] }),
        entrant('c', 1800),
      ],
      2,
    );
    expect(pairing).toEqual({ pairs: [{ white: 'a', black: 'c' }], bye: 'b' });
  });

  it('knows when no round can be paired any more', () => {
    // Four players who have all met: the event has run out of rounds.
    const players = field(4);
    expect(play(players, 4)).toHaveLength(3);
    const none = { pairs: [], bye: null };
    expect(pairSwiss(players, 4)).toEqual(none);
    // Three who have each had their bye; one player alone; no one.
    const three = field(3).map((p) => ({ ...p, hadBye: true }));
    expect(pairSwiss(three, 4)).toEqual(none);
    expect(pairSwiss(field(1), 1)).toEqual(none);
    expect(pairSwiss([], 1)).toEqual(none);
  });

  it('gives White to who has had more Blacks, else to who had Black last time they differed', () => {
    const white = (top: Colour[], bottom: Colour[]): string =>
      pairSwiss(
        [entrant('top', 2000, { colours: top }), entrant('bot', 1900, { colours: bottom })],
        4,
      ).pairs[0]!.white;
    // More Blacks than Whites: White, though ranked lower.
    expect(white(['white', 'black', 'white'], ['black', 'white', 'black'])).toBe('bot');
    expect(white(['black', 'white', 'black'], ['white', 'black', 'white'])).toBe('top');
    // As many of each: who had Black last.
    expect(white(['white', 'black'], ['black', 'white'])).toBe('top');
    expect(white(['black', 'white'], ['white', 'black'])).toBe('bot');
    // Alike: the higher ranked gets the colour they did not have last.
    expect(white(['white', 'black'], ['white', 'black'])).toBe('top');
    expect(white(['black', 'white'], ['black', 'white'])).toBe('bot');
    // The last two rounds alike; the one before, top had White and bottom Black.
    expect(white(['black', 'white', 'black', 'white'], ['white', 'black', 'black', 'white'])).toBe(
      'bot',
    );
  });

  it('keeps apart two players who must both have the same colour, even across score groups', () => {
    // a and b (2 points) have had White twice running, c and d (0) Black twice: a meeting within
    // a score group would give someone a third in a row, so the leaders meet the others.
    const twice = (colour: Colour): Colour[] => [colour, colour];
    const pairing = pairSwiss(
      [
        entrant('a', 2000, { score: 2, colours: twice('white') }),
        entrant('b', 1900, { score: 2, colours: twice('white') }),
        entrant('c', 1800, { colours: twice('black') }),
        entrant('d', 1700, { colours: twice('black') }),
      ],
      3,
    );
    expect(pairing.pairs.map((p) => p.black).sort()).toEqual(['a', 'b']);
    expect(pairing.pairs.map((p) => p.white).sort()).toEqual(['c', 'd']);
  });

  it('keeps colours even through an event: never three more of one, nor three in a row', () => {
    for (const n of [8, 9, 12]) {
      const players = field(n);
      const rounds = play(players, 7, (round, white) => (round + white.length) % 3 === 0);
      expect(rounds).toHaveLength(7);
      for (const p of players) {
        const surplus = p.colours.filter((c) => c === 'white').length * 2 - p.colours.length;
        expect(Math.abs(surplus), p.player).toBeLessThanOrEqual(p.hadBye ? 2 : 1);
        expect(p.colours.join(' '), p.player).not.toMatch(/(white|black) \1 \1/);
      }
    }
  });

  it('pairs the same players the same way every time, and leaves Math.random as it was', () => {
    const players = field(11);
    play(players, 3, (round, white) => round === 2 && white < 'p5');
    const random = Math.random;
    const first = pairSwiss(players, 4);
    // Whatever Math.random gives (here a golden-ratio walk over [0, 1)), the same pairing.
    let calls = 0;
    Math.random = () => {
      calls += 1;
      return (calls * 0.618) % 1;
    };
    try {
      expect(pairSwiss(players, 4)).toEqual(first);
      expect(pairSwiss([...players].reverse(), 4).pairs).toEqual(first.pairs);
    } finally {
      Math.random = random;
    }
    pairSwiss(players, 4);
    expect(Math.random).toBe(random);
  });

  it('pairs everyone but one at most, with no rematch or second bye, for any results', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 13 }),
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.boolean(), { minLength: 100, maxLength: 100 }),
        (n, rounds, draws) => {
          const players = field(n);
          const met = new Set<string>();
          const byes = new Set<string>();
          const played = play(
            players,
            rounds,
            (round, white) => draws[(round * 7 + white.length * 13) % 100]!,
          );
          expect(played.length).toBeGreaterThanOrEqual(1);
          for (const r of played) {
            const seated = r.pairs.flatMap((p) => [p.white, p.black]);
            expect(new Set(seated).size).toBe(seated.length);
            expect(seated.length).toBe(n - (n % 2));
            expect(r.bye === null).toBe(n % 2 === 0);
            if (r.bye) {
              expect(seated).not.toContain(r.bye);
              expect(byes.has(r.bye)).toBe(false);
              byes.add(r.bye);
            }
            for (const p of r.pairs) {
              expect(met.has(key(p.white, p.black))).toBe(false);
              met.add(key(p.white, p.black));
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('Swiss scoring and tie-breaks', () => {
  it('scores a win 1, a draw a half, a loss 0 and a bye a full point', () => {
    expect(SWISS_POINTS).toEqual({ win: 1, draw: 0.5, loss: 0, bye: 1 });
  });

  // Four players, three rounds, everyone meeting everyone:
  //   round 1: A beats B, C draws D
  //   round 2: A draws C, B beats D
  //   round 3: A beats D, B draws C
  // Scores: A 1 + ½ + 1 = 2½; B 0 + 1 + ½ = 1½; C ½ + ½ + ½ = 1½; D ½ + 0 + 0 = ½.
  // Buchholz (the opponents' scores):
  //   A: B 1½ + C 1½ + D ½ = 3½;  B: A 2½ + D ½ + C 1½ = 4½;
  //   C: D ½ + A 2½ + B 1½ = 4½;  D: C 1½ + B 1½ + A 2½ = 5½.
  // Sonneborn-Berger (the scores of those beaten, half those drawn):
  //   A: B 1½ + ½·C 1½ + D ½ = 2¾;   B: D ½ + ½·C 1½ = 1¼;
  //   C: ½·(D ½ + A 2½ + B 1½) = 2¼;  D: ½·C 1½ = ¾.
  // Ranking: A 2½; then C before B (same points and Buchholz, more Sonneborn-Berger); D.
  const table: Record<string, SwissGame[]> = {
    A: [
      { opponent: 'B', result: 'win', forfeit: false },
      { opponent: 'C', result: 'draw', forfeit: false },
      { opponent: 'D', result: 'win', forfeit: false },
    ],
    B: [
      { opponent: 'A', result: 'loss', forfeit: false },
      { opponent: 'D', result: 'win', forfeit: false },
      { opponent: 'C', result: 'draw', forfeit: false },
    ],
    C: [
      { opponent: 'D', result: 'draw', forfeit: false },
      { opponent: 'A', result: 'draw', forfeit: false },
      { opponent: 'B', result: 'draw', forfeit: false },
    ],
    D: [
      { opponent: 'C', result: 'draw', forfeit: false },
      { opponent: 'B', result: 'loss', forfeit: false },
      { opponent: 'A', result: 'loss', forfeit: false },
    ],
  };
  const scores: Record<string, number> = { A: 2.5, B: 1.5, C: 1.5, D: 0.5 };

  it('works out Buchholz and Sonneborn-Berger from the opponents’ scores', () => {
    const of = (p: string) => swissTiebreaks(table[p]!, (o) => scores[o]!);
    expect(of('A')).toEqual({ buchholz: 3.5, sonnebornBerger: 2.75 });
    expect(of('B')).toEqual({ buchholz: 4.5, sonnebornBerger: 1.25 });
    expect(of('C')).toEqual({ buchholz: 4.5, sonnebornBerger: 2.25 });
    expect(of('D')).toEqual({ buchholz: 5.5, sonnebornBerger: 0.75 });
  });

  it('ranks by points, then Buchholz, then Sonneborn-Berger, then who joined first', () => {
    const lines = ['A', 'B', 'C', 'D'].map((p, order) => ({
      p,
      order,
      score: scores[p]!,
      ...swissTiebreaks(table[p]!, (o) => scores[o]!),
    }));
    expect(lines.sort(compareSwiss).map((l) => l.p)).toEqual(['A', 'C', 'B', 'D']);
    const tie = { score: 2, buchholz: 3, sonnebornBerger: 2 };
    expect(compareSwiss({ ...tie, order: 1 }, { ...tie, order: 0 })).toBeGreaterThan(0);
    expect(compareSwiss({ ...tie, order: 1, buchholz: 4 }, { ...tie, order: 0 })).toBeLessThan(0);
  });

  it('counts neither a forfeit nor a bye in the tie-breaks', () => {
    // A won by forfeit against D (who never began) and had a bye: only the game with B counts.
    const games: SwissGame[] = [
      { opponent: 'B', result: 'win', forfeit: false },
      { opponent: 'D', result: 'win', forfeit: true },
    ];
    expect(swissTiebreaks(games, (o) => ({ B: 2, D: 3 })[o] ?? 0)).toEqual({
      buchholz: 2,
      sonnebornBerger: 2,
    });
  });
});
