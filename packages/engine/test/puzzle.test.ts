import { describe, expect, it } from 'vitest';
import {
  acceptsMove,
  judgeAttempt,
  makeMoveText,
  makePuzzleSet,
  type Position,
  type Puzzle,
  type PuzzleLine,
  parseApn,
  parseMoveText,
  parsePuzzleSet,
  replayPuzzle,
  Searcher,
  STANDARD_APN,
  solverChooses,
  WIN_BOUND,
} from '../src/index.ts';
import { reachesGoal } from '../src/puzzle.ts';
import { findPuzzle } from '../src/puzzler/finder.ts';
import { emptyHarvest, levelGame, scanGame, verifyPuzzle } from '../src/puzzler/index.ts';
import { searchTo } from '../src/puzzler/judge.ts';
import { themesOf } from '../src/puzzler/themes.ts';
import { WIN } from '../src/search.ts';

function apn(text: string): Position {
  const pos = parseApn(text);
  if (!pos.ok) throw new Error(pos.error.message);
  return pos.value;
}

function move(text: string): number {
  const m = parseMoveText(text);
  if (!m.ok) throw new Error(m.error.message);
  return m.value;
}

// White wins in 1 by R11: g7-g6 closes ring 1 with White's guards around White's queen.
const WIN_IN_ONE: Puzzle = {
  id: 'one',
  apn: '6/7/8/4gqg2/3gGG4/4GQG4/2g1G1G3/6g1g/8/7/6 w',
  solution: ['g7-g6'],
  goal: 'win',
  themes: ['throne-ring', 'win-in-1'],
  rating: 750,
};

// Two first moves of White each win in 2 (found in a game of the computer's levels).
const TWO_WINS = '6/7/2g5/3gg4/4GGg3/3gGQG2g1/5G2q1/5G3/8/7/6 w';

describe('puzzle sets', () => {
  it('round-trips through makePuzzleSet and parsePuzzleSet', () => {
    const text = makePuzzleSet([WIN_IN_ONE]);
    const set = parsePuzzleSet(text);
    expect(set.ok && set.value.puzzles).toEqual([WIN_IN_ONE]);
  });

  it('names what is wrong with a bad set', () => {
    const start = apn(WIN_IN_ONE.apn);
    const quiet = start.legalMoves().find((m) => !reachesGoal(start, m, 'win'))!;
    const bad = (puzzle: object) =>
      parsePuzzleSet(JSON.stringify({ format: 'agon-puzzles', version: 1, puzzles: [puzzle] }));
    const code = (r: ReturnType<typeof parsePuzzleSet>) => (r.ok ? 'ok' : r.error.code);
    expect(code(parsePuzzleSet('{'))).toBe('puzzle-json');
    expect(code(parsePuzzleSet('{"format":"agon-puzzles","version":2,"puzzles":[]}'))).toBe(
      'puzzle-version',
    );
    expect(code(bad({ ...WIN_IN_ONE, solution: ['g7-g6', 'f11-f10'] }))).toBe('puzzle-solution');
    expect(code(bad({ ...WIN_IN_ONE, apn: 'nonsense w' }))).toBe('puzzle-apn');
    expect(code(bad({ ...WIN_IN_ONE, themes: ['luck'] }))).toBe('puzzle-theme');
    expect(code(bad({ ...WIN_IN_ONE, rating: 15.5 }))).toBe('puzzle-rating');
    // R7: a guard never steps outward, so the line is refused at that move.
    const illegal = bad({ ...WIN_IN_ONE, solution: ['g7-g8'] });
    expect(!illegal.ok && illegal.error.message).toMatch(/move 1, g7-g8, is not legal/);
    // A legal last move that does not win is not a solution of a "win" puzzle.
    expect(code(bad({ ...WIN_IN_ONE, solution: [makeMoveText(quiet)] }))).toBe('puzzle-goal');
    const twice = parsePuzzleSet(makePuzzleSet([WIN_IN_ONE, WIN_IN_ONE]));
    expect(!twice.ok && twice.error.code).toBe('puzzle-id');
  });

  it('reads and writes the source, the game and R16, and refuses bad ones', () => {
    const full: Puzzle = {
      ...WIN_IN_ONE,
      source: 'people',
      game: 'abcd1234',
      queenPlacement: 'captor',
    };
    const set = parsePuzzleSet(makePuzzleSet([full]));
    expect(set.ok && set.value.puzzles).toEqual([full]);
    const one = (p: object) =>
      parsePuzzleSet(JSON.stringify({ format: 'agon-puzzles', version: 1, puzzles: [p] }));
    const code = (r: ReturnType<typeof parsePuzzleSet>) => (r.ok ? 'ok' : r.error.code);
    expect(code(one({ ...WIN_IN_ONE, source: 'lichess' }))).toBe('puzzle-source');
    expect(code(one({ ...WIN_IN_ONE, game: '' }))).toBe('puzzle-game');
    expect(code(one({ ...WIN_IN_ONE, queenPlacement: 'owner' }))).toBe('puzzle-rules');
  });

  it('tags a guard closing the ring and a quiet first move (R11)', () => {
    const pos = apn(WIN_IN_ONE.apn);
    expect(themesOf(pos, [move('g7-g6')], 'win')).toEqual([
      'throne-ring',
      'quiet-move',
      'ring-closure',
      'win-in-1',
    ]);
    expect(pos.depth).toBe(0);
  });

  it("R16: the solver places the queen they captured, on the opponent's turn", () => {
    // Black's queen (q*) stands captured and Black is to move: Black owes her relocation.
    const pos = apn('6/7/8/4gq*g2/3gGG4/4GQG4/2g1G1G3/6g1g/8/7/6 b');
    expect(pos.owesQueen).toBe(true);
    const r16 = { ...WIN_IN_ONE, queenPlacement: 'captor' as const };
    expect(solverChooses(r16, 1, pos)).toBe(true);
    expect(solverChooses(WIN_IN_ONE, 1, pos)).toBe(false);
    expect(solverChooses(r16, 0, apn(WIN_IN_ONE.apn))).toBe(true);
  });

  it('R11: the win goal is reached by closing the throne ring around the own queen', () => {
    const pos = apn(WIN_IN_ONE.apn);
    expect(reachesGoal(pos, move('g7-g6'), 'win')).toBe(true);
    const quiet = pos.legalMoves().filter((m) => !reachesGoal(pos, m, 'win'));
    expect(quiet.length).toBeGreaterThan(0);
    const line = replayPuzzle(WIN_IN_ONE);
    if (!line.ok) throw new Error(line.error.message);
    expect(acceptsMove(line.value, 0, pos, move('g7-g6'))).toBe(true);
    for (const m of quiet) expect(acceptsMove(line.value, 0, pos, m)).toBe(false);
  });
});

