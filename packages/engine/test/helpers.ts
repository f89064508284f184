// Test-side geometry and position builders. Everything here is derived from NOTATION.md and
// RULES.md directly, not from the engine, so tests can check the engine against it.

import { type Move, makeMoveText, type Position, parseApn, parseMoveText } from '../src/index.ts';

/** File letters and lengths as NOTATION.md gives them (no `j`). */
export const FILE_LETTERS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'k', 'l'] as const;
export const FILE_LENGTHS = [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6] as const;

/** Every cell name in APN order: file a rank 1 upward, then file b, ... */
export const ALL_CELLS: readonly string[] = FILE_LETTERS.flatMap((f, i) =>
  Array.from({ length: FILE_LENGTHS[i]! }, (_, k) => `${f}${k + 1}`),
);

/** The outer ring walked from f1, copied from NOTATION.md. */
export const SPEC_OUTER_RING =
  'f1 g1 h1 i1 k1 l1 l2 l3 l4 l5 l6 k7 i8 h9 g10 f11 e10 d9 c8 b7 a6 a5 a4 a3 a2 a1 b1 c1 d1 e1'.split(
    ' ',
  );
/** Ring 1 and the corners, copied from NOTATION.md. */
export const SPEC_RING1 = ['e5', 'e6', 'f5', 'f7', 'g5', 'g6'];
export const SPEC_CORNERS = ['a1', 'a6', 'f11', 'l6', 'l1', 'f1'];

/** Axial directions of NOTATION.md; d and d + 3 are opposite. */
export const DIRS: readonly (readonly [number, number])[] = [
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
  [0, 1],
];

/** Axial (q, r) of a cell name by NOTATION.md: q = file - 5, rank = min(5, 5 - q) - r + 1. */
export function axial(name: string): [number, number] {
  const file = FILE_LETTERS.indexOf(name[0] as (typeof FILE_LETTERS)[number]);
  const rank = Number(name.slice(1));
  const q = file - 5;
  return [q, Math.min(5, 5 - q) - rank + 1];
}

/** The cell name at axial (q, r), or undefined off the board. */
export function nameAt(q: number, r: number): string | undefined {
  if (Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) > 5) return undefined;
  const rank = Math.min(5, 5 - q) - r + 1;
  return `${FILE_LETTERS[q + 5]}${rank}`;
}

/** Ring of a cell: hex distance from the throne (R1). */
export function ringOf(name: string): number {
  const [q, r] = axial(name);
  return Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r));
}

/** The cell `steps` cells from `name` in direction d, or undefined off the board. */
export function toward(name: string, d: number, steps = 1): string | undefined {
  const [q, r] = axial(name);
  const [dq, dr] = DIRS[d]!;
  return nameAt(q + dq * steps, r + dr * steps);
}

/** Adjacent cells (R1). */
export function neighbours(name: string): string[] {
  return DIRS.map((_, d) => toward(name, d)).filter((n): n is string => n !== undefined);
}

/** A piece letter as APN writes it; `*` marks a captured piece. */
export type Code = 'Q' | 'G' | 'q' | 'g' | 'Q*' | 'G*' | 'q*' | 'g*';

/** APN text for the given pieces, written the way NOTATION.md describes, without the engine. */
export function apn(
  pieces: Readonly<Record<string, Code>>,
  turn: 'w' | 'b' = 'w',
  hand = '',
): string {
  for (const cell of Object.keys(pieces)) {
    if (!ALL_CELLS.includes(cell)) throw new Error(`test bug: ${cell} is not a cell`);
  }
  const files = FILE_LETTERS.map((f, i) => {
    let s = '';
    let vacant = 0;
    for (let rank = 1; rank <= FILE_LENGTHS[i]!; rank++) {
      const p = pieces[`${f}${rank}`];
      if (p === undefined) vacant++;
      else {
        if (vacant) s += vacant;
        vacant = 0;
        s += p;
      }
    }
    return vacant ? s + vacant : s;
  });
  return `${files.join('/')} ${turn}${hand ? ` ${hand}` : ''}`;
}

// Bystanders: pieces a scenario does not name are parked on these outer cells, White's at
// the bottom right and Black's at the top right, far from the cells scenarios use.
export const WHITE_PARK = ['l1', 'k1', 'i1', 'h1', 'g1', 'l2', 'l3'];
export const BLACK_PARK = ['l6', 'k7', 'i8', 'h9', 'g10', 'f11', 'l5'];

/**
 * APN of a scenario: the named pieces plus, for each side, a queen and enough guards to make
 * six (minus those in hand) parked on WHITE_PARK / BLACK_PARK cells not already used.
 */
export function scene(
  pieces: Readonly<Record<string, Code>>,
  turn: 'w' | 'b' = 'w',
  hand: { white: number; black: number } = { white: 0, black: 0 },
): string {
  const all: Record<string, Code> = { ...pieces };
  const park = (cells: string[], queen: Code, guard: Code, guardsWanted: number) => {
    const letters = Object.values(all);
    let needQueen = !letters.some((c) => c[0] === queen);
    let guards = letters.filter((c) => c[0] === guard).length;
    for (const cell of cells) {
      if (all[cell] !== undefined) continue;
      if (needQueen) {
        all[cell] = queen;
        needQueen = false;
      } else if (guards < guardsWanted) {
        all[cell] = guard;
        guards++;
      }
    }
  };
  park(WHITE_PARK, 'Q', 'G', 6 - hand.white);
  park(BLACK_PARK, 'q', 'g', 6 - hand.black);
  const h = hand.white || hand.black ? `${hand.white}/${hand.black}` : '';
  return apn(all, turn, h);
}

/** Parses APN that the test knows to be valid; a failure is a test or engine bug. */
export function load(text: string): Position {
  const r = parseApn(text);
  if (!r.ok) throw new Error(`expected a valid APN: ${text}: ${r.error.code} ${r.error.message}`);
  return r.value;
}

/** A move from canonical text. */
export function mv(text: string): Move {
  const r = parseMoveText(text);
  if (!r.ok) throw new Error(`expected move text: ${text}: ${r.error.message}`);
  return r.value;
}

/** Plays moves given as text, each of which must be legal. */
export function playAll(pos: Position, ...moves: string[]): Position {
  for (const t of moves) {
    const m = mv(t);
    if (!pos.isLegal(m)) throw new Error(`expected ${t} to be legal`);
    pos.make(m);
  }
  return pos;
}

/** The legal moves as sorted canonical text. */
export function legalTexts(pos: Position): string[] {
  return pos.legalMoves().map(makeMoveText).sort();
}

/** Sorted copy, for comparing sets of move texts. */
export function sorted(list: readonly string[]): string[] {
  return [...list].sort();
}

/** Vacant cells of the outer ring in a position given as a map of occupied cells. */
export function vacantOuter(occupied: Iterable<string>): string[] {
  const taken = new Set(occupied);
  return SPEC_OUTER_RING.filter((c) => !taken.has(c));
}

/** Reads the piece map back from APN text (valid APN only), for vacancy counting. */
export function occupiedCells(text: string): Map<string, Code> {
  const out = new Map<string, Code>();
  const files = text.split(' ')[0]!.split('/');
  files.forEach((fileText, i) => {
    let rank = 1;
    for (const m of fileText.matchAll(/(\d+)|([QGqg]\*?)/g)) {
      if (m[1] !== undefined) rank += Number(m[1]);
      else out.set(`${FILE_LETTERS[i]}${rank++}`, m[2] as Code);
    }
  });
  return out;
}
