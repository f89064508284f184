// Turns and endings put into words for the status line and the result dialog.

import {
  CELL_COUNT,
  type Colour,
  cellName,
  type Move,
  makeMoveText,
  moveFrom,
  moveKind,
  moveTo,
  type Outcome,
  PLACEMENT,
  type Position,
  RELOCATION,
  RING1,
  STEP,
} from '@agon/engine';

const side = (c: Colour): string => (c === 'white' ? 'White' : 'Black');

/** The cells whose pieces are captured in `after` but were not in `before` (R9). */
export function newlyCaptured(before: Position, after: Position): number[] {
  const out: number[] = [];
  for (let c = 0; c < CELL_COUNT; c++) {
    if (after.pieceAt(c)?.captured && !before.pieceAt(c)?.captured) out.push(c);
  }
  return out;
}

/** One turn in words: `White: b1-c2, capturing Black's guard on c3.` */
export function describeTurn(before: Position, move: Move, after: Position, who: string): string {
  const from = cellName(moveFrom(move));
  const to = cellName(moveTo(move));
  switch (moveKind(move)) {
    case STEP: {
      const captured = newlyCaptured(before, after).map((c) => {
        const p = after.pieceAt(c)!;
        return `${side(p.colour)}'s ${p.role} on ${cellName(c)}`;
      });
      const tail = captured.length ? `, capturing ${captured.join(' and ')}` : '';
      return `${who}: ${makeMoveText(move)}${tail}.`;
    }
    case RELOCATION:
      return `${who}: relocates the captured ${before.pieceAt(moveFrom(move))?.role ?? 'piece'} from ${from} to ${to} (${makeMoveText(move)}).`;
    case PLACEMENT:
      return `${who}: places a guard on ${to}.`;
    default:
      return `${who}: passes; the touched piece had no legal move (R15).`;
  }
}

/** Why the game ended, as a sentence citing the rule; `pos` is the final position. */
export function outcomeReason(outcome: Outcome, pos: Position): string {
  const winner = outcome.winner;
  switch (outcome.reason) {
    case 'throne-ring': {
      const ringOwner = pos.pieceAt(RING1[0]!)?.colour;
      if (ringOwner === winner) {
        return `${side(winner!)} completed the throne ring: the queen on the throne and six guards around it (R11).`;
      }
      return `${side(ringOwner ?? 'white')}'s six guards closed the ring round a throne without their queen, and that loses (R11).`;
    }
    case 'no-moves':
      return `${side(pos.turnColour)} has no legal move (R12).`;
    case 'repetition':
      return 'The same position occurred for the third time: a draw (R13).';
    case 'resignation':
      return `${side(winner === 'white' ? 'black' : 'white')} resigned.`;
    default:
      return 'The players agreed a draw.';
  }
}

/** The headline of a result: who won, from the point of view of `you` when there is one. */
export function outcomeTitle(outcome: Outcome, you: Colour | undefined): string {
  if (!outcome.winner) return 'Draw.';
  if (you) return outcome.winner === you ? 'You win!' : 'You lose.';
  return `${side(outcome.winner)} wins.`;
}