describe('judging a first try from its moves', () => {
  const lineOf = (p: Puzzle): PuzzleLine => {
    const line = replayPuzzle(p);
    if (!line.ok) throw new Error(line.error.message);
    return line.value;
  };
  // From the shipped set: a win in 2 whose last move has two winning choices, and an R16
  // puzzle whose second move is the solver placing the queen they captured.
  const DOUBLE: Puzzle = {
    id: '1ect2ip',
    apn: '6/7/2G5/3gG4/4gG4/2Qggq5/3Ggg4/3G5/5G2/7/6 w',
    solution: ['e6-f7', 'd4-e4', 'c3-d3'],
    goal: 'win',
    themes: ['r12-trap', 'quiet-move', 'double-threat', 'win-in-2'],
    rating: 940,
  };
  const CAPTOR: Puzzle = {
    id: '1fwdtbn',
    apn: '6/7/3G4/3Gq4/3GGgg3/3GQ1g4/4ggg3/5G3/8/7/6 w',
    solution: ['c4-c5', 'd5@f8', 'c5-d6'],
    goal: 'win',
    themes: ['capture', 'queen-capture', 'r12-trap', 'from-afar', 'captor-rule', 'win-in-2'],
    rating: 1040,
    queenPlacement: 'captor',
  };
  const verdict = (p: Puzzle, moves: readonly string[]) => judgeAttempt(lineOf(p), moves);
  const code = (p: Puzzle, moves: readonly string[]) => {
    const judged = verdict(p, moves);
    return judged.ok ? undefined : judged.error.code;
  };

  it('solves by the line, and by any other move that wins at once on the last step', () => {
    expect(verdict(WIN_IN_ONE, ['g7-g6'])).toEqual({ ok: true, value: true });
    expect(verdict(DOUBLE, DOUBLE.solution)).toEqual({ ok: true, value: true });
    const line = lineOf(DOUBLE);
    const pos = line.start();
    pos.make(line.moves[0]!);
    pos.make(line.moves[1]!);
    const others = pos.legalMoves().filter((m) => m !== line.moves[2]);
    const wins = others.filter((m) => acceptsMove(line, 2, pos, m));
    const losses = others.filter((m) => !acceptsMove(line, 2, pos, m));
    expect(wins.length).toBeGreaterThan(0);
    for (const m of wins) {
      expect(verdict(DOUBLE, ['e6-f7', 'd4-e4', makeMoveText(m)])).toEqual({
        ok: true,
        value: true,
      });
    }
    expect(verdict(DOUBLE, ['e6-f7', 'd4-e4', makeMoveText(losses[0]!)])).toEqual({
      ok: true,
      value: false,
    });
  });

  it('misses on a wrong move, a wrong cell for the captured queen, or a try cut short', () => {
    const wrong = apn(WIN_IN_ONE.apn)
      .legalMoves()
      .find((m) => m !== move('g7-g6'))!;
    expect(verdict(WIN_IN_ONE, [makeMoveText(wrong)])).toEqual({ ok: true, value: false });
    expect(verdict(WIN_IN_ONE, [])).toEqual({ ok: true, value: false });
    expect(verdict(DOUBLE, ['e6-f7', 'd4-e4'])).toEqual({ ok: true, value: false });
    expect(verdict(CAPTOR, CAPTOR.solution)).toEqual({ ok: true, value: true });
    const line = lineOf(CAPTOR);
    const pos = line.start();
    pos.make(line.moves[0]!);
    const elsewhere = pos.legalMoves().find((m) => m !== line.moves[1])!;
    expect(verdict(CAPTOR, ['c4-c5', makeMoveText(elsewhere)])).toEqual({ ok: true, value: false });
  });

  it('refuses moves the page could not have sent, naming the first', () => {
    expect(code(WIN_IN_ONE, ['zz'])).toBe('attempt-move');
    expect(code(WIN_IN_ONE, ['f6-f7'])).toBe('attempt-illegal');
    expect(code(WIN_IN_ONE, ['g7-g6', 'g6-f6'])).toBe('attempt-long');
    const wrong = makeMoveText(
      lineOf(DOUBLE)
        .start()
        .legalMoves()
        .find((m) => m !== move('e6-f7'))!,
    );
    expect(code(DOUBLE, [wrong, 'd4-e4'])).toBe('attempt-long');
    const line = lineOf(DOUBLE);
    const pos = line.start();
    pos.make(line.moves[0]!);
    const other = makeMoveText(pos.legalMoves().find((m) => m !== line.moves[1])!);
    const reply = verdict(DOUBLE, ['e6-f7', other]);
    expect(reply.ok ? undefined : reply.error).toEqual({
      code: 'attempt-reply',
      message: `move 2, "${other}", is not the puzzle's reply, d4-e4`,
    });
  });
});

