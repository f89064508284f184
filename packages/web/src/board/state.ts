// The board's headless state: plain data that `interaction.ts` and `keyboard.ts`
// change and `view.ts` draws.
// Nothing here touches the DOM, so the board's behaviour is testable without a browser.

import { CELL_COUNT, type Colour, cellName, type Piece, THRONE } from '@agon/engine';
import type { BoardConfig, BoardEvents, BoardLabels, Movable, Premovable } from './config.ts';
import type { Point } from './geometry.ts';

/** A drag in progress: the piece's cell, where the pointer is, and whether it has moved yet. */
interface Drag {
  readonly origin: number;
  /** The pointer in board units. */
  point: Point;
  readonly start: Point;
  /** True once the pointer travelled far enough to count as a drag rather than a tap. */
  moved: boolean;
  /** The piece was already selected when pressed: a tap without moving puts it down. */
  readonly wasSelected: boolean;
}

/** An owner's callback waiting to run. */
export interface Outgoing {
  readonly run: () => void;
  /**
   * Set for a move or placement, which may wait for a task of its own (the owner then plays
   * it, redraws, starts the computer): what was movable until the board went still for it.
   */
  readonly late?: Movable;
}

/** The whole state of one board. */
export interface BoardState {
  pieces: (Piece | undefined)[];
  orientation: Colour;
  coordinates: boolean | 'edge' | readonly number[];
  lastMove: readonly number[];
  movable: Movable | undefined;
  premovable: Premovable | undefined;
  /** The queued premove: from and to. */
  premove: readonly [number, number] | undefined;
  selected: number | undefined;
  hint: readonly number[];
  animationMs: number;
  events: BoardEvents;
  drag: Drag | undefined;
  /** Events raised by the change under way, delivered once the board has redrawn. */
  outbox: Outgoing[];
  /** The cell of the last refused tap, marked until the next tap. */
  rejected: number | undefined;
  /** Bumped whenever pieces change, so the view knows when to animate. */
  piecesVersion: number;
  labels: BoardLabels;
  highlight: readonly number[];
  forbidden: readonly number[];
  /** The cell the keyboard is on (the one cell reached by Tab). */
  focus: number;
  /**
   * The height (board units, as drawn) that left and right arrows keep to: a sideways move
   * crosses a zigzag of cells, and returning to this height keeps the path straight.
   */
  focusRow: number | undefined;
}

/** Names cells by their notation alone, until the owner gives better words. */
const PLAIN_LABELS: BoardLabels = {
  board: 'Agon',
  cell: (cell) => cellName(cell),
};

/** A fresh state: an empty board, White at the bottom, nothing movable. */
export function createState(): BoardState {
  return {
    pieces: new Array<Piece | undefined>(CELL_COUNT).fill(undefined),
    orientation: 'white',
    coordinates: false,
    lastMove: [],
    movable: undefined,
    premovable: undefined,
    premove: undefined,
    selected: undefined,
    hint: [],
    animationMs: 180,
    events: {},
    drag: undefined,
    outbox: [],
    rejected: undefined,
    piecesVersion: 0,
    labels: PLAIN_LABELS,
    highlight: [],
    forbidden: [],
    focus: THRONE,
    focusRow: undefined,
  };
}

/** Merges a config into the state; a selection that is no longer movable is dropped. */
export function applyConfig(state: BoardState, config: BoardConfig): void {
  if (config.pieces) {
    state.pieces = [...config.pieces];
    state.piecesVersion++;
  }
  if (config.orientation) state.orientation = config.orientation;
  if (config.coordinates !== undefined) state.coordinates = config.coordinates;
  if (config.lastMove) state.lastMove = config.lastMove;
  if ('movable' in config) state.movable = config.movable;
  if (config.hint) state.hint = config.hint;
  if (config.animationMs !== undefined) state.animationMs = config.animationMs;
  if (config.events) state.events = config.events;
  if (config.labels) state.labels = config.labels;
  if (config.highlight) state.highlight = config.highlight;
  if (config.forbidden) state.forbidden = config.forbidden;
  if ('premovable' in config) state.premovable = config.premovable;
  if ('selected' in config) state.selected = config.selected ?? undefined;
  if (state.selected !== undefined && !canPickUp(state, state.selected)) {
    state.selected = undefined;
  }
  if (state.drag && !canPickUp(state, state.drag.origin)) state.drag = undefined;
  if (state.premove && !state.movable && !state.premovable) {
    // Neither moves nor premoves are taken (the game is over, a replay, premoves turned off):
    // the premove could never be played.
    state.premove = undefined;
    emit(state, state.events.unpremove);
  }
  state.rejected = undefined;
}

/** Whether the board is taking premoves: nothing is movable, and premoves are offered. */
export function premoving(state: BoardState): boolean {
  return !state.movable && state.premovable !== undefined;
}

/** Whether the piece on `cell` may be picked up, to move now or to premove. */
function canPickUp(state: BoardState, cell: number): boolean {
  return (
    state.movable?.dests.has(cell) === true ||
    (premoving(state) && state.premovable?.dests.has(cell) === true)
  );
}

/** Queues an owner's callback to run after the change under way has been drawn. */
export function emit<A extends unknown[]>(
  state: BoardState,
  callback: ((...args: A) => void) | undefined,
  ...args: A
): void {
  if (callback) state.outbox.push({ run: () => callback(...args) });
}

/**
 * Queues a move or placement for the owner, who may hear of it in a later task; until then
 * nothing on the board is movable, so no tap meanwhile acts on the turn that has been played.
 * The board leaves the pieces alone: an owner may turn a legal move down (a lesson explaining
 * a wrong one), and the board is then given back as it was.
 */
export function emitLate<A extends unknown[]>(
  state: BoardState,
  callback: ((...args: A) => void) | undefined,
  ...args: A
): void {
  const movable = state.movable;
  if (!callback || !movable) return;
  state.movable = undefined;
  state.outbox.push({ run: () => callback(...args), late: movable });
}

/** The legal destinations of the piece on `cell`; empty when it may not move. */
export function destsOf(state: BoardState, cell: number | undefined): readonly number[] {
  return cell === undefined ? [] : (state.movable?.dests.get(cell) ?? []);
}

/** Where the piece on `cell` may be premoved to; empty unless the board is taking premoves. */
export function premoveDestsOf(state: BoardState, cell: number | undefined): readonly number[] {
  if (cell === undefined || !premoving(state)) return [];
  return state.premovable?.dests.get(cell) ?? [];
}
