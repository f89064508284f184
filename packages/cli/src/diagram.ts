// The board as text for the terminal. Files are columns and each file sits half a row
// above or below its neighbours, as on a printed hex chess board, so that the six
// directions of R2 look like the six directions on the real board.

import {
  CELL_COUNT,
  cellFile,
  cellQ,
  cellR,
  cellRank,
  FILES,
  fileLength,
  type Position,
  pieceLetter,
  THRONE,
} from '@agon/engine';

// Columns per file: with a text line for each half row, four columns keeps the cells
// roughly as far apart across as they are up and down.
const SPACING = 4;
// A margin for the rank labels left of file a.
const LEFT = 3;
// File f's eleven cells take a line for each half row; the file letters go on the line below.
const ROWS = 21;
const WIDTH = LEFT + SPACING * (FILES.length - 1) + 5;

/** Text line of a cell: 0 for f11 at the top, 20 for f1 at the bottom. */
function lineOf(cell: number): number {
  return 2 * cellR[cell]! + cellQ[cell]! + 10;
}

function columnOf(cell: number): number {
  return LEFT + SPACING * (cellQ[cell]! + 5);
}

/**
 * Draws a position: White `Q` `G`, Black `q` `g`, `*` after a captured piece, `.` a vacant
 * cell, `+` the vacant throne; ranks labelled along the edges and file letters below.
 */
export function drawBoard(pos: Position): string {
  const grid = Array.from({ length: ROWS + 1 }, () => Array<string>(WIDTH).fill(' '));
  const put = (line: number, column: number, text: string): void => {
    for (let i = 0; i < text.length; i++) grid[line]![column + i] = text[i]!;
  };
  for (let cell = 0; cell < CELL_COUNT; cell++) {
    const line = lineOf(cell);
    const column = columnOf(cell);
    const piece = pos.pieceAt(cell);
    let text = cell === THRONE ? '+' : '.';
    if (piece) {
      text = pieceLetter(piece) + (piece.captured ? '*' : '');
    }
    put(line, column, text);

    // Rank numbers go beside the edge cells, as on a printed board: files a and l, and the
    // top cell of every other file (f11 only once, on the left).
    const file = cellFile[cell]!;
    const rank = String(cellRank[cell]);
    const top = cellRank[cell] === fileLength[file];
    if (file === 0 || (top && file <= 5)) put(line, column - 1 - rank.length, rank);
    else if (file === FILES.length - 1 || top) put(line, column + 3, rank);
    if (rank === '1') put(ROWS, column, FILES[file]!);
  }
  return grid.map((row) => row.join('').trimEnd()).join('\n');
}
