// One scenario block per rule of RULES.md. Positions are built by hand (helpers.scene writes
// the APN from the cells named here; unnamed pieces are parked on far outer cells) and every
// expected result is worked out from the rule text, as the comments explain.

import { describe, expect, it } from 'vitest';
import {
  captorChooses,
  cellName,
  explainIllegal,
  Game,
  type GameOptions,
  makeApn,
  makeMoveText,
  moveFrom,
  moveKind,
  outcomeSide,
  PASS_MOVE,
  PLACEMENT,
  PLACEMENT_APN,
  Position,
  parseApn,
  parseCell,
  RELOCATION,
  STANDARD_APN,
  STEP,
  startPosition,
  variantOf,
} from '../src/index.ts';
import { BLACK, WHITE } from '../src/piece.ts';
import { MAX_MOVES } from '../src/position.ts';
import { standardSetup } from '../src/setup.ts';
import {
  ALL_CELLS,
  apn,
  axial,
  type Code,
  legalTexts,
  load,
  mv,
  nameAt,
  occupiedCells,
  playAll,
  SPEC_OUTER_RING,
  scene,
  sorted,
  vacantOuter,
} from './helpers.ts';

const cell = parseCell;

/** The moves of one piece, as sorted text. */
const movesFrom = (pos: Position, from: string): string[] =>
  legalTexts(pos).filter((t) => t.startsWith(`${from}-`) || t.startsWith(`${from}@`));

/** Vacant cells of a position built by `scene`, from its own APN text. */
const vacantCells = (text: string): string[] => {
  const occ = occupiedCells(text);
  return ALL_CELLS.filter((c) => !occ.has(c));
};

// R4 as RULES.md lists it.
const R4_PIECES: Record<string, Code> = {
  f1: 'Q',
  b1: 'G',
  k1: 'G',
  a5: 'G',
  l5: 'G',
  d9: 'G',
  h9: 'G',
  f11: 'q',
  h1: 'g',
  d1: 'g',
  l2: 'g',
  a2: 'g',
  k7: 'g',
  b7: 'g',
};

// White's first moves worked out by hand from R7/R8: no start piece of White's is next to a
// cell lying between two Black pieces, so every vacant same-or-inner neighbour counts.
const WHITE_FIRST_MOVES = [
  ...['f1-g1', 'f1-f2', 'f1-e1'], // the queen: e1 and g1 sideways, f2 inward
  ...['b1-c1', 'b1-c2', 'b1-b2', 'b1-a1'],
  ...['k1-i1', 'k1-i2', 'k1-k2', 'k1-l1'], // the mirror image of b1's
  ...['a5-a6', 'a5-a4', 'a5-b5', 'a5-b6'],
  ...['l5-l6', 'l5-l4', 'l5-k5', 'l5-k6'],
  ...['d9-e9', 'd9-e10', 'd9-c8', 'd9-d8'],
  ...['h9-g9', 'h9-g10', 'h9-i8', 'h9-h8'],
];

// White's only legal step is a1-b2: the queen is on the throne, the ring-1 guards are boxed
// in by each other and Black's g6, and a1's other neighbours b1 and a2 are taken. Black's
// parked queen l6 and guards k7 i8 h9 leave g10 free for h9-g10 and back.
const STUCK = scene({
  f6: 'Q',
  e5: 'G',
  e6: 'G',
  f5: 'G',
  f7: 'G',
  g5: 'G',
  a1: 'G',
  g6: 'g',
  a2: 'g',
  b1: 'g',
});

describe('R1 cells and rings', () => {
  // The geometry itself (ring sizes, corners, names) is checked in hex.test.ts.
  it('gives a position one entry per cell, in the APN cell order callers index by', () => {
    const board = load(STANDARD_APN).toSetup().board;
    expect(board).toHaveLength(91);
    const occupied = ALL_CELLS.filter((_, i) => board[i] !== undefined);
    expect(occupied.sort()).toEqual(Object.keys(R4_PIECES).sort());
  });
});

describe('R2 lines', () => {
  it('lets a step end on a corner cell whatever enemies stand around it', () => {
    // a1's neighbours are b1, b2, a2; b1 and b2 are not on one line through a1.
    const pos = load(scene({ a2: 'G', c1: 'G', b1: 'g', b2: 'g' }));
    expect(pos.isForbidden(cell('a1'), WHITE)).toBe(false);
    playAll(pos, 'a2-a1');
    // The step still captures along the edge: b1 lies between a1 and White's c1 (R9).
    expect(pos.pieceAt(cell('b1'))?.captured).toBe(true);
    expect(pos.pieceAt(cell('b2'))?.captured).toBe(false);
  });

  it('does put a non-corner edge cell between its two edge neighbours', () => {
    const pos = load(scene({ a2: 'g', a4: 'g' }));
    expect(pos.isForbidden(cell('a3'), WHITE)).toBe(true);
    expect(pos.isForbidden(cell('a3'), BLACK)).toBe(false);
  });

  it('never forbids any corner, even with enemies on every neighbour', () => {
    const around: Record<string, Record<string, Code>> = {
      a1: { b1: 'g', b2: 'g', a2: 'g' },
      a6: { a5: 'g', b6: 'g', b7: 'g' },
      f11: { e10: 'g', f10: 'g', g10: 'g' },
      l6: { l5: 'g', k6: 'g', k7: 'g' },
      l1: { k1: 'g', k2: 'g', l2: 'g' },
      f1: { e1: 'g', f2: 'g', g1: 'g' },
    };
    for (const [corner, enemies] of Object.entries(around)) {
      // Black's queen sits on d4 so the corners f11 and l6 stay free of parked pieces.
      const pos = load(apnWith({ ...enemies, d4: 'q', e3: 'Q' }));
      expect(pos.isForbidden(cell(corner), WHITE), corner).toBe(false);
    }
  });
});

