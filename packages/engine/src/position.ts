// The position and its legal turns (R6-R12, R14). Mutable and allocation-free in the hot
// path: `generate` writes moves into a caller's typed array, `make`/`unmake` keep their undo
// data in typed-array stacks, and the Zobrist key is updated incrementally.

import {
  adjacent,
  CELL_COUNT,
  cellName,
  guardStepStart,
  guardStepTargets,
  OFF_BOARD,
  OUTER_RING,
  RING1,
  stepStart,
  stepTargets,
  THRONE,
  twoAway,
} from './hex.ts';
import {
  type Move,
  makeMove,
  moveFrom,
  moveKind,
  moveTo,
  NO_CELL,
  PLACEMENT,
  RELOCATION,
  STEP,
  TO_SHIFT,
} from './move.ts';
import {
  BLACK_BIT,
  CAPTURED_BIT,
  COLOURS,
  type Colour,
  colourBit,
  colourIndex,
  opposite,
  type Piece,
  pieceByte,
  pieceOf,
  QUEEN_BIT,
  WHITE_BIT,
} from './piece.ts';
import { err, ok, type Result } from './result.ts';
import type { Setup } from './setup.ts';
import { blackHi, blackLo, handHi, handLo, pieceHi, pieceLo } from './zobrist.ts';

/**
 * Room for the turns of one position. The most there can be is 180: six captured guards,
 * each to any of the 30 outer-ring cells (R10), all of them vacant; a captured queen has at
 * most 77 vacant cells, a placement 76, steps fewer still.
 */
export const MAX_MOVES = 256;

// Module-local handles on the tables the hot loops read: without going through an import
// binding, which some module loaders turn into a getter call.
const nb = adjacent;
const far = twoAway;
const outer = Uint8Array.from(OUTER_RING);
const ring1 = Uint8Array.from(RING1);
// A queen's and a guard's step targets apart, so that a target is tested by one read of the
// board and one of the flank map, with no test for the throne.
const queenSteps = stepTargets;
const queenStart = stepStart;
const guardSteps = guardStepTargets;
const guardStart = guardStepStart;

// Cells per colour in the flank map: the board's and OFF_BOARD.
const STRIDE = OFF_BOARD + 1;

// The same step targets in four slots per cell (no cell has more), the unused ones OFF_BOARD,
// which the flank map marks forbidden to both colours: countSteps then tests four slots with
// no loop. Generation keeps the lists above, whose order the search's move order follows.
const SLOTS = 4;
const queenSlots = new Uint8Array(CELL_COUNT * SLOTS).fill(OFF_BOARD);
const guardSlots = new Uint8Array(CELL_COUNT * SLOTS).fill(OFF_BOARD);
for (let c = 0; c < CELL_COUNT; c++) {
  for (let k = queenStart[c]!; k < queenStart[c + 1]!; k++)
    queenSlots[c * SLOTS + k - queenStart[c]!] = queenSteps[k]!;
  for (let k = guardStart[c]!; k < guardStart[c + 1]!; k++)
    guardSlots[c * SLOTS + k - guardStart[c]!] = guardSteps[k]!;
}

/** How a game ended by rule, as seen from one position. */
export interface Outcome {
  /** The winner, or undefined for a draw. */
  readonly winner: Colour | undefined;
  /** R11 throne ring, R12 no legal move, R13 repetition, or an act of the players. */
  readonly reason: 'throne-ring' | 'no-moves' | 'repetition' | 'resignation' | 'agreement';
}

/**
 * The side an ended game's reason speaks of, so that every front end words it alike: the
 * owner of the completed throne ring (R11), the side left without a move (R12), the side that
 * resigned; undefined for a draw. `final` is the position the game ended in.
 */
export function outcomeSide(outcome: Outcome, final: Position): Colour | undefined {
  switch (outcome.reason) {
    case 'throne-ring':
      return final.pieceAt(RING1[0]!)?.colour;
    case 'no-moves':
      return final.turnColour;
    case 'resignation':
      return outcome.winner && opposite(outcome.winner);
    default:
      return undefined;
  }
}

