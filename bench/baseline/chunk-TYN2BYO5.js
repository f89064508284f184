// packages/engine/src/hex.ts
var CELL_COUNT = 91;
var MAX_RING = 5;
var FILES = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "k", "l"];
var DIRECTIONS = [
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
  [0, 1]
];
var THRONE = 45;
var cellQ = new Int8Array(CELL_COUNT);
var cellR = new Int8Array(CELL_COUNT);
var ring = new Uint8Array(CELL_COUNT);
var cellFile = new Uint8Array(CELL_COUNT);
var cellRank = new Uint8Array(CELL_COUNT);
var neighbour = new Int8Array(CELL_COUNT * 6).fill(-1);
var fileStart = new Uint8Array(FILES.length + 1);
var fileLength = new Uint8Array(FILES.length);
var stepTargets = new Int8Array(CELL_COUNT * 6);
var stepStart = new Uint16Array(CELL_COUNT + 1);
var RING1 = [];
var OUTER_RING = [];
var byAxial = /* @__PURE__ */ new Map();
var axialKey = (q, r) => (q + 8) * 32 + (r + 8);
function onBoard(q, r) {
  return Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) <= MAX_RING;
}
function cellAt(q, r) {
  return onBoard(q, r) ? byAxial.get(axialKey(q, r)) ?? -1 : -1;
}
function distance(a, b) {
  const dq = cellQ[a] - cellQ[b];
  const dr = cellR[a] - cellR[b];
  return Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr));
}
var names = [];
function cellName(cell) {
  return names[cell] ?? "?";
}
function parseCell(text) {
  const m = /^([a-ik-lA-IK-L])(1[01]|[1-9])$/.exec(text);
  if (!m) return -1;
  const file = FILES.indexOf(m[1].toLowerCase());
  const rank = Number(m[2]);
  if (file < 0 || rank > fileLength[file]) return -1;
  return fileStart[file] + rank - 1;
}
{
  let cell = 0;
  for (let file = 0; file < FILES.length; file++) {
    const q = file - MAX_RING;
    fileStart[file] = cell;
    const top = Math.min(MAX_RING, MAX_RING - q);
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
    fileLength[file] = cell - fileStart[file];
  }
  fileStart[FILES.length] = cell;
  for (let c = 0; c < CELL_COUNT; c++) {
    for (let d = 0; d < 6; d++) {
      const [dq, dr] = DIRECTIONS[d];
      neighbour[c * 6 + d] = cellAt(cellQ[c] + dq, cellR[c] + dr);
    }
  }
  let k = 0;
  for (let c = 0; c < CELL_COUNT; c++) {
    stepStart[c] = k;
    for (let d = 0; d < 6; d++) {
      const n = neighbour[c * 6 + d];
      if (n >= 0 && ring[n] <= ring[c]) stepTargets[k++] = n;
    }
  }
  stepStart[CELL_COUNT] = k;
  const ring12 = RING1;
  for (let d = 0; d < 6; d++) ring12.push(neighbour[THRONE * 6 + d]);
  ring12.sort((a, b) => a - b);
  const outer2 = OUTER_RING;
  const f1 = parseCell("f1");
  let at = f1;
  let dir = 0;
  do {
    outer2.push(at);
    let next2 = neighbour[at * 6 + dir];
    while (next2 < 0 || ring[next2] !== MAX_RING) {
      dir = (dir + 1) % 6;
      next2 = neighbour[at * 6 + dir];
    }
    at = next2;
  } while (at !== f1);
}

// packages/engine/src/result.ts
function ok(value) {
  return { ok: true, value };
}
function err(code, message) {
  return { ok: false, error: { code, message } };
}

// packages/engine/src/move.ts
var STEP = 0;
var RELOCATION = 1;
var PLACEMENT = 2;
var PASS = 3;
var NO_CELL = 127;
function makeMove(kind, from, to) {
  return kind << 14 | to << 7 | from;
}
function moveFrom(move) {
  return move & 127;
}
function moveTo(move) {
  return move >> 7 & 127;
}
function moveKind(move) {
  return move >> 14;
}
var PASS_MOVE = makeMove(PASS, NO_CELL, NO_CELL);
function makeMoveText(move) {
  switch (moveKind(move)) {
    case STEP:
      return `${cellName(moveFrom(move))}-${cellName(moveTo(move))}`;
    case RELOCATION:
      return `${cellName(moveFrom(move))}@${cellName(moveTo(move))}`;
    case PLACEMENT:
      return `@${cellName(moveTo(move))}`;
    default:
      return "pass";
  }
}
function parseMoveText(text) {
  const t = text.trim();
  if (t === "pass") return ok(PASS_MOVE);
  const m = /^([A-Za-z]\d{1,2})?([-@])([A-Za-z]\d{1,2})x?$/.exec(t);
  if (!m) {
    return err(
      "move-syntax",
      `"${text}" is not a move: write a step as f1-f2, a relocation as e5@a3, a placement as @c4`
    );
  }
  const [, fromText, sep, toText] = m;
  const to = parseCell(toText);
  if (to < 0) return err("move-cell", `"${toText}" in "${text}" is not a cell of the board`);
  if (fromText === void 0) {
    if (sep === "-")
      return err("move-syntax", `"${text}" is not a move: a step needs its from-cell`);
    return ok(makeMove(PLACEMENT, NO_CELL, to));
  }
  const from = parseCell(fromText);
  if (from < 0) return err("move-cell", `"${fromText}" in "${text}" is not a cell of the board`);
  return ok(makeMove(sep === "-" ? STEP : RELOCATION, from, to));
}

// packages/engine/src/piece.ts
var COLOURS = ["white", "black"];
var WHITE_BIT = 1;
var BLACK_BIT = 2;
var QUEEN_BIT = 4;
var CAPTURED_BIT = 8;
function colourIndex(colour) {
  return colour === "white" ? 0 : 1;
}
function opposite(colour) {
  return colour === "white" ? "black" : "white";
}
function pieceByte(piece) {
  return (piece.colour === "white" ? WHITE_BIT : BLACK_BIT) | (piece.role === "queen" ? QUEEN_BIT : 0) | (piece.captured ? CAPTURED_BIT : 0);
}
function pieceOf(byte) {
  return {
    colour: byte & WHITE_BIT ? "white" : "black",
    role: byte & QUEEN_BIT ? "queen" : "guard",
    captured: (byte & CAPTURED_BIT) !== 0
  };
}

// packages/engine/src/zobrist.ts
var state = 1095192398;
function next() {
  state = state + 2654435769 | 0;
  let z = state;
  z = Math.imul(z ^ z >>> 16, 2246822507);
  z = Math.imul(z ^ z >>> 13, 3266489909);
  return z ^ z >>> 16;
}
var pieceLo = new Int32Array(CELL_COUNT * 16);
var pieceHi = new Int32Array(CELL_COUNT * 16);
var blackLo = next();
var blackHi = next();
var handLo = new Int32Array(14);
var handHi = new Int32Array(14);
for (let i = 0; i < pieceLo.length; i++) {
  pieceLo[i] = next();
  pieceHi[i] = next();
}
for (let i = 0; i < 14; i++) {
  handLo[i] = i % 7 === 0 ? 0 : next();
  handHi[i] = i % 7 === 0 ? 0 : next();
}

