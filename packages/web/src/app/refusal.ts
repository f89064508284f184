// Why a turn is refused, in the app's language. The engine's explainIllegal answers in
// English, so the same situations are recognised here again, in the engine's order, and
// each is given its own translated sentence citing the rule.

import {
  cellName,
  distance,
  type Move,
  moveFrom,
  moveKind,
  moveTo,
  neighbour,
  OUTER_RING,
  opposite,
  PASS,
  PLACEMENT,
  type Position,
  RELOCATION,
  ring,
  THRONE,
} from '@agon/engine';
import { type Phrase, phrase } from '../i18n/ui.ts';

/** Why `move` is illegal in `pos`, or undefined when it is legal. */
export function refusal(pos: Position, move: Move): Phrase | undefined {
  if (pos.isLegal(move)) return undefined;
  const us = pos.turnColour;
  const kind = moveKind(move);
  const from = moveFrom(move);
  const to = moveTo(move);
  const mover = pos.pieceAt(from);
  const target = pos.pieceAt(to);
  if (pos.throneRing() >= 0) return phrase('illegal.over');
  if (kind === PASS) return phrase('illegal.pass');
  if (pos.capturedCount[pos.turn]! > 0) {
    const queen = pos.queenCell[pos.turn]!;
    const queenCaptured = pos.pieceAt(queen)?.captured === true;
    if (kind !== RELOCATION) {
      return queenCaptured
        ? phrase(`illegal.relocateQueen.${us}`, { cell: cellName(queen) })
        : phrase(`illegal.relocateGuard.${us}`);
    }
    if (!mover?.captured || mover.colour !== us) {
      return phrase('illegal.notCaptured', { cell: cellName(from) });
    }
    if (queenCaptured && from !== queen) {
      return phrase('illegal.queenFirst', { cell: cellName(queen) });
    }
    if (target) return phrase('illegal.relocateOccupied', { cell: cellName(to) });
    if (mover.role === 'guard' && !OUTER_RING.includes(to)) {
      return phrase('illegal.outerRing', { cell: cellName(to), ring: ring[to]! });
    }
    return phrase('illegal.relocation');
  }
  if (kind === RELOCATION) return phrase('illegal.nothingCaptured');
  const inHand = pos.hand[pos.turn]!;
  if (inHand > 0) {
    if (kind !== PLACEMENT) return phrase('illegal.mustPlace', { count: inHand });
    if (to === THRONE) return phrase('illegal.placeThrone');
    if (target) return phrase('illegal.placeOccupied', { cell: cellName(to) });
    return phrase('illegal.placement');
  }
  if (kind === PLACEMENT) return phrase('illegal.noHand');
  return stepRefusal(pos, from, to);
}

// A step (R7, R8), once relocations and placements are ruled out.
function stepRefusal(pos: Position, from: number, to: number): Phrase {
  const us = pos.turnColour;
  const mover = pos.pieceAt(from);
  if (!mover) return phrase('illegal.noPiece', { cell: cellName(from) });
  if (mover.colour !== us) return phrase(`illegal.enemy.${us}`, { cell: cellName(from) });
  if (mover.captured) return phrase('illegal.capturedStep', { cell: cellName(from) });
  const names = { from: cellName(from), to: cellName(to) };
  if (distance(from, to) !== 1) return phrase('illegal.notAdjacent', names);
  if (ring[to]! > ring[from]!) {
    return phrase('illegal.outward', { ...names, fromRing: ring[from]!, toRing: ring[to]! });
  }
  if (pos.pieceAt(to)) return phrase('illegal.occupied', { cell: names.to });
  if (to === THRONE && mover.role !== 'queen') return phrase('illegal.throne');
  if (pos.isForbidden(to, pos.turn)) {
    const enemy = opposite(us);
    for (let d = 0; d < 3; d++) {
      const a = neighbour[to * 6 + d]!;
      const b = neighbour[to * 6 + d + 3]!;
      if (
        a >= 0 &&
        b >= 0 &&
        pos.pieceAt(a)?.colour === enemy &&
        pos.pieceAt(b)?.colour === enemy
      ) {
        return phrase(`illegal.forbidden.${us}`, {
          cell: names.to,
          a: cellName(a),
          b: cellName(b),
        });
      }
    }
  }
  return phrase('illegal.step');
}
