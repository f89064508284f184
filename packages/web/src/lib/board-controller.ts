// What a game's controller answers its board with, the local game's (play/match.ts) and an
// online game's (round/online-game.ts) alike: one interface, wired to the board one way, and
// the touch-move rule for a tap that was not a move written once for both.

import type { Game } from '@agon/engine';
import type { BoardEvents } from '../board/config.ts';

/** A controller of a playable board: each of the board's events, handled. */
export interface BoardController {
  moveFromBoard(from: number | undefined, to: number): void;
  placeFromBoard(to: number): void;
  /** Picking a piece up: under touch-move, it commits to the piece (R15). */
  selectFromBoard(cell: number | undefined): void;
  /** A tap that was not a move: says why, or touches a stuck piece (`touchBinds`). */
  rejectFromBoard(from: number | undefined, to: number): void;
  premoveFromBoard(from: number, to: number): void;
  unpremoveFromBoard(): void;
}

/** The board's events, each handed to `controller`. */
export function boardEventsOf(controller: BoardController): BoardEvents {
  return {
    move: (from, to) => controller.moveFromBoard(from, to),
    place: (to) => controller.placeFromBoard(to),
    select: (cell) => controller.selectFromBoard(cell),
    reject: (from, to) => controller.rejectFromBoard(from, to),
    premove: (from, to) => controller.premoveFromBoard(from, to),
    unpremove: () => controller.unpremoveFromBoard(),
  };
}

/**
 * Whether a tap on `cell` that was not a move touches the piece there all the same (R15):
 * under touch-move, a piece of the side to move, when none is touched yet and no relocation is
 * owed. Touching a piece that cannot move commits to it, and its turn then passes.
 */
export function touchBinds(game: Game, cell: number): boolean {
  const pos = game.position;
  return (
    game.touchMove &&
    game.touched < 0 &&
    !pos.relocating &&
    pos.pieceAt(cell)?.colour === pos.turnColour
  );
}
