// Perft as RULES.md defines it: turns of R6 counted along every path; a position ended by
// R11 or R12 has no children; R13 is ignored.

import { makeMoveText } from './move.ts';
import { MAX_MOVES, type Position } from './position.ts';

/** Counts the leaf positions `depth` turns below `pos` (which is left unchanged). */
export function perft(pos: Position, depth: number): number {
  const buf = new Int32Array(MAX_MOVES * (depth + 1));
  return walk(pos, depth, buf, 0);
}

function walk(pos: Position, depth: number, buf: Int32Array, start: number): number {
  if (depth === 0) return 1;
  if (pos.throneRing() >= 0) return 0; // R11 ended the game.
  // Bulk counting: the last ply's turns are the leaves, counted without being written.
  if (depth === 1 && pos.capturedCount[pos.turn] === 0 && pos.hand[pos.turn] === 0) {
    return pos.countSteps(pos.turn);
  }
  const end = pos.generate(buf, start);
  if (depth === 1) return end - start;
  let nodes = 0;
  for (let i = start; i < end; i++) {
    pos.make(buf[i]!);
    nodes += walk(pos, depth - 1, buf, end);
    pos.unmake();
  }
  return nodes;
}

/** Perft split by the first turn: each root move's canonical text and its leaf count. */
export function perftDivide(pos: Position, depth: number): [move: string, nodes: number][] {
  if (depth < 1 || pos.throneRing() >= 0) return [];
  const buf = new Int32Array(MAX_MOVES * (depth + 1));
  const end = pos.generate(buf, 0);
  const rows: [string, number][] = [];
  for (let i = 0; i < end; i++) {
    pos.make(buf[i]!);
    rows.push([makeMoveText(buf[i]!), walk(pos, depth - 1, buf, end)]);
    pos.unmake();
  }
  return rows;
}
