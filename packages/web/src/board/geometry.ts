// Where cells sit on the drawing. Files are vertical columns, so the hexagons are flat-topped;
// with unit size a cell's centre is x = 1.5 q, y = sqrt(3) (r + q / 2), and rank 1 of file f
// (White's side) is at the bottom. Flipping is a half turn about the throne.

import { CELL_COUNT, cellAt, cellQ, cellR, onBoard } from '@agon/engine';

const SQRT3 = Math.sqrt(3);

/**
 * The cells fill a pointy-topped hexagon whose sides lie 8.5 units from the throne; the board's
 * edge (the frame) lies `FRAME_APOTHEM` from it, with round corners (board.css strokes it 0.24
 * thick), and the viewBox holds exactly that. CSS keeps the same proportions (17.8 : 20.6).
 */
const FRAME_APOTHEM = 8.78;

/** The six corners of the board's edge, as SVG points. */
export const FRAME_POINTS = Array.from({ length: 6 }, (_, i) => {
  const a = (Math.PI / 3) * i - Math.PI / 2;
  const r = FRAME_APOTHEM / Math.cos(Math.PI / 6);
  return `${(r * Math.cos(a)).toFixed(3)},${(r * Math.sin(a)).toFixed(3)}`;
}).join(' ');

/** The SVG viewBox that holds the whole board, its edge included. */
export const VIEWBOX = { x: -8.9, y: -10.3, width: 17.8, height: 20.6 } as const;

/** A point in board units. */
export type Point = readonly [x: number, y: number];

/** The centre of a cell in board units; `flipped` puts Black's side at the bottom. */
export function cellCentre(cell: number, flipped: boolean): Point {
  const q = cellQ[cell]!;
  const r = cellR[cell]!;
  const x = 1.5 * q;
  const y = SQRT3 * (r + q / 2);
  return flipped ? [-x, -y] : [x, y];
}

/** The six corners of a flat-topped hexagon of circumradius `size` around a centre, as SVG points. */
export function hexagonPoints([cx, cy]: Point, size: number): string {
  const out: string[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    out.push(`${(cx + size * Math.cos(a)).toFixed(3)},${(cy + size * Math.sin(a)).toFixed(3)}`);
  }
  return out.join(' ');
}

/** The cell under a point in board units, or -1 off the board (cube rounding of axial coordinates). */
export function cellAtPoint([px, py]: Point, flipped: boolean): number {
  const x = flipped ? -px : px;
  const y = flipped ? -py : py;
  const q = (2 / 3) * x;
  const r = y / SQRT3 - q / 2;
  const s = -q - r;
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return onBoard(rq, rr) ? cellAt(rq, rr) : -1;
}

/** Every cell index, for loops that draw the board. */
export const ALL_CELLS: readonly number[] = Array.from({ length: CELL_COUNT }, (_, i) => i);
