// A turn (R6) packed in one integer so move lists live in typed arrays:
// bits 0-6 from-cell, bits 7-13 to-cell, bits 14-15 kind. Text per NOTATION.md.

import { cellName, parseCell } from './hex.ts';
import { err, ok, type Result } from './result.ts';

/** A turn packed as an integer; see `makeMove` and `moveFrom`/`moveTo`/`moveKind`. */
export type Move = number;

/** Move kind: a step (R7). */
export const STEP = 0;
/** Move kind: a relocation of a captured piece (R10). */
export const RELOCATION = 1;
/** Move kind: a placement from hand (R14). */
export const PLACEMENT = 2;
/** Move kind: a forfeited turn under touch-move (R15). */
export const PASS = 3;

/** Mask of a cell field in a packed move (seven bits: cells 0-90, and NO_CELL). */
const CELL_MASK = 0x7f;
/** Bit position of the to-cell field. */
export const TO_SHIFT = 7;
/** Bit position of the kind field. */
const KIND_SHIFT = 14;

/** The from-cell field value of moves that have none (placement, pass). */
export const NO_CELL = CELL_MASK;

/** Packs a move. */
export function makeMove(kind: number, from: number, to: number): Move {
  return (kind << KIND_SHIFT) | (to << TO_SHIFT) | from;
}

/** The cell a step or relocation leaves. */
export function moveFrom(move: Move): number {
  return move & CELL_MASK;
}

/** The cell a move goes to. */
export function moveTo(move: Move): number {
  return (move >> TO_SHIFT) & CELL_MASK;
}

/** The move's kind: STEP, RELOCATION, PLACEMENT or PASS. */
export function moveKind(move: Move): number {
  return move >> KIND_SHIFT;
}

/** The `pass` move of R15. */
export const PASS_MOVE: Move = makeMove(PASS, NO_CELL, NO_CELL);

/** Canonical move text: `f1-f2`, `e5@a3`, `@c4` or `pass` (NOTATION.md). */
export function makeMoveText(move: Move): string {
  switch (moveKind(move)) {
    case STEP:
      return `${cellName(moveFrom(move))}-${cellName(moveTo(move))}`;
    case RELOCATION:
      return `${cellName(moveFrom(move))}@${cellName(moveTo(move))}`;
    case PLACEMENT:
      return `@${cellName(moveTo(move))}`;
    default:
      return 'pass';
  }
}

/**
 * Reads move text. Accepts the canonical form, upper-case file letters and a trailing
 * capture mark `x`; checks syntax and cell names only, not legality.
 */
export function parseMoveText(text: string): Result<Move> {
  const t = text.trim();
  if (t === 'pass') return ok(PASS_MOVE);
  const m = /^([A-Za-z]\d{1,2})?([-@])([A-Za-z]\d{1,2})x?$/.exec(t);
  if (!m) {
    return err(
      'move-syntax',
      `"${text}" is not a move: write a step as f1-f2, a relocation as e5@a3, a placement as @c4`,
    );
  }
  const [, fromText, sep, toText] = m;
  const to = parseCell(toText!);
  if (to < 0) return err('move-cell', `"${toText}" in "${text}" is not a cell of the board`);
  if (fromText === undefined) {
    if (sep === '-')
      return err('move-syntax', `"${text}" is not a move: a step needs its from-cell`);
    return ok(makeMove(PLACEMENT, NO_CELL, to));
  }
  const from = parseCell(fromText);
  if (from < 0) return err('move-cell', `"${fromText}" in "${text}" is not a cell of the board`);
  return ok(makeMove(sep === '-' ? STEP : RELOCATION, from, to));
}
