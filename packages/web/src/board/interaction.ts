// What a press, a drag and a release mean, as changes to the headless state. The pointer
// layer and the tests both come through here, so a tap in a test is a tap in the browser.

import type { Point } from './geometry.ts';
import { type BoardState, destsOf, emit, emitLate, premoveDestsOf, premoving } from './state.ts';

/** How far (board units; a cell is about 1.7 across) a pointer must travel to start a drag. */
const DRAG_THRESHOLD = 0.35;

function select(state: BoardState, cell: number | undefined): void {
  if (state.selected === cell) return;
  state.selected = cell;
  emit(state, state.events.select, cell);
}

/**
 * A press on `cell` at `point`: picks up a movable piece (a drag may follow), or acts as a
 * tap on a destination, a placement cell or anything else (refused).
 */
export function press(state: BoardState, cell: number, point: Point): void {
  state.rejected = undefined;
  if (cell >= 0) {
    state.focus = cell;
    state.focusRow = undefined;
  }
  if (cell < 0) return;
  if (premoving(state)) {
    pressPremove(state, cell, point);
    return;
  }
  const movable = state.movable;
  const from = state.selected;
  if (movable && from !== undefined && destsOf(state, from).includes(cell)) {
    select(state, undefined);
    emitLate(state, state.events.move, from, cell);
  } else if (movable?.dests.has(cell)) {
    // A locked piece stays up: the tap that would put it down only says it is up.
    const wasSelected = from === cell && !movable.locked;
    state.drag = { origin: cell, point, start: point, moved: false, wasSelected };
    select(state, cell);
  } else if (movable?.placements?.includes(cell)) {
    emitLate(state, state.events.place, cell);
  } else {
    // Refused, or a view-only board: the owner says why, so no tap goes unanswered.
    state.rejected = cell;
    emit(state, state.events.reject, from, cell);
  }
}

/**
 * A press while the other side is to move: picks up a piece, queues its premove, or takes a
 * queued premove back (any press does, as a click elsewhere or on its piece again).
 */
function pressPremove(state: BoardState, cell: number, point: Point): void {
  const queued = state.premove;
  if (queued) {
    cancelPremove(state);
    if (cell === queued[0]) return;
  }
  const from = state.selected;
  if (from !== undefined && premoveDestsOf(state, from).includes(cell)) {
    select(state, undefined);
    queuePremove(state, from, cell);
  } else if (state.premovable?.dests.has(cell)) {
    state.drag = { origin: cell, point, start: point, moved: false, wasSelected: from === cell };
    select(state, cell);
  } else if (from !== undefined || queued) {
    // A click elsewhere only puts the piece down or takes the premove back: nothing to refuse.
    select(state, undefined);
  } else {
    state.rejected = cell;
    emit(state, state.events.reject, from, cell);
  }
}

function queuePremove(state: BoardState, from: number, to: number): void {
  state.premove = [from, to];
  emit(state, state.events.premove, from, to);
}

/** Takes the queued premove back, if there is one. */
export function cancelPremove(state: BoardState): void {
  if (!state.premove) return;
  state.premove = undefined;
  emit(state, state.events.unpremove);
}

/**
 * The turn has come: the queued premove is played if its move is legal now, otherwise
 * dropped without a word; kept while nothing is movable yet. True when it was played.
 */
export function playPremove(state: BoardState): boolean {
  const queued = state.premove;
  if (!queued || !state.movable) return false;
  cancelPremove(state);
  const [from, to] = queued;
  if (!destsOf(state, from).includes(to)) return false;
  select(state, undefined);
  emitLate(state, state.events.move, from, to);
  return true;
}

/** The pointer moved to `point` while pressed; past the threshold the piece follows it. */
export function drag(state: BoardState, point: Point): void {
  const d = state.drag;
  if (!d) return;
  d.point = point;
  if (!d.moved && Math.hypot(point[0] - d.start[0], point[1] - d.start[1]) > DRAG_THRESHOLD) {
    d.moved = true;
  }
}

/** The pointer was released over `cell` (-1 off the board): drops a dragged piece, or ends a tap. */
export function release(state: BoardState, cell: number): void {
  const d = state.drag;
  if (!d) return;
  state.drag = undefined;
  if (!d.moved) {
    if (d.wasSelected) select(state, undefined);
    return;
  }
  // A premove's piece dropped where it cannot go goes back without a word: nothing was tried.
  if (destsOf(state, d.origin).includes(cell)) {
    select(state, undefined);
    emitLate(state, state.events.move, d.origin, cell);
  } else if (premoveDestsOf(state, d.origin).includes(cell)) {
    select(state, undefined);
    queuePremove(state, d.origin, cell);
  } else if (cell >= 0 && cell !== d.origin && !premoving(state)) {
    state.rejected = cell;
    emit(state, state.events.reject, d.origin, cell);
  }
}

/** Puts the picked-up piece back where it stands (Escape), unless the turn locks it up. */
export function putBack(state: BoardState): void {
  state.rejected = undefined;
  if (!state.movable?.locked) select(state, undefined);
}

/**
 * Takes back whatever premove is under way (a right click, Escape): the queued one, or the
 * piece picked up for one. True when there was something to take back.
 */
export function abandonPremove(state: BoardState): boolean {
  const picked = premoving(state) && state.selected !== undefined;
  if (!state.premove && !picked) return false;
  cancelPremove(state);
  if (picked) select(state, undefined);
  state.drag = undefined;
  return true;
}

/** Abandons a drag (pointer cancelled, or the piece vanished): the piece goes back. */
export function cancelDrag(state: BoardState): void {
  state.drag = undefined;
}