// packages/engine/src/position.ts
var MAX_MOVES = 256;
var OFF = CELL_COUNT;
var nb = new Uint8Array((CELL_COUNT + 1) * 6).fill(OFF);
for (let i = 0; i < CELL_COUNT * 6; i++) if (neighbour[i] >= 0) nb[i] = neighbour[i];
var outer = Uint8Array.from(OUTER_RING);
var ring1 = Uint8Array.from(RING1);
var steps = stepTargets;
var stepsFrom = stepStart;
var STRIDE = CELL_COUNT + 1;
var Position = class _Position {
  /** One byte per cell (see piece.ts), plus the always-vacant OFF cell. */
  board = new Uint8Array(CELL_COUNT + 1);
  /** Colour index to move: 0 White, 1 Black. */
  turn = 0;
  /** Guards still in hand per colour (R14). */
  hand = new Uint8Array(2);
  /** Cell of each colour's queen. */
  queenCell = new Uint8Array(2);
  /** Number of captured pieces per colour. */
  capturedCount = new Uint8Array(2);
  /** Low half of the Zobrist key. */
  hashLo = 0;
  /** High half of the Zobrist key. */
  hashHi = 0;
  /** Piece lists: colour c's pieces stand on `pieces[c * 7 .. c * 7 + count[c])`. */
  pieces = new Uint8Array(14);
  /** Number of pieces on the board per colour. */
  count = new Uint8Array(2);
  slotOf = new Uint8Array(CELL_COUNT + 1);
  // R8 map, kept incrementally: flank[c * STRIDE + x] counts the lines through x that have a
  // piece of colour c on both sides, so a step's forbidden-cell test is one read.
  flank = new Uint8Array(2 * STRIDE);
  // Undo stacks, one entry per made move.
  ply = 0;
  moveStack = new Int32Array(32);
  captureStack = new Uint8Array(32);
  hashLoStack = new Int32Array(32);
  hashHiStack = new Int32Array(32);
  constructor() {
  }
  /** Validates a setup (NOTATION.md "a position is valid when ...") into a position. */
  static fromSetup(setup) {
    if (setup.board.length !== CELL_COUNT) {
      return err(
        "board-size",
        `a board has ${CELL_COUNT} cells, this one has ${setup.board.length}`
      );
    }
    const pos = new _Position();
    const queens = [0, 0];
    const guards = [0, 0];
    for (let c = 0; c < CELL_COUNT; c++) {
      const piece = setup.board[c];
      if (!piece) continue;
      const ci = colourIndex(piece.colour);
      if (piece.role === "queen") {
        queens[ci]++;
        pos.queenCell[ci] = c;
      } else {
        if (c === THRONE) return err("guard-on-throne", "a guard stands on the throne f6 (R7)");
        guards[ci]++;
      }
      if (piece.captured) pos.capturedCount[ci]++;
      pos.board[c] = pieceByte(piece);
      pos.flankAdd(c, pos.board[c] & 3);
      const slot = ci * 7 + pos.count[ci];
      if (pos.count[ci] >= 7) {
        return err("too-many-pieces", `${piece.colour} has more than seven pieces (R3)`);
      }
      pos.pieces[slot] = c;
      pos.slotOf[c] = slot;
      pos.count[ci]++;
    }
    for (const colour of COLOURS) {
      const ci = colourIndex(colour);
      const inHand = setup.hand[colour];
      if (queens[ci] !== 1) {
        return err(
          "queen-count",
          `${colour} has ${queens[ci]} queens; each player has exactly one (R3)`
        );
      }
      if (!Number.isInteger(inHand) || inHand < 0 || inHand > 6) {
        return err("hand", `${colour} has ${inHand} guards in hand; 0 to 6 are possible (R14)`);
      }
      if (guards[ci] + inHand !== 6) {
        return err(
          "guard-count",
          `${colour} has ${guards[ci]} guards on the board and ${inHand} in hand; they must add up to 6 (R3)`
        );
      }
      pos.hand[ci] = inHand;
    }
    pos.turn = colourIndex(setup.turn);
    pos.rehash();
    return ok(pos);
  }
  /** The position as plain data. */
  toSetup() {
    const board = [];
    for (let c = 0; c < CELL_COUNT; c++) board.push(this.pieceAt(c));
    return {
      board,
      turn: COLOURS[this.turn],
      hand: { white: this.hand[0], black: this.hand[1] }
    };
  }
  /** An independent copy (without the undo history). */
  clone() {
    const p = new _Position();
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
  get turnColour() {
    return COLOURS[this.turn];
  }
  /** The piece on a cell, or undefined when vacant. */
  pieceAt(cell) {
    const b = this.board[cell];
    return b ? pieceOf(b) : void 0;
  }
  /** Whether the player to move must place a guard this turn (R14). */
  get placing() {
    return this.capturedCount[this.turn] === 0 && this.hand[this.turn] > 0;
  }
  /** Whether a step by `colour` (index) may not end on `cell`: it lies between two enemies (R8). */
  isForbidden(cell, colour) {
    return this.flank[(1 - colour) * STRIDE + cell] !== 0;
  }
  // A piece of colour bit `bit` arrives on (or, with `step` -1, leaves) `cell`: every line
  // cell-Y-Z with the same colour on Z gains (or loses) a flank of Y (R2, R8). Captured or
  // not makes no difference: captured pieces flank too (R9).
  flankAdd(cell, bit, step = 1) {
    const b = this.board;
    const base = (bit - 1) * STRIDE;
    for (let d = 0; d < 6; d++) {
      const y = nb[cell * 6 + d];
      if (b[nb[y * 6 + d]] & bit) this.flank[base + y] += step;
    }
  }
  /**
   * Writes every legal turn (R6) into `out` from index `start`; returns the end index.
   * A captured piece forces a relocation (R6, R10: queen first); guards in hand force a
   * placement (R14); otherwise steps (R7, R8). Says nothing about R11: see `throneRing`.
   */
  generate(out, start = 0) {
    const b = this.board;
    const us = this.turn;
    let n = start;
    if (this.capturedCount[us] > 0) {
      const q = this.queenCell[us];
      if (b[q] & CAPTURED_BIT) {
        const base = RELOCATION << 14 | q;
        for (let c = 0; c < CELL_COUNT; c++) if (b[c] === 0) out[n++] = base | c << 7;
        return n;
      }
      const end2 = us * 7 + this.count[us];
      for (let s = us * 7; s < end2; s++) {
        const from = this.pieces[s];
        if (!(b[from] & CAPTURED_BIT)) continue;
        const base = RELOCATION << 14 | from;
        for (let i = 0; i < outer.length; i++) {
          const c = outer[i];
          if (b[c] === 0) out[n++] = base | c << 7;
        }
      }
      return n;
    }
    if (this.hand[us] > 0) {
      const base = PLACEMENT << 14 | 127;
      for (let c = 0; c < CELL_COUNT; c++)
        if (b[c] === 0 && c !== THRONE) out[n++] = base | c << 7;
      return n;
    }
    const end = us * 7 + this.count[us];
    for (let s = us * 7; s < end; s++) {
      const from = this.pieces[s];
      const queen = b[from] & QUEEN_BIT;
      const kEnd = stepsFrom[from + 1];
      for (let k = stepsFrom[from]; k < kEnd; k++) {
        const to = steps[k];
        if (b[to] !== 0) continue;
        if (to === THRONE && !queen) continue;
        if (this.isForbidden(to, us)) continue;
        out[n++] = to << 7 | from;
      }
    }
    return n;
  }
  /**
   * Number of steps (R7, R8) the uncaptured pieces of `colour` could make if it were that
   * colour's turn to step; the mobility term of the evaluation.
   */
  countSteps(colour) {
    const b = this.board;
    let n = 0;
    const end = colour * 7 + this.count[colour];
    for (let s = colour * 7; s < end; s++) {
      const from = this.pieces[s];
      const p = b[from];
      if (p & CAPTURED_BIT) continue;
      const kEnd = stepsFrom[from + 1];
      for (let k = stepsFrom[from]; k < kEnd; k++) {
        const to = steps[k];
        if (b[to] !== 0 || to === THRONE && !(p & QUEEN_BIT)) continue;
        if (!this.isForbidden(to, colour)) n++;
      }
    }
    return n;
  }
  /** How many enemy pieces the step `move` would capture (R9); 0 for other kinds. */
  stepCaptures(move) {
    if (move >> 14 !== STEP) return 0;
    const b = this.board;
    const from = move & 127;
    const to = move >> 7 & 127;
    const mine = b[from] & (WHITE_BIT | BLACK_BIT);
    const them = mine ^ (WHITE_BIT | BLACK_BIT);
    let n = 0;
    for (let d = 0; d < 6; d++) {
      const x = nb[to * 6 + d];
      const e = b[x];
      if (e & them && !(e & CAPTURED_BIT) && b[nb[x * 6 + d]] & mine) n++;
    }
    return n;
  }
  /** Every legal turn as an array, in generation order. */
  legalMoves() {
    const buf = new Int32Array(MAX_MOVES);
    return Array.from(buf.subarray(0, this.generate(buf)));
  }
  /** Whether a move is one of the legal turns here. */
  isLegal(move) {
    return this.legalMoves().includes(move);
  }
  /**
   * R11: if all six ring-1 cells hold guards of one colour, the winner's colour index (that
   * colour when its queen is on the throne, the other otherwise); -1 when R11 does not apply.
   */
  throneRing() {
    const b = this.board;
    const first = b[ring1[0]] & (WHITE_BIT | BLACK_BIT | QUEEN_BIT);
    if (first !== WHITE_BIT && first !== BLACK_BIT) return -1;
    for (let i = 1; i < 6; i++) {
      if ((b[ring1[i]] & (WHITE_BIT | BLACK_BIT | QUEEN_BIT)) !== first) return -1;
    }
    const owner = first === WHITE_BIT ? 0 : 1;
    return b[THRONE] === (first | QUEEN_BIT) || b[THRONE] === (first | QUEEN_BIT | CAPTURED_BIT) ? owner : 1 - owner;
  }
  /** The end of the game by R11 or R12 in this position, or undefined while it goes on. */
  outcome() {
    const winner = this.throneRing();
    if (winner >= 0) return { winner: COLOURS[winner], reason: "throne-ring" };
    const buf = new Int32Array(MAX_MOVES);
    if (this.generate(buf) === 0) return { winner: COLOURS[1 - this.turn], reason: "no-moves" };
    return void 0;
  }
  /** Plays a legal move; `unmake` takes it back. Does not check legality. */
  make(move) {
    if (this.ply === this.moveStack.length) this.growStacks();
    const b = this.board;
    const us = this.turn;
    const from = move & 127;
    const to = move >> 7 & 127;
    let lo = this.hashLo;
    let hi = this.hashHi;
    this.hashLoStack[this.ply] = lo;
    this.hashHiStack[this.ply] = hi;
    this.moveStack[this.ply] = move;
    let captured = 0;
    switch (move >> 14) {
      case STEP: {
        const p = b[from];
        b[from] = 0;
        this.flankAdd(from, p & 3, -1);
        b[to] = p;
        this.flankAdd(to, p & 3);
        const slot = this.slotOf[from];
        this.pieces[slot] = to;
        this.slotOf[to] = slot;
        if (p & QUEEN_BIT) this.queenCell[us] = to;
        lo ^= pieceLo[from * 16 + p] ^ pieceLo[to * 16 + p];
        hi ^= pieceHi[from * 16 + p] ^ pieceHi[to * 16 + p];
        const them = us === 0 ? BLACK_BIT : WHITE_BIT;
        const mine = us === 0 ? WHITE_BIT : BLACK_BIT;
        for (let d = 0; d < 6; d++) {
          const x = nb[to * 6 + d];
          const e = b[x];
          if (!(e & them) || e & CAPTURED_BIT) continue;
          if (!(b[nb[x * 6 + d]] & mine)) continue;
          b[x] = e | CAPTURED_BIT;
          lo ^= pieceLo[x * 16 + e] ^ pieceLo[x * 16 + (e | CAPTURED_BIT)];
          hi ^= pieceHi[x * 16 + e] ^ pieceHi[x * 16 + (e | CAPTURED_BIT)];
          captured |= 1 << d;
          this.capturedCount[1 - us]++;
        }
        break;
      }
      case RELOCATION: {
        const p = b[from];
        const q = p & ~CAPTURED_BIT;
        b[from] = 0;
        this.flankAdd(from, p & 3, -1);
        b[to] = q;
        this.flankAdd(to, p & 3);
        const slot = this.slotOf[from];
        this.pieces[slot] = to;
        this.slotOf[to] = slot;
        if (p & QUEEN_BIT) this.queenCell[us] = to;
        this.capturedCount[us]--;
        lo ^= pieceLo[from * 16 + p] ^ pieceLo[to * 16 + q];
        hi ^= pieceHi[from * 16 + p] ^ pieceHi[to * 16 + q];
        break;
      }
      case PLACEMENT: {
        const p = us === 0 ? WHITE_BIT : BLACK_BIT;
        b[to] = p;
        this.flankAdd(to, p);
        const slot = us * 7 + this.count[us]++;
        this.pieces[slot] = to;
        this.slotOf[to] = slot;
        const h = this.hand[us];
        this.hand[us] = h - 1;
        lo ^= pieceLo[to * 16 + p] ^ handLo[us * 7 + h] ^ handLo[us * 7 + h - 1];
        hi ^= pieceHi[to * 16 + p] ^ handHi[us * 7 + h] ^ handHi[us * 7 + h - 1];
        break;
      }
      default:
        break;
    }
    this.captureStack[this.ply] = captured;
    this.ply++;
    this.turn = 1 - us;
    this.hashLo = lo ^ blackLo;
    this.hashHi = hi ^ blackHi;
  }
  /** Takes back the last move made with `make`. */
  unmake() {
    this.ply--;
    const move = this.moveStack[this.ply];
    const us = 1 - this.turn;
    this.turn = us;
    this.hashLo = this.hashLoStack[this.ply];
    this.hashHi = this.hashHiStack[this.ply];
    const b = this.board;
    const from = move & 127;
    const to = move >> 7 & 127;
    switch (move >> 14) {
      case STEP: {
        const p = b[to];
        b[to] = 0;
        this.flankAdd(to, p & 3, -1);
        b[from] = p;
        this.flankAdd(from, p & 3);
        const slot = this.slotOf[to];
        this.pieces[slot] = from;
        this.slotOf[from] = slot;
        if (p & QUEEN_BIT) this.queenCell[us] = from;
        const captured = this.captureStack[this.ply];
        if (captured) {
          for (let d = 0; d < 6; d++) {
            if (captured & 1 << d) {
              b[nb[to * 6 + d]] &= ~CAPTURED_BIT;
              this.capturedCount[1 - us]--;
            }
          }
        }
        break;
      }
      case RELOCATION: {
        const p = b[to] | CAPTURED_BIT;
        b[to] = 0;
        this.flankAdd(to, p & 3, -1);
        b[from] = p;
        this.flankAdd(from, p & 3);
        const slot = this.slotOf[to];
        this.pieces[slot] = from;
        this.slotOf[from] = slot;
        if (p & QUEEN_BIT) this.queenCell[us] = from;
        this.capturedCount[us]++;
        break;
      }
      case PLACEMENT:
        this.flankAdd(to, b[to] & 3, -1);
        b[to] = 0;
        this.count[us]--;
        this.hand[us]++;
        break;
      default:
        break;
    }
  }
  /** Number of moves made and not taken back. */
  get depth() {
    return this.ply;
  }
  /** The Zobrist key computed from scratch (the incremental one must always equal it). */
  computeHash() {
    let lo = 0;
    let hi = 0;
    for (let c = 0; c < CELL_COUNT; c++) {
      const p = this.board[c];
      if (p) {
        lo ^= pieceLo[c * 16 + p];
        hi ^= pieceHi[c * 16 + p];
      }
    }
    for (let ci = 0; ci < 2; ci++) {
      lo ^= handLo[ci * 7 + this.hand[ci]];
      hi ^= handHi[ci * 7 + this.hand[ci]];
    }
    if (this.turn === 1) {
      lo ^= blackLo;
      hi ^= blackHi;
    }
    return [lo, hi];
  }
  rehash() {
    [this.hashLo, this.hashHi] = this.computeHash();
  }
  growStacks() {
    const grow = (a, make) => {
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
  describeCell(cell) {
    const p = this.pieceAt(cell);
    if (!p) return `${cellName(cell)} is vacant`;
    return `${cellName(cell)} holds a ${p.captured ? "captured " : ""}${p.colour === "white" ? "White" : "Black"} ${p.role}`;
  }
};

// packages/engine/src/apn.ts
var STANDARD_APN = "1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1 w";
var PLACEMENT_APN = "6/7/8/9/10/Q9q/10/9/8/7/6 w 6/6";
var LETTERS = {
  Q: { colour: "white", role: "queen" },
  G: { colour: "white", role: "guard" },
  q: { colour: "black", role: "queen" },
  g: { colour: "black", role: "guard" }
};
function parseApnSetup(text) {
  const fields = text.trim().split(" ");
  if (fields.length < 2 || fields.length > 3 || fields.some((f) => f === "")) {
    return err(
      "apn-fields",
      `an APN has a board, the side to move and optionally guards in hand, separated by single spaces; got "${text.trim()}"`
    );
  }
  const [boardText, turnText, handText] = fields;
  const files = boardText.split("/");
  if (files.length !== FILES.length) {
    return err(
      "apn-files",
      `the board field has ${files.length} files; it needs ${FILES.length}, a to l`
    );
  }
  const board = new Array(CELL_COUNT).fill(void 0);
  for (let f = 0; f < FILES.length; f++) {
    const fileText = files[f];
    const name = FILES[f];
    const length = fileLength[f];
    let rank = 0;
    for (let i = 0; i < fileText.length; i++) {
      const ch = fileText[i];
      if (ch >= "0" && ch <= "9") {
        let j = i;
        while (j + 1 < fileText.length && fileText[j + 1] >= "0" && fileText[j + 1] <= "9") j++;
        const runText = fileText.slice(i, j + 1);
        if (runText.startsWith("0")) {
          return err(
            "apn-char",
            `file ${name}: "${runText}" is not a count of vacant cells (1 or more, no leading 0)`
          );
        }
        const run = Number(runText);
        rank += run;
        i = j;
      } else {
        const piece = LETTERS[ch];
        if (!piece) {
          return err("apn-char", `file ${name}: "${ch}" is not a piece (Q G q g), a * or a number`);
        }
        const captured = fileText[i + 1] === "*";
        if (captured) i++;
        rank++;
        if (rank <= length) board[fileStart[f] + rank - 1] = { ...piece, captured };
      }
      if (rank > length) {
        return err(
          "apn-file-length",
          `file ${name} has ${length} cells, but "${fileText}" describes more`
        );
      }
    }
    if (rank !== length) {
      return err(
        "apn-file-length",
        `file ${name} has ${length} cells, but "${fileText}" adds up to ${rank}`
      );
    }
  }
  if (turnText !== "w" && turnText !== "b") {
    return err("apn-turn", `the side to move is "w" or "b", not "${turnText}"`);
  }
  let hand = { white: 0, black: 0 };
  if (handText !== void 0) {
    const m = /^([0-6])\/([0-6])$/.exec(handText);
    if (!m) {
      return err(
        "apn-hand",
        `guards in hand are written as White's and Black's counts 0-6, like 6/6; got "${handText}"`
      );
    }
    hand = { white: Number(m[1]), black: Number(m[2]) };
  }
  return ok({ board, turn: turnText === "w" ? "white" : "black", hand });
}
function parseApn(text) {
  const setup = parseApnSetup(text);
  return setup.ok ? Position.fromSetup(setup.value) : setup;
}
function makeApn(pos) {
  const setup = pos instanceof Position ? pos.toSetup() : pos;
  const files = [];
  for (let f = 0; f < FILES.length; f++) {
    let s = "";
    let vacant = 0;
    for (let c = fileStart[f]; c < fileStart[f + 1]; c++) {
      const p = setup.board[c];
      if (!p) {
        vacant++;
        continue;
      }
      if (vacant) s += vacant;
      vacant = 0;
      const letter = p.role === "queen" ? "q" : "g";
      s += (p.colour === "white" ? letter.toUpperCase() : letter) + (p.captured ? "*" : "");
    }
    if (vacant) s += vacant;
    files.push(s);
  }
  const hand = setup.hand.white || setup.hand.black ? ` ${setup.hand.white}/${setup.hand.black}` : "";
  return `${files.join("/")} ${setup.turn === "white" ? "w" : "b"}${hand}`;
}

// packages/engine/src/evaluate.ts
var FEATURES = [
  "guardRing4",
  "guardRing3",
  "guardRing2",
  "guardRing1",
  "queenRing4",
  "queenRing3",
  "queenRing2",
  "queenRing1",
  "queenThrone",
  "capturedGuard",
  "capturedQueen",
  "mobility",
  "blocked",
  "queenPathOpen",
  "throneRingWithQueen",
  "throneRingTrap",
  "guardVulnerable",
  "queenVulnerable",
  "ring1Blockers",
  "tempo"
];
var FEATURE_COUNT = FEATURES.length;
var F = Object.fromEntries(FEATURES.map((name, i) => [name, i]));
var WEIGHTS = new Int32Array([
  15,
  41,
  32,
  45,
  0,
  45,
  67,
  144,
  184,
  -35,
  -132,
  6,
  -18,
  9,
  26,
  -55,
  -34,
  -43,
  -19,
  0
]);
var nb2 = neighbour;
var GUARD_RING = [-1, F.guardRing1, F.guardRing2, F.guardRing3, F.guardRing4, -1];
var QUEEN_RING = [F.queenThrone, F.queenRing1, F.queenRing2, F.queenRing3, F.queenRing4, -1];
function features(pos, out) {
  out.fill(0);
  for (let c = 0; c < 2; c++) sideFeatures(pos, c, c === 0 ? 1 : -1, out);
  out[F.tempo] = pos.turn === 0 ? 1 : -1;
}
function sideFeatures(pos, c, sign, out) {
  const b = pos.board;
  const them = 2 >> c;
  let ring1Guards = 0;
  let ring1Enemies = 0;
  let queenHome = false;
  const end = c * 7 + pos.count[c];
  for (let s = c * 7; s < end; s++) {
    const cell = pos.pieces[s];
    const p = b[cell];
    const r = ring[cell];
    const queen = (p & QUEEN_BIT) !== 0;
    if (queen && r === 0) queenHome = true;
    if (!queen && r === 1) ring1Guards++;
    if (p & CAPTURED_BIT) {
      out[queen ? F.capturedQueen : F.capturedGuard] += sign;
      continue;
    }
    const ringFeature = queen ? QUEEN_RING[r] : GUARD_RING[r];
    if (ringFeature >= 0) out[ringFeature] += sign;
    let moves = 0;
    let inward = false;
    for (let d = 0; d < 6; d++) {
      const to = nb2[cell * 6 + d];
      if (to < 0 || b[to] !== 0 || ring[to] > r) continue;
      if (to === THRONE && !queen) continue;
      if (pos.isForbidden(to, c)) continue;
      moves++;
      if (ring[to] < r) inward = true;
    }
    out[F.mobility] += sign * moves;
    if (moves === 0 && !(queen && r === 0)) out[F.blocked] += sign;
    if (queen && inward) out[F.queenPathOpen] += sign;
    if (isVulnerable(pos, cell, them)) out[queen ? F.queenVulnerable : F.guardVulnerable] += sign;
  }
  if (queenHome) {
    for (let d = 0; d < 6; d++) if (b[nb2[THRONE * 6 + d]] & them) ring1Enemies++;
    out[F.throneRingWithQueen] += sign * ring1Guards;
    out[F.ring1Blockers] += sign * ring1Enemies;
  } else if (ring1Guards >= 5) {
    out[F.throneRingTrap] += sign;
  }
}
function isVulnerable(pos, cell, them) {
  const b = pos.board;
  const enemy = them === 1 ? 0 : 1;
  for (let d = 0; d < 6; d++) {
    const a = nb2[cell * 6 + d];
    const far = nb2[cell * 6 + (d + 3) % 6];
    if (a < 0 || far < 0 || b[a] !== 0 || !(b[far] & them)) continue;
    if (pos.isForbidden(a, enemy)) continue;
    for (let e = 0; e < 6; e++) {
      const from = nb2[a * 6 + e];
      if (from < 0) continue;
      const p = b[from];
      if (!(p & them) || p & CAPTURED_BIT) continue;
      if (ring[a] > ring[from]) continue;
      if (a === THRONE && !(p & QUEEN_BIT)) continue;
      return true;
    }
  }
  return false;
}
var scratch = new Int32Array(FEATURE_COUNT);
function evaluate(pos, weights = WEIGHTS) {
  features(pos, scratch);
  let score = 0;
  for (let i = 0; i < FEATURE_COUNT; i++) score += scratch[i] * weights[i];
  return pos.turn === 0 ? score : -score;
}

// packages/engine/src/search.ts
var WIN = 3e4;
var WIN_BOUND = WIN - 1e3;
var MAX_PLY = 128;
var EXACT = 1;
var LOWER = 2;
var UPPER = 3;
var Searcher = class {
  /** A searcher with a transposition table of about `hashMiB` mebibytes and a weight table. */
  constructor(hashMiB = 16, weights = WEIGHTS) {
    this.weights = weights;
    this.resize(hashMiB);
  }
  weights;
  ttMask = 0;
  ttKey = new Int32Array(0);
  ttMove = new Int32Array(0);
  ttScore = new Int16Array(0);
  ttDepth = new Int8Array(0);
  ttFlag = new Uint8Array(0);
  killers = new Int32Array(MAX_PLY * 2);
  history = new Int32Array(2 * 128 * 128);
  moves = new Int32Array(MAX_PLY * MAX_MOVES);
  order = new Int32Array(MAX_PLY * MAX_MOVES);
  pvTable = new Int32Array(MAX_PLY * MAX_PLY);
  pvLength = new Int32Array(MAX_PLY + 1);
  // Keys of the game so far and of the current search path, for repetition (R13).
  keyLo = new Int32Array(1024);
  keyHi = new Int32Array(1024);
  keyCount = 0;
  // A counting filter over the keys above: most nodes skip the scan.
  keyFilter = new Uint16Array(4096);
  pos;
  nodes = 0;
  limits = {};
  aborted = false;
  // Depth 1 always completes, so there is always a move to play.
  interruptible = false;
  /** Reallocates the transposition table (clearing it). */
  resize(hashMiB) {
    const bytesPerEntry = 12;
    let entries = 1;
    while (entries * 2 * bytesPerEntry <= hashMiB * 1024 * 1024) entries *= 2;
    this.ttMask = entries - 1;
    this.ttKey = new Int32Array(entries);
    this.ttMove = new Int32Array(entries);
    this.ttScore = new Int16Array(entries);
    this.ttDepth = new Int8Array(entries);
    this.ttFlag = new Uint8Array(entries);
    this.clear();
  }
  /** Forgets everything learnt: hash table, killers, history. */
  clear() {
    this.ttFlag.fill(0);
    this.killers.fill(0);
    this.history.fill(0);
  }
  /**
   * Searches `pos` (restored before each yield) one depth at a time, yielding after each
   * completed depth. `history` lists the Zobrist keys [lo, hi] of the earlier positions of the
   * game, for repetition; the root need not be in it.
   */
  *iterate(pos, history = [], limits = {}) {
    if (pos.throneRing() >= 0) return;
    this.pos = pos;
    this.limits = limits;
    this.nodes = 0;
    this.aborted = false;
    this.keyCount = 0;
    this.keyFilter.fill(0);
    for (const [lo, hi] of history) this.pushKey(lo, hi);
    this.pushKey(pos.hashLo, pos.hashHi);
    const rootStart = pos.depth;
    const maxDepth = Math.min(limits.depth ?? MAX_PLY - 8, MAX_PLY - 8);
    for (let h = 0; h < this.history.length; h++) this.history[h] = this.history[h] >> 2;
    for (let depth = 1; depth <= maxDepth; depth++) {
      this.interruptible = depth > 1;
      const result = this.root(depth);
      while (pos.depth > rootStart) pos.unmake();
      if (this.aborted && depth > 1) return;
      yield result;
      if (this.aborted || this.limitReached()) return;
      if (Math.abs(result.score) >= WIN_BOUND && WIN - Math.abs(result.score) <= depth) return;
    }
  }
  /** Runs `iterate` to its end and returns the last completed iteration, or undefined when the game is over. */
  search(pos, history = [], limits = {}) {
    let last;
    for (const info of this.iterate(pos, history, limits)) last = info;
    return last?.pv.length ? last : void 0;
  }
  limitReached() {
    const l = this.limits;
    return l.nodes !== void 0 && this.nodes >= l.nodes || l.deadline !== void 0 && l.now !== void 0 && l.now() >= l.deadline || (l.stop?.() ?? false);
  }
  pushKey(lo, hi) {
    if (this.keyCount === this.keyLo.length) {
      const lo2 = new Int32Array(this.keyLo.length * 2);
      const hi2 = new Int32Array(this.keyLo.length * 2);
      lo2.set(this.keyLo);
      hi2.set(this.keyHi);
      this.keyLo = lo2;
      this.keyHi = hi2;
    }
    this.keyLo[this.keyCount] = lo;
    this.keyHi[this.keyCount++] = hi;
    this.keyFilter[lo & 4095]++;
  }
  popKey() {
    this.keyFilter[this.keyLo[--this.keyCount] & 4095]--;
  }
  // Whether the current position (the last key) occurred before: scored as a draw, the usual
  // reading of R13 inside a search (a repeatable position can be repeated again).
  repeated() {
    const last = this.keyCount - 1;
    const lo = this.keyLo[last];
    if (this.keyFilter[lo & 4095] < 2) return false;
    const hi = this.keyHi[last];
    for (let i = last - 2; i >= 0; i -= 2) {
      if (this.keyLo[i] === lo && this.keyHi[i] === hi) return true;
    }
    return false;
  }
  root(depth) {
    const pos = this.pos;
    const base = 0;
    const end = pos.generate(this.moves, base);
    this.orderMoves(base, end, this.ttProbeMove(), 0);
    const all = this.limits.scoreAllRootMoves === true;
    const rootScores = [];
    let alpha = -WIN - 1;
    const beta = WIN + 1;
    let best = -WIN - 1;
    this.pvLength[0] = 0;
    for (let i = base; i < end; i++) {
      const move = this.pickNext(i, end);
      pos.make(move);
      this.pushKey(pos.hashLo, pos.hashHi);
      let score;
      if (i === base || all) {
        score = -this.negamax(depth - 1, -beta, all ? WIN + 1 : -alpha, 1);
      } else {
        score = -this.negamax(depth - 1, -alpha - 1, -alpha, 1);
        if (score > alpha && !this.aborted) score = -this.negamax(depth - 1, -beta, -alpha, 1);
      }
      this.popKey();
      pos.unmake();
      if (this.aborted && depth > 1) break;
      if (all) rootScores.push({ move, score });
      if (score > best) {
        best = score;
        if (score > alpha) alpha = score;
        this.pvTable[0] = move;
        const len = this.pvLength[1];
        for (let k = 1; k < len; k++) this.pvTable[k] = this.pvTable[MAX_PLY + k];
        this.pvLength[0] = Math.max(len, 1);
      }
    }
    const pv = [];
    for (let k = 0; k < this.pvLength[0]; k++) pv.push(this.pvTable[k]);
    if (pv.length) this.ttStore(depth, best, EXACT, pv[0], 0);
    return { depth, score: best, nodes: this.nodes, pv, rootScores };
  }
  negamax(depth, alpha, beta, ply) {
    const pos = this.pos;
    this.pvLength[ply] = ply;
    if ((++this.nodes & 2047) === 0 && this.interruptible && this.limitReached()) {
      this.aborted = true;
    }
    if (this.aborted) return 0;
    const winner = pos.throneRing();
    if (winner >= 0) return winner === pos.turn ? WIN - ply : -(WIN - ply);
    if (this.repeated()) return 0;
    if (ply >= MAX_PLY - 2) return evaluate(pos, this.weights);
    if (depth <= 0) return this.quiesce(alpha, beta, ply);
    const pvNode = beta - alpha > 1;
    const slot = pos.hashLo & this.ttMask;
    let ttMove = 0;
    if (this.ttFlag[slot] !== 0 && this.ttKey[slot] === pos.hashHi) {
      ttMove = this.ttMove[slot];
      if (!pvNode && this.ttDepth[slot] >= depth) {
        const s = fromTT(this.ttScore[slot], ply);
        const f = this.ttFlag[slot];
        if (f === EXACT || f === LOWER && s >= beta || f === UPPER && s <= alpha) return s;
      }
    }
    const base = ply * MAX_MOVES;
    const end = this.pos.generate(this.moves, base);
    if (end === base) return -(WIN - ply);
    this.orderMoves(base, end, ttMove, ply);
    const alpha0 = alpha;
    let best = -WIN - 1;
    let bestMove = 0;
    for (let i = base; i < end; i++) {
      const move = this.pickNext(i, end);
      const quiet = move >> 14 !== STEP || pos.stepCaptures(move) === 0;
      pos.make(move);
      this.pushKey(pos.hashLo, pos.hashHi);
      let score;
      if (i === base) {
        score = -this.negamax(depth - 1, -beta, -alpha, ply + 1);
      } else {
        const n = i - base;
        const reduction = depth >= 3 && n >= 3 && quiet && move >> 14 === STEP ? n >= 10 ? 2 : 1 : 0;
        score = -this.negamax(depth - 1 - reduction, -alpha - 1, -alpha, ply + 1);
        if (score > alpha && reduction)
          score = -this.negamax(depth - 1, -alpha - 1, -alpha, ply + 1);
        if (score > alpha && score < beta) score = -this.negamax(depth - 1, -beta, -alpha, ply + 1);
      }
      this.popKey();
      pos.unmake();
      if (this.aborted) return 0;
      if (score > best) {
        best = score;
        bestMove = move;
        if (score > alpha) {
          alpha = score;
          this.pvTable[ply * MAX_PLY + ply] = move;
          const next2 = (ply + 1) * MAX_PLY;
          const len = this.pvLength[ply + 1];
          for (let k = ply + 1; k < len; k++)
            this.pvTable[ply * MAX_PLY + k] = this.pvTable[next2 + k];
          this.pvLength[ply] = Math.max(len, ply + 1);
          if (alpha >= beta) {
            if (quiet) {
              if (this.killers[ply * 2] !== move) {
                this.killers[ply * 2 + 1] = this.killers[ply * 2];
                this.killers[ply * 2] = move;
              }
              const h = (pos.turn * 128 + (move & 127)) * 128 + (move >> 7 & 127);
              this.history[h] = Math.min(this.history[h] + depth * depth, 1 << 24);
            }
            break;
          }
        }
      }
    }
    this.ttStore(depth, best, best >= beta ? LOWER : best > alpha0 ? EXACT : UPPER, bestMove, ply);
    return best;
  }
  // Quiescence: stand pat, then only steps that capture (R9), so the evaluation is never
  // taken in the middle of an exchange. A pending relocation is priced by the evaluation.
  quiesce(alpha, beta, ply) {
    const pos = this.pos;
    this.pvLength[ply] = ply;
    if ((++this.nodes & 2047) === 0 && this.interruptible && this.limitReached()) {
      this.aborted = true;
    }
    if (this.aborted) return 0;
    const winner = pos.throneRing();
    if (winner >= 0) return winner === pos.turn ? WIN - ply : -(WIN - ply);
    const base = ply * MAX_MOVES;
    const end = pos.generate(this.moves, base);
    if (end === base) return -(WIN - ply);
    let best = evaluate(pos, this.weights);
    if (best >= beta || ply >= MAX_PLY - 2) return best;
    if (best > alpha) alpha = best;
    if (pos.capturedCount[pos.turn] > 0 || pos.placing) return best;
    let n = base;
    for (let i = base; i < end; i++) {
      const move = this.moves[i];
      const c = pos.stepCaptures(move);
      if (c > 0) {
        this.moves[n] = move;
        this.order[n++] = c;
      }
    }
    for (let i = base; i < n; i++) {
      const move = this.pickNext(i, n);
      pos.make(move);
      this.pushKey(pos.hashLo, pos.hashHi);
      const score = -this.quiesce(-beta, -alpha, ply + 1);
      this.popKey();
      pos.unmake();
      if (this.aborted) return 0;
      if (score > best) {
        best = score;
        if (score > alpha) alpha = score;
        if (alpha >= beta) break;
      }
    }
    return best;
  }
  orderMoves(base, end, ttMove, ply) {
    const pos = this.pos;
    const k1 = this.killers[ply * 2];
    const k2 = this.killers[ply * 2 + 1];
    const side = pos.turn * 128;
    for (let i = base; i < end; i++) {
      const m = this.moves[i];
      let s;
      if (m === ttMove) s = 1 << 30;
      else {
        const c = pos.stepCaptures(m);
        if (c > 0) s = (1 << 29) + c;
        else if (m === k1) s = (1 << 28) + 1;
        else if (m === k2) s = 1 << 28;
        else s = this.history[(side + (m & 127)) * 128 + (m >> 7 & 127)];
      }
      this.order[i] = s;
    }
  }
  // Selection sort step: brings the best-ordered remaining move to index i.
  pickNext(i, end) {
    let bi = i;
    let bs = this.order[i];
    for (let j = i + 1; j < end; j++) {
      if (this.order[j] > bs) {
        bs = this.order[j];
        bi = j;
      }
    }
    if (bi !== i) {
      const m = this.moves[bi];
      this.moves[bi] = this.moves[i];
      this.moves[i] = m;
      this.order[bi] = this.order[i];
      this.order[i] = bs;
    }
    return this.moves[i];
  }
  ttProbeMove() {
    const slot = this.pos.hashLo & this.ttMask;
    return this.ttFlag[slot] !== 0 && this.ttKey[slot] === this.pos.hashHi ? this.ttMove[slot] : 0;
  }
  ttStore(depth, score, flag, move, ply) {
    const pos = this.pos;
    const slot = pos.hashLo & this.ttMask;
    if (this.ttFlag[slot] !== 0 && this.ttKey[slot] === pos.hashHi && this.ttDepth[slot] > depth)
      return;
    this.ttKey[slot] = pos.hashHi;
    this.ttMove[slot] = move;
    this.ttScore[slot] = toTT(score, ply);
    this.ttDepth[slot] = Math.min(depth, 127);
    this.ttFlag[slot] = flag;
  }
};
function toTT(score, ply) {
  if (score >= WIN_BOUND) return score + ply;
  if (score <= -WIN_BOUND) return score - ply;
  return score;
}
function fromTT(score, ply) {
  if (score >= WIN_BOUND) return score - ply;
  if (score <= -WIN_BOUND) return score + ply;
  return score;
}

// packages/engine/src/level.ts
var LEVELS = [
  { depth: 1, nodes: 1e3, temperature: 150 },
  { depth: 2, nodes: 1500, temperature: 110 },
  { depth: 2, nodes: 1500, temperature: 70 },
  { depth: 2, nodes: 2e3, temperature: 48 },
  { depth: 2, nodes: 2e3, temperature: 35 },
  { depth: 3, nodes: 2500, temperature: 20 },
  { depth: 4, nodes: 3500, temperature: 12 },
  { depth: 5, nodes: 5e3, temperature: 6 },
  { depth: 10, nodes: 3e4, temperature: 0 },
  { depth: 120, nodes: Number.POSITIVE_INFINITY, temperature: 0 }
];
var LEVEL10_MOVETIME = 2e3;
function seededRandom(seed) {
  let a = seed | 0;
  return () => {
    a = a + 1831565813 | 0;
    let t = Math.imul(a ^ a >>> 15, 1 | a);
    t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t;
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  };
}
function chooseAmong(scores, temperature, random) {
  if (scores.length === 0) return void 0;
  const best = scores.reduce((a, b) => b.score > a.score ? b : a);
  if (temperature <= 0 || best.score >= WIN_BOUND) return best.move;
  const weights = scores.map(
    (s) => best.score - s.score > 4 * temperature ? 0 : Math.exp((s.score - best.score) / temperature)
  );
  const total = weights.reduce((a, b) => a + b, 0);
  let x = random() * total;
  for (let i = 0; i < scores.length; i++) {
    x -= weights[i];
    if (x < 0) return scores[i].move;
  }
  return best.move;
}
function playLevel(searcher, pos, history, level, random, overrides = {}, onInfo) {
  const config = LEVELS[Math.min(10, Math.max(1, Math.round(level))) - 1];
  const choosing = config.temperature > 0;
  const limits = {
    ...overrides,
    depth: Math.min(config.depth, overrides.depth ?? Number.POSITIVE_INFINITY),
    nodes: Math.min(config.nodes, overrides.nodes ?? Number.POSITIVE_INFINITY),
    scoreAllRootMoves: choosing
  };
  let last;
  for (const info of searcher.iterate(pos, history, limits)) {
    last = info;
    onInfo?.(info);
  }
  if (!last || last.pv.length === 0) return void 0;
  const move = choosing ? chooseAmong(last.rootScores, config.temperature, random) : last.pv[0];
  return move === void 0 ? void 0 : { move, info: last };
}

// packages/cli/src/command.ts
var CommandError = class extends Error {
};

// packages/engine/src/illegal.ts
var CITES = {
  "game-over": ["R11"],
  pass: ["R15"],
  "queen-to-relocate": ["R6", "R10"],
  "guard-to-relocate": ["R6", "R10"],
  "not-captured": ["R10"],
  "queen-first": ["R10"],
  "relocation-occupied": ["R10"],
  "guard-not-outer": ["R10"],
  "relocation-impossible": ["R10"],
  "nothing-captured": ["R10"],
  "must-place": ["R14"],
  "placement-throne": ["R14"],
  "placement-occupied": ["R14"],
  "placement-impossible": ["R14"],
  "no-hand": ["R14"],
  "no-piece": ["R7"],
  "enemy-piece": ["R7"],
  "captured-step": ["R9"],
  "not-adjacent": ["R7"],
  outward: ["R7"],
  "step-occupied": ["R7"],
  "guard-throne": ["R7"],
  forbidden: ["R8"],
  "step-impossible": ["R7"]
};
function illegalReason(pos, move) {
  if (pos.isLegal(move)) return void 0;
  const reason = (code, ...params) => ({ code, rules: CITES[code], ...params[0] });
  const us = pos.turn;
  const colour = pos.turnColour;
  const kind = moveKind(move);
  const from = moveFrom(move);
  const to = moveTo(move);
  const b = pos.board;
  if (pos.throneRing() >= 0) return reason("game-over");
  if (kind === PASS) return reason("pass");
  if (pos.capturedCount[us] > 0) {
    const queen = pos.queenCell[us];
    if (kind !== RELOCATION) {
      return b[queen] & CAPTURED_BIT ? reason("queen-to-relocate", { colour, cell: cellName(queen) }) : reason("guard-to-relocate", { colour });
    }
    if ((b[from] & (CAPTURED_BIT | 1 << us)) !== (CAPTURED_BIT | 1 << us)) {
      return reason("not-captured", { colour, cell: cellName(from) });
    }
    if (b[queen] & CAPTURED_BIT && from !== queen) {
      return reason("queen-first", { cell: cellName(queen) });
    }
    if (b[to] !== 0) return reason("relocation-occupied", { cell: cellName(to) });
    if (!(b[from] & QUEEN_BIT) && !OUTER_RING.includes(to)) {
      return reason("guard-not-outer", { cell: cellName(to), ring: ring[to] });
    }
    return reason("relocation-impossible");
  }
  if (kind === RELOCATION) return reason("nothing-captured", { colour });
  if (pos.hand[us] > 0) {
    if (kind !== PLACEMENT) return reason("must-place", { colour, count: pos.hand[us] });
    if (to === THRONE) return reason("placement-throne");
    if (b[to] !== 0) return reason("placement-occupied", { cell: cellName(to) });
    return reason("placement-impossible");
  }
  if (kind === PLACEMENT) return reason("no-hand", { colour });
  const piece = b[from];
  if (!piece) return reason("no-piece", { colour, cell: cellName(from) });
  if (!(piece & 1 << us)) return reason("enemy-piece", { colour, cell: cellName(from) });
  if (piece & CAPTURED_BIT) return reason("captured-step", { cell: cellName(from) });
  const names2 = { from: cellName(from), to: cellName(to) };
  if (distance(from, to) !== 1) return reason("not-adjacent", names2);
  if (ring[to] > ring[from]) {
    return reason("outward", { ...names2, fromRing: ring[from], toRing: ring[to] });
  }
  if (b[to] !== 0) return reason("step-occupied", { cell: names2.to });
  if (to === THRONE && !(piece & QUEEN_BIT)) return reason("guard-throne");
  if (pos.isForbidden(to, us)) {
    for (let d = 0; d < 3; d++) {
      const x = neighbour[to * 6 + d];
      const y = neighbour[to * 6 + d + 3];
      if (x >= 0 && y >= 0 && b[x] & 2 >> us && b[y] & 2 >> us) {
        return reason("forbidden", {
          colour,
          cell: names2.to,
          flanks: [cellName(x), cellName(y)]
        });
      }
    }
  }
  return reason("step-impossible");
}
var colourWord = (colour) => colour === "white" ? "White" : "Black";
var ENGLISH = {
  "game-over": () => "the game is over: the throne ring is complete (R11)",
  pass: () => "pass is only for touch-move (R15), when the touched piece has no legal move",
  "queen-to-relocate": (r) => `${colourWord(r.colour)}'s captured queen on ${r.cell} must be relocated this turn (R6, R10)`,
  "guard-to-relocate": (r) => `${colourWord(r.colour)} has a captured guard: this turn must relocate it (R6, R10)`,
  "not-captured": (r) => `${r.cell} does not hold a captured ${r.colour} piece (R10)`,
  "queen-first": (r) => `the captured queen on ${r.cell} is relocated before any guard (R10)`,
  "relocation-occupied": (r, pos) => `${describe(pos, r.cell)}; a piece is relocated to a vacant cell (R10)`,
  "guard-not-outer": (r) => `a captured guard goes to a vacant cell of the outer ring, and ${r.cell} is in ring ${r.ring} (R10)`,
  "relocation-impossible": () => "that relocation is not possible (R10)",
  "nothing-captured": (r) => `no ${r.colour} piece is captured, so there is nothing to relocate (R10)`,
  "must-place": (r) => `${colourWord(r.colour)} still has ${r.count} guard(s) in hand and must place one (R14)`,
  "placement-throne": () => "no guard may be placed on the throne f6 (R14)",
  "placement-occupied": (r, pos) => `${describe(pos, r.cell)}; a guard is placed on a vacant cell (R14)`,
  "placement-impossible": () => "that placement is not possible (R14)",
  "no-hand": (r) => `${colourWord(r.colour)} has no guard in hand to place (R14)`,
  "no-piece": (r, pos) => notYours(pos, r.cell, r.colour),
  "enemy-piece": (r, pos) => notYours(pos, r.cell, r.colour),
  "captured-step": (r) => `the piece on ${r.cell} is captured: it cannot step until relocated (R9)`,
  "not-adjacent": (r) => `${r.from} and ${r.to} are not adjacent; a step goes to a neighbouring cell (R7)`,
  outward: (r) => `a step never goes outward, and ${r.from}-${r.to} goes from ring ${r.fromRing} to ring ${r.toRing} (R7)`,
  "step-occupied": (r, pos) => `${describe(pos, r.cell)}; a step goes to a vacant cell (R7)`,
  "guard-throne": () => "only a queen may enter the throne f6 (R7)",
  forbidden: (r) => `${r.cell} lies between two ${colourWord(opposite(r.colour))} pieces, on ${r.flanks[0]} and ${r.flanks[1]}: no step may end there (R8)`,
  "step-impossible": () => "that step is not possible (R7)"
};
var describe = (pos, name) => {
  const cell = parseCell(name);
  return cell < 0 ? `${name} is vacant` : pos.describeCell(cell);
};
var notYours = (pos, name, colour) => `${describe(pos, name)}, not a ${colour} piece; ${colourWord(colour)} is to move`;
function explainIllegal(pos, move) {
  const r = illegalReason(pos, move);
  return r && { code: "illegal-move", message: sentence(r, pos) };
}
function sentence(r, pos) {
  return ENGLISH[r.code](r, pos);
}

// packages/cli/src/args.ts
var Args = class {
  /** Splits `argv` by `spec`; `--name value` and `--name=value` are both accepted. */
  constructor(command, argv, spec) {
    this.command = command;
    for (let i = 0; i < argv.length; i++) {
      const word = argv[i];
      if (!word.startsWith("--")) {
        this.positionals.push(word);
        continue;
      }
      const eq = word.indexOf("=");
      const name = word.slice(2, eq < 0 ? void 0 : eq);
      const kind = spec[name];
      if (kind === void 0) {
        throw new CommandError(`${command}: unknown flag --${name} (see agon help ${command})`);
      }
      if (kind === "switch") {
        if (eq >= 0) throw new CommandError(`${command}: --${name} takes no value`);
        this.switches.add(name);
        continue;
      }
      const value = eq >= 0 ? word.slice(eq + 1) : argv[++i];
      if (value === void 0) throw new CommandError(`${command}: --${name} needs a value`);
      this.values.set(name, value);
    }
  }
  command;
  /** Words that are not flags, in order. */
  positionals = [];
  values = /* @__PURE__ */ new Map();
  switches = /* @__PURE__ */ new Set();
  /** The value given to a `value` flag, if any. */
  value(name) {
    return this.values.get(name);
  }
  /** Whether a flag of either kind was given. */
  has(name) {
    return this.switches.has(name) || this.values.has(name);
  }
  /** A `value` flag's whole number from `min` to `max`, or undefined when it is absent. */
  integer(name, min, max) {
    const text = this.values.get(name);
    if (text === void 0) return void 0;
    const n = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!(n >= min && n <= max)) {
      throw new CommandError(
        `${this.command}: bad --${name} "${text}": give a whole number from ${min} to ${max}`
      );
    }
    return n;
  }
  /**
   * A `value` flag's evaluation weights: FEATURE_COUNT whole numbers separated by commas, in
   * the order of FEATURES; undefined when the flag is absent.
   */
  weights(name) {
    const text = this.values.get(name);
    if (text === void 0) return void 0;
    const parts = text.split(",").map((p) => p.trim());
    if (parts.length !== FEATURE_COUNT || parts.some((p) => !/^-?\d{1,6}$/.test(p))) {
      throw new CommandError(
        `${this.command}: bad --${name}: give ${FEATURE_COUNT} whole numbers separated by commas, in the order ${FEATURES.join(",")}`
      );
    }
    return Int32Array.from(parts, Number);
  }
  /** Rejects positional words beyond the first `count`, naming the first extra one. */
  expectPositionals(count) {
    const extra = this.positionals[count];
    if (extra !== void 0)
      throw new CommandError(`${this.command}: unexpected argument "${extra}"`);
  }
};
function positionFromApn(command, apn) {
  const pos = parseApn(apn);
  if (!pos.ok) throw new CommandError(`${command}: bad APN: ${pos.error.message}`);
  return pos.value;
}

// packages/cli/src/thread.ts
import { Worker, workerData } from "node:worker_threads";
function startThread(module, data) {
  return new Worker(new URL(`./${module}.js`, import.meta.url), { workerData: { data } });
}
function threadData() {
  return workerData.data;
}

export {
  CELL_COUNT,
  FILES,
  THRONE,
  cellQ,
  cellR,
  ring,
  cellFile,
  cellRank,
  fileLength,
  RING1,
  cellName,
  parseCell,
  ok,
  err,
  STEP,
  moveFrom,
  moveTo,
  moveKind,
  PASS_MOVE,
  makeMoveText,
  parseMoveText,
  COLOURS,
  colourIndex,
  opposite,
  MAX_MOVES,
  STANDARD_APN,
  PLACEMENT_APN,
  parseApn,
  makeApn,
  FEATURES,
  FEATURE_COUNT,
  WEIGHTS,
  features,
  explainIllegal,
  WIN,
  WIN_BOUND,
  Searcher,
  LEVEL10_MOVETIME,
  seededRandom,
  playLevel,
  CommandError,
  Args,
  positionFromApn,
  startThread,
  threadData
};
