import {
  type Move,
  type Position,
  PUZZLE_THEMES,
  type Puzzle,
  type PuzzleTheme,
  QUEEN_BIT,
  seededRandom,
  startPosition,
} from '@agon/engine';
import { describe, expect, it } from 'vitest';
import { practiseHref } from '../src/lib/puzzle-link.ts';
import { puzzleAddress, puzzlePath } from '../src/puzzles/address.ts';
import { refutationOf, refutationText } from '../src/puzzles/explain.ts';
import {
  dailyPuzzle,
  pickPuzzle,
  pickStreakPuzzle,
  streakRating,
  utcDay,
} from '../src/puzzles/picker.ts';
import { NEW_RATING, ratePuzzle } from '../src/puzzles/rating.ts';
import { listPuzzles } from '../src/puzzles/set.ts';
import { afterPuzzle, EMPTY_RECORD, readRecord, weakestFirst } from '../src/puzzles/store.ts';

/** Puzzles every 25 points from 600 to 2600, themed in turn. */
const SET: Puzzle[] = Array.from({ length: 81 }, (_, i) => ({
  id: `p${i}`,
  apn: '',
  solution: [],
  goal: 'win',
  themes: [PUZZLE_THEMES[i % PUZZLE_THEMES.length]!],
  rating: 600 + 25 * i,
}));

describe('the puzzle rating', () => {
  it('goes up after a solve and down after a failure, by Glicko-2', () => {
    const up = ratePuzzle(NEW_RATING, 1500, true);
    const down = ratePuzzle(NEW_RATING, 1500, false);
    expect(up.rating).toBeGreaterThan(1500);
    expect(down.rating).toBeLessThan(1500);
    // Against an equal opponent the two moves are the same size, and both make it surer.
    expect(up.rating - 1500).toBeCloseTo(1500 - down.rating, 6);
    expect(up.rd).toBeLessThan(NEW_RATING.rd);
    // A harder puzzle solved is worth more than an easier one.
    expect(ratePuzzle(NEW_RATING, 1900, true).rating).toBeGreaterThan(up.rating);
  });

  it('moves less once it is settled', () => {
    let rating = NEW_RATING;
    for (let i = 0; i < 30; i++) rating = ratePuzzle(rating, 1500, i % 2 === 0);
    const settled = ratePuzzle(rating, 1500, true).rating - rating.rating;
    expect(settled).toBeGreaterThan(0);
    expect(settled).toBeLessThan(ratePuzzle(NEW_RATING, 1500, true).rating - 1500);
  });
});

describe('the set', () => {
  it('lists the puzzles of a set, leaving out items that are not puzzles', () => {
    const set = { format: 'agon-puzzles', version: 1, puzzles: [SET[0], { id: 7 }, null, SET[1]] };
    expect(listPuzzles(JSON.stringify(set)).map((p) => p.id)).toEqual(['p0', 'p1']);
    expect(() => listPuzzles('{"format":"agon-puzzles","version":2,"puzzles":[]}')).toThrow();
    expect(() => listPuzzles('not json')).toThrow();
  });
});

describe('the device record', () => {
  it('survives anything stored under its key', () => {
    for (const bad of [
      null,
      3,
      'x',
      [],
      { rating: 'high' },
      { played: [1, 'a'], bestStreak: -4 },
    ]) {
      const record = readRecord(bad);
      expect(record.rating).toEqual(NEW_RATING);
      expect(record.bestStreak).toBe(0);
      expect(record.played.every((id) => typeof id === 'string')).toBe(true);
    }
  });

  it('keeps the rating and the puzzles played', () => {
    const after = afterPuzzle(
      EMPTY_RECORD,
      { id: 'p1', themes: ['capture'] },
      ratePuzzle(NEW_RATING, 1500, true),
      true,
      1000,
    );
    const read = readRecord(JSON.parse(JSON.stringify(after)));
    expect(read.played).toEqual(['p1']);
    expect(read.solved).toEqual(['p1']);
    expect(read.rating.rating).toBeGreaterThan(1500);
    // The history starts at the rating before the first puzzle.
    expect(read.history).toEqual([
      { at: 1000, rating: 1500 },
      { at: 1000, rating: after.rating.rating },
    ]);
    expect(read.themes).toEqual({ capture: { attempts: 1, solved: 1 } });
  });

  it('orders the themes by success rate, weakest first, then by tries', () => {
    let record = EMPTY_RECORD;
    const play = (id: string, themes: string[], solved: boolean) => {
      record = afterPuzzle(record, { id, themes }, NEW_RATING, solved, 0);
    };
    play('a', ['capture', 'sacrifice'], true);
    play('b', ['capture'], false);
    play('c', ['sacrifice'], true);
    play('d', ['defence'], false);
    play('e', ['ring-block'], false);
    play('f', ['ring-block'], false);
    expect(weakestFirst(record.themes)).toEqual([
      { theme: 'ring-block', attempts: 2, solved: 0 },
      { theme: 'defence', attempts: 1, solved: 0 },
      { theme: 'capture', attempts: 2, solved: 1 },
      { theme: 'sacrifice', attempts: 2, solved: 2 },
    ]);
  });
});