/** A valid Agon position with its legal turns, make/unmake and Zobrist key. */
export class Position {
  /** One byte per cell (see piece.ts), plus the always-vacant OFF_BOARD cell. */
  readonly board = new Uint8Array(CELL_COUNT + 1);
  /** Colour index to move: 0 White, 1 Black. */
  turn = 0;
  /** Guards still in hand per colour (R14). */
  readonly hand = new Uint8Array(2);
  /** Cell of each colour's queen. */
  readonly queenCell = new Uint8Array(2);
  /** Number of captured pieces per colour. */
  readonly capturedCount = new Uint8Array(2);
  /** Low half of the Zobrist key. */
  hashLo = 0;
  /** High half of the Zobrist key. */
  hashHi = 0;

  /** Piece lists: colour c's pieces stand on `pieces[c * 7 .. c * 7 + count[c])`. */
  readonly pieces = new Uint8Array(14);
  /** Number of pieces on the board per colour. */
  readonly count = new Uint8Array(2);
  private readonly slotOf = new Uint8Array(CELL_COUNT + 1);
  // R8 map, kept incrementally: flank[c * STRIDE + x] counts the lines through x that have a
  // piece of colour c on both sides, so a step's forbidden-cell test is one read.
  private readonly flank = new Uint8Array(2 * STRIDE);

  // Undo stacks, one entry per made move.
  private ply = 0;
  private moveStack = new Int32Array(32);
  private captureStack = new Uint8Array(32);
  private hashLoStack = new Int32Array(32);
  private hashHiStack = new Int32Array(32);

  private constructor() {
    // OFF_BOARD is never a step's end: see queenSlots. No flank line runs through it, so
    // make and unmake never change these two counts.
    this.flank[OFF_BOARD] = 1;
    this.flank[STRIDE + OFF_BOARD] = 1;
  }

  /** Validates a setup (NOTATION.md "a position is valid when ...") into a position. */
  static fromSetup(setup: Setup): Result<Position> {
    if (setup.board.length !== CELL_COUNT) {
      return err(
        'board-size',
        `a board has ${CELL_COUNT} cells, this one has ${setup.board.length}`,
      );
    }
    const pos = new Position();
    const queens = [0, 0];
    const guards = [0, 0];
    for (let c = 0; c < CELL_COUNT; c++) {
      const piece = setup.board[c];
      if (!piece) continue;
      const ci = colourIndex(piece.colour);
      if (piece.role === 'queen') {
        queens[ci]!++;
        pos.queenCell[ci] = c;
      } else {
        if (c === THRONE) return err('guard-on-throne', 'a guard stands on the throne f6 (R7)');
        guards[ci]!++;
      }
      if (piece.captured) pos.capturedCount[ci]!++;
      pos.board[c] = pieceByte(piece);
      pos.flankAdd(c, pos.board[c]! & 3); // counts each flanking pair once, at its second piece
      const slot = ci * 7 + pos.count[ci]!;
      if (pos.count[ci]! >= 7) {
        return err('too-many-pieces', `${piece.colour} has more than seven pieces (R3)`);
      }
      pos.pieces[slot] = c;
      pos.slotOf[c] = slot;
      pos.count[ci]!++;
    }
    for (const colour of COLOURS) {
      const ci = colourIndex(colour);
      const inHand = setup.hand[colour];
      if (queens[ci] !== 1) {
        return err(
          'queen-count',
          `${colour} has ${queens[ci]} queens; each player has exactly one (R3)`,
        );
      }
      if (!Number.isInteger(inHand) || inHand < 0 || inHand > 6) {
        return err('hand', `${colour} has ${inHand} guards in hand; 0 to 6 are possible (R14)`);
      }
      if (guards[ci]! + inHand !== 6) {
        return err(
          'guard-count',
          `${colour} has ${guards[ci]} guards on the board and ${inHand} in hand; they must add up to 6 (R3)`,
        );
      }
      pos.hand[ci] = inHand;
    }
    pos.turn = colourIndex(setup.turn);
    pos.rehash();
    return ok(pos);
  }

