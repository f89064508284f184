// The board's public face, in the manner of chessground: a headless state, one mutation
// funnel (`mutate`) through which every change passes and after which the view redraws, and a
// config object. Without an element it runs headless, which is how the unit tests drive it.

import type { BoardConfig } from './config.ts';
import { cellCentre } from './geometry.ts';
import { cancelPremove, drag, playPremove, press, release } from './interaction.ts';
import { bindKeyboard, handleKey } from './keyboard.ts';
import { bindPointer } from './pointer.ts';
import { applyConfig, type BoardState, createState, type Outgoing } from './state.ts';
import { inLaterTask } from './task.ts';
import { BoardView } from './view.ts';
import './board.css';

/** What a board offers its owner. */
export interface Board {
  /** The current state; read it, change it only through the methods. */
  readonly state: BoardState;
  /** Merges a partial config and redraws. */
  set(config: BoardConfig): void;
  /** A tap (press and release without moving) on a cell. */
  tap(cell: number): void;
  /** Drags the piece on `from` and drops it on `to` (-1: off the board). */
  dragTo(from: number, to: number): void;
  /**
   * The turn has come (the owner has made the board movable): plays the queued premove if it
   * is among the legal moves now, through the `move` event, or drops it. True when played.
   */
  playPremove(): boolean;
  /** Takes the queued premove back. */
  cancelPremove(): void;
  /** A key pressed on the board (`ArrowUp`, `Enter`, ...); true when the board used it. */
  key(key: string): boolean;
  /**
   * Draws the board into `parent` and listens to the pointer and the keyboard there; a
   * `picture` (a diagram) is drawn only, as one labelled image.
   */
  attach(parent: Element, picture?: boolean): void;
  /** Removes the drawing and its listeners; the state stays. */
  detach(): void;
}

/** Creates a board from a config; headless until attached. */
export function createBoard(config: BoardConfig = {}): Board {
  const state = createState();
  applyConfig(state, config);
  let view: BoardView | undefined;
  let unbind: (() => void) | undefined;
  /** How many times the owner has configured the board. */
  let sets = 0;
  const deliver = (out: Outgoing): void => {
    const before = sets;
    out.run();
    // A move or placement the owner let pass without a word gives the board back as it was.
    const movable = out.late;
    if (movable && sets === before) mutate((s) => applyConfig(s, { movable }));
  };
  const mutate = (change: (s: BoardState) => void): void => {
    change(state);
    view?.draw(state);
    // As chessground defers its callbacks: the owner hears of a move once it is drawn, so an
    // update the owner starts from a callback never runs inside this one. On a page a move or
    // placement comes in a task of its own: the tap's task ends once the piece is put down,
    // and the owner's work (the game, the board redrawn, the computer) does not lengthen it.
    const due = state.outbox.splice(0);
    for (const out of due) {
      if (out.late && view) inLaterTask(() => deliver(out));
      else deliver(out);
    }
  };
  const centre = (cell: number) => cellCentre(cell, state.orientation === 'black');
  return {
    state,
    set: (c) => {
      sets++;
      mutate((s) => applyConfig(s, c));
    },
    tap: (cell) =>
      mutate((s) => {
        press(s, cell, centre(cell));
        release(s, cell);
      }),
    dragTo: (from, to) =>
      mutate((s) => {
        press(s, from, centre(from));
        drag(s, to >= 0 ? centre(to) : [100, 100]);
        release(s, to);
      }),
    playPremove: () => {
      let played = false;
      mutate((s) => {
        played = playPremove(s);
      });
      return played;
    },
    cancelPremove: () => mutate(cancelPremove),
    key: (key) => {
      let used = false;
      mutate((s) => {
        used = handleKey(s, key);
      });
      return used;
    },
    attach(parent, picture = false) {
      this.detach();
      view = new BoardView(parent, picture);
      if (!picture) {
        const svg = view.svg;
        const unbindPointer = bindPointer(svg, state, mutate);
        const unbindKeyboard = bindKeyboard(svg, state, mutate);
        unbind = () => {
          unbindPointer();
          unbindKeyboard();
        };
      }
      view.draw(state);
    },
    detach() {
      unbind?.();
      view?.remove();
      view = undefined;
      unbind = undefined;
    },
  };
}
