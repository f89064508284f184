// An arena's rules: the points of each game (streaks, berserk, Agon's draw rules, players who
// never showed) and the pairing of whoever is waiting, near in the standings, not twice running.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ArenaGame,
  type ArenaPair,
  type ArenaWaiting,
  arenaSheet,
  BERSERK_PLIES,
  DRAW_MIN_PLIES,
  LONG_DRAW_PLIES,
  pairArena,
} from '../src/tournament/arena.ts';

const win = (plies = 40, berserk = false): ArenaGame => ({
  result: 'win',
  plies,
  berserk,
  forfeit: false,
});
const draw = (plies = 40): ArenaGame => ({ result: 'draw', plies, berserk: false, forfeit: false });
const loss = (plies = 40): ArenaGame => ({ result: 'loss', plies, berserk: false, forfeit: false });
const points = (games: ArenaGame[]): number[] => arenaSheet(games).entries.map((e) => e.points);

describe('arena scoring', () => {
  it('doubles from the third win in a row, and a draw on fire, then a non-win ends the streak', () => {
    // W  2 (streak 1)
    // W  2 (streak 2: on fire from now)
    // W  4 (on fire: doubled)
    // D  2 (a 40-ply draw on fire: doubled; the streak ends)
    // W  2 (streak 1 again)
    const sheet = arenaSheet([win(), win(), win(), draw(), win()]);
    expect(sheet.entries).toEqual([
      { points: 2, fire: false },
      { points: 2, fire: false },
      { points: 4, fire: true },
      { points: 2, fire: true },
      { points: 2, fire: false },
    ]);
    expect(sheet.score).toBe(12);
    expect(sheet.fire).toBe(false);
  });

  it('keeps a player on fire through a run of wins, and a loss puts it out', () => {
    // W 2, W 2, W 4, W 4: still on fire; then L 0, W 2, W 2, W 4.
    expect(arenaSheet([win(), win(), win(), win()])).toMatchObject({ score: 12, fire: true });
    expect(points([win(), win(), loss(), win(), win(), win()])).toEqual([2, 2, 0, 2, 2, 4]);
    expect(arenaSheet([win(), win()]).fire).toBe(true);
    expect(arenaSheet([win()]).fire).toBe(false);
  });

  it('gives a berserk win a point more if it lasted 14 plies, on fire too, and nothing else', () => {
    expect(BERSERK_PLIES).toBe(14);
    // A berserk win of 14 plies: 2 + 1; of 13: 2 (a quick abandonment is no feat).
    expect(points([win(14, true)])).toEqual([3]);
    expect(points([win(13, true)])).toEqual([2]);
    // On fire (after two wins), a berserk win: 4 + 1.
    expect(points([win(), win(), win(30, true)])).toEqual([2, 2, 5]);
    // A berserk draw or loss: as without berserk.
    expect(
      points([
        { ...draw(), berserk: true },
        { ...loss(), berserk: true },
      ]),
    ).toEqual([1, 0]);
  });

  it('scores nothing for a short draw, nor for a second draw in a row unless it was long', () => {
    expect([DRAW_MIN_PLIES, LONG_DRAW_PLIES]).toEqual([20, 60]);
    // 19 plies: 0; 20 plies: 1.
    expect(points([draw(19)])).toEqual([0]);
    expect(points([draw(20)])).toEqual([1]);
    // D(30) 1, then D(59) right after: 0; then D(60): long enough, 1.
    expect(points([draw(30), draw(59), draw(60)])).toEqual([1, 0, 1]);
    // A short draw is still a draw: the long one after it must be long (30 < 60 plies: 0).
    expect(points([draw(10), draw(30)])).toEqual([0, 0]);
    // A game between the draws: D 1, L 0, D 1.
    expect(points([draw(), loss(), draw()])).toEqual([1, 0, 1]);
  });

  it('gives nothing for a short draw on fire, and the streak still ends', () => {
    // W 2, W 2, D(10) 0 (too short, doubled or not), W 2 (the streak begins again).
    expect(arenaSheet([win(), win(), draw(10), win()]).entries).toEqual([
      { points: 2, fire: false },
      { points: 2, fire: false },
      { points: 0, fire: false },
      { points: 2, fire: false },
    ]);
  });

  it('scores a game the opponent never began as any win, but without the berserk point', () => {
    const forfeitWin: ArenaGame = { result: 'win', plies: 0, berserk: true, forfeit: true };
    const forfeitLoss: ArenaGame = { result: 'loss', plies: 0, berserk: false, forfeit: true };
    // W 2, W 2, then a forfeit won on fire: 4 (no berserk point, however many plies).
    expect(points([win(), win(), forfeitWin])).toEqual([2, 2, 4]);
    expect(points([{ ...forfeitWin, plies: 40 }])).toEqual([2]);
    // The absent player: 0, and their streak is over.
    expect(arenaSheet([win(), win(), forfeitLoss, win()]).entries.map((e) => e.points)).toEqual([
      2, 2, 0, 2,
    ]);
  });
});

const waiting = (
  player: string,
  rank: number,
  more: Partial<Omit<ArenaWaiting, 'player' | 'rank'>> = {},
): ArenaWaiting => ({
  player,
  rank,
  lastOpponent: null,
  whites: 0,
  blacks: 0,
  lastColour: null,
  house: false,
  ...more,
});
const names = (pairs: ArenaPair[]): string[][] => pairs.map((p) => [p.white, p.black].sort());