  /** The position as plain data. */
  toSetup(): Setup {
    const board: (Piece | undefined)[] = [];
    for (let c = 0; c < CELL_COUNT; c++) board.push(this.pieceAt(c));
    return {
      board,
      turn: COLOURS[this.turn]!,
      hand: { white: this.hand[0]!, black: this.hand[1]! },
    };
  }

  /** An independent copy (without the undo history). */
  clone(): Position {
    const p = new Position();
    p.board.set(this.board);
    p.flank.set(this.flank);
    p.turn = this.turn;
    p.hand.set(this.hand);
    p.queenCell.set(this.queenCell);
    p.capturedCount.set(this.capturedCount);
    p.pieces.set(this.pieces);
    p.slotOf.set(this.slotOf);
    p.count.set(this.count);
    p.hashLo = this.hashLo;
    p.hashHi = this.hashHi;
    return p;
  }

  /** The colour to move. */
  get turnColour(): Colour {
    return COLOURS[this.turn]!;
  }

  /** The piece on a cell, or undefined when vacant. */
  pieceAt(cell: number): Piece | undefined {
    const b = this.board[cell]!;
    return b ? pieceOf(b) : undefined;
  }

  /** Whether the player to move must place a guard this turn (R14). */
  get placing(): boolean {
    return this.capturedCount[this.turn] === 0 && this.hand[this.turn]! > 0;
  }

  /** Whether the player to move owes a relocation this turn: a piece of theirs is captured (R10). */
  get relocating(): boolean {
    return this.capturedCount[this.turn]! > 0;
  }

  /** Whether the player to move must relocate their captured queen this turn (R10, R16). */
  get owesQueen(): boolean {
    return (this.board[this.queenCell[this.turn]!]! & CAPTURED_BIT) !== 0;
  }

  /**
   * The vacant cells the piece on `from` could step to but for R8 (between two enemies), so
   * an interface can mark them; empty when it is not a step turn for that piece.
   */
  forbiddenSteps(from: number): number[] {
    const b = this.board[from]!;
    if (this.relocating || this.placing || !(b & colourBit(this.turn)) || b & CAPTURED_BIT) {
      return [];
    }
    // A queen's steps include the throne; a guard's do not (R7).
    const [targets, start] = b & QUEEN_BIT ? [queenSteps, queenStart] : [guardSteps, guardStart];
    const out: number[] = [];
    for (let k = start[from]!; k < start[from + 1]!; k++) {
      const to = targets[k]!;
      if (this.board[to] === 0 && this.isForbidden(to, this.turn)) out.push(to);
    }
    return out;
  }

  /** Whether a step by `colour` (index) may not end on `cell`: it lies between two enemies (R8). */
  isForbidden(cell: number, colour: number): boolean {
    return this.flank[(1 - colour) * STRIDE + cell] !== 0;
  }

  // A piece of colour bit `bit` arrives on (or, with `step` -1, leaves) `cell`: every line
  // cell-Y-Z with the same colour on Z gains (or loses) a flank of Y (R2, R8). Captured or
  // not makes no difference: captured pieces flank too (R9).
  private flankAdd(cell: number, bit: number, step = 1): void {
    const b = this.board;
    const base = (bit - 1) * STRIDE;
    for (let d = 0; d < 6; d++) {
      if (b[far[cell * 6 + d]!]! & bit) this.flank[base + nb[cell * 6 + d]!]! += step;
    }
  }