describe('the next puzzle', () => {
  const played = new Set<string>();
  it('is near the player’s rating', () => {
    for (let seed = 1; seed < 40; seed++) {
      const p = pickPuzzle(SET, { rating: 1500, difficulty: 'normal', played }, seededRandom(seed));
      expect(Math.abs(p!.rating - 1500)).toBeLessThanOrEqual(100);
    }
    const harder = pickPuzzle(SET, { rating: 1500, difficulty: 'harder', played });
    expect(harder!.rating).toBeGreaterThan(1600);
    const easier = pickPuzzle(SET, { rating: 1500, difficulty: 'easier', played });
    expect(easier!.rating).toBeLessThan(1400);
  });

  it('honours the theme filter, widening the window until one is found', () => {
    const theme: PuzzleTheme = 'throne-ring';
    for (let seed = 1; seed < 40; seed++) {
      const p = pickPuzzle(
        SET,
        { rating: 1500, difficulty: 'normal', themes: [theme], played },
        seededRandom(seed),
      );
      expect(p!.themes).toContain(theme);
      // The theme's puzzles are 21 × 25 points apart: the window widens to the nearest.
      expect(Math.abs(p!.rating - 1500)).toBeLessThanOrEqual(300);
    }
  });

  it('skips the puzzles played while there are others', () => {
    const near = new Set(SET.filter((p) => Math.abs(p.rating - 1500) <= 100).map((p) => p.id));
    for (let seed = 1; seed < 20; seed++) {
      const p = pickPuzzle(
        SET,
        { rating: 1500, difficulty: 'normal', played: near },
        seededRandom(seed),
      );
      expect(near.has(p!.id)).toBe(false);
      expect(Math.abs(p!.rating - 1500)).toBeLessThanOrEqual(200);
    }
    const all = new Set(SET.map((p) => p.id));
    expect(pickPuzzle(SET, { rating: 1500, difficulty: 'normal', played: all })).toBeDefined();
  });

  it('gets harder along a streak, never the same twice', () => {
    expect(streakRating(10)).toBeGreaterThan(streakRating(0));
    const seen = new Set<string>();
    for (let n = 0; n < 15; n++) {
      const p = pickStreakPuzzle(SET, n, seen, seededRandom(n))!;
      expect(seen.has(p.id)).toBe(false);
      seen.add(p.id);
    }
  });

  it('of a day is the same all day and changes from day to day', () => {
    const day = utcDay(new Date('2026-03-01T23:59:00Z'));
    expect(day).toBe('2026-03-01');
    expect(dailyPuzzle(SET, day)).toBe(dailyPuzzle(SET, utcDay(new Date('2026-03-01T00:00:00Z'))));
    expect(dailyPuzzle([...SET], day)?.id).toBe(dailyPuzzle(SET, day)?.id);
    const week = ['01', '02', '03', '04', '05', '06', '07'].map(
      (d) => dailyPuzzle(SET, `2026-03-${d}`)!.id,
    );
    expect(new Set(week).size).toBeGreaterThan(3);
  });
});

