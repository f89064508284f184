// The rules of conditional moves (game/conditionals.ts) on the game itself: under R16 a line
// holds the captor's capture of the queen and their choice of her cell as two turns of one
// player, both followed in turn; without R16 the owner chooses the cell, so the same line ends
// with the opponent's turn and is refused; a takeback past a line's start drops it.

import { Game, makeMoveText, parseApn, parseMoveText, STANDARD_APN } from '@agon/engine';
import { describe, expect, it } from 'vitest';
import { checkLines, followLines } from '../src/game/conditionals.ts';

/** The game after `moves` from the standard start, under R16 if `captor`. */
function gameAfter(moves: readonly string[], captor: boolean): Game {
  const start = parseApn(STANDARD_APN);
  if (!start.ok) throw new Error(start.error.message);
  const game = new Game(start.value, { captorPlacesQueen: captor });
  for (const m of moves) {
    const move = parseMoveText(m);
    if (!move.ok || !game.play(move.value).ok) throw new Error(`${m} does not play`);
  }
  return game;
}

describe('conditional moves', () => {
  // White takes Black's queen on f10 with d9-e9 (the referee's tests' shortest way).
  const capture = ['h9-g10', 'f11-f10', 'd9-e9'];
  const cell = makeMoveText(gameAfter(capture, true).legalMoves()[0]!);

  it("R16: follow the captor's capture and choice of the queen's cell as two turns of one player", () => {
    const lines = { from: 1, lines: [[capture[1]!, capture[2]!, cell]] };
    const checked = checkLines(gameAfter(capture.slice(0, 1), true), 'white', lines);
    expect(checked).toEqual({ ok: true, value: lines });
    // Black plays the line's move: White's capture is next; after it, White's choice of cell.
    expect(followLines(lines, capture.slice(0, 2)).next).toBe(capture[2]);
    expect(followLines(lines, capture).next).toBe(cell);
    // Once the cell is played the line has nothing left, and is dropped.
    expect(followLines(lines, [...capture, cell]).kept).toBeUndefined();
  });

  it('R10: the owner places the queen, so the same line ends with their turn and is refused', () => {
    const black = makeMoveText(gameAfter(capture, false).legalMoves()[0]!);
    const refused = checkLines(gameAfter(capture.slice(0, 1), false), 'white', {
      from: 1,
      lines: [[capture[1]!, capture[2]!, black]],
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'bad-lines' } });
    expect(!refused.ok && refused.error.message).toMatch(/^line 1 ends with your opponent's turn/);
  });

  it('are dropped by a takeback past their start, and by a move no line expects', () => {
    const lines = { from: 2, lines: [['a2-b2', 'a5-a4']] };
    expect(followLines(lines, ['h9-g10']).kept).toBeUndefined();
    expect(followLines(lines, ['h9-g10', 'f11-f10', 'b1-c2']).kept).toBeUndefined();
  });
});
