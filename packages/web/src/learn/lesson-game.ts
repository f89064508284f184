// One lesson's position on the board, for the learner to move: the board is fed and taps are
// answered in the same words as in a game (board-feed.ts, taps.ts), with no computer, no
// replay and nothing stored. Whether a legal move is the one the lesson asks for is the
// tutorial's to judge.

import { Game, type Move, type Position, parseApn } from '@agon/engine';
import { computed, signal } from '@preact/signals';
import type { BoardConfig } from '../board/config.ts';
import { type Phrase, phrase } from '../i18n/ui.ts';
import { boardConfigOf, moveOfTap } from '../lib/board-feed.ts';
import { preferences } from '../lib/settings.ts';
import { playCaptureSound, playMoveSound } from '../lib/sound.ts';
import { explainTap, pickUpPhrase } from '../lib/taps.ts';

/** A lesson's game: the position it starts from and the learner's moves on it. */
export class LessonGame {
  private readonly game: Game;
  /** Bumped after every move on the (mutable) game, so the board follows. */
  private readonly version = signal(0);

  /** Sets up the lesson's position (APN), under R16 when `captorPlacesQueen`. */
  constructor(apn: string, captorPlacesQueen = false) {
    const start = parseApn(apn);
    if (!start.ok) throw new Error(`a lesson's position: ${start.error.message}`);
    this.game = new Game(start.value, { captorPlacesQueen });
  }

  /** The position now (mutable: change it only through `play`). */
  get position(): Position {
    return this.game.position;
  }

  /** What the board shows and allows: the side to move may move until the game is over. */
  readonly boardConfig = computed((): BoardConfig => {
    this.version.value;
    const game = this.game;
    return boardConfigOf({
      position: game.position,
      lastMove: game.moves.at(-1),
      legal: game.outcome ? undefined : game.legalMoves(),
    });
  });

  /** The legal move a tap from `from` to `to` makes, if any. */
  legalMove(from: number, to: number): Move | undefined {
    return moveOfTap(this.game.legalMoves(), from, to);
  }

  /** Plays a legal move, with its sound when the player has sound on. */
  play(move: Move): void {
    const captured = this.game.position.capturedBy(move);
    if (!this.game.play(move).ok) return;
    // Starting a clip takes a while on a slow phone: a task of its own, as in a game.
    if (preferences.value.sound) setTimeout(captured.length ? playCaptureSound : playMoveSound);
    this.version.value++;
  }

  /** What picking up the piece on `cell` says: where it may go, or what is owed. */
  pickedUp(cell: number): Phrase {
    return pickUpPhrase(this.game, cell, undefined);
  }

  /** Why a tap was not a move. */
  refused(from: number | undefined, to: number): Phrase {
    if (this.game.outcome) return phrase('refuse.over');
    return explainTap(this.game, from, to, undefined).text;
  }
}
