// Board geometry (R1, R2). Axial coordinates (q, r) appear only at the edges; inside, a cell
// is an integer 0..90 in APN order (file a rank 1 first, file l rank 6 last). Every table is
// built once here, at load.

/** Number of cells on the board (R1). */
export const CELL_COUNT = 91;
/** Largest ring number: the outer ring (R1). */
const MAX_RING = 5;
/** File letters from left to right; there is no `j` (NOTATION.md). */
export const FILES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'k', 'l'] as const;
/** Axial direction vectors; direction d + 3 (mod 6) is the opposite of d. */
export const DIRECTIONS = [
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
  [0, 1],
] as const;

/** Cell index of the throne, `f6` (R1). */
export const THRONE = 45;

/** Axial q of each cell. */
export const cellQ = new Int8Array(CELL_COUNT);
/** Axial r of each cell. */
export const cellR = new Int8Array(CELL_COUNT);
/** Ring (hex distance from the throne) of each cell, 0..5 (R1). */
export const ring = new Uint8Array(CELL_COUNT);
/** File index (0 = a) of each cell. */
export const cellFile = new Uint8Array(CELL_COUNT);
/** Rank (1-based) of each cell. */
export const cellRank = new Uint8Array(CELL_COUNT);
/** Neighbour of cell c in direction d at `c * 6 + d`, or -1 off the board (for callers outside the engine). */
export const neighbour = new Int8Array(CELL_COUNT * 6).fill(-1);
/** The cell that stands for "off the board" in `adjacent`: a Position keeps it always vacant. */
export const OFF_BOARD = CELL_COUNT;
/**
 * The engine's neighbour table: `adjacent[c * 6 + d]` as `neighbour`, but OFF_BOARD off the
 * board (and from OFF_BOARD itself), so the hot loops read past the edge without a test.
 */
export const adjacent = new Uint8Array((CELL_COUNT + 1) * 6).fill(OFF_BOARD);
/**
 * The cell two steps from c in direction d at `c * 6 + d`, OFF_BOARD past the edge: the far
 * end of a flank (R8) or capture (R9) line, read without waiting for the middle cell.
 */
export const twoAway = new Uint8Array((CELL_COUNT + 1) * 6).fill(OFF_BOARD);
/** First cell index of each file, plus a final entry of CELL_COUNT. */
export const fileStart = new Uint8Array(FILES.length + 1);
/** Number of cells in each file. */
export const fileLength = new Uint8Array(FILES.length);

/**
 * Cells reachable by one step (R7) from each cell, ignoring occupancy: the adjacent cells of
 * the same ring or one ring nearer the throne. Entries `stepStart[c] .. stepStart[c + 1]`.
 */
export const stepTargets = new Int8Array(CELL_COUNT * 6);
/** Offsets into `stepTargets`, CELL_COUNT + 1 entries. */
export const stepStart = new Uint16Array(CELL_COUNT + 1);
/** `stepTargets` without the throne, which only a queen enters (R7): a guard's steps. */
export const guardStepTargets = new Int8Array(CELL_COUNT * 6);
/** Offsets into `guardStepTargets`, CELL_COUNT + 1 entries. */
export const guardStepStart = new Uint16Array(CELL_COUNT + 1);

/** The six ring-1 cells, around the throne (R11). */
export const RING1: readonly number[] = [];
/** The outer ring walked from f1 as NOTATION.md lists it (R10 guard relocations). */
export const OUTER_RING: readonly number[] = [];

const byAxial = new Map<number, number>();
const axialKey = (q: number, r: number): number => (q + 8) * 32 + (r + 8);

/** Whether axial (q, r) is on the board. */
export function onBoard(q: number, r: number): boolean {
  return Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) <= MAX_RING;
}

/** Cell index of axial (q, r), or -1 off the board. */
export function cellAt(q: number, r: number): number {
  return onBoard(q, r) ? (byAxial.get(axialKey(q, r)) ?? -1) : -1;
}

/** Hex distance between two cells. */
export function distance(a: number, b: number): number {
  const dq = cellQ[a]! - cellQ[b]!;
  const dr = cellR[a]! - cellR[b]!;
  return Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr));
}

const names: string[] = [];

/** The name of a cell, `f6` for the throne. */
export function cellName(cell: number): string {
  return names[cell] ?? '?';
}

/** Cell index for a name such as `f6` (upper-case file letters accepted), or -1. */
export function parseCell(text: string): number {
  const m = /^([a-ik-lA-IK-L])(1[01]|[1-9])$/.exec(text);
  if (!m) return -1;
  const file = FILES.indexOf(m[1]!.toLowerCase() as (typeof FILES)[number]);
  const rank = Number(m[2]);
  if (file < 0 || rank > fileLength[file]!) return -1;
  return fileStart[file]! + rank - 1;
}

{
  let cell = 0;
  for (let file = 0; file < FILES.length; file++) {
    const q = file - MAX_RING;
    fileStart[file] = cell;
    const top = Math.min(MAX_RING, MAX_RING - q);
    // NOTATION.md: rank = min(5, 5 - q) - r + 1, so ranks count upward as r falls.
    for (let rank = 1; ; rank++) {
      const r = top - rank + 1;
      if (!onBoard(q, r)) break;
      cellQ[cell] = q;
      cellR[cell] = r;
      cellFile[cell] = file;
      cellRank[cell] = rank;
      ring[cell] = Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r));
      names[cell] = `${FILES[file]}${rank}`;
      byAxial.set(axialKey(q, r), cell);
      cell++;
    }
    fileLength[file] = cell - fileStart[file]!;
  }
  fileStart[FILES.length] = cell;

  for (let c = 0; c < CELL_COUNT; c++) {
    for (let d = 0; d < 6; d++) {
      const [dq, dr] = DIRECTIONS[d]!;
      const n = cellAt(cellQ[c]! + dq, cellR[c]! + dr);
      neighbour[c * 6 + d] = n;
      if (n >= 0) adjacent[c * 6 + d] = n;
    }
  }

  for (let i = 0; i < CELL_COUNT * 6; i++) twoAway[i] = adjacent[adjacent[i]! * 6 + (i % 6)]!;

  let k = 0;
  for (let c = 0; c < CELL_COUNT; c++) {
    stepStart[c] = k;
    for (let d = 0; d < 6; d++) {
      const n = neighbour[c * 6 + d]!;
      if (n >= 0 && ring[n]! <= ring[c]!) stepTargets[k++] = n;
    }
  }
  stepStart[CELL_COUNT] = k;
  k = 0;
  for (let c = 0; c < CELL_COUNT; c++) {
    guardStepStart[c] = k;
    for (let i = stepStart[c]!; i < stepStart[c + 1]!; i++) {
      if (stepTargets[i] !== THRONE) guardStepTargets[k++] = stepTargets[i]!;
    }
  }
  guardStepStart[CELL_COUNT] = k;

  const ring1 = RING1 as number[];
  for (let d = 0; d < 6; d++) ring1.push(neighbour[THRONE * 6 + d]!);
  ring1.sort((a, b) => a - b);

  // Walk the outer ring from f1 anticlockwise (toward g1), as NOTATION.md lists it.
  const outer = OUTER_RING as number[];
  const f1 = parseCell('f1');
  let at = f1;
  let dir = 0;
  do {
    outer.push(at);
    let next = neighbour[at * 6 + dir]!;
    while (next < 0 || ring[next] !== MAX_RING) {
      dir = (dir + 1) % 6;
      next = neighbour[at * 6 + dir]!;
    }
    at = next;
  } while (at !== f1);
}
