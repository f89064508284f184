// Mouse, pen and touch, through pointer events: a press picks up or taps, a move drags, a
// release drops. Coordinates are turned into board units and cells here; the meaning of each
// gesture lives in `interaction.ts`.

import { cellAtPoint, type Point } from './geometry.ts';
import { abandonPremove, cancelDrag, drag, press, release } from './interaction.ts';
import type { BoardState } from './state.ts';

/** Runs a change on the board state and redraws: the board's single mutation funnel. */
export type Mutate = (change: (state: BoardState) => void) => void;

/** Listens to pointer events on the board's `<svg>`; returns a function that stops listening. */
export function bindPointer(svg: SVGSVGElement, state: BoardState, mutate: Mutate): () => void {
  const toBoard = (e: PointerEvent): Point => {
    const m = svg.getScreenCTM();
    if (!m) return [Number.NaN, Number.NaN];
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return [p.x, p.y];
  };
  const cellOf = (p: Point): number => cellAtPoint(p, state.orientation === 'black');

  /** A right click took a premove back: its menu would only be in the way. */
  let quietMenu = false;
  const down = (e: PointerEvent): void => {
    if (e.pointerType === 'mouse' && e.button === 2) {
      mutate((s) => {
        quietMenu = abandonPremove(s);
      });
      return;
    }
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    const p = toBoard(e);
    mutate((s) => press(s, cellOf(p), p));
    if (state.drag) {
      svg.setPointerCapture(e.pointerId);
      e.preventDefault();
    }
  };
  const move = (e: PointerEvent): void => {
    if (!state.drag) return;
    const p = toBoard(e);
    mutate((s) => drag(s, p));
  };
  const up = (e: PointerEvent): void => {
    const d = state.drag;
    if (!d) return;
    // A tap ends where it began: reading where the pointer is would make the browser lay out
    // the press's redraw at once (a forced layout, long on a slow phone).
    const cell = d.moved ? cellOf(toBoard(e)) : d.origin;
    mutate((s) => release(s, cell));
  };
  const cancel = (): void => {
    if (state.drag) mutate(cancelDrag);
  };
  const menu = (e: Event): void => {
    if (quietMenu) e.preventDefault();
    quietMenu = false;
  };
  svg.addEventListener('pointerdown', down);
  svg.addEventListener('pointermove', move);
  svg.addEventListener('pointerup', up);
  svg.addEventListener('pointercancel', cancel);
  svg.addEventListener('contextmenu', menu);
  return () => {
    svg.removeEventListener('pointerdown', down);
    svg.removeEventListener('pointermove', move);
    svg.removeEventListener('pointerup', up);
    svg.removeEventListener('pointercancel', cancel);
    svg.removeEventListener('contextmenu', menu);
  };
}
