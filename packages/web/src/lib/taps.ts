// What a tap on the board means to the player, in words: where a piece picked up may go, the
// relocation a turn owes, and why a tap was not a move. Shared by the local game, the tutorial
// and online play, so all explain alike.

import {
  CELL_COUNT,
  type Colour,
  captorChooses,
  cellName,
  type Game,
  type Move,
  makeMove,
  moveFrom,
  NO_CELL,
  PLACEMENT,
  type Position,
  RELOCATION,
  type RuleId,
  STEP,
} from '@agon/engine';
import { type Phrase, phrase } from '../i18n/ui.ts';
import { reasonOf } from './refusal.ts';

/** A sentence for the status line, with the rule that explains it when it is a refusal. */
export interface Said {
  readonly text: Phrase;
  /** The rule a "Why?" link opens on the rules page. */
  readonly rule?: RuleId;
}

/** How a person acts on the board here: taps on a touch screen, clicks with a mouse. */
function act(): Phrase {
  const coarse = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
  return phrase(coarse ? 'act.tap' : 'act.click');
}

/** The captured piece the player to move relocates first: the queen, else a guard (R10). */
export function owedCell(pos: Position): number {
  const queen = pos.queenCell[pos.turn]!;
  if (pos.pieceAt(queen)?.captured) return queen;
  for (let c = 0; c < CELL_COUNT; c++) {
    const piece = pos.pieceAt(c);
    if (piece?.captured && piece.colour === pos.turnColour) return c;
  }
  return queen;
}

/**
 * What the player to move owes, when a piece of theirs is captured: `Your guard on d7 was
 * captured: tap an outer-ring cell to put it back.` `you` is the person's side against the
 * computer (undefined between two people); `cell` the piece picked up, if known.
 */
export function owedPhrase(pos: Position, you: Colour | undefined, cell?: number): Phrase {
  const at = cell ?? owedCell(pos);
  const piece = pos.pieceAt(at);
  const owner = you === pos.turnColour ? 'you' : pos.turnColour;
  const role = piece?.captured ? piece.role : 'guard';
  const verb = act();
  return () => phrase(`owed.${role}.${owner}`, { cell: cellName(at), act: verb() })();
}

/**
 * What the next turn of `game` owes, said to whoever chooses it: the owner's relocation
 * (`owedPhrase`), or under R16 the captor's choice of a captured queen's cell.
 */
export function owedTurnPhrase(game: Game, you: Colour | undefined, cell?: number): Phrase {
  const pos = game.position;
  if (!captorChooses(pos, game.captorPlacesQueen)) return owedPhrase(pos, you, cell);
  const captor = game.chooser ?? pos.turnColour;
  const verb = act();
  if (you)
    return () => phrase(captor === you ? 'captor.you' : 'captor.computer', { act: verb() })();
  return () => phrase(`captor.${captor}`, { act: verb() })();
}

/**
 * What picking up the piece on `cell` tells the player to move: where it may go (`Guard on b1
 * picked up: 4 legal destinations.`), or, while a captured piece is owed, what to do with it.
 */
export function pickUpPhrase(game: Game, cell: number, you: Colour | undefined): Phrase {
  const pos = game.position;
  if (pos.relocating) return owedTurnPhrase(game, you, cell);
  const role = pos.pieceAt(cell)?.role ?? 'guard';
  const count = game.legalMoves().filter((m) => moveFrom(m) === cell).length;
  return phrase(`select.${role}`, { cell: cellName(cell), count });
}

/** The rule behind a relocation owed in `game`: R16 when the captor chooses it, else R10. */
function owedRule(game: Game): RuleId {
  return captorChooses(game.position, game.captorPlacesQueen) ? 'R16' : 'R10';
}

/** Why a legal-looking move is refused, with the rule to read. */
function why(pos: Position, move: Move): Said {
  const reason = reasonOf(pos, move);
  return reason ? { text: reason.text, rule: reason.rule } : { text: phrase('refuse.pickFirst') };
}

/**
 * Why a tap on `to` (with the piece on `from` picked up, if any) was not a move, for the
 * person to move in `game`. Touch-move's own answers are the caller's (they change the game).
 */
export function explainTap(
  game: Game,
  from: number | undefined,
  to: number,
  you: Colour | undefined,
): Said {
  const pos = game.position;
  const piece = pos.pieceAt(to);
  const name = cellName(to);
  if (game.touched >= 0 && game.touched !== to) {
    return { text: phrase('touch.mustMove', { cell: cellName(game.touched) }), rule: 'R15' };
  }
  if (piece?.colour === pos.turnColour) {
    if (pos.relocating) return { text: owedTurnPhrase(game, you, from), rule: owedRule(game) };
    if (pos.placing) return why(pos, makeMove(PLACEMENT, NO_CELL, to));
    return { text: phrase(`refuse.noMove.${piece.role}`, { cell: name }) };
  }
  if (pos.placing) return why(pos, makeMove(PLACEMENT, NO_CELL, to));
  if (from === undefined) {
    if (pos.relocating) return { text: owedTurnPhrase(game, you), rule: owedRule(game) };
    if (piece) return { text: phrase(`refuse.wrongSide.${pos.turnColour}`) };
    return { text: phrase('refuse.pickFirst') };
  }
  return why(pos, makeMove(pos.relocating ? RELOCATION : STEP, from, to));
}
