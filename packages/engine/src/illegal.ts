// Why a turn is not legal, decided once here as data so every front end (the English of the
// CLI, AEP, AGN reader and server; the app's translations) gives the same reason.

import { cellName, distance, neighbour, OUTER_RING, parseCell, ring, THRONE } from './hex.ts';
import { type Move, moveFrom, moveKind, moveTo, PASS, PLACEMENT, RELOCATION } from './move.ts';
import { CAPTURED_BIT, type Colour, colourBit, opposite, QUEEN_BIT } from './piece.ts';
import type { Position } from './position.ts';
import type { AgonError } from './result.ts';

/** Every reason a turn can be refused, in the order checked (the first that applies wins). */
export const ILLEGAL_CODES = [
  'game-over',
  'pass',
  'queen-to-relocate',
  'guard-to-relocate',
  'not-captured',
  'queen-first',
  'relocation-occupied',
  'guard-not-outer',
  'relocation-impossible',
  'nothing-captured',
  'must-place',
  'placement-throne',
  'placement-occupied',
  'placement-impossible',
  'no-hand',
  'no-piece',
  'enemy-piece',
  'captured-step',
  'not-adjacent',
  'outward',
  'step-occupied',
  'guard-throne',
  'forbidden',
  'step-impossible',
] as const;

/** A reason code; front ends key their sentences by it. */
export type IllegalCode = (typeof ILLEGAL_CODES)[number];

/** A rule of RULES.md by its number, as sentences cite it. */
export type RuleId = `R${number}`;

// The rules each reason cites. No-piece and enemy-piece break R7 ("move one of your
// pieces") though their sentences, older than this table, do not print it.
const CITES = {
  'game-over': ['R11'],
  pass: ['R15'],
  'queen-to-relocate': ['R6', 'R10'],
  'guard-to-relocate': ['R6', 'R10'],
  'not-captured': ['R10'],
  'queen-first': ['R10'],
  'relocation-occupied': ['R10'],
  'guard-not-outer': ['R10'],
  'relocation-impossible': ['R10'],
  'nothing-captured': ['R10'],
  'must-place': ['R14'],
  'placement-throne': ['R14'],
  'placement-occupied': ['R14'],
  'placement-impossible': ['R14'],
  'no-hand': ['R14'],
  'no-piece': ['R7'],
  'enemy-piece': ['R7'],
  'captured-step': ['R9'],
  'not-adjacent': ['R7'],
  outward: ['R7'],
  'step-occupied': ['R7'],
  'guard-throne': ['R7'],
  forbidden: ['R8'],
  'step-impossible': ['R7'],
} as const satisfies Record<IllegalCode, readonly RuleId[]>;

// What each reason carries besides its code and rules: cells by name, `colour` the side to move.
interface IllegalParams {
  'game-over': object;
  pass: object;
  'queen-to-relocate': { colour: Colour; cell: string };
  'guard-to-relocate': { colour: Colour };
  'not-captured': { colour: Colour; cell: string };
  'queen-first': { cell: string };
  'relocation-occupied': { cell: string };
  'guard-not-outer': { cell: string; ring: number };
  'relocation-impossible': object;
  'nothing-captured': { colour: Colour };
  'must-place': { colour: Colour; count: number };
  'placement-throne': object;
  'placement-occupied': { cell: string };
  'placement-impossible': object;
  'no-hand': { colour: Colour };
  'no-piece': { colour: Colour; cell: string };
  'enemy-piece': { colour: Colour; cell: string };
  'captured-step': { cell: string };
  'not-adjacent': { from: string; to: string };
  outward: { from: string; to: string; fromRing: number; toRing: number };
  'step-occupied': { cell: string };
  'guard-throne': object;
  forbidden: { colour: Colour; cell: string; flanks: readonly [string, string] };
  'step-impossible': object;
}