/** A full position around the given pieces, parking on cells away from every corner. */
function apnWith(pieces: Record<string, Code>): string {
  const all = { ...pieces };
  const freeW = ['c3', 'c4', 'c5', 'd3', 'd5', 'd6', 'e4'];
  const freeB = ['h3', 'h4', 'h5', 'i3', 'i4', 'i5', 'g3'];
  let w = Object.values(all).filter((c) => c === 'G').length;
  let b = Object.values(all).filter((c) => c === 'g').length;
  for (const c of freeW) {
    if (w < 6 && !all[c]) {
      all[c] = 'G';
      w++;
    }
  }
  for (const c of freeB) {
    if (b < 6 && !all[c]) {
      all[c] = 'g';
      b++;
    }
  }
  return apn(all);
}

describe('R3 pieces', () => {
  it('accepts one queen and six guards a side and refuses other counts', () => {
    expect(parseApn(apn(R4_PIECES)).ok).toBe(true);
    const twoQueens = parseApn(apn({ ...R4_PIECES, b1: 'Q' }));
    expect(twoQueens.ok || twoQueens.error.code).toBe('queen-count');
    const noQueen = parseApn(apn({ ...R4_PIECES, f11: 'g' }));
    expect(noQueen.ok || noQueen.error.code).toBe('queen-count');
    const fiveGuards = Object.fromEntries(Object.entries(R4_PIECES).filter(([c]) => c !== 'd9'));
    const short = parseApn(apn(fiveGuards));
    expect(short.ok || short.error.code).toBe('guard-count');
    const seven = parseApn(apn({ ...fiveGuards, d9: 'G', c4: 'G' }));
    expect(seven.ok).toBe(false);
  });
});

describe('R4 standard setup', () => {
  it('places the pieces RULES.md lists, as the APN of NOTATION.md says', () => {
    const written = apn(R4_PIECES);
    expect(written).toBe(STANDARD_APN);
    expect(makeApn(load(STANDARD_APN))).toBe(written);
    expect(makeApn(standardSetup())).toBe(written);
    expect(makeApn(startPosition('standard'))).toBe(written);
    expect(variantOf(startPosition('standard'))).toBe('standard');
    const setup = standardSetup();
    for (const [name, code] of Object.entries(R4_PIECES)) {
      const p = setup.board[cell(name)];
      expect(p?.colour, name).toBe(code === code.toUpperCase() ? 'white' : 'black');
      expect(p?.role, name).toBe(code.toLowerCase() === 'q' ? 'queen' : 'guard');
      expect(p?.captured, name).toBe(false);
    }
    expect(setup.board.filter(Boolean)).toHaveLength(14);
  });

  it('has all pieces on the outer ring, alternating in colour from the White queen', () => {
    const colours = SPEC_OUTER_RING.filter((c) => R4_PIECES[c]).map((c) =>
      R4_PIECES[c] === R4_PIECES[c]!.toUpperCase() ? 'W' : 'B',
    );
    expect(colours).toHaveLength(14);
    expect(colours.join('')).toBe('WB'.repeat(7));
  });

  it('is symmetric under a half turn with colours swapped', () => {
    for (const [name, code] of Object.entries(R4_PIECES)) {
      const [q, r] = axial(name);
      const image = nameAt(-q, -r)!;
      const swapped = code === code.toUpperCase() ? code.toLowerCase() : code.toUpperCase();
      expect(R4_PIECES[image], `${name} -> ${image}`).toBe(swapped);
    }
  });
});

describe('R5 first move', () => {
  it('gives White the first turn, with the moves worked out by hand', () => {
    const game = new Game(load(STANDARD_APN));
    expect(game.position.turnColour).toBe('white');
    expect(sorted(game.legalMoves().map(makeMoveText))).toEqual(sorted(WHITE_FIRST_MOVES));
    expect(load(PLACEMENT_APN).turnColour).toBe('white');
  });
});

describe('R6 what a turn is', () => {
  const withCapture = scene({ c4: 'G*' });
  it('forces a relocation while the mover has a captured piece', () => {
    const pos = load(withCapture);
    // Every vacant outer cell, none other: the captured piece is a guard (R10).
    const outer = vacantOuter(occupiedCells(withCapture).keys());
    // 30 outer cells less White's 6 and Black's 7 parked pieces.
    expect(outer).toHaveLength(17);
    expect(legalTexts(pos)).toEqual(sorted(outer.map((c) => `c4@${c}`)));
    // The parked guard on k1 could step inward to k2 were nothing captured.
    expect(load(scene({ c4: 'G' })).isLegal(mv('k1-k2'))).toBe(true);
    expect(pos.isLegal(mv('k1-k2'))).toBe(false);
    expect(explainIllegal(pos, mv('k1-k2'))?.message).toMatch(/R6/);
  });

  it('does not count pass as a turn when touch-move is off', () => {
    const game = new Game(load(STANDARD_APN));
    const r = game.play(PASS_MOVE);
    expect(r.ok).toBe(false);
    expect(game.moves).toHaveLength(0);
  });
});