describe('arena pairing', () => {
  it('pairs neighbours in the standings, whatever order they come in', () => {
    const pairs = pairArena([
      waiting('f', 6),
      waiting('c', 3),
      waiting('a', 1),
      waiting('e', 5),
      waiting('b', 2),
      waiting('d', 4),
    ]);
    expect(names(pairs)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
    ]);
  });

  it('leaves the last one waiting when the number is odd', () => {
    const pairs = pairArena([waiting('a', 1), waiting('b', 2), waiting('c', 3)]);
    expect(names(pairs)).toEqual([['a', 'b']]);
  });

  it('never pairs players again straight after their game, the next nearest instead', () => {
    // a and b just played: a meets c, b meets d.
    const pairs = pairArena([
      waiting('a', 1, { lastOpponent: 'b' }),
      waiting('b', 2, { lastOpponent: 'a' }),
      waiting('c', 3),
      waiting('d', 4),
    ]);
    expect(names(pairs)).toEqual([
      ['a', 'c'],
      ['b', 'd'],
    ]);
    // Only one side remembering the game is enough to keep them apart.
    expect(names(pairArena([waiting('a', 1), waiting('b', 2, { lastOpponent: 'a' })]))).toEqual([]);
  });

  it('never pairs two house bots, each with the nearest person instead', () => {
    // The bots are ranked first and second: each meets one of the people.
    const pairs = pairArena([
      waiting('bot1', 1, { house: true }),
      waiting('bot2', 2, { house: true }),
      waiting('p', 3),
      waiting('q', 4),
    ]);
    expect(names(pairs)).toEqual([
      ['bot1', 'p'],
      ['bot2', 'q'],
    ]);
    // Bots alone wait for a person.
    expect(
      pairArena([waiting('bot1', 1, { house: true }), waiting('bot2', 2, { house: true })]),
    ).toEqual([]);
  });

  it('lets two players who just met wait when no one else is free', () => {
    const pairs = pairArena([
      waiting('a', 1, { lastOpponent: 'b' }),
      waiting('b', 2, { lastOpponent: 'a' }),
    ]);
    expect(pairs).toEqual([]);
    // With a third, the best ranked takes them and the last opponent waits.
    expect(
      names(
        pairArena([
          waiting('a', 1, { lastOpponent: 'b' }),
          waiting('b', 2, { lastOpponent: 'a' }),
          waiting('c', 3),
        ]),
      ),
    ).toEqual([['a', 'c']]);
  });

  it('gives White to the one with fewer Whites than Blacks, then to who had Black last, then to the better ranked', () => {
    const white = (a: ArenaWaiting, b: ArenaWaiting): string => pairArena([a, b])[0]!.white;
    // b has had one White more than Black, a as many of each: a gets White, though ranked lower.
    expect(
      white(
        waiting('b', 1, { whites: 2, blacks: 1, lastColour: 'black' }),
        waiting('a', 2, { whites: 1, blacks: 1, lastColour: 'white' }),
      ),
    ).toBe('a');
    // A veteran with 5 of each against a newcomer who has had White once: the veteran gets White
    // (a count of Whites alone would give the newcomer White twice in a row).
    expect(
      white(
        waiting('new', 1, { whites: 1, blacks: 0, lastColour: 'white' }),
        waiting('old', 2, { whites: 5, blacks: 5, lastColour: 'white' }),
      ),
    ).toBe('old');
    // Even balance: the one whose last game was Black.
    expect(
      white(
        waiting('a', 1, { whites: 1, blacks: 1, lastColour: 'white' }),
        waiting('b', 2, { whites: 1, blacks: 1, lastColour: 'black' }),
      ),
    ).toBe('b');
    // A first game against one whose last was White: the newcomer, though ranked lower.
    expect(
      white(waiting('a', 1, { whites: 1, blacks: 1, lastColour: 'white' }), waiting('b', 2)),
    ).toBe('b');
    // Nothing to choose: the better ranked.
    expect(white(waiting('b', 2), waiting('a', 1))).toBe('a');
  });

  it('never puts a player in two games, or with their last opponent, and leaves no pair unmade', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            last: fc.option(fc.nat(30)),
            whites: fc.nat(5),
            blacks: fc.nat(5),
          }),
          { maxLength: 30 },
        ),
        (rows) => {
          const all = rows.map((r, i) =>
            waiting(`p${i}`, i + 1, {
              lastOpponent: r.last === null ? null : `p${r.last}`,
              whites: r.whites,
              blacks: r.blacks,
            }),
          );
          const pairs = pairArena(all);
          const seen = pairs.flatMap((p) => [p.white, p.black]);
          expect(new Set(seen).size).toBe(seen.length);
          const by = new Map(all.map((w) => [w.player, w]));
          const met = (a: ArenaWaiting, b: ArenaWaiting) =>
            a.lastOpponent === b.player || b.lastOpponent === a.player;
          for (const p of pairs) expect(met(by.get(p.white)!, by.get(p.black)!)).toBe(false);
          const left = all.filter((w) => !seen.includes(w.player));
          for (const a of left) for (const b of left) if (a !== b) expect(met(a, b)).toBe(true);
        },
      ),
    );
  });

  it('pairs a thousand waiting players who each just played a neighbour', () => {
    const all = Array.from({ length: 1000 }, (_, i) =>
      waiting(`p${i}`, i + 1, {
        // Everyone just played their neighbour: each must look further down.
        lastOpponent: `p${i % 2 === 0 ? i + 1 : i - 1}`,
        whites: i % 7,
        blacks: i % 5,
      }),
    );
    const pairs = pairArena(all);
    expect(pairs).toHaveLength(500);
    for (const { white, black } of pairs) {
      const last = all.find((w) => w.player === white)!.lastOpponent;
      expect(last, `${white} met ${black} again`).not.toBe(black);
    }
  });
});
