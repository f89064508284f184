// What the local game's status line says, in phrases that follow the app's language: whose
// turn it is and what it owes, what a turn just did, and how the game ended. Pure functions of
// the game; when to say them is the match's to decide. `you` is the person's side against the
// computer, undefined between two people.

import {
  type Colour,
  captorChooses,
  chooserOf,
  type Game,
  type Move,
  type Outcome,
  type Position,
} from '@agon/engine';
import { type Phrase, phrase } from '../i18n/ui.ts';
import { owedTurnPhrase } from '../lib/taps.ts';
import { describeTurn, outcomeReason, outcomeTitle } from '../lib/wording.ts';

/** Sentences shown one after the other. */
export const sentences =
  (...parts: Phrase[]): Phrase =>
  () =>
    parts
      .map((p) => p())
      .filter(Boolean)
      .join(' ');

/** Nothing to say. */
export const silence: Phrase = () => '';

/** How the game ended: who won (from `you`'s side, if any), then why; `pos` is the last position. */
export function endingPhrase(outcome: Outcome, pos: Position, you: Colour | undefined): Phrase {
  return sentences(outcomeTitle(outcome, you), outcomeReason(outcome, pos));
}

/** Whose turn it is in `game`, with what that turn must do (place, relocate), or the result. */
export function turnPrompt(game: Game, you: Colour | undefined): Phrase {
  if (game.outcome) return endingPhrase(game.outcome, game.position, you);
  const pos = game.position;
  // R16: the captor's choice is announced on its own; it is not the chooser's turn.
  if (captorChooses(pos, game.captorPlacesQueen)) return owedTurnPhrase(game, you);
  const who = you
    ? phrase(pos.turnColour === you ? 'prompt.you' : 'prompt.computer')
    : phrase(`prompt.${pos.turnColour}`);
  if (pos.placing) return sentences(who, phrase('prompt.place'));
  if (pos.relocating) return sentences(who, owedTurnPhrase(game, you));
  return who;
}

/**
 * The turn `move` just played from `before` (capturing the pieces on `captured`), leading to
 * `game`: who moved (under R16, who chose a captured queen's cell) and what it captured, and
 * what the capture now costs the person who chooses the next turn.
 */
export function playedPhrase(
  before: Position,
  move: Move,
  captured: readonly number[],
  game: Game,
  you: Colour | undefined,
): Phrase {
  const mover = chooserOf(before, game.captorPlacesQueen);
  const who = you ? phrase(mover === you ? 'who.you' : 'who.computer') : phrase(`who.${mover}`);
  const turn = describeTurn(before, move, captured, who);
  // Whoever chooses the next turn is told at once what the capture asks of them; under R16
  // the owner is told too that the computer chooses.
  const next = game.position;
  const owed =
    !game.outcome &&
    next.relocating &&
    (!you || game.chooser === you || captorChooses(next, game.captorPlacesQueen));
  if (owed) return sentences(turn, owedTurnPhrase(game, you));
  // Under R16 a person who just placed the computer's queen moves again: say so.
  const again = you !== undefined && mover === you && game.chooser === you;
  return again ? sentences(turn, phrase('prompt.you')) : turn;
}