describe('R7 step', () => {
  it('steps sideways or inward to adjacent vacant cells, never outward, never a jump', () => {
    // d4 is in ring 2: e4 and d5 are ring 2, e5 is ring 1, c3 c4 d3 are ring 3.
    const pos = load(scene({ d4: 'G', f5: 'Q' }));
    expect(movesFrom(pos, 'd4')).toEqual(sorted(['d4-e4', 'd4-d5', 'd4-e5']));
    expect(pos.isLegal(mv('d4-c4'))).toBe(false);
    expect(pos.isLegal(mv('d4-f4'))).toBe(false);
    // A queen next to the throne may enter it; f4, g4, e4 are outward.
    expect(movesFrom(pos, 'f5')).toEqual(sorted(['f5-e5', 'f5-g5', 'f5-f6']));
  });

  it('lets only a queen enter the throne', () => {
    const pos = load(scene({ f5: 'G' }));
    expect(movesFrom(pos, 'f5')).toEqual(sorted(['f5-e5', 'f5-g5']));
    expect(explainIllegal(pos, mv('f5-f6'))?.message).toMatch(/only a queen.*R7/);
  });

  it('leaves a queen on the throne without a step, even with ring 1 empty', () => {
    const pos = load(scene({ f6: 'Q' }));
    expect(movesFrom(pos, 'f6')).toEqual([]);
    expect(legalTexts(pos).length).toBeGreaterThan(0);
  });

  it('moves a piece on the outer ring along the edge or inward', () => {
    const pos = load(scene({ a3: 'G' }));
    expect(movesFrom(pos, 'a3')).toEqual(sorted(['a3-a2', 'a3-a4', 'a3-b3', 'a3-b4']));
  });
});

describe('R8 forbidden cell', () => {
  // c4 lies between c3 and c5 (one file); b4 steps inward onto it. Beyond c3 stands White's c2,
  // so without R8 the step would capture c3.
  const base = { b4: 'G', c2: 'G', c3: 'g' } as const;

  it('refuses a step between two enemies even when it would capture', () => {
    const pos = load(scene({ ...base, c5: 'g' }));
    expect(pos.isLegal(mv('b4-c4'))).toBe(false);
    expect(movesFrom(pos, 'b4')).not.toContain('b4-c4');
  });

  it('allows the same step once one of the two enemies is gone, and it captures', () => {
    const pos = load(scene(base));
    playAll(pos, 'b4-c4');
    expect(pos.pieceAt(cell('c3'))).toEqual({ colour: 'black', role: 'guard', captured: true });
  });

  it('counts a captured enemy as one of the two', () => {
    const pos = load(scene({ ...base, c5: 'g*' }));
    expect(pos.isLegal(mv('b4-c4'))).toBe(false);
  });

  it('does not mind own pieces on both sides', () => {
    const pos = load(scene({ b4: 'G', c3: 'G', c5: 'G' }));
    expect(pos.isLegal(mv('b4-c4'))).toBe(true);
  });

  it('lists the cells a piece could step to but for R8, for an interface to mark', () => {
    const pos = load(scene({ ...base, c5: 'g' }));
    expect(pos.forbiddenSteps(cell('b4')).map(cellName)).toEqual(['c4']);
    // Not a step turn for an enemy piece, nor for a vacant cell.
    expect(pos.forbiddenSteps(cell('c3'))).toEqual([]);
    expect(pos.forbiddenSteps(cell('d4'))).toEqual([]);
  });

  it('also guards the throne: a queen may not step between two enemies onto it', () => {
    // e5, f6, g6 are one line.
    expect(load(scene({ f5: 'Q', e5: 'g', g6: 'g' })).isLegal(mv('f5-f6'))).toBe(false);
    expect(load(scene({ f5: 'Q', e5: 'g' })).isLegal(mv('f5-f6'))).toBe(true);
  });
});

describe('R9 capture', () => {
  it('captures two pieces with one step', () => {
    // c5-d5: e5 (Black) then f5 (White) in one direction, d6 (Black) then d7 (White) in another.
    const pos = load(scene({ c5: 'G', f5: 'G', d7: 'G', e5: 'g', d6: 'g' }));
    expect(pos.capturedBy(mv('c5-d5')).map(cellName).sort()).toEqual(['d6', 'e5']);
    playAll(pos, 'c5-d5');
    expect(makeApn(pos)).toBe(scene({ d5: 'G', f5: 'G', d7: 'G', e5: 'g*', d6: 'g*' }, 'b'));
    expect(pos.relocating).toBe(true);
    expect(pos.capturedCount[BLACK]).toBe(2);
    // Black must now relocate one of the two, in any order (R10).
    const froms = new Set(legalTexts(pos).map((t) => t.split('@')[0]));
    expect([...froms].sort()).toEqual(['d6', 'e5']);
  });

  it('captures nothing by a piece that merely stands between two enemies', () => {
    // c4 (Black) already stands between White's c3 and c5; White steps b3-b4 next to it.
    const pos = load(scene({ c3: 'G', c5: 'G', c4: 'g', b3: 'G' }));
    expect(pos.capturedBy(mv('b3-b4'))).toEqual([]);
    playAll(pos, 'b3-b4');
    expect(makeApn(pos)).toBe(scene({ c3: 'G', c5: 'G', c4: 'g', b4: 'G' }, 'b'));
  });

  it('captures a piece on the throne', () => {
    // f5, f6, f7 are one file: White steps f4-f5 with its other guard on f7.
    const pos = load(scene({ f4: 'G', f7: 'G', f6: 'q' }));
    playAll(pos, 'f4-f5');
    expect(pos.pieceAt(cell('f6'))).toEqual({ colour: 'black', role: 'queen', captured: true });
    // The captured queen goes to any vacant cell: 91 cells less 14 pieces (R10).
    expect(legalTexts(pos)).toHaveLength(77);
    expect(legalTexts(pos).every((t) => t.startsWith('f6@'))).toBe(true);
  });

  it('still lets a captured piece flank as an enemy: the cell between stays forbidden (R8)', () => {
    const pos = load(scene({ b4: 'G', c2: 'G', c3: 'g', c5: 'g*' }));
    expect(pos.isLegal(mv('b4-c4'))).toBe(false);
  });

  it('cannot use the mover’s own captured piece as the far anchor, as R6 forbids the step', () => {
    // RULES R9 says the anchor may be captured, but a side with a captured piece must
    // relocate (R6), so no step is ever made while one of its own pieces is captured.
    const pos = load(scene({ b4: 'G', c2: 'G*', c3: 'g' }));
    expect(pos.isLegal(mv('b4-c4'))).toBe(false);
    expect(legalTexts(pos).every((t) => t.startsWith('c2@'))).toBe(true);
  });

  it('keeps an already captured piece captured, counted once', () => {
    // c4 is captured already; b5-c5 puts it between c5 and c3 again.
    const pos = load(scene({ c3: 'G', b5: 'G', c4: 'g*' }));
    playAll(pos, 'b5-c5');
    expect(pos.pieceAt(cell('c4'))?.captured).toBe(true);
    expect(legalTexts(pos).every((t) => t.startsWith('c4@'))).toBe(true);
    playAll(pos, 'c4@a1', 'k1-k2');
    // Black has nothing left to relocate, so steps again.
    const next = pos.legalMoves();
    expect(next.length).toBeGreaterThan(0);
    expect(next.every((m) => moveKind(m) === STEP)).toBe(true);
  });

  it('counts captured guards in ring 1 for the throne ring (R11)', () => {
    const pos = load(
      scene({ f6: 'Q', e5: 'G*', e6: 'G', f5: 'G', f7: 'G', g5: 'G', g6: 'G' }, 'b'),
    );
    expect(pos.outcome()).toEqual({ winner: 'white', reason: 'throne-ring' });
  });
});

