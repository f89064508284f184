// Zobrist keys (R13 repetition, search tables) as two 32-bit halves, so hashing stays in
// integer arithmetic. Keys come from a fixed-seed generator: every build hashes alike.

import { CELL_COUNT } from './hex.ts';

let state = 0x41474f4e; // "AGON"

// splitmix32: small, well mixed, and the same on every platform.
function next(): number {
  state = (state + 0x9e3779b9) | 0;
  let z = state;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return z ^ (z >>> 16);
}

/** Low halves of the piece keys, indexed `cell * 16 + cellByte`. */
export const pieceLo = new Int32Array(CELL_COUNT * 16);
/** High halves of the piece keys, indexed `cell * 16 + cellByte`. */
export const pieceHi = new Int32Array(CELL_COUNT * 16);
/** Key halves XORed in while Black is to move. */
export const blackLo: number = next();
/** High half of the Black-to-move key. */
export const blackHi: number = next();
/** Low halves of the in-hand keys (R14), indexed `colour * 7 + count`. */
export const handLo = new Int32Array(14);
/** High halves of the in-hand keys (R14), indexed `colour * 7 + count`. */
export const handHi = new Int32Array(14);

// Zero hand keys for a count of zero, so a position hashes the same with or without an
// explicit `0/0` hand.
for (let i = 0; i < pieceLo.length; i++) {
  pieceLo[i] = next();
  pieceHi[i] = next();
}
for (let i = 0; i < 14; i++) {
  handLo[i] = i % 7 === 0 ? 0 : next();
  handHi[i] = i % 7 === 0 ? 0 : next();
}