/** Why a turn is illegal, as plain data: `IllegalReason<'forbidden'>` is one kind of reason. */
export type IllegalReason<C extends IllegalCode = IllegalCode> = {
  [K in C]: { readonly code: K; readonly rules: (typeof CITES)[K] } & Readonly<IllegalParams[K]>;
}[C];

/** The reason `move` is illegal in `pos`, or undefined when it is legal. */
export function illegalReason(pos: Position, move: Move): IllegalReason | undefined {
  if (pos.isLegal(move)) return undefined;
  const reason = <K extends IllegalCode>(
    code: K,
    ...params: object extends IllegalParams[K] ? [] : [IllegalParams[K]]
  ): IllegalReason =>
    ({ code, rules: CITES[code], ...(params[0] as IllegalParams[K]) }) as IllegalReason;
  const us = pos.turn;
  const colour = pos.turnColour;
  const kind = moveKind(move);
  const from = moveFrom(move);
  const to = moveTo(move);
  const b = pos.board;
  if (pos.throneRing() >= 0) return reason('game-over');
  if (kind === PASS) return reason('pass');
  if (pos.capturedCount[us]! > 0) {
    const queen = pos.queenCell[us]!;
    if (kind !== RELOCATION) {
      return b[queen]! & CAPTURED_BIT
        ? reason('queen-to-relocate', { colour, cell: cellName(queen) })
        : reason('guard-to-relocate', { colour });
    }
    if ((b[from]! & (CAPTURED_BIT | colourBit(us))) !== (CAPTURED_BIT | colourBit(us))) {
      return reason('not-captured', { colour, cell: cellName(from) });
    }
    if (b[queen]! & CAPTURED_BIT && from !== queen) {
      return reason('queen-first', { cell: cellName(queen) });
    }
    if (b[to] !== 0) return reason('relocation-occupied', { cell: cellName(to) });
    if (!(b[from]! & QUEEN_BIT) && !OUTER_RING.includes(to)) {
      return reason('guard-not-outer', { cell: cellName(to), ring: ring[to]! });
    }
    return reason('relocation-impossible');
  }
  if (kind === RELOCATION) return reason('nothing-captured', { colour });
  if (pos.hand[us]! > 0) {
    if (kind !== PLACEMENT) return reason('must-place', { colour, count: pos.hand[us]! });
    if (to === THRONE) return reason('placement-throne');
    if (b[to] !== 0) return reason('placement-occupied', { cell: cellName(to) });
    return reason('placement-impossible');
  }
  if (kind === PLACEMENT) return reason('no-hand', { colour });
  // A step (R7, R8).
  const piece = b[from]!;
  if (!piece) return reason('no-piece', { colour, cell: cellName(from) });
  if (!(piece & colourBit(us))) return reason('enemy-piece', { colour, cell: cellName(from) });
  if (piece & CAPTURED_BIT) return reason('captured-step', { cell: cellName(from) });
  const names = { from: cellName(from), to: cellName(to) };
  if (distance(from, to) !== 1) return reason('not-adjacent', names);
  if (ring[to]! > ring[from]!) {
    return reason('outward', { ...names, fromRing: ring[from]!, toRing: ring[to]! });
  }
  if (b[to] !== 0) return reason('step-occupied', { cell: names.to });
  if (to === THRONE && !(piece & QUEEN_BIT)) return reason('guard-throne');
  if (pos.isForbidden(to, us)) {
    for (let d = 0; d < 3; d++) {
      const x = neighbour[to * 6 + d]!;
      const y = neighbour[to * 6 + d + 3]!;
      const them = colourBit(1 - us);
      if (x >= 0 && y >= 0 && b[x]! & them && b[y]! & them) {
        return reason('forbidden', {
          colour,
          cell: names.to,
          flanks: [cellName(x), cellName(y)],
        });
      }
    }
  }
  return reason('step-impossible');
}

const colourWord = (colour: Colour): string => (colour === 'white' ? 'White' : 'Black');