describe('R10 relocation', () => {
  it('sends a captured queen to any vacant cell, the throne included', () => {
    const text = scene({ d4: 'q*' }, 'b');
    const pos = load(text);
    expect(legalTexts(pos)).toEqual(sorted(vacantCells(text).map((c) => `d4@${c}`)));
    expect(legalTexts(pos)).toHaveLength(77);
    playAll(pos, 'd4@f6');
    expect(pos.pieceAt(cell('f6'))).toEqual({ colour: 'black', role: 'queen', captured: false });
    expect(pos.pieceAt(cell('d4'))).toBeUndefined();
    expect(pos.turnColour).toBe('white');
    expect(pos.capturedCount[BLACK]).toBe(0);
  });

  it('gives six captured guards 180 turns, the most a position can have, within MAX_MOVES', () => {
    // Each of the six captured black guards may go to any of the 30 outer-ring cells.
    const pos = load('6/7/2qGGG2/2GGGg*g*2/2g*g*g*g*4/5Q5/10/9/8/7/6 b');
    const moves = legalTexts(pos);
    expect(moves).toHaveLength(180);
    expect(new Set(moves.map((t) => t.split('@')[1])).size).toBe(30);
    expect(moves.length).toBeLessThanOrEqual(MAX_MOVES);
  });

  it('relocates the captured queen before any captured guard, then guards to the outer ring', () => {
    const pos = load(scene({ d4: 'q*', c4: 'g*' }, 'b'));
    expect(legalTexts(pos)).toHaveLength(77);
    expect(legalTexts(pos).every((t) => t.startsWith('d4@'))).toBe(true);
    expect(explainIllegal(pos, mv('c4@a3'))?.message).toMatch(/queen on d4.*before.*R10/);
    // White parks Q l1 and guards k1 i1 h1 g1 l2 l3; Black guards l6 k7 i8 h9 g10.
    playAll(pos, 'd4@d5', 'l3-l4');
    const occupiedOuter = ['l1', 'k1', 'i1', 'h1', 'g1', 'l2', 'l4', 'l6', 'k7', 'i8', 'h9', 'g10'];
    const expected = SPEC_OUTER_RING.filter((c) => !occupiedOuter.includes(c));
    expect(expected).toHaveLength(18);
    expect(legalTexts(pos)).toEqual(sorted(expected.map((c) => `c4@${c}`)));
    expect(pos.isLegal(mv('c4@c3'))).toBe(false);
  });

  it('is not subject to R8 and captures nothing', () => {
    // a3 lies between White's a2 and a4, and a4 lies between a3 and Black's a5: a step to a3
    // would be forbidden, and were it allowed it would capture a4.
    const pos = load(scene({ c4: 'g*', a2: 'G', a4: 'G', a5: 'g' }, 'b'));
    expect(pos.isForbidden(cell('a3'), BLACK)).toBe(true);
    playAll(pos, 'c4@a3');
    expect(makeApn(pos)).toBe(scene({ a3: 'g', a2: 'G', a4: 'G', a5: 'g' }, 'w'));
    expect(legalTexts(pos).every((t) => t.includes('-'))).toBe(true);
  });

  it('lets a queen land between two enemies without capturing either', () => {
    // c4 is between White's c3 and c5, and c5 is between c4 and Black's c6.
    const pos = load(scene({ d4: 'q*', c3: 'G', c5: 'G', c6: 'g' }, 'b'));
    playAll(pos, 'd4@c4');
    expect(makeApn(pos)).toBe(scene({ c4: 'q', c3: 'G', c5: 'G', c6: 'g' }, 'w'));
  });

  it('lets the owner choose which captured guard goes first', () => {
    const text = scene({ c4: 'g*', d7: 'g*' }, 'b');
    const outer = vacantOuter(occupiedCells(text).keys());
    const pos = load(text);
    expect(legalTexts(pos)).toEqual(
      sorted(['c4', 'd7'].flatMap((f) => outer.map((c) => `${f}@${c}`))),
    );
  });
});

