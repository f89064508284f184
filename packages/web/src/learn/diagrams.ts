// The small boards of the rules page: each a few pieces written compactly (`Gk1 gl2 g*c7`:
// letter as in APN, `*` for captured, then the cell), the marks that make its point, and
// for the lines of R2 the lines themselves, drawn over the board by the figure.

import {
  CELL_COUNT,
  type Colour,
  cellFile,
  cellRank,
  neighbour,
  OUTER_RING,
  type Piece,
  PLACEMENT_APN,
  parseApnSetup,
  parseCell,
  RING1,
  STANDARD_APN,
  stepStart,
  stepTargets,
  THRONE,
} from '@agon/engine';
import type { BoardConfig } from '../board/config.ts';
import type { PlainLearnKey } from './words.ts';

/** One diagram: what it shows and the caption that says so. */
export interface Diagram {
  readonly caption: PlainLearnKey;
  readonly config: BoardConfig;
  /** Straight lines to draw, each the cells it runs through in order (R2). */
  readonly lines?: readonly (readonly number[])[];
  /** A wide figure, drawn larger than the others (a board full of names). */
  readonly wide?: boolean;
}

type Board = (Piece | undefined)[];

const ROLES = { q: 'queen', g: 'guard' } as const;

/** The pieces of a compact list like `Qf6 Ge5 g*c7`. */
function place(list: string): Board {
  const board: Board = new Array(CELL_COUNT).fill(undefined);
  for (const token of list.split(' ')) {
    const m = /^([QGqg])(\*?)([a-l]\d+)$/.exec(token);
    if (!m) throw new Error(`bad diagram piece ${token}`);
    const letter = m[1]!;
    const colour: Colour = letter === letter.toUpperCase() ? 'white' : 'black';
    const role = ROLES[letter.toLowerCase() as 'q' | 'g'];
    board[parseCell(m[3]!)] = { colour, role, captured: m[2] === '*' };
  }
  return board;
}

function fromApn(apn: string): Board {
  const setup = parseApnSetup(apn);
  if (!setup.ok) throw new Error(setup.error.message);
  return [...setup.value.board];
}

// Whether `cell` lies between two pieces of the colour other than `mover` (R2, R8).
function flanked(board: Board, cell: number, mover: Colour): boolean {
  for (let d = 0; d < 3; d++) {
    const a = board[neighbour[cell * 6 + d]!];
    const b = board[neighbour[cell * 6 + d + 3]!];
    if (a && b && a.colour !== mover && b.colour !== mover) return true;
  }
  return false;
}

/** The step marks of the piece on `from`: where it may go, and where R8 forbids (R7, R8). */
function steps(board: Board, from: string): BoardConfig {
  const cell = parseCell(from);
  const piece = board[cell]!;
  const dests: number[] = [];
  const blocked: number[] = [];
  for (let k = stepStart[cell]!; k < stepStart[cell + 1]!; k++) {
    const to = stepTargets[k]!;
    if (board[to] || (to === THRONE && piece.role !== 'queen')) continue;
    (flanked(board, to, piece.colour) ? blocked : dests).push(to);
  }
  return {
    selected: cell,
    movable: { dests: new Map([[cell, dests]]), blocked: new Map([[cell, blocked]]) },
  };
}

const cells = (names: string): number[] => names.split(' ').map(parseCell);

/** The straight line through `cell` in direction d and its opposite, edge to edge (R2). */
export function lineThrough(cell: number, d: number): number[] {
  const walk = (dir: number): number[] => {
    const out: number[] = [];
    for (let c = neighbour[cell * 6 + dir]!; c >= 0; c = neighbour[c * 6 + dir]!) out.push(c);
    return out;
  };
  return [...walk(d + 3).reverse(), cell, ...walk(d)];
}

// The cell whose lines R2's figure draws: off-centre, so that its lines differ in length.
const LINES_CELL = parseCell('d5');

const STEP = place('Gd3 ge4 Gb1 gh1');
const FORBIDDEN = place('Gk1 gl2 gi2 Gl5 gh1');
const CAPTURE = place('Gb6 g*c7 Gd8 Qf1 qf11');
const RELOCATION = place('g*e5 Qf6 Gf1 Ga5 gh1 gd1 Gl5 qk7');
const WIN = place('Qf6 Ge5 Ge6 Gf5 Gf7 Gg5 Gg6 qf11 gh1 gd1');
const LOSE = place('Qf3 Ge5 Ge6 Gf5 Gf7 Gg5 Gg6 qf11 gh1 gd1');
const CAPTOR = place('Qf6 Ge5 Ge6 Gf5 Gf7 Gg5 Gh5 q*d4 gh1 gc8 gi8 ge10 ga4 gg9');

/** The diagrams of the rules page, by name. */
export const DIAGRAMS = {
  board: {
    caption: 'fig.board',
    config: { coordinates: cells('a1 a6 f1 f6 f11 l1 l6'), highlight: RING1 },
  },
  lines: {
    caption: 'fig.lines',
    config: {
      coordinates: [LINES_CELL, ...[0, 1, 2, 3, 4, 5].map((d) => neighbour[LINES_CELL * 6 + d]!)],
      highlight: [LINES_CELL],
    },
    lines: [2, 0, 1].map((d) => lineThrough(LINES_CELL, d)),
  },
  start: { caption: 'fig.start', config: { pieces: fromApn(STANDARD_APN) } },
  step: { caption: 'fig.step', config: { pieces: STEP, ...steps(STEP, 'd3') } },
  forbidden: { caption: 'fig.forbidden', config: { pieces: FORBIDDEN, ...steps(FORBIDDEN, 'k1') } },
  capture: { caption: 'fig.capture', config: { pieces: CAPTURE, hint: cells('a5 b6') } },
  relocation: {
    caption: 'fig.relocation',
    config: {
      pieces: RELOCATION,
      selected: parseCell('e5'),
      movable: {
        dests: new Map([[parseCell('e5'), OUTER_RING.filter((c) => !RELOCATION[c])]]),
      },
    },
  },
  win: { caption: 'fig.win', config: { pieces: WIN, highlight: RING1 } },
  lose: { caption: 'fig.lose', config: { pieces: LOSE, highlight: [...RING1, THRONE] } },
  placement: { caption: 'fig.placement', config: { pieces: fromApn(PLACEMENT_APN) } },
  // R16: the captor sends the queen far from the gap at g6 that her owner would fill.
  captor: {
    caption: 'fig.captor',
    config: { pieces: CAPTOR, hint: cells('d4 a1'), highlight: cells('g6') },
  },
  // Every cell named; file c and rank 1 outlined, to show which way each runs.
  names: {
    caption: 'fig.names',
    config: {
      coordinates: true,
      highlight: Array.from({ length: CELL_COUNT }, (_, c) => c).filter(
        (c) => cellFile[c] === 2 || cellRank[c] === 1,
      ),
    },
    wide: true,
  },
} as const satisfies Record<string, Diagram>;
