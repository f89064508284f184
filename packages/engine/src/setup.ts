// A Setup is plain, possibly invalid data about a position; `Position.fromSetup` validates it.

import { CELL_COUNT, parseCell } from './hex.ts';
import type { Colour, Piece } from './piece.ts';

/** Plain position data: what stands on each cell, who is to move, guards in hand (R14). */
export interface Setup {
  /** CELL_COUNT entries in cell-index order; `undefined` for a vacant cell. */
  readonly board: readonly (Piece | undefined)[];
  readonly turn: Colour;
  readonly hand: { readonly white: number; readonly black: number };
}

function setupOf(pieces: readonly [string, Colour, Piece['role']][], hand: Setup['hand']): Setup {
  const board: (Piece | undefined)[] = new Array(CELL_COUNT).fill(undefined);
  for (const [name, colour, role] of pieces)
    board[parseCell(name)] = { colour, role, captured: false };
  return { board, turn: 'white', hand };
}

/** The standard start (R4). */
export function standardSetup(): Setup {
  return setupOf(
    [
      ['f1', 'white', 'queen'],
      ...(['b1', 'k1', 'a5', 'l5', 'd9', 'h9'] as const).map(
        (c) => [c, 'white', 'guard'] as [string, Colour, Piece['role']],
      ),
      ['f11', 'black', 'queen'],
      ...(['h1', 'd1', 'l2', 'a2', 'k7', 'b7'] as const).map(
        (c) => [c, 'black', 'guard'] as [string, Colour, Piece['role']],
      ),
    ],
    { white: 0, black: 0 },
  );
}

/** The placement variant's start: queens only, six guards in hand each (R14). */
export function placementSetup(): Setup {
  return setupOf(
    [
      ['f1', 'white', 'queen'],
      ['f11', 'black', 'queen'],
    ],
    { white: 6, black: 6 },
  );
}
