// What a player may queue as a premove while the other side is to move: each piece's
// destinations by its way of moving alone (R7, R10), as chessground's premove destinations are
// a piece's geometry. The other side's move may vacate a cell, change which cells are forbidden
// (R8) or capture the piece, so occupancy by the other side and R8 are left for the moment the
// premove is played, when the legal turns decide.

import {
  CELL_COUNT,
  type Colour,
  guardStepStart,
  guardStepTargets,
  makeMove,
  makeMoveText,
  OUTER_RING,
  type Position,
  RELOCATION,
  STEP,
  stepStart,
  stepTargets,
} from '@agon/engine';
import type { Premovable } from '../board/config.ts';

/**
 * The premoves `side` may queue in `pos`, its opponent to move. Its next turn relocates a
 * captured piece if one is waiting (R10: the queen first, and under R16 `captorPlacesQueen`
 * her captor chooses, so nothing is premoved), places a guard from hand (R14: not premoved,
 * a placement is made on the turn), or steps.
 */
export function premovableOf(pos: Position, side: Colour, captorPlacesQueen: boolean): Premovable {
  const own: number[] = [];
  for (let c = 0; c < CELL_COUNT; c++) if (pos.pieceAt(c)?.colour === side) own.push(c);
  const ours = new Set(own);
  const free = (cells: Iterable<number>): number[] => [...cells].filter((c) => !ours.has(c));
  const dests = new Map<number, number[]>();
  const captured = own.filter((c) => pos.pieceAt(c)?.captured);
  const queen = captured.find((c) => pos.pieceAt(c)?.role === 'queen');
  if (queen !== undefined) {
    if (!captorPlacesQueen) dests.set(queen, free(Array.from({ length: CELL_COUNT }, (_, c) => c)));
  } else if (captured.length > 0) {
    for (const guard of captured) dests.set(guard, free(OUTER_RING));
  } else if (pos.toSetup().hand[side] === 0) {
    for (const from of own) {
      const queenStep = pos.pieceAt(from)?.role === 'queen';
      const [targets, start] = queenStep
        ? [stepTargets, stepStart]
        : [guardStepTargets, guardStepStart];
      const to = free(targets.subarray(start[from]!, start[from + 1]!));
      if (to.length) dests.set(from, to);
    }
  }
  return { dests };
}

/** A premove in notation (`e5-f6`, or `e5@a3` for a relocation), for the words about it. */
export function premoveText(pos: Position, [from, to]: readonly [number, number]): string {
  const kind = pos.pieceAt(from)?.captured ? RELOCATION : STEP;
  return makeMoveText(makeMove(kind, from, to));
}