// The English sentence of each reason; `pos` only supplies the wording of an occupied cell.
const ENGLISH: {
  readonly [K in IllegalCode]: (r: IllegalReason<K>, pos: Position) => string;
} = {
  'game-over': () => 'the game is over: the throne ring is complete (R11)',
  pass: () => 'pass is only for touch-move (R15), when the touched piece has no legal move',
  'queen-to-relocate': (r) =>
    `${colourWord(r.colour)}'s captured queen on ${r.cell} must be relocated this turn (R6, R10)`,
  'guard-to-relocate': (r) =>
    `${colourWord(r.colour)} has a captured guard: this turn must relocate it (R6, R10)`,
  'not-captured': (r) => `${r.cell} does not hold a captured ${r.colour} piece (R10)`,
  'queen-first': (r) => `the captured queen on ${r.cell} is relocated before any guard (R10)`,
  'relocation-occupied': (r, pos) =>
    `${describe(pos, r.cell)}; a piece is relocated to a vacant cell (R10)`,
  'guard-not-outer': (r) =>
    `a captured guard goes to a vacant cell of the outer ring, and ${r.cell} is in ring ${r.ring} (R10)`,
  'relocation-impossible': () => 'that relocation is not possible (R10)',
  'nothing-captured': (r) =>
    `no ${r.colour} piece is captured, so there is nothing to relocate (R10)`,
  'must-place': (r) =>
    `${colourWord(r.colour)} still has ${r.count} guard(s) in hand and must place one (R14)`,
  'placement-throne': () => 'no guard may be placed on the throne f6 (R14)',
  'placement-occupied': (r, pos) =>
    `${describe(pos, r.cell)}; a guard is placed on a vacant cell (R14)`,
  'placement-impossible': () => 'that placement is not possible (R14)',
  'no-hand': (r) => `${colourWord(r.colour)} has no guard in hand to place (R14)`,
  'no-piece': (r, pos) => notYours(pos, r.cell, r.colour),
  'enemy-piece': (r, pos) => notYours(pos, r.cell, r.colour),
  'captured-step': (r) => `the piece on ${r.cell} is captured: it cannot step until relocated (R9)`,
  'not-adjacent': (r) =>
    `${r.from} and ${r.to} are not adjacent; a step goes to a neighbouring cell (R7)`,
  outward: (r) =>
    `a step never goes outward, and ${r.from}-${r.to} goes from ring ${r.fromRing} to ring ${r.toRing} (R7)`,
  'step-occupied': (r, pos) => `${describe(pos, r.cell)}; a step goes to a vacant cell (R7)`,
  'guard-throne': () => 'only a queen may enter the throne f6 (R7)',
  forbidden: (r) =>
    `${r.cell} lies between two ${colourWord(opposite(r.colour))} pieces, on ${r.flanks[0]} and ${r.flanks[1]}: no step may end there (R8)`,
  'step-impossible': () => 'that step is not possible (R7)',
};

// Reasons name cells; a malformed move number names the off-board cell '?', which is vacant.
const describe = (pos: Position, name: string): string => {
  const cell = parseCell(name);
  return cell < 0 ? `${name} is vacant` : pos.describeCell(cell);
};

const notYours = (pos: Position, name: string, colour: Colour): string =>
  `${describe(pos, name)}, not a ${colour} piece; ${colourWord(colour)} is to move`;

/** The reason `move` is illegal in `pos`, in English citing the rule, or undefined when legal. */
export function explainIllegal(pos: Position, move: Move): AgonError | undefined {
  const r = illegalReason(pos, move);
  return r && { code: 'illegal-move', message: sentence(r, pos) };
}

// Generic so that TypeScript pairs each reason with the sentence written for its own code.
function sentence<K extends IllegalCode>(r: IllegalReason<K>, pos: Position): string {
  return ENGLISH[r.code](r, pos);
}