describe('R11 throne ring', () => {
  const fiveWhite = { e5: 'G', e6: 'G', f5: 'G', f7: 'G', g5: 'G' } as const;
  const fiveBlack = { e5: 'g', e6: 'g', f5: 'g', f7: 'g', g5: 'g' } as const;

  it('wins for the player whose guards close the ring round their own queen', () => {
    const start = load(scene({ ...fiveWhite, f6: 'Q', h5: 'G' }));
    expect(start.outcome()).toBeUndefined();
    const game = new Game(start);
    const r = game.play(mv('h5-g6'));
    expect(r.ok && r.value).toEqual({ winner: 'white', reason: 'throne-ring' });
    expect(game.outcome).toEqual({ winner: 'white', reason: 'throne-ring' });
    expect(outcomeSide(game.outcome!, game.position)).toBe('white');
    expect(game.resultText).toBe('1-0');
    expect(game.legalMoves()).toEqual([]);
  });

  it('loses for the player whose guards close the ring round an empty throne', () => {
    const pos = load(scene({ ...fiveWhite, h5: 'G' }));
    playAll(pos, 'h5-g6');
    expect(pos.outcome()).toEqual({ winner: 'black', reason: 'throne-ring' });
    // The words of the result speak of the ring's owner, who lost.
    expect(outcomeSide({ winner: 'black', reason: 'throne-ring' }, pos)).toBe('white');
  });

  it('loses for the player whose guards close the ring round the enemy queen', () => {
    // Closing on g6 also captures the queen (g6, f6, e5 are one line); it loses all the same.
    const pos = load(scene({ ...fiveWhite, f6: 'q', h5: 'G' }));
    playAll(pos, 'h5-g6');
    expect(pos.pieceAt(cell('f6'))?.captured).toBe(true);
    expect(pos.outcome()).toEqual({ winner: 'black', reason: 'throne-ring' });
  });

  it('works the same for Black', () => {
    const win = load(scene({ ...fiveBlack, f6: 'q', h5: 'g' }, 'b'));
    playAll(win, 'h5-g6');
    expect(win.outcome()).toEqual({ winner: 'black', reason: 'throne-ring' });
    const lose = load(scene({ ...fiveBlack, h5: 'g' }, 'b'));
    playAll(lose, 'h5-g6');
    expect(lose.outcome()).toEqual({ winner: 'white', reason: 'throne-ring' });
  });

  it('does not apply to a ring with a queen in it', () => {
    const pos = load(scene({ ...fiveWhite, g6: 'Q' }, 'b'));
    expect(pos.outcome()).toBeUndefined();
  });

  it('applies after a placement', () => {
    const hand = { white: 1, black: 0 };
    const win = load(scene({ ...fiveWhite, f6: 'Q' }, 'w', hand));
    expect(win.outcome()).toBeUndefined();
    playAll(win, '@g6');
    expect(win.outcome()).toEqual({ winner: 'white', reason: 'throne-ring' });
    const lose = load(scene(fiveWhite, 'w', hand));
    playAll(lose, '@g6');
    expect(lose.outcome()).toEqual({ winner: 'black', reason: 'throne-ring' });
  });

  it('applies during a placement game from the start', () => {
    const game = new Game(load(PLACEMENT_APN));
    const plies = ['@e5', '@a1', '@e6', '@a2', '@f5', '@a3', '@f7', '@a4', '@g5', '@a5'];
    for (const t of plies) expect(game.play(mv(t))).toEqual({ ok: true, value: undefined });
    const r = game.play(mv('@g6'));
    expect(r.ok && r.value).toEqual({ winner: 'black', reason: 'throne-ring' });
  });

  it('judges the position after a relocation', () => {
    // No relocation can close a ring (guards go to ring 5, a queen is no guard), so this
    // hand-made position already has a full ring: the relocation onto the throne turns the
    // verdict round. It checks the test is made on the position after the turn.
    const pos = load(scene({ ...fiveWhite, g6: 'G', d4: 'Q*' }));
    expect(pos.outcome()).toEqual({ winner: 'black', reason: 'throne-ring' });
    playAll(pos, 'd4@f6');
    expect(pos.outcome()).toEqual({ winner: 'white', reason: 'throne-ring' });
  });

  it('ends a game started from a finished position at once', () => {
    const game = new Game(load(scene({ ...fiveWhite, g6: 'G' })));
    expect(game.outcome).toEqual({ winner: 'black', reason: 'throne-ring' });
    expect(game.legalMoves()).toEqual([]);
  });
});

describe('R12 no legal move', () => {
  // White: queen on the throne (no step), five guards on ring 1 with Black's g6 closing it (no
  // step: every ring-1 neighbour and the throne are taken), a guard on a1 hemmed in by
  // Black's b1 and a2, while b2 lies between Black's b1 and b3.
  const blocked = {
    f6: 'Q',
    e5: 'G',
    e6: 'G',
    f5: 'G',
    f7: 'G',
    g5: 'G',
    a1: 'G',
    g6: 'g',
    a2: 'g',
    b3: 'g',
  } as const;

  it('loses for the player to move with no legal turn (Position.outcome)', () => {
    const pos = load(scene({ ...blocked, b1: 'g' }));
    expect(pos.legalMoves()).toEqual([]);
    expect(pos.outcome()).toEqual({ winner: 'black', reason: 'no-moves' });
  });

  it('ends a game when a step leaves the opponent without a turn (Game.outcome)', () => {
    const game = new Game(load(scene({ ...blocked, c1: 'g' }, 'b')));
    expect(game.outcome).toBeUndefined();
    const r = game.play(mv('c1-b1'));
    expect(r.ok && r.value).toEqual({ winner: 'black', reason: 'no-moves' });
    expect(game.outcome).toEqual({ winner: 'black', reason: 'no-moves' });
    // The side the result's words speak of is the one left without a turn.
    expect(outcomeSide(game.outcome!, game.position)).toBe('white');
    expect(game.resultText).toBe('0-1');
    const after = game.play(mv('a1-b2'));
    expect(after.ok || after.error.code).toBe('game-over');
  });

  it('does not apply while a relocation is open, as one is always possible', () => {
    const pos = load(scene({ ...blocked, a1: 'G*', b1: 'g' }));
    expect(pos.legalMoves().length).toBeGreaterThan(0);
    expect(pos.outcome()).toBeUndefined();
  });
});

