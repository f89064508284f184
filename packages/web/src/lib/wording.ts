// Turns, endings and a game's kind put into words for the status line and the result dialog,
// as phrases that follow the app's language.

import {
  type Colour,
  cellName,
  type Move,
  makeMoveText,
  moveFrom,
  moveKind,
  moveTo,
  type Outcome,
  outcomeSide,
  type Piece,
  PLACEMENT,
  type Position,
  RELOCATION,
  STEP,
} from '@agon/engine';
import { language } from '../i18n/translations.ts';
import { type Phrase, phrase, t } from '../i18n/ui.ts';
import { stuckOf } from './board-feed.ts';

/** A piece and its cell in words: `Black’s guard on c3`. */
function pieceOnCell(piece: Piece, cell: number): string {
  return t(`pieceAt.${piece.colour}.${piece.role}`, { cell: cellName(cell) });
}

/**
 * One turn in words: `White: b1-c2, capturing Black’s guard on c3.` `captured` lists the cells
 * the turn captured (`before.capturedBy(move)`).
 */
export function describeTurn(
  before: Position,
  move: Move,
  captured: readonly number[],
  player: Phrase,
): Phrase {
  const text = makeMoveText(move);
  const from = cellName(moveFrom(move));
  const to = cellName(moveTo(move));
  switch (moveKind(move)) {
    case STEP: {
      if (!captured.length) return () => t('turn.step', { player: player(), move: text });
      return () => {
        const list = new Intl.ListFormat(language.value, { type: 'conjunction' });
        const pieces = list.format(captured.map((c) => pieceOnCell(before.pieceAt(c)!, c)));
        return t('turn.capture', { player: player(), move: text, pieces });
      };
    }
    case RELOCATION: {
      const role = before.pieceAt(moveFrom(move))?.role ?? 'guard';
      return () => t(`turn.relocate.${role}`, { player: player(), from, to, move: text });
    }
    case PLACEMENT:
      return () => t('turn.place', { player: player(), to });
    default:
      return () => t('turn.pass', { player: player() });
  }
}

/** How a game ended, locally (the engine's outcome) or online (the server's, with time-outs). */
interface Ending {
  readonly winner: Colour | null | undefined;
  readonly reason: Outcome['reason'] | 'timeout' | 'aborted';
}

/** Why the game ended, as a sentence; `pos` is the final position. */
export function outcomeReason(outcome: Ending, pos: Position): Phrase {
  const winner = outcome.winner ?? undefined;
  if (outcome.reason === 'timeout')
    return phrase(`online.timeout.${winner === 'white' ? 'black' : 'white'}`);
  // Called off by a first move not made in time or by a player, which the outcome does not
  // tell apart: either way nobody won and no rating moved.
  if (outcome.reason === 'aborted') return phrase('online.aborted');
  const side = outcomeSide({ winner, reason: outcome.reason }, pos) ?? 'white';
  switch (outcome.reason) {
    case 'throne-ring':
      return phrase(side === winner ? `outcome.ringWin.${side}` : `outcome.ringLoss.${side}`);
    case 'no-moves': {
      // Said with what the board marks: R8's cells if any kept the pieces in, or none.
      const why = stuckOf(pos).forbidden.length ? 'forbidden' : 'blocked';
      return () => `${t(`outcome.noMoves.${side}`)} ${t(`outcome.stuck.${why}.${side}`)}`;
    }
    case 'repetition':
      return phrase('outcome.repetition');
    case 'resignation':
      return phrase(`outcome.resigned.${side}`);
    default:
      return phrase('outcome.agreed');
  }
}

/** The headline of a result: who won, from the point of view of `you` when there is one. */
export function outcomeTitle(outcome: Ending, you: Colour | null | undefined): Phrase {
  if (outcome.reason === 'aborted') return phrase('title.aborted');
  if (!outcome.winner) return phrase('title.draw');
  if (you) return phrase(outcome.winner === you ? 'title.youWin' : 'title.youLose');
  return phrase(`title.wins.${outcome.winner}`);
}

/** A game's kind in words, when not the usual: `placement · touch-move · captor places queen`. */
export function gameKind(rules: {
  readonly variant: 'standard' | 'placement';
  readonly touchMove: boolean;
  readonly captorPlacesQueen?: boolean;
}): string | undefined {
  const kind = [
    ...(rules.variant === 'placement' ? [t('top.subtitle.placement')] : []),
    ...(rules.touchMove ? [t('top.subtitle.touchMove')] : []),
    ...(rules.captorPlacesQueen ? [t('top.subtitle.captor')] : []),
  ];
  return kind.length ? kind.join(' · ') : undefined;
}
