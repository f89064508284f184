// A deliberately slow, literal reading of RULES.md R6-R12 and R14 over cell names, written
// without looking at the engine's bit tricks. Property tests compare the engine against it.

import {
  ALL_CELLS,
  apn,
  type Code,
  DIRS,
  occupiedCells,
  ringOf,
  SPEC_OUTER_RING,
  SPEC_RING1,
  toward,
} from './helpers.ts';

export interface RefState {
  readonly cells: Map<string, Code>;
  readonly turn: 'w' | 'b';
  readonly hand: { white: number; black: number };
}

const THRONE = 'f6';

export function refFromApn(text: string): RefState {
  const [, turn, hand] = text.split(' ');
  const [w, b] = (hand ?? '0/0').split('/').map(Number);
  return { cells: occupiedCells(text), turn: turn as 'w' | 'b', hand: { white: w!, black: b! } };
}

export function refToApn(s: RefState): string {
  const h = s.hand.white || s.hand.black ? `${s.hand.white}/${s.hand.black}` : '';
  return apn(Object.fromEntries(s.cells), s.turn, h);
}

const isWhite = (c: Code): boolean => c[0] === 'Q' || c[0] === 'G';
const ownedBy = (c: Code | undefined, turn: 'w' | 'b'): boolean =>
  c !== undefined && isWhite(c) === (turn === 'w');
const isQueen = (c: Code): boolean => c[0] === 'Q' || c[0] === 'q';
const isCaptured = (c: Code): boolean => c.endsWith('*');

/** R2 + R8: `cell` lies between two pieces of the side not `turn` (captured or not). */
export function refForbidden(s: RefState, cell: string, turn: 'w' | 'b'): boolean {
  const enemy = turn === 'w' ? 'b' : 'w';
  for (let d = 0; d < 3; d++) {
    const a = toward(cell, d);
    const b = toward(cell, d + 3);
    if (a && b && ownedBy(s.cells.get(a), enemy) && ownedBy(s.cells.get(b), enemy)) return true;
  }
  return false;
}

/** Every legal turn (R6) as canonical text. */
export function refMoves(s: RefState): string[] {
  const mine = [...s.cells].filter(([, c]) => ownedBy(c, s.turn));
  const vacant = ALL_CELLS.filter((c) => !s.cells.has(c));
  const captured = mine.filter(([, c]) => isCaptured(c));
  if (captured.length > 0) {
    // R10: the captured queen first, to any vacant cell; else any captured guard, outer ring.
    const queen = captured.find(([, c]) => isQueen(c));
    if (queen) return vacant.map((to) => `${queen[0]}@${to}`);
    const outer = SPEC_OUTER_RING.filter((c) => !s.cells.has(c));
    return captured.flatMap(([from]) => outer.map((to) => `${from}@${to}`));
  }
  if ((s.turn === 'w' ? s.hand.white : s.hand.black) > 0) {
    return vacant.filter((c) => c !== THRONE).map((to) => `@${to}`); // R14
  }
  const out: string[] = [];
  for (const [from, code] of mine) {
    for (let d = 0; d < 6; d++) {
      const to = toward(from, d);
      if (!to || s.cells.has(to)) continue;
      if (ringOf(to) > ringOf(from)) continue; // R7 never outward
      if (to === THRONE && !isQueen(code)) continue; // R7 only a queen
      if (refForbidden(s, to, s.turn)) continue; // R8
      out.push(`${from}-${to}`);
    }
  }
  return out;
}

/** The position after a legal turn given as canonical text. */
export function refApply(s: RefState, text: string): RefState {
  const cells = new Map(s.cells);
  const hand = { ...s.hand };
  const next = s.turn === 'w' ? 'b' : 'w';
  if (text === 'pass') return { cells, turn: next, hand };
  if (text.startsWith('@')) {
    cells.set(text.slice(1), s.turn === 'w' ? 'G' : 'g');
    if (s.turn === 'w') hand.white--;
    else hand.black--;
    return { cells, turn: next, hand };
  }
  const relocation = text.includes('@');
  const [from, to] = text.split(relocation ? '@' : '-') as [string, string];
  const piece = cells.get(from)!;
  cells.delete(from);
  if (relocation) {
    cells.set(to, piece[0] as Code); // R10: no longer captured, captures nothing
    return { cells, turn: next, hand };
  }
  cells.set(to, piece);
  for (let d = 0; d < DIRS.length; d++) {
    // R9: X + d enemy, X + 2d ours (captured or not) -> X + d captured.
    const x1 = toward(to, d);
    const x2 = toward(to, d, 2);
    if (!x1 || !x2) continue;
    const e = cells.get(x1);
    if (e && ownedBy(e, next) && ownedBy(cells.get(x2), s.turn)) cells.set(x1, `${e[0]}*` as Code);
  }
  return { cells, turn: next, hand };
}

/** R11 then R12 as the winner's letter ('w' / 'b'), or undefined while the game goes on. */
export function refWinner(s: RefState): 'w' | 'b' | undefined {
  const ring = SPEC_RING1.map((c) => s.cells.get(c));
  for (const side of ['w', 'b'] as const) {
    if (ring.every((c) => c !== undefined && !isQueen(c) && ownedBy(c, side))) {
      const throne = s.cells.get(THRONE);
      const queenThere = throne !== undefined && isQueen(throne) && ownedBy(throne, side);
      return queenThere ? side : side === 'w' ? 'b' : 'w';
    }
  }
  if (refMoves(s).length === 0) return s.turn === 'w' ? 'b' : 'w';
  return undefined;
}