describe('the puzzle generator and verifier', () => {
  it('finds puzzles after a mistake in fixed games, names their game, and drops the obvious', () => {
    const harvest = emptyHarvest();
    const searcher = new Searcher(8);
    for (let seed = 11; seed < 19; seed++) {
      const game = levelGame(apn(STANDARD_APN), 2, 4, seed);
      scanGame(searcher, game.initial, game.moves, 8, harvest, {}, undefined, {
        source: 'engine',
        game: `engine-${seed}`,
      });
    }
    expect(harvest.puzzles.length).toBeGreaterThan(0);
    // Wins in one that the first level sees, and wins the opponent could no longer avoid,
    // are found in these games and dropped.
    expect(harvest.rejected['no-mistake']).toBeGreaterThan(0);
    expect(harvest.rejected['no-mistake'] + harvest.rejected.obvious).toBeGreaterThan(
      harvest.puzzles.filter((p) => p.solution.length === 1).length,
    );
    const fresh = new Searcher(8);
    for (const [i, found] of harvest.puzzles.entries()) {
      expect(found.source).toBe('engine');
      expect(found.game).toMatch(/^engine-1[1-8]$/);
      const puzzle = { id: `p${i}`, ...found };
      expect(verifyPuzzle(fresh, puzzle)).toEqual({ ok: true, value: undefined });
      const start = apn(found.apn);
      expect(start.legalMoves().length).toBeGreaterThan(1);
    }
  }, 240_000);

  it('drops a one-move win that the first level plays, and a win the opponent could not avoid', () => {
    const searcher = new Searcher(8);
    const one = findPuzzle(searcher, apn(WIN_IN_ONE.apn));
    expect(!one.ok && one.error.code).toBe('obvious');
    // From a proved win in two: after the solver's first move the opponent is lost whatever
    // they play, so the win in one that follows starts after no mistake of theirs.
    const harvest = emptyHarvest();
    for (
      let seed = 20;
      !harvest.puzzles.some((p) => p.goal === 'win' && p.solution.length === 3);
      seed++
    ) {
      const game = levelGame(apn(STANDARD_APN), 2, 4, seed);
      scanGame(searcher, game.initial, game.moves, 8, harvest);
    }
    const two = harvest.puzzles.find((p) => p.goal === 'win' && p.solution.length === 3)!;
    const pos = apn(two.apn);
    pos.make(move(two.solution[0]!));
    const before = pos.clone();
    const lost = searchTo(searcher, before, 2, { nodes: 1_000_000 }, false);
    expect(lost!.score).toBeLessThanOrEqual(-WIN_BOUND);
    pos.make(move(two.solution[1]!));
    const late = findPuzzle(searcher, pos, {}, 3, before);
    expect(!late.ok && late.error.code).toBe('no-mistake');
  }, 240_000);

  it('rejects a position with two winning first moves', () => {
    const pos = apn(TWO_WINS);
    // Two different first moves each force a win within two of White's moves.
    const searcher = new Searcher(8);
    const all = searcher.search(pos, [], { depth: 3, scoreAllRootMoves: true });
    const wins = all?.rootScores.filter((s) => s.score >= WIN - 3) ?? [];
    expect(wins.length).toBeGreaterThanOrEqual(2);
    const found = findPuzzle(searcher, pos);
    expect(!found.ok && found.error.code).toBe('ambiguous');
    // Stored as a puzzle with either first move, the verifier refuses it too.
    for (const w of wins.slice(0, 2)) {
      pos.make(w.move);
      const reply = searcher.search(pos, [], { depth: 2 })!.pv[0]!;
      pos.make(reply);
      const finish = pos.legalMoves().find((m) => reachesGoal(pos, m, 'win'))!;
      pos.unmake();
      pos.unmake();
      const puzzle: Puzzle = {
        id: 'twice',
        apn: TWO_WINS,
        solution: [w.move, reply, finish].map(makeMoveText),
        goal: 'win',
        themes: [],
        rating: 1000,
      };
      expect(replayPuzzle(puzzle).ok).toBe(true);
      const verdict = verifyPuzzle(new Searcher(8), puzzle);
      expect(!verdict.ok && verdict.error.code).toBe('ambiguous');
    }
  });

  it("proves a defence: each of the solver's moves is the only one that does not lose", () => {
    // Found in a game of the computer's levels under R16; Black must hold off White's ring.
    const defence: Puzzle = {
      id: 'hold',
      apn: '6/7/8/4Gg3/3GGg4/3QG1gq3/4ggg3/5G3/3G4/7/6 b',
      solution: ['f8-e7', 'i4-i3', 'e7-f8'],
      goal: 'defend',
      themes: ['defence'],
      rating: 870,
      queenPlacement: 'captor',
    };
    const searcher = new Searcher(8);
    expect(verifyPuzzle(searcher, defence)).toEqual({ ok: true, value: undefined });
    const start = apn(defence.apn);
    const others = start.legalMoves().filter((m) => m !== move('f8-e7'));
    expect(others.length).toBeGreaterThan(0);
    // Any other first move loses within the judged depth, so a line starting with it fails.
    for (const other of others.slice(0, 3)) {
      const verdict = verifyPuzzle(searcher, {
        ...defence,
        solution: [makeMoveText(other)],
      });
      expect(!verdict.ok && verdict.error.code).toBe('not-winning');
    }
  }, 120_000);

  it('refuses a stored line whose reply is not the best defence', () => {
    const harvest = emptyHarvest();
    const searcher = new Searcher(8);
    for (let seed = 20; harvest.puzzles.every((p) => p.solution.length < 3); seed++) {
      const game = levelGame(apn(STANDARD_APN), 2, 4, seed);
      scanGame(searcher, game.initial, game.moves, 8, harvest);
    }
    const found = harvest.puzzles.find((p) => p.solution.length >= 3)!;
    const pos = apn(found.apn);
    pos.make(move(found.solution[0]!));
    const best = move(found.solution[1]!);
    // Any other legal reply that still lets the solver's next move stand but resists less.
    const worse = pos.legalMoves().find((m) => {
      if (m === best) return false;
      pos.make(m);
      const next = pos.isLegal(move(found.solution[2]!));
      pos.unmake();
      return next;
    });
    if (worse === undefined) return; // every reply was the best: nothing to refuse here
    const puzzle: Puzzle = {
      id: 'weak',
      ...found,
      solution: [found.solution[0]!, makeMoveText(worse), ...found.solution.slice(2)],
    };
    const verdict = verifyPuzzle(new Searcher(8), puzzle);
    expect(verdict.ok).toBe(false);
  }, 120_000);
});