  /**
   * Writes every legal turn (R6) into `out` from index `start`; returns the end index.
   * A captured piece forces a relocation (R6, R10: queen first); guards in hand force a
   * placement (R14); otherwise steps (R7, R8). Says nothing about R11: see `throneRing`.
   */
  generate(out: Int32Array, start = 0): number {
    const b = this.board;
    const us = this.turn;
    let n = start;
    if (this.capturedCount[us]! > 0) {
      const q = this.queenCell[us]!;
      if (b[q]! & CAPTURED_BIT) {
        // R10: a captured queen goes to any vacant cell, the throne included.
        const base = makeMove(RELOCATION, q, 0);
        for (let c = 0; c < CELL_COUNT; c++) if (b[c] === 0) out[n++] = base | (c << TO_SHIFT);
        return n;
      }
      // R10: each captured guard, in any order, to any vacant outer-ring cell.
      const end = us * 7 + this.count[us]!;
      for (let s = us * 7; s < end; s++) {
        const from = this.pieces[s]!;
        if (!(b[from]! & CAPTURED_BIT)) continue;
        const base = makeMove(RELOCATION, from, 0);
        for (let i = 0; i < outer.length; i++) {
          const c = outer[i]!;
          if (b[c] === 0) out[n++] = base | (c << TO_SHIFT);
        }
      }
      return n;
    }
    if (this.hand[us]! > 0) {
      // R14: a guard from hand on any vacant cell but the throne.
      const base = makeMove(PLACEMENT, NO_CELL, 0);
      for (let c = 0; c < CELL_COUNT; c++)
        if (b[c] === 0 && c !== THRONE) out[n++] = base | (c << TO_SHIFT);
      return n;
    }
    const flank = this.flank;
    const forbidden = (1 - us) * STRIDE; // R8: our steps may not end between two enemies
    const end = us * 7 + this.count[us]!;
    for (let s = us * 7; s < end; s++) {
      const from = this.pieces[s]!;
      const queen = (b[from]! & QUEEN_BIT) !== 0;
      const list = queen ? queenSteps : guardSteps;
      const begin = queen ? queenStart : guardStart;
      const kEnd = begin[from + 1]!;
      for (let k = begin[from]!; k < kEnd; k++) {
        const to = list[k]!;
        if ((b[to]! | flank[forbidden + to]!) === 0) out[n++] = makeMove(STEP, from, to);
      }
    }
    return n;
  }

  /**
   * Number of steps (R7, R8) the uncaptured pieces of `colour` could make if it were that
   * colour's turn to step; the mobility term of the evaluation.
   */
  countSteps(colour: number): number {
    const b = this.board;
    const flank = this.flank;
    const forbidden = (1 - colour) * STRIDE;
    let n = 0;
    const end = colour * 7 + this.count[colour]!;
    for (let s = colour * 7; s < end; s++) {
      const from = this.pieces[s]!;
      const p = b[from]!;
      if (p & CAPTURED_BIT) continue;
      const slots = p & QUEEN_BIT ? queenSlots : guardSlots;
      const k = from * SLOTS;
      const t0 = slots[k]!;
      const t1 = slots[k + 1]!;
      const t2 = slots[k + 2]!;
      const t3 = slots[k + 3]!;
      n +=
        ((b[t0]! | flank[forbidden + t0]!) === 0 ? 1 : 0) +
        ((b[t1]! | flank[forbidden + t1]!) === 0 ? 1 : 0) +
        ((b[t2]! | flank[forbidden + t2]!) === 0 ? 1 : 0) +
        ((b[t3]! | flank[forbidden + t3]!) === 0 ? 1 : 0);
    }
    return n;
  }

  /** How many enemy pieces the step `move` would capture (R9); 0 for other kinds. */
  stepCaptures(move: Move): number {
    return this.captures(move, undefined);
  }

  /** The cells of the enemy pieces the step `move` would capture (R9); empty for other kinds. */
  capturedBy(move: Move): number[] {
    const out: number[] = [];
    this.captures(move, out);
    return out;
  }

  // One walk for both: the search counts captures without allocating; callers that show
  // them pass a list to fill.
  private captures(move: Move, out: number[] | undefined): number {
    if (moveKind(move) !== STEP) return 0;
    const b = this.board;
    const to = moveTo(move);
    const mine = b[moveFrom(move)]! & (WHITE_BIT | BLACK_BIT);
    const them = mine ^ (WHITE_BIT | BLACK_BIT);
    let n = 0;
    for (let d = 0; d < 6; d++) {
      const x = nb[to * 6 + d]!;
      const e = b[x]!;
      if (e & them && !(e & CAPTURED_BIT) && b[far[to * 6 + d]!]! & mine) {
        n++;
        out?.push(x);
      }
    }
    return n;
  }

  /** Every legal turn as an array, in generation order. */
  legalMoves(): Move[] {
    const buf = new Int32Array(MAX_MOVES);
    return Array.from(buf.subarray(0, this.generate(buf)));
  }

