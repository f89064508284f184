// The board by keyboard: arrow keys move a focus from cell to cell as the cells are drawn
// (up is up on the screen, either way round), Enter or Space taps the focused cell, Escape
// takes a premove back or puts a picked-up piece back. The rules of moving stay in `interaction.ts`.

import { neighbour } from '@agon/engine';
import { cellCentre } from './geometry.ts';
import { abandonPremove, press, putBack, release } from './interaction.ts';
import type { Mutate } from './pointer.ts';
import type { BoardState } from './state.ts';

const ARROWS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

/**
 * The cell an arrow key leads to from `cell`: the neighbour that lies most nearly that way
 * on the screen. Sideways, two neighbours lie equally near (up and down a half cell); the one
 * nearer the height `row` wins, so repeated presses run straight along a row.
 */
export function arrowTarget(
  cell: number,
  key: string,
  flipped: boolean,
  row: number | undefined,
): number {
  const way = ARROWS[key];
  if (!way) return cell;
  const [x0, y0] = cellCentre(cell, flipped);
  const wantY = row ?? y0;
  let best = cell;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let d = 0; d < 6; d++) {
    const n = neighbour[cell * 6 + d]!;
    if (n < 0) continue;
    const [x, y] = cellCentre(n, flipped);
    const along = (x - x0) * way[0] + (y - y0) * way[1];
    // Only neighbours within 60 degrees of the arrow count (along > half a step of 1.73).
    if (along < 0.8) continue;
    // Ties between the two sideways neighbours go to the height kept, then to the upper one.
    const score = along * 100 - Math.abs(y - wantY) * 10 - y * 0.01;
    if (score > bestScore) {
      bestScore = score;
      best = n;
    }
  }
  return best;
}

/** Handles one key on the board; true when the key was the board's. */
export function handleKey(state: BoardState, key: string): boolean {
  if (key in ARROWS) {
    const flipped = state.orientation === 'black';
    const sideways = key === 'ArrowLeft' || key === 'ArrowRight';
    const row = sideways ? (state.focusRow ?? cellCentre(state.focus, flipped)[1]) : undefined;
    state.focus = arrowTarget(state.focus, key, flipped, row);
    state.focusRow = row;
    return true;
  }
  if (key === 'Enter' || key === ' ') {
    const cell = state.focus;
    press(state, cell, cellCentre(cell, state.orientation === 'black'));
    release(state, cell);
    return true;
  }
  if (key === 'Escape' && abandonPremove(state)) return true;
  if (key === 'Escape' && state.selected !== undefined) {
    putBack(state);
    return true;
  }
  return false;
}

/** Listens to the keyboard on the board's `<svg>`; returns a function that stops listening. */
export function bindKeyboard(svg: SVGSVGElement, state: BoardState, mutate: Mutate): () => void {
  const down = (e: KeyboardEvent): void => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    let handled = false;
    mutate((s) => {
      handled = handleKey(s, e.key);
    });
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  };
  // Tab lands on the focus cell, but a click focuses the cell clicked: keep the two together.
  const focusIn = (e: FocusEvent): void => {
    const name = (e.target as Element).getAttribute?.('data-index');
    if (name !== null && Number(name) !== state.focus) {
      mutate((s) => {
        s.focus = Number(name);
        s.focusRow = undefined;
      });
    }
  };
  svg.addEventListener('keydown', down);
  svg.addEventListener('focusin', focusIn);
  return () => {
    svg.removeEventListener('keydown', down);
    svg.removeEventListener('focusin', focusIn);
  };
}
