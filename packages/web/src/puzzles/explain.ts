// Why a wrong move fails, read from the opponent's best reply to it: the reply wins (the
// throne ring, or the solver left without a move), takes the solver's queen or guards, or,
// when nothing so loud happens, simply holds, so the puzzle's goal is out of reach.

import {
  type Colour,
  cellName,
  type Move,
  type Position,
  type PuzzleGoal,
  QUEEN_BIT,
} from '@agon/engine';
import { pt } from './text.ts';

/** What the opponent's reply to a wrong move does. */
type Refutation =
  /** The wrong move ended the game: there is nothing to answer. */
  | { readonly kind: 'over' }
  /** The reply completes the opponent's throne ring. */
  | { readonly kind: 'ring' }
  /** The reply leaves the solver without a legal move. */
  | { readonly kind: 'stuck' }
  /** The reply captures the solver's queen on `cell`. */
  | { readonly kind: 'queen'; readonly cell: number }
  /** The reply captures the solver's guards on `cells`. */
  | { readonly kind: 'guards'; readonly cells: readonly number[] }
  /** The reply holds: the goal cannot be reached in the moves the puzzle gives. */
  | { readonly kind: 'holds'; readonly goal: PuzzleGoal; readonly movesLeft: number };

/**
 * What `reply` does in `pos` (the position after the wrong move, the opponent to move). `movesLeft` is how many moves the solver had
 * for the goal, counting the wrong one.
 */
export function refutationOf(
  pos: Position,
  reply: Move | undefined,
  goal: PuzzleGoal,
  movesLeft: number,
): Refutation {
  if (pos.outcome()) return { kind: 'over' };
  // A game not over always has an answer; without one (the engine failed) say only that the
  // goal is out of reach.
  if (reply === undefined) return { kind: 'holds', goal, movesLeft };
  const taken = pos.capturedBy(reply);
  pos.make(reply);
  const ending = pos.outcome();
  pos.unmake();
  if (ending?.winner === pos.turnColour) {
    return { kind: ending.reason === 'throne-ring' ? 'ring' : 'stuck' };
  }
  const queen = taken.find((cell) => (pos.board[cell]! & QUEEN_BIT) !== 0);
  if (queen !== undefined) return { kind: 'queen', cell: queen };
  if (taken.length) return { kind: 'guards', cells: taken };
  return { kind: 'holds', goal, movesLeft };
}

/** A list of cells in words: `c3`, `c3 and e5`, `b2, c3 and e5`. */
function cellList(cells: readonly number[]): string {
  const names = cells.map(cellName);
  const last = names.pop() ?? '';
  return names.length ? pt('and', { first: names.join(', '), last }) : last;
}

/** The refutation in a sentence; `opponent` is the side that answers the wrong move. */
export function refutationText(refutation: Refutation, opponent: Colour): string {
  switch (refutation.kind) {
    case 'over':
      return pt(`why.over.${opponent}`);
    case 'ring':
      return pt(`why.ring.${opponent}`);
    case 'stuck':
      return pt(`why.stuck.${opponent}`);
    case 'queen':
      return pt(`why.queen.${opponent}`, { cell: cellName(refutation.cell) });
    case 'guards':
      return pt(`why.guards.${opponent}`, {
        count: refutation.cells.length,
        cells: cellList(refutation.cells),
      });
    case 'holds':
      return refutation.goal === 'win'
        ? pt(`why.holds.win.${opponent}`, { count: refutation.movesLeft })
        : pt(`why.holds.${refutation.goal}.${opponent}`);
  }
}