  /** Whether a move is one of the legal turns here. */
  isLegal(move: Move): boolean {
    return this.legalMoves().includes(move);
  }

  /**
   * R11: if all six ring-1 cells hold guards of one colour, the winner's colour index (that
   * colour when its queen is on the throne, the other otherwise); -1 when R11 does not apply.
   */
  throneRing(): number {
    const b = this.board;
    const first = b[ring1[0]!]! & (WHITE_BIT | BLACK_BIT | QUEEN_BIT);
    if (first !== WHITE_BIT && first !== BLACK_BIT) return -1;
    for (let i = 1; i < 6; i++) {
      if ((b[ring1[i]!]! & (WHITE_BIT | BLACK_BIT | QUEEN_BIT)) !== first) return -1;
    }
    const owner = first === WHITE_BIT ? 0 : 1;
    return b[THRONE] === (first | QUEEN_BIT) || b[THRONE] === (first | QUEEN_BIT | CAPTURED_BIT)
      ? owner
      : 1 - owner;
  }

  /** The end of the game by R11 or R12 in this position, or undefined while it goes on. */
  outcome(): Outcome | undefined {
    const winner = this.throneRing();
    if (winner >= 0) return { winner: COLOURS[winner], reason: 'throne-ring' };
    const buf = new Int32Array(MAX_MOVES);
    if (this.generate(buf) === 0) return { winner: COLOURS[1 - this.turn], reason: 'no-moves' };
    return undefined;
  }

  /** Plays a legal move; `unmake` takes it back. Does not check legality. */
  make(move: Move): void {
    if (this.ply === this.moveStack.length) this.growStacks();
    const b = this.board;
    const us = this.turn;
    const from = moveFrom(move);
    const to = moveTo(move);
    let lo = this.hashLo;
    let hi = this.hashHi;
    this.hashLoStack[this.ply] = lo;
    this.hashHiStack[this.ply] = hi;
    this.moveStack[this.ply] = move;
    let captured = 0;
    switch (moveKind(move)) {
      case STEP: {
        const p = b[from]!;
        this.movePiece(from, to, p, us);
        lo ^= pieceLo[from * 16 + p]! ^ pieceLo[to * 16 + p]!;
        hi ^= pieceHi[from * 16 + p]! ^ pieceHi[to * 16 + p]!;
        // R9: an enemy on X + d with one of ours (captured or not) on X + 2d is captured.
        const them = colourBit(1 - us);
        const mine = colourBit(us);
        for (let d = 0; d < 6; d++) {
          const x = nb[to * 6 + d]!;
          const e = b[x]!;
          if (!(e & them) || e & CAPTURED_BIT) continue;
          if (!(b[far[to * 6 + d]!]! & mine)) continue;
          b[x] = e | CAPTURED_BIT;
          lo ^= pieceLo[x * 16 + e]! ^ pieceLo[x * 16 + (e | CAPTURED_BIT)]!;
          hi ^= pieceHi[x * 16 + e]! ^ pieceHi[x * 16 + (e | CAPTURED_BIT)]!;
          captured |= 1 << d;
          this.capturedCount[1 - us]!++;
        }
        break;
      }
      case RELOCATION: {
        const p = b[from]!;
        const q = p & ~CAPTURED_BIT;
        this.movePiece(from, to, q, us);
        this.capturedCount[us]!--;
        lo ^= pieceLo[from * 16 + p]! ^ pieceLo[to * 16 + q]!;
        hi ^= pieceHi[from * 16 + p]! ^ pieceHi[to * 16 + q]!;
        break;
      }
      case PLACEMENT: {
        const p = colourBit(us);
        b[to] = p;
        this.flankAdd(to, p);
        const slot = us * 7 + this.count[us]!++;
        this.pieces[slot] = to;
        this.slotOf[to] = slot;
        const h = this.hand[us]!;
        this.hand[us] = h - 1;
        lo ^= pieceLo[to * 16 + p]! ^ handLo[us * 7 + h]! ^ handLo[us * 7 + h - 1]!;
        hi ^= pieceHi[to * 16 + p]! ^ handHi[us * 7 + h]! ^ handHi[us * 7 + h - 1]!;
        break;
      }
      default: // PASS (R15): the turn is forfeited.
        break;
    }
    this.captureStack[this.ply] = captured;
    this.ply++;
    this.turn = 1 - us;
    this.hashLo = lo ^ blackLo;
    this.hashHi = hi ^ blackHi;
  }

