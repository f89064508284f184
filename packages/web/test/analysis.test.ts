import { makeMoveText, parseApn, parseMoveText, startPosition } from '@agon/engine';
import { describe, expect, it } from 'vitest';
import { parseInfo } from '../src/analysis/analyst.ts';
import { judge, markFor, summarise, type Verdict } from '../src/analysis/review.ts';
import { type Cursor, Study } from '../src/analysis/study.ts';

const mv = (text: string) => {
  const m = parseMoveText(text);
  if (!m.ok) throw new Error(text);
  return m.value;
};
const texts = (moves: readonly number[]) => moves.map(makeMoveText).join(' ');

describe('the engine’s info lines', () => {
  it('reads depth, line number, score and line, and nothing from other lines', () => {
    expect(
      parseInfo('info depth 7 multipv 2 score cp -31 nodes 900 nps 1 time 3 pv b1-c2 h1-g2'),
    ).toEqual({
      rank: 2,
      depth: 7,
      score: { kind: 'cp', value: -31 },
      pv: ['b1-c2', 'h1-g2'],
    });
    expect(parseInfo('info depth 3 score win 2 nodes 5 pv e5-f6')).toEqual({
      rank: 1,
      depth: 3,
      score: { kind: 'win', turns: 2 },
      pv: ['e5-f6'],
    });
    expect(parseInfo('info string unknown command')).toBeUndefined();
    expect(parseInfo('bestmove b1-c2')).toBeUndefined();
  });
});

describe('a study: main line and side lines', () => {
  const main = ['b1-c2', 'h1-g2', 'c2-c3', 'g2-g3'].map(mv);

  it('follows the main line, and a different move at a turn starts a side line', () => {
    const study = new Study(startPosition(), main);
    let at: Cursor = { line: -1, ply: 1 };
    at = study.play(at, mv('h1-g2'));
    expect(at).toEqual({ line: -1, ply: 2 });
    at = study.play({ line: -1, ply: 1 }, mv('a2-b2'));
    expect(at).toEqual({ line: 0, ply: 2 });
    at = study.play(at, mv('c2-c3'));
    expect(texts(study.movesTo(at))).toBe('b1-c2 a2-b2 c2-c3');
    expect(texts(study.main)).toBe(texts(main));
    // The same move at the branch point goes into the side line rather than making another.
    expect(study.play({ line: -1, ply: 1 }, mv('a2-b2'))).toEqual({ line: 0, ply: 2 });
    expect(study.variations).toHaveLength(1);
  });

  it('promotes a side line, keeping the old continuation as a side line, and deletes one', () => {
    const study = new Study(startPosition(), main);
    let at = study.play({ line: -1, ply: 1 }, mv('a2-b2'));
    at = study.play(at, mv('c2-c3'));
    study.promote(0);
    expect(texts(study.main)).toBe('b1-c2 a2-b2 c2-c3');
    expect(study.variations).toEqual([{ at: 1, moves: main.slice(1) }]);
    study.remove(0);
    expect(study.variations).toEqual([]);
    expect(texts(study.main)).toBe('b1-c2 a2-b2 c2-c3');
  });

  it('appends at the end of the main line and replays any cursor as a game', () => {
    const study = new Study(startPosition(), main);
    const at = study.play({ line: -1, ply: 4 }, mv('c3-c4'));
    expect(at).toEqual({ line: -1, ply: 5 });
    expect(study.gameAt(at).moves).toHaveLength(5);
    expect(study.gameAt({ line: -1, ply: 0 }).moves).toHaveLength(0);
  });
});

describe('game review: each move judged by the drop in the mover’s chances', () => {
  const v = (chances: number, best: string[] = []): Verdict => ({
    score: { kind: 'cp', value: 0 },
    pv: best,
    chances,
  });

  it('marks inaccuracies, mistakes and blunders from 5, 10 and 15 points', () => {
    expect(markFor(0.04)).toBeUndefined();
    expect(markFor(0.05)).toBe('inaccuracy');
    expect(markFor(0.1)).toBe('mistake');
    expect(markFor(0.15)).toBe('blunder');
  });

  it('reads the drop from each mover’s side, names the better move, and sums each player up', () => {
    // White 60% -> 40% after White's move (a blunder of 20 points), then Black lets it back
    // to 47% (an inaccuracy of 7 points for Black), then White's best move loses nothing.
    const verdicts = [v(0.6, ['b1-c2']), v(0.4, ['h1-g2']), v(0.47, ['c2-c3']), v(0.5)];
    const judged = judge(verdicts, ['a2-b2', 'k1-i2', 'c2-c3'], ['white', 'black', 'white']);
    expect(judged.map((r) => [r.mover, r.mark, r.best?.[0]])).toEqual([
      ['white', 'blunder', 'b1-c2'],
      ['black', 'inaccuracy', 'h1-g2'],
      ['white', undefined, undefined],
    ]);
    expect(judged[0]!.loss).toBeCloseTo(0.2);
    const summary = summarise(judged);
    expect(summary.white.counts).toEqual({ inaccuracy: 0, mistake: 0, blunder: 1 });
    expect(summary.white.averageLoss).toBeCloseTo(0.1);
    expect(summary.black.counts.inaccuracy).toBe(1);
  });
});

describe('analysis under R16', () => {
  // White to move captures Black's queen with d9-e9, and she is placed on a1.
  const start = parseApn('1g1G2/G5g/8/g7G/Q9/8q2/7G2/g3g4/8/G4g1/2G3 w');
  if (!start.ok) throw new Error(start.error.message);
  const line = ['d9-e9', 'f9@a1'].map(mv);

  it('charges a captured queen’s placement to the captor who chose it', () => {
    const moversUnder = (captorPlacesQueen: boolean) =>
      new Study(start.value, line, [], { captorPlacesQueen })
        .gameAt({ line: -1, ply: 2 })
        .choosers();
    expect(moversUnder(true)).toEqual(['white', 'white']);
    expect(moversUnder(false)).toEqual(['white', 'black']);
  });

  it('plays the study’s lines under the rule of the game it opened', () => {
    const study = new Study(start.value, line, [], { captorPlacesQueen: true });
    const game = study.gameAt({ line: -1, ply: 1 });
    expect(game.captorPlacesQueen).toBe(true);
    expect(game.chooser).toBe('white');
    expect(new Study(start.value, line).gameAt({ line: -1, ply: 1 }).chooser).toBe('black');
  });
});