describe('R13 repetition', () => {
  // b1-c1 and c1-b1 are sideways steps on the outer ring, as are h1-i1 and i1-h1; none ends
  // between two enemies or captures, so four plies bring back the start.
  const cycle = ['b1-c1', 'h1-i1', 'c1-b1', 'i1-h1'];

  it('draws on the third occurrence, the start counting as the first', () => {
    const game = new Game(load(STANDARD_APN));
    expect(game.occurrences()).toBe(1);
    for (const t of cycle) expect(game.play(mv(t)).ok).toBe(true);
    expect(makeApn(game.position)).toBe(STANDARD_APN);
    expect(game.occurrences()).toBe(2);
    expect(game.outcome).toBeUndefined();
    for (const t of cycle.slice(0, 3)) game.play(mv(t));
    expect(game.outcome).toBeUndefined();
    const r = game.play(mv(cycle[3]!));
    expect(r.ok && r.value).toEqual({ winner: undefined, reason: 'repetition' });
    expect(game.resultText).toBe('1/2-1/2');
  });

  it('counts only the same player to move as the same position', () => {
    // Steps alone can only bring a board back after an even number of plies (each ring is a
    // cycle of even length and no step goes outward), so the side to move is tested with
    // touch-move passes. White's queen on the throne cannot step, so White may pass; Black
    // shuffles h9-g10-h9 along the edge.
    const game = new Game(load(STUCK), { touchMove: true });
    const passThenStep = (step: string) => {
      expect(game.touch(cell('f6')).ok).toBe(true);
      expect(game.play(PASS_MOVE).ok).toBe(true);
      expect(game.play(mv(step)).ok).toBe(true);
    };
    expect(game.touch(cell('f6')).ok).toBe(true);
    game.play(PASS_MOVE);
    // Same board, Black to move: a new position.
    expect(game.occurrences()).toBe(1);
    game.play(mv('h9-g10'));
    passThenStep('g10-h9');
    expect(makeApn(game.position)).toBe(STUCK);
    expect(game.occurrences()).toBe(2);
    passThenStep('h9-g10');
    expect(game.outcome).toBeUndefined();
    passThenStep('g10-h9');
    expect(game.outcome).toEqual({ winner: undefined, reason: 'repetition' });
  });

  it('reopens the game when the repeating move is taken back', () => {
    const game = new Game(load(STANDARD_APN));
    for (const t of [...cycle, ...cycle]) game.play(mv(t));
    expect(game.outcome?.reason).toBe('repetition');
    expect(game.undo()).toBe(true);
    expect(game.outcome).toBeUndefined();
    expect(game.play(mv('i1-h1')).ok).toBe(true);
    expect(game.outcome?.reason).toBe('repetition');
  });
});

describe('R14 placement variant', () => {
  it('offers only placements, on every vacant cell but the throne', () => {
    expect(makeApn(startPosition('placement'))).toBe(PLACEMENT_APN);
    expect(variantOf(startPosition('placement'))).toBe('placement');
    const pos = load(PLACEMENT_APN);
    const expected = ALL_CELLS.filter((c) => !['f1', 'f11', 'f6'].includes(c)).map((c) => `@${c}`);
    expect(legalTexts(pos)).toEqual(sorted(expected));
    expect(pos.legalMoves().every((m) => moveKind(m) === PLACEMENT)).toBe(true);
    expect(pos.isLegal(mv('@f6'))).toBe(false);
    expect(explainIllegal(pos, mv('@f6'))?.message).toMatch(/throne.*R14/);
  });

  it('is not subject to R8 and captures nothing', () => {
    // White's @c4 lands between Black's c3 and c5, and c5 is then between c4 and White's c6.
    const game = new Game(load(PLACEMENT_APN));
    for (const t of ['@c6', '@c3', '@a1', '@c5', '@c4']) {
      const r = game.play(mv(t));
      expect(r.ok, t).toBe(true);
    }
    const pos = game.position;
    expect(pos.pieceAt(cell('c5'))?.captured).toBe(false);
    expect(pos.pieceAt(cell('c3'))?.captured).toBe(false);
    expect(pos.pieceAt(cell('c4'))?.captured).toBe(false);
  });

  it('alternates from White and hands over to normal play, White to move, after twelve', () => {
    const game = new Game(load(PLACEMENT_APN));
    const white = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'];
    const black = ['l1', 'l2', 'l3', 'l4', 'l5', 'l6'];
    for (let i = 0; i < 6; i++) {
      expect(game.position.turnColour).toBe('white');
      expect(game.play(mv(`@${white[i]}`)).ok).toBe(true);
      expect(game.position.turnColour).toBe('black');
      expect(game.position.placing).toBe(true);
      expect(game.play(mv(`@${black[i]}`)).ok).toBe(true);
    }
    const pos = game.position;
    expect(pos.turnColour).toBe('white');
    expect(pos.placing).toBe(false);
    expect([pos.hand[WHITE], pos.hand[BLACK]]).toEqual([0, 0]);
    expect(makeApn(pos).split(' ')).toHaveLength(2);
    expect(pos.legalMoves().length).toBeGreaterThan(0);
    expect(pos.legalMoves().every((m) => moveKind(m) === STEP)).toBe(true);
  });

  it('puts a relocation before a placement (R6 over R14; only reachable in a set-up position)', () => {
    // Engine ruling: RULES says both "must relocate" (R6) and "turn is a placement" (R14).
    const text = scene({ c4: 'g*' }, 'b', { white: 0, black: 3 });
    const pos = load(text);
    const outer = vacantOuter(occupiedCells(text).keys());
    expect(legalTexts(pos)).toEqual(sorted(outer.map((c) => `c4@${c}`)));
    expect(pos.legalMoves().every((m) => moveKind(m) === RELOCATION)).toBe(true);
  });
});