describe('the addresses', () => {
  it('read and write the puzzle page’s paths', () => {
    expect(puzzleAddress({ pathname: '/puzzles', search: '' })).toEqual({ mode: 'rated' });
    expect(puzzleAddress({ pathname: '/puzzles/daily', search: '' })).toEqual({ mode: 'daily' });
    expect(puzzleAddress({ pathname: '/puzzles/x12', search: '?theme=r12-trap' })).toEqual({
      mode: 'rated',
      id: 'x12',
      themes: ['r12-trap'],
    });
    expect(puzzleAddress({ pathname: '/puzzles', search: '?theme=nonsense' })).toEqual({
      mode: 'rated',
    });
    expect(puzzleAddress({ pathname: '/lobby', search: '' })).toBeUndefined();
    expect(puzzlePath({ mode: 'rated', id: 'x12', themes: ['throne-ring'] })).toBe(
      '/puzzles/x12?themes=throne-ring',
    );
    expect(
      puzzleAddress({ pathname: '/puzzles', search: '?themes=sacrifice,nonsense,capture' }),
    ).toEqual({ mode: 'rated', themes: ['capture', 'sacrifice'] });
    expect(puzzleAddress({ pathname: '/puzzles/storm', search: '' })).toEqual({ mode: 'storm' });
    expect(puzzleAddress({ pathname: '/puzzles/dashboard', search: '' })).toEqual({
      mode: 'dashboard',
    });
  });

  it('practise what ended a game', () => {
    expect(practiseHref({ reason: 'throne-ring' })).toBe('/puzzles?theme=throne-ring');
    expect(practiseHref({ reason: 'no-moves' })).toBe('/puzzles?theme=r12-trap');
    expect(practiseHref({ reason: 'resignation' })).toBe('/puzzles');
  });
});

/**
 * The first position of seeded random games (the side to move's move `pick` returns) where
 * `pick` finds a move; the position and the move.
 */
function findReply(pick: (pos: Position) => Move | undefined): [Position, Move] {
  const random = seededRandom(11);
  for (let game = 0; game < 2000; game++) {
    const pos = startPosition('standard');
    for (let ply = 0; ply < 200 && !pos.outcome(); ply++) {
      const move = pick(pos);
      if (move !== undefined) return [pos, move];
      const moves = pos.legalMoves();
      pos.make(moves[Math.floor(random() * moves.length)]!);
    }
  }
  throw new Error('no such position');
}

const takes = (pos: Position, m: Move, queen: boolean) =>
  pos.capturedBy(m).filter((c) => ((pos.board[c]! & QUEEN_BIT) !== 0) === queen);

const endsBy = (pos: Position, m: Move, reason: string): boolean => {
  pos.make(m);
  const ends = pos.outcome()?.reason === reason;
  pos.unmake();
  return ends;
};

describe('the explanation of a wrong move', () => {
  it('names the queen the reply captures', () => {
    const [pos, reply] = findReply((p) =>
      p.legalMoves().find((m) => takes(p, m, true).length > 0 && !endsBy(p, m, 'throne-ring')),
    );
    const refutation = refutationOf(pos, reply, 'win', 2);
    expect(refutation.kind).toBe('queen');
    const side = pos.turnColour === 'white' ? 'White' : 'Black';
    expect(refutationText(refutation, pos.turnColour)).toMatch(
      new RegExp(`^This lets ${side} capture your queen on [a-l]\\d+\\.$`),
    );
  });

  it('names the guards the reply captures, one or two', () => {
    for (const count of [1, 2]) {
      const [pos, reply] = findReply((p) =>
        p
          .legalMoves()
          .find(
            (m) =>
              takes(p, m, false).length === count &&
              takes(p, m, true).length === 0 &&
              !p.outcome() &&
              !endsBy(p, m, 'throne-ring') &&
              !endsBy(p, m, 'no-moves'),
          ),
      );
      const text = refutationText(refutationOf(pos, reply, 'queen', 1), pos.turnColour);
      expect(text).toMatch(
        count === 1
          ? /^This lets (White|Black) capture your guard on [a-l]\d+\.$/
          : /^This lets (White|Black) capture your guards on [a-l]\d+ and [a-l]\d+\.$/,
      );
    }
  });

  it('says when the reply wins, and when it only holds', () => {
    const [pos, reply] = findReply((p) => p.legalMoves().find((m) => endsBy(p, m, 'no-moves')));
    const side = pos.turnColour === 'white' ? 'White' : 'Black';
    expect(refutationText(refutationOf(pos, reply, 'win', 3), pos.turnColour)).toBe(
      `This lets ${side} leave you without a move.`,
    );
    const quiet = startPosition('standard');
    const step = quiet.legalMoves()[0]!;
    expect(refutationText(refutationOf(quiet, step, 'win', 3), 'white')).toBe(
      'After this, White holds: there is no win in 3 moves.',
    );
    expect(refutationText(refutationOf(quiet, step, 'win', 1), 'white')).toBe(
      'After this, White holds: there is no win in 1 move.',
    );
    expect(refutationText(refutationOf(quiet, step, 'queen', 1), 'white')).toBe(
      'After this, White holds: the white queen is safe.',
    );
  });
});
