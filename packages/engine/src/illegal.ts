// Why a turn is not legal, in words a player understands, citing the rule.

import { cellName, distance, neighbour, OUTER_RING, ring, THRONE } from './hex.ts';
import { type Move, moveFrom, moveKind, moveTo, PASS, PLACEMENT, RELOCATION } from './move.ts';
import { CAPTURED_BIT, COLOURS, QUEEN_BIT } from './piece.ts';
import type { Position } from './position.ts';
import type { AgonError } from './result.ts';

const colourWord = (ci: number): string => (ci === 0 ? 'White' : 'Black');

/** The reason `move` is illegal in `pos`, or undefined when it is legal. */
export function explainIllegal(pos: Position, move: Move): AgonError | undefined {
  if (pos.isLegal(move)) return undefined;
  const e = (message: string): AgonError => ({ code: 'illegal-move', message });
  const us = pos.turn;
  const kind = moveKind(move);
  const from = moveFrom(move);
  const to = moveTo(move);
  const b = pos.board;
  if (pos.throneRing() >= 0) return e('the game is over: the throne ring is complete (R11)');
  if (kind === PASS) {
    return e('pass is only for touch-move (R15), when the touched piece has no legal move');
  }
  if (pos.capturedCount[us]! > 0) {
    const queen = pos.queenCell[us]!;
    if (kind !== RELOCATION) {
      return e(
        b[queen]! & CAPTURED_BIT
          ? `${colourWord(us)}'s captured queen on ${cellName(queen)} must be relocated this turn (R6, R10)`
          : `${colourWord(us)} has a captured guard: this turn must relocate it (R6, R10)`,
      );
    }
    if ((b[from]! & (CAPTURED_BIT | (1 << us))) !== (CAPTURED_BIT | (1 << us))) {
      return e(`${cellName(from)} does not hold a captured ${COLOURS[us]} piece (R10)`);
    }
    if (b[queen]! & CAPTURED_BIT && from !== queen) {
      return e(`the captured queen on ${cellName(queen)} is relocated before any guard (R10)`);
    }
    if (b[to] !== 0)
      return e(`${pos.describeCell(to)}; a piece is relocated to a vacant cell (R10)`);
    if (!(b[from]! & QUEEN_BIT) && !OUTER_RING.includes(to)) {
      return e(
        `a captured guard goes to a vacant cell of the outer ring, and ${cellName(to)} is in ring ${ring[to]} (R10)`,
      );
    }
    return e('that relocation is not possible (R10)');
  }
  if (kind === RELOCATION)
    return e(`no ${COLOURS[us]} piece is captured, so there is nothing to relocate (R10)`);
  if (pos.hand[us]! > 0) {
    if (kind !== PLACEMENT) {
      return e(
        `${colourWord(us)} still has ${pos.hand[us]} guard(s) in hand and must place one (R14)`,
      );
    }
    if (to === THRONE) return e('no guard may be placed on the throne f6 (R14)');
    if (b[to] !== 0) return e(`${pos.describeCell(to)}; a guard is placed on a vacant cell (R14)`);
    return e('that placement is not possible (R14)');
  }
  if (kind === PLACEMENT) return e(`${colourWord(us)} has no guard in hand to place (R14)`);
  // A step (R7, R8).
  const piece = b[from]!;
  if (!(piece & (1 << us))) {
    return e(`${pos.describeCell(from)}, not a ${COLOURS[us]} piece; ${colourWord(us)} is to move`);
  }
  if (piece & CAPTURED_BIT) {
    return e(`the piece on ${cellName(from)} is captured: it cannot step until relocated (R9)`);
  }
  if (distance(from, to) !== 1) {
    return e(
      `${cellName(from)} and ${cellName(to)} are not adjacent; a step goes to a neighbouring cell (R7)`,
    );
  }
  if (ring[to]! > ring[from]!) {
    return e(
      `a step never goes outward, and ${cellName(from)}-${cellName(to)} goes from ring ${ring[from]} to ring ${ring[to]} (R7)`,
    );
  }
  if (b[to] !== 0) return e(`${pos.describeCell(to)}; a step goes to a vacant cell (R7)`);
  if (to === THRONE && !(piece & QUEEN_BIT)) return e('only a queen may enter the throne f6 (R7)');
  if (pos.isForbidden(to, us)) {
    for (let d = 0; d < 3; d++) {
      const x = neighbour[to * 6 + d]!;
      const y = neighbour[to * 6 + d + 3]!;
      if (x >= 0 && y >= 0 && b[x]! & (2 >> us) && b[y]! & (2 >> us)) {
        return e(
          `${cellName(to)} lies between two ${colourWord(1 - us)} pieces, on ${cellName(x)} and ${cellName(y)}: no step may end there (R8)`,
        );
      }
    }
  }
  return e('that step is not possible (R7)');
}