describe('R15 touch-move', () => {
  const stuck = STUCK;

  it('limits the turn to the touched piece', () => {
    const game = new Game(load(STANDARD_APN), { touchMove: true });
    expect(game.touch(cell('b1')).ok).toBe(true);
    expect(game.touched).toBe(cell('b1'));
    expect(sorted(game.legalMoves().map(makeMoveText))).toEqual(
      sorted(['b1-c1', 'b1-c2', 'b1-b2', 'b1-a1']),
    );
    const other = game.play(mv('f1-f2'));
    expect(other.ok || other.error.code).toBe('touch-move');
    const retouch = game.touch(parseCell('k1'));
    expect(retouch.ok || retouch.error.code).toBe('touch-move');
    expect(game.touch(cell('b1')).ok).toBe(true);
    expect(game.play(mv('b1-c2')).ok).toBe(true);
    expect(game.touched).toBe(-1);
  });

  it('refuses a touch of an enemy piece or a vacant cell', () => {
    const game = new Game(load(STANDARD_APN), { touchMove: true });
    const enemy = game.touch(cell('h1'));
    expect(enemy.ok || enemy.error.code).toBe('touch-not-yours');
    const vacant = game.touch(cell('c4'));
    expect(vacant.ok || vacant.error.code).toBe('touch-not-yours');
    expect(game.touched).toBe(-1);
  });

  it('leaves only pass when the touched piece has no legal move', () => {
    const game = new Game(load(stuck), { touchMove: true });
    expect(game.legalMoves().map(makeMoveText)).toEqual(['a1-b2']);
    expect(game.touch(cell('f6')).ok).toBe(true);
    expect(game.legalMoves()).toEqual([PASS_MOVE]);
    const step = game.play(mv('a1-b2'));
    expect(step.ok || step.error.code).toBe('touch-move');
    expect(game.play(PASS_MOVE)).toEqual({ ok: true, value: undefined });
    expect(game.moves.map(makeMoveText)).toEqual(['pass']);
    // The turn passed and nothing else changed.
    expect(makeApn(game.position)).toBe(stuck.replace(/ w$/, ' b'));
  });

  it('refuses pass when the touched piece can move', () => {
    const game = new Game(load(stuck), { touchMove: true });
    game.touch(cell('a1'));
    expect(game.legalMoves().map(makeMoveText)).toEqual(['a1-b2']);
    expect(game.play(PASS_MOVE).ok).toBe(false);
  });

  it('refuses pass from the start, where every White piece can step', () => {
    const game = new Game(load(STANDARD_APN), { touchMove: true });
    expect(game.play(PASS_MOVE).ok).toBe(false);
  });

  it('refuses pass and touch when touch-move is off', () => {
    const game = new Game(load(stuck));
    const touch = game.touch(cell('f6'));
    expect(touch.ok || touch.error.code).toBe('touch-move-off');
    const pass = game.play(PASS_MOVE);
    expect(pass.ok).toBe(false);
    expect(pass.ok || pass.error.message).toMatch(/R15/);
    expect(game.moves).toHaveLength(0);
  });

  it('has no touch during placement', () => {
    const game = new Game(load(PLACEMENT_APN), { touchMove: true });
    const r = game.touch(cell('f1'));
    expect(r.ok || r.error.code).toBe('touch-placing');
  });

  it('is off by default', () => {
    expect(new Game(load(STANDARD_APN)).touchMove).toBe(false);
  });
});

describe('Position API', () => {
  it('copies with clone, independent of the original', () => {
    const pos = load(STANDARD_APN);
    const copy = pos.clone();
    playAll(copy, 'b1-c1');
    expect(makeApn(pos)).toBe(STANDARD_APN);
    expect(makeApn(copy)).not.toBe(STANDARD_APN);
    expect(Position.fromSetup(copy.toSetup()).ok).toBe(true);
  });
});

describe('R15 touch-move with a relocation owed (R6)', () => {
  // White's guard on c4 is captured: White must relocate it. A touch of any other White piece
  // is refused, and pass is refused, so touch-move never lets a player skip a relocation.
  const owed = scene({ c4: 'G*' });

  it('refuses a touch of a piece that may not be relocated now, and refuses pass', () => {
    const game = new Game(load(owed), { touchMove: true });
    const other = [...Array(91).keys()].find(
      (c) => game.position.pieceAt(c)?.colour === 'white' && c !== parseCell('c4'),
    )!;
    const touch = game.touch(other);
    expect(touch.ok || touch.error.code).toBe('touch-relocation');
    expect(game.play(PASS_MOVE).ok).toBe(false);
    expect(game.touch(parseCell('c4')).ok).toBe(true);
    expect(game.legalMoves().every((m) => moveFrom(m) === parseCell('c4'))).toBe(true);
  });
});