  // Takes colour `us`'s piece off `from` and puts it on `to` as the byte `piece` (a relocation
  // changes its captured bit on the way). One block for make and unmake alike, so the board,
  // the flank map, the piece list and the queen's cell cannot fall out of step. Not the key:
  // unmake restores that from its stack. Leave before arriving: a relocation may land two
  // cells from where it starts, and the piece must not count as flanking its own old cell.
  private movePiece(from: number, to: number, piece: number, us: number): void {
    const b = this.board;
    b[from] = 0;
    this.flankAdd(from, piece & 3, -1);
    b[to] = piece;
    this.flankAdd(to, piece & 3);
    const slot = this.slotOf[from]!;
    this.pieces[slot] = to;
    this.slotOf[to] = slot;
    if (piece & QUEEN_BIT) this.queenCell[us] = to;
  }

  /** Takes back the last move made with `make`. */
  unmake(): void {
    this.ply--;
    const move = this.moveStack[this.ply]!;
    const us = 1 - this.turn;
    this.turn = us;
    this.hashLo = this.hashLoStack[this.ply]!;
    this.hashHi = this.hashHiStack[this.ply]!;
    const b = this.board;
    const from = moveFrom(move);
    const to = moveTo(move);
    switch (moveKind(move)) {
      case STEP: {
        this.movePiece(to, from, b[to]!, us);
        const captured = this.captureStack[this.ply]!;
        if (captured) {
          for (let d = 0; d < 6; d++) {
            if (captured & (1 << d)) {
              b[nb[to * 6 + d]!]! &= ~CAPTURED_BIT;
              this.capturedCount[1 - us]!--;
            }
          }
        }
        break;
      }
      case RELOCATION:
        this.movePiece(to, from, b[to]! | CAPTURED_BIT, us);
        this.capturedCount[us]!++;
        break;
      case PLACEMENT:
        this.flankAdd(to, b[to]! & 3, -1);
        b[to] = 0;
        this.count[us]!--;
        this.hand[us]!++;
        break;
      default:
        break;
    }
  }

  /** Number of moves made and not taken back. */
  get depth(): number {
    return this.ply;
  }

  /** The Zobrist key computed from scratch (the incremental one must always equal it). */
  computeHash(): [lo: number, hi: number] {
    let lo = 0;
    let hi = 0;
    for (let c = 0; c < CELL_COUNT; c++) {
      const p = this.board[c]!;
      if (p) {
        lo ^= pieceLo[c * 16 + p]!;
        hi ^= pieceHi[c * 16 + p]!;
      }
    }
    for (let ci = 0; ci < 2; ci++) {
      lo ^= handLo[ci * 7 + this.hand[ci]!]!;
      hi ^= handHi[ci * 7 + this.hand[ci]!]!;
    }
    if (this.turn === 1) {
      lo ^= blackLo;
      hi ^= blackHi;
    }
    return [lo, hi];
  }

  private rehash(): void {
    [this.hashLo, this.hashHi] = this.computeHash();
  }

  private growStacks(): void {
    const grow = <T extends Int32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const g = make(a.length * 2);
      g.set(a);
      return g;
    };
    this.moveStack = grow(this.moveStack, (n) => new Int32Array(n));
    this.captureStack = grow(this.captureStack, (n) => new Uint8Array(n));
    this.hashLoStack = grow(this.hashLoStack, (n) => new Int32Array(n));
    this.hashHiStack = grow(this.hashHiStack, (n) => new Int32Array(n));
  }

  /** A short human-readable description of a cell's content, for messages. */
  describeCell(cell: number): string {
    const p = this.pieceAt(cell);
    if (!p) return `${cellName(cell)} is vacant`;
    return `${cellName(cell)} holds a ${p.captured ? 'captured ' : ''}${p.colour === 'white' ? 'White' : 'Black'} ${p.role}`;
  }
}
