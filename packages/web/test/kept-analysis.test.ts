// The analysis of one's own game as it comes back on the next visit (lib/analysis-link.ts):
// the kept study laid over the game as it stands now, and the lines the board offers as
// conditional moves from the game's position (analysis/study.ts).

import { Game, type Move, makeMoveText, startPosition } from '@agon/engine';
import { describe, expect, it } from 'vitest';
import { Study } from '../src/analysis/study.ts';
import { agnOf, overGame } from '../src/lib/analysis-link.ts';

const start = startPosition('standard');

/** `count` moves from the start, each the first legal one but `skip`s at the last turn. */
function line(count: number, skip = 0): Move[] {
  const game = new Game(start);
  for (let i = 0; i < count; i++) game.play(game.legalMoves()[i === count - 1 ? skip : 0]!);
  return [...game.moves];
}

const texts = (moves: readonly Move[]) => moves.map(makeMoveText);

describe('the kept analysis of a game', () => {
  const kept = agnOf({
    start,
    moves: line(4),
    variations: [{ at: 1, moves: line(2, 1).slice(1) }],
    ply: 0,
  });

  it('comes back whole while the game has followed its main line', () => {
    const over = overGame({ start, moves: line(2), ply: 2 }, kept);
    expect(texts(over!.moves)).toEqual(texts(line(4)));
    expect(over!.variations).toHaveLength(1);
    expect(over!.ply).toBe(2);
  });

  it('keeps the game as the main line once it left the kept one, the kept moves a side line', () => {
    const game = line(3, 1);
    const over = overGame({ start, moves: game, ply: 3 }, kept);
    expect(texts(over!.moves)).toEqual(texts(game));
    expect(over!.variations!.map((v) => ({ at: v.at, moves: texts(v.moves) }))).toEqual([
      { at: 1, moves: texts(line(2, 1).slice(1)) },
      { at: 2, moves: texts(line(4).slice(2)) },
    ]);
  });

  it('is not laid over a game from another start, nor read from what is not a record', () => {
    expect(
      overGame({ start: startPosition('placement'), moves: [], ply: 0 }, kept),
    ).toBeUndefined();
    expect(overGame({ start, moves: [], ply: 0 }, 'not a record')).toBeUndefined();
  });

  it('offers the lines from the game’s position as conditional moves: the continuation and the side lines from there', () => {
    const main = line(5);
    const study = new Study(start, main, [
      { at: 0, moves: line(1, 1) },
      { at: 3, moves: line(4, 1).slice(3) },
    ]);
    expect(study.linesFrom(2).map(texts)).toEqual([
      texts(main.slice(2)),
      texts([...main.slice(2, 3), ...line(4, 1).slice(3)]),
    ]);
    expect(study.linesFrom(5)).toEqual([]);
  });
});