describe('R16 captor places the queen', () => {
  // White's f4-f5 captures Black's queen on the throne between f5 and f7 (R9); Black owes her
  // relocation next.
  const capture = scene({ f4: 'G', f7: 'G', f6: 'q' });
  const captured = (options: GameOptions = { captorPlacesQueen: true }): Game => {
    const game = new Game(load(capture), options);
    expect(game.play(mv('f4-f5')).ok).toBe(true);
    return game;
  };

  it('lets the captor choose the cell on the owner’s turn, with the same legal turns as R10', () => {
    const r16 = captured();
    const r10 = captured({ captorPlacesQueen: false });
    expect(r16.position.turnColour).toBe('black');
    expect(r16.chooser).toBe('white');
    expect(r10.chooser).toBe('black');
    expect(captorChooses(r16.position, true)).toBe(true);
    expect(captorChooses(r16.position, false)).toBe(false);
    // A position owing a queen relocation is the same position under either rule.
    expect(makeApn(r16.position)).toBe(makeApn(r10.position));
    expect(sorted(r16.legalMoves().map(makeMoveText))).toEqual(legalTexts(r10.position));
    expect(r16.legalMoves()).toHaveLength(77);
  });

  it('leaves a captured guard to its owner, and the choice to the owner when nothing is owed', () => {
    const guard = new Game(load(scene({ c4: 'g*' }, 'b')), { captorPlacesQueen: true });
    expect(guard.chooser).toBe('black');
    expect(new Game(load(STANDARD_APN), { captorPlacesQueen: true }).chooser).toBe('white');
  });

  it('consumes the owner’s turn with the relocation', () => {
    const game = captured();
    expect(game.play(mv('f6@a1')).ok).toBe(true);
    expect(game.position.turnColour).toBe('white');
    expect(game.chooser).toBe('white');
    expect(game.position.pieceAt(cell('a1'))).toEqual({
      colour: 'black',
      role: 'queen',
      captured: false,
    });
    expect(game.moves.map(makeMoveText)).toEqual(['f4-f5', 'f6@a1']);
    // Both turns were White's choice; under R10 the relocation is Black's.
    expect(game.choosers()).toEqual(['white', 'white']);
    const r10 = captured({ captorPlacesQueen: false });
    expect(r10.play(mv('f6@a1')).ok).toBe(true);
    expect(r10.choosers()).toEqual(['white', 'black']);
  });

  it('checks R11 after the relocation with the queen where the captor put her', () => {
    // Black's queen, captured on d4, and five Black guards in ring 1, the sixth on h5 beside
    // the vacant g6. Under R10 Black puts her on the throne and h5-g6 wins; under R16 White
    // puts her on a1, and the same h5-g6 closes the ring round an empty throne and loses.
    const text = scene({ d4: 'q*', e5: 'g', e6: 'g', f5: 'g', f7: 'g', g5: 'g', h5: 'g' }, 'b');
    const r10 = new Game(load(text));
    for (const t of ['d4@f6', 'l3-l4', 'h5-g6']) expect(r10.play(mv(t)).ok).toBe(true);
    expect(r10.outcome).toEqual({ winner: 'black', reason: 'throne-ring' });
    const r16 = new Game(load(text), { captorPlacesQueen: true });
    expect(r16.chooser).toBe('white');
    const relocated = r16.play(mv('d4@a1'));
    expect(relocated).toEqual({ ok: true, value: undefined });
    for (const t of ['l3-l4', 'h5-g6']) expect(r16.play(mv(t)).ok).toBe(true);
    expect(r16.outcome).toEqual({ winner: 'white', reason: 'throne-ring' });
  });

  it('counts the position after the captor’s relocation for R13', () => {
    const game = captured();
    const before = game.history().length;
    game.play(mv('f6@a1'));
    expect(game.history()).toHaveLength(before + 1);
    expect(game.occurrences()).toBe(1);
    // Taking it back takes its occurrence back too.
    game.undo();
    expect(game.history()).toHaveLength(before);
  });

  it('combines with the placement variant (R14): the queen first, chosen by the captor', () => {
    const text = scene({ d4: 'q*' }, 'b', { white: 2, black: 2 });
    const game = new Game(load(text), { captorPlacesQueen: true });
    expect(game.position.placing).toBe(false);
    expect(game.chooser).toBe('white');
    expect(game.legalMoves().every((m) => moveKind(m) === RELOCATION)).toBe(true);
    expect(game.play(mv('d4@a1')).ok).toBe(true);
    // White places next; then Black places its own guard (R14): the owner chooses.
    expect(game.chooser).toBe('white');
    expect(game.play(game.legalMoves()[0]!).ok).toBe(true);
    expect(game.position.placing).toBe(true);
    expect(game.chooser).toBe('black');
  });

  it('never applies touch-move to the captor’s choice (R15), and applies it after', () => {
    const game = captured({ captorPlacesQueen: true, touchMove: true });
    const touch = game.touch(cell('f6'));
    expect(touch.ok || touch.error.code).toBe('touch-captor');
    expect(game.touched).toBe(-1);
    expect(game.play(PASS_MOVE).ok).toBe(false);
    expect(game.play(mv('f6@a1')).ok).toBe(true);
    expect(game.touch(cell('f7')).ok).toBe(true);
    expect(game.legalMoves().every((m) => moveFrom(m) === cell('f7'))).toBe(true);
  });

  it('is off by default and carried in the game’s options', () => {
    expect(new Game(load(STANDARD_APN)).captorPlacesQueen).toBe(false);
    expect(captured().options).toEqual({ touchMove: false, captorPlacesQueen: true });
  });
});
