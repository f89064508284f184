// The computer player's search: iterative deepening principal variation search with a
// transposition table (table.ts), hash-move / capture / killer / history ordering, late move
// reductions and a capture quiescence. It owns no clock: the caller passes limits (depth,
// nodes, a deadline with its own `now`, a stop predicate) and pulls one result per completed
// depth from a generator.

import { CAPTOR_WEIGHTS, evaluate, WEIGHTS } from './evaluate.ts';
import { ring } from './hex.ts';
import { type Move, moveFrom, moveKind, moveTo, STEP } from './move.ts';
import { MAX_MOVES, type Position } from './position.ts';
import { TranspositionTable } from './table.ts';

/** Score of a win on the board now; a win in n turns scores WIN - n. */
export const WIN = 30000;
/** Scores beyond this (in absolute value) are forced wins or losses. */
export const WIN_BOUND = WIN - 1000;
/** The deepest the search goes, extensions and quiescence included. */
const MAX_PLY = 128;

/** What bounds a search. All optional; with none, the search runs to MAX_PLY. */
export interface SearchLimits {
  /** Deepest iteration to complete. */
  readonly depth?: number;
  /** Node budget. */
  readonly nodes?: number;
  /** A time, on the `now` clock, at which the search stops. */
  readonly deadline?: number;
  /** The caller's clock, in milliseconds; required with `deadline`. */
  readonly now?: () => number;
  /** Polled every few thousand nodes; true stops the search at once. */
  readonly stop?: () => boolean;
  /** Score every root move exactly (slower); the levels choose among them. */
  readonly scoreAllRootMoves?: boolean;
  /** How many best root moves to find with their lines, 1 to MAX_MULTI_PV (default 1). */
  readonly multiPV?: number;
  /**
   * What a repetition inside the search costs the side to move at the root once a completed
   * depth scored her more than CONTEMPT_MARGIN ahead (default 0: a repetition is a draw).
   */
  readonly contempt?: number;
  /** Search a capture near the horizon a turn deeper (default false); see `negamax`. */
  readonly extendCaptures?: boolean;
  /** Prune hopeless quiet steps near the horizon (default false); see `negamax`. */
  readonly prune?: boolean;
  /** Root moves to leave out: the search then scores the best of the others. */
  readonly exclude?: readonly Move[];
  /** Search every move to the full depth, without late move reductions (slower; for proofs). */
  readonly exact?: boolean;
  /**
   * R16: the captor chooses a captured queen's cell (default false). At such a node, the root
   * included, the move is the captor's best; scores stay from the side to move's view.
   */
  readonly captorPlacesQueen?: boolean;
}

/** How far ahead (evaluation units) the root side must be before `contempt` applies. */
export const CONTEMPT_MARGIN = 50;

/** The most lines `multiPV` asks for. */
export const MAX_MULTI_PV = 5;

/** One root move's line: its score and the moves that follow, starting with that move. */
interface SearchLine {
  /** Score from the side to move's view (see WIN). */
  readonly score: number;
  /** The line, starting with the root move. */
  readonly pv: readonly Move[];
}

/** The result of one completed iteration. */
export interface SearchInfo {
  /** Depth of the iteration. */
  readonly depth: number;
  /** Score from the side to move's view (see WIN). */
  readonly score: number;
  /** Nodes searched so far. */
  readonly nodes: number;
  /** The best line found, starting with the move to play. */
  readonly pv: readonly Move[];
  /** With `scoreAllRootMoves`, every root move with its score; else empty. */
  readonly rootScores: readonly { readonly move: Move; readonly score: number }[];
  /**
   * The best root moves' lines, best first, as many as `multiPV` asked for (fewer when there
   * are fewer moves); the first is `score` and `pv`.
   */
  readonly lines: readonly SearchLine[];
}

// Move ordering scores, in bands: the hash move, then captures (plus the pieces captured),
// then the two killers, then quiet moves by history (capped below KILLER).
const HASH_MOVE = 1 << 30;
const CAPTURE = 1 << 29;
const KILLER = 1 << 28;

// Pruning near the horizon (with `prune`): the margin per ply of depth left, in evaluation
// units, and how many moves a node at depth 1, 2, 3 searches before it drops quiet steps.
const PRUNE_MARGIN = 110;
const LATE_MOVES = [0, 8, 14, 22];

const EXACT = 1;
const LOWER = 2;
const UPPER = 3;

/** A searcher: keep one per engine so its hash table survives from move to move. */
export class Searcher {
  private mainTable!: TranspositionTable;
  // The further MultiPV lines' own table, a quarter of the main one, made on first use: they
  // read the main table but write only here, so the main table stays as MultiPV 1 leaves it
  // and still the further lines' searches reuse their own work like any search does.
  private lineTable: TranspositionTable | undefined;
  // What the last probe found: the entry's move (0 for none) and, when its bound decides
  // the node, that score.
  private probedMove = 0;
  private probedScore = 0;

  private readonly killers = new Int32Array(MAX_PLY * 2);
  private readonly history = new Int32Array(2 * 128 * 128);
  // Killers and history as they were before the further lines, put back after them.
  private readonly savedKillers = new Int32Array(MAX_PLY * 2);
  private readonly savedHistory = new Int32Array(2 * 128 * 128);
  private readonly moves = new Int32Array(MAX_PLY * MAX_MOVES);
  private readonly order = new Int32Array(MAX_PLY * MAX_MOVES);
  private readonly pvTable = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly pvLength = new Int32Array(MAX_PLY + 1);

  // Keys of the game so far and of the current search path, for repetition (R13).
  private keyLo = new Int32Array(1024);
  private keyHi = new Int32Array(1024);
  private keyCount = 0;
  // A counting filter over the keys above: most nodes skip the scan.
  private readonly keyFilter = new Uint16Array(4096);

  private pos!: Position;
  private nodes = 0;
  private limits: SearchLimits = {};
  private aborted = false;
  // Depth 1 always completes, so there is always a move to play.
  private interruptible = false;
  // The depth of the iteration under way: captures are extended only within twice it.
  private rootDepth = 1;
  private extendCaptures = false;
  private prune = false;
  private reduce = true;
  // What a repetition inside the search costs the side to move at the root: the limits'
  // contempt once a completed depth scored her clearly ahead, so that she looks for a way on
  // instead of a draw; else 0.
  private contempt = 0;
  // On while MultiPV searches its further lines: they write their own table, and the
  // killers and history they learn are put back afterwards, so the first line of the next
  // depth is exactly the search that MultiPV 1 makes.
  private furtherLine = false;
  // Root moves that the line being searched leaves out (the moves of the lines before it).
  private readonly excluded = new Int32Array(MAX_MULTI_PV);
  private excludedCount = 0;
  // Root moves the caller's limits leave out.
  private rootExclude: readonly Move[] = [];
  // R16 in force. The table's scores depend on it (a node owing a queen relocation is the
  // captor's), so the table is cleared whenever a search changes it.
  private captorRule = false;
  // The evaluation's R16 weights while R16 is in force, else undefined (R10's evaluation).
  private captorTerms: Int32Array | undefined;

  /**
   * A searcher with a transposition table of about `hashMiB` mebibytes, a weight table and
   * the weights of the evaluation's R16 features (CAPTOR_FEATURES).
   */
  constructor(
    hashMiB = 16,
    private readonly weights: Int32Array = WEIGHTS,
    private readonly captorWeights: Int32Array = CAPTOR_WEIGHTS,
  ) {
    this.resize(hashMiB);
  }

  /** Reallocates the transposition table (clearing it). */
  resize(hashMiB: number): void {
    this.mainTable = TranspositionTable.ofMiB(hashMiB);
    this.lineTable = undefined;
    this.clear();
  }

  /** Forgets everything learnt: hash table, killers, history. */
  clear(): void {
    this.mainTable.clear();
    this.lineTable?.clear();
    this.killers.fill(0);
    this.history.fill(0);
  }

  /**
   * Searches `pos` (restored before each yield) one depth at a time, yielding after each
   * completed depth. `history` lists the Zobrist keys [lo, hi] of the earlier positions of the
   * game, for repetition; the root need not be in it.
   */
  *iterate(
    pos: Position,
    history: readonly (readonly [number, number])[] = [],
    limits: SearchLimits = {},
  ): Generator<SearchInfo, void, void> {
    if (pos.throneRing() >= 0) return; // R11: the game is over, nothing to search.
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
    for (let h = 0; h < this.history.length; h++) this.history[h] = this.history[h]! >> 2;
    const multiPV = Math.max(1, Math.min(MAX_MULTI_PV, Math.floor(limits.multiPV ?? 1)));
    this.contempt = 0;
    this.extendCaptures = limits.extendCaptures === true;
    this.prune = limits.prune === true;
    this.reduce = limits.exact !== true;
    this.rootExclude = limits.exclude ?? [];
    const captorRule = limits.captorPlacesQueen === true;
    if (captorRule !== this.captorRule) {
      this.mainTable.clear();
      this.lineTable?.clear();
      this.captorRule = captorRule;
      this.captorTerms = captorRule ? this.captorWeights : undefined;
    }
    for (let depth = 1; depth <= maxDepth; depth++) {
      this.interruptible = depth > 1;
      this.rootDepth = depth;
      let result = this.root(depth, this.limits.scoreAllRootMoves === true);
      if (multiPV > 1 && !this.aborted) {
        const lines = this.moreLines(result, multiPV);
        result = { ...result, lines, nodes: this.nodes };
      }
      while (pos.depth > rootStart) pos.unmake();
      if (this.aborted && depth > 1) return;
      const ahead = result.score > CONTEMPT_MARGIN && result.score < WIN_BOUND;
      this.contempt = ahead ? (limits.contempt ?? 0) : 0;
      yield result;
      if (this.aborted || this.limitReached()) return;
      if (Math.abs(result.score) >= WIN_BOUND && WIN - Math.abs(result.score) <= depth) return;
    }
  }

  /** Runs `iterate` to its end and returns the last completed iteration, or undefined when the game is over. */
  search(
    pos: Position,
    history: readonly (readonly [number, number])[] = [],
    limits: SearchLimits = {},
  ): SearchInfo | undefined {
    let last: SearchInfo | undefined;
    for (const info of this.iterate(pos, history, limits)) last = info;
    return last?.pv.length ? last : undefined;
  }

  private limitReached(): boolean {
    const l = this.limits;
    return (
      (l.nodes !== undefined && this.nodes >= l.nodes) ||
      (l.deadline !== undefined && l.now !== undefined && l.now() >= l.deadline) ||
      (l.stop?.() ?? false)
    );
  }

  private pushKey(lo: number, hi: number): void {
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
    this.keyFilter[lo & 4095]!++;
  }

  private popKey(): void {
    this.keyFilter[this.keyLo[--this.keyCount]! & 4095]!--;
  }

  // Whether the current position (the last key) occurred before: scored as a draw, the usual
  // reading of R13 inside a search (a repeatable position can be repeated again).
  private repeated(): boolean {
    const last = this.keyCount - 1;
    const lo = this.keyLo[last]!;
    if (this.keyFilter[lo & 4095]! < 2) return false;
    const hi = this.keyHi[last]!;
    for (let i = last - 2; i >= 0; i -= 2) {
      if (this.keyLo[i] === lo && this.keyHi[i] === hi) return true;
    }
    return false;
  }

  // MultiPV: after the first line, each further line is the best root move that the lines
  // before it left out, searched at the same depth below the line before it: the search
  // before already found this move no better, so a higher score could only be an artefact of
  // reductions, and the narrower window is cheaper. A move that reaches the bound is scored
  // as the line before it. A depth whose lines do not all complete is given up like an
  // unfinished depth.
  private moreLines(first: SearchInfo, multiPV: number): SearchLine[] {
    const lines = [...first.lines];
    // Lines are ordered for whoever chooses at the root: the captor at an R16 node, whose
    // scores are the side to move's negated.
    const sign = this.captorAt() ? -1 : 1;
    this.lineTable ??= new TranspositionTable(Math.max(1024, this.mainTable.size >> 2));
    this.savedKillers.set(this.killers);
    this.savedHistory.set(this.history);
    this.furtherLine = true;
    this.excludedCount = 0;
    while (lines.length > 0 && lines.length < multiPV) {
      const before = lines.at(-1)!;
      this.excluded[this.excludedCount++] = before.pv[0]!;
      const next = this.root(first.depth, false, sign * before.score + 1);
      if (this.aborted || next.pv.length === 0) break;
      const line = next.lines[0]!;
      lines.push(
        sign * line.score > sign * before.score ? { score: before.score, pv: line.pv } : line,
      );
    }
    this.excludedCount = 0;
    this.furtherLine = false;
    this.killers.set(this.savedKillers);
    this.history.set(this.savedHistory);
    return lines;
  }

  private isExcluded(move: Move): boolean {
    for (let i = 0; i < this.excludedCount; i++) if (this.excluded[i] === move) return true;
    return false;
  }

  // Whether the side to move owes a queen relocation that the captor chooses (R16).
  private captorAt(): boolean {
    return this.captorRule && this.pos.owesQueen;
  }

  // A root move's child searched in the window (lo, hi) of whoever chooses at the root: the
  // side to move, or at an R16 node the captor, who moves next and so reads the child's score
  // as it is. Without R16 the calls are exactly the plain negamax ones.
  private rootChild(captor: boolean, depth: number, lo: number, hi: number): number {
    return captor ? this.negamax(depth, lo, hi, 1) : -this.negamax(depth, -hi, -lo, 1);
  }

  // One depth at the root; with `all`, every root move is scored exactly. Below `beta` (a
  // further MultiPV line's bound), a move that reaches it ends the depth. At an R16 node the
  // search maximises the captor's score and reports it negated, from the side to move's view.
  private root(depth: number, all: boolean, beta = WIN + 1): SearchInfo {
    const pos = this.pos;
    const captor = this.captorAt();
    const sign = captor ? -1 : 1;
    const base = 0;
    const end = pos.generate(this.moves, base);
    this.probe();
    this.orderMoves(base, end, this.probedMove, 0);
    const rootScores: { move: Move; score: number }[] = [];
    let alpha = -WIN - 1;
    let best = -WIN - 1;
    let first = true;
    this.pvLength[0] = 0;
    for (let i = base; i < end; i++) {
      const move = this.pickNext(i, end);
      if (this.excludedCount > 0 && this.isExcluded(move)) continue;
      if (this.rootExclude.length > 0 && this.rootExclude.includes(move)) continue;
      pos.make(move);
      this.pushKey(pos.hashLo, pos.hashHi);
      let score: number;
      if (first || all) {
        first = false;
        score = this.rootChild(captor, depth - 1, all ? -WIN - 1 : alpha, beta);
      } else {
        score = this.rootChild(captor, depth - 1, alpha, alpha + 1);
        if (score > alpha && !this.aborted) score = this.rootChild(captor, depth - 1, alpha, beta);
      }
      this.popKey();
      pos.unmake();
      if (this.aborted && depth > 1) break;
      if (all) rootScores.push({ move, score: sign * score });
      if (score > best) {
        best = score;
        if (score > alpha) alpha = score;
        this.pvTable[0] = move;
        const len = this.pvLength[1]!;
        for (let k = 1; k < len; k++) this.pvTable[k] = this.pvTable[MAX_PLY + k]!;
        this.pvLength[0] = Math.max(len, 1);
        if (alpha >= beta) break;
      }
    }
    const pv: Move[] = [];
    for (let k = 0; k < this.pvLength[0]!; k++) pv.push(this.pvTable[k]!);
    // A further line's root score, or one with moves left out, is no entry for this position.
    if (pv.length && !this.furtherLine && this.rootExclude.length === 0)
      this.ttStore(depth, sign * best, EXACT, pv[0]!, 0);
    const score = sign * best;
    const lines: SearchLine[] = pv.length ? [{ score, pv }] : [];
    return { depth, score, nodes: this.nodes, pv, rootScores, lines };
  }

  private negamax(depth: number, alpha: number, beta: number, ply: number): number {
    const pos = this.pos;
    this.pvLength[ply] = ply;
    if ((++this.nodes & 2047) === 0 && this.interruptible && this.limitReached()) {
      this.aborted = true;
    }
    if (this.aborted) return 0;
    const winner = pos.throneRing(); // R11
    if (winner >= 0) return winner === pos.turn ? WIN - ply : -(WIN - ply);
    // R13, scored from the side to move: the root side moves at even plies.
    if (this.repeated()) return (ply & 1) === 0 ? -this.contempt : this.contempt;
    if (ply >= MAX_PLY - 2) return evaluate(pos, this.weights, this.captorTerms);
    if (depth <= 0) return this.quiesce(alpha, beta, ply);

    const pvNode = beta - alpha > 1;
    if (this.probe(depth, alpha, beta, ply) && !pvNode) return this.probedScore;
    const ttMove = this.probedMove;
    if (this.captorRule && pos.owesQueen) return this.captorNode(depth, alpha, beta, ply, ttMove);

    // Near the horizon, outside the principal line, in deeper iterations only (so depths 1-3
    // stay plain minimax): a position far above beta is taken as a cut, and late quiet steps
    // that cannot lift a position far below alpha are not searched. A step into the throne
    // ring is never pruned: it may complete the ring (R11).
    const pruning =
      this.prune &&
      !pvNode &&
      depth <= 3 &&
      this.rootDepth >= 4 &&
      pos.capturedCount[pos.turn] === 0 &&
      !pos.placing &&
      Math.abs(beta) < WIN_BOUND;
    let standPat = 0;
    if (pruning) {
      standPat = evaluate(pos, this.weights, this.captorTerms);
      if (standPat - PRUNE_MARGIN * depth >= beta) return standPat;
    }

    const base = ply * MAX_MOVES;
    const end = this.pos.generate(this.moves, base);
    if (end === base) return -(WIN - ply); // R12: no legal turn loses.
    this.orderMoves(base, end, ttMove, ply);
    const alpha0 = alpha;
    let best = -WIN - 1;
    let bestMove = 0;
    for (let i = base; i < end; i++) {
      const move = this.pickNext(i, end);
      // The ordering score tells a capture (see orderMoves), except for the hash move.
      const rank = this.order[i]!;
      const quiet = rank >= HASH_MOVE ? pos.stepCaptures(move) === 0 : rank < CAPTURE;
      // Ranked below the killers: a quiet step that is neither the hash move nor a killer.
      if (
        pruning &&
        i > base &&
        rank < KILLER &&
        ring[moveTo(move)]! > 1 &&
        (i - base >= LATE_MOVES[depth]! || standPat + PRUNE_MARGIN * depth <= alpha)
      ) {
        if (best < alpha) best = alpha;
        continue;
      }
      pos.make(move);
      this.pushKey(pos.hashLo, pos.hashHi);
      // With extendCaptures, a capture near the horizon is searched a turn deeper: the answer
      // to it is a forced relocation, so the capturer in effect moves twice, and a chain of
      // captures (which quiescence stops at the first) would run past the horizon. Within
      // twice the iteration's depth, so the extensions cannot run away.
      const extend =
        this.extendCaptures && !quiet && depth <= 2 && ply < this.rootDepth * 2 ? 1 : 0;
      const next = depth - 1 + extend;
      let score: number;
      if (i === base) {
        score = -this.negamax(next, -beta, -alpha, ply + 1);
      } else {
        const n = i - base;
        const reduction =
          this.reduce && depth >= 3 && n >= 3 && quiet && moveKind(move) === STEP
            ? n >= 10
              ? 2
              : 1
            : 0;
        score = -this.negamax(next - reduction, -alpha - 1, -alpha, ply + 1);
        if (score > alpha && reduction) score = -this.negamax(next, -alpha - 1, -alpha, ply + 1);
        if (score > alpha && score < beta) score = -this.negamax(next, -beta, -alpha, ply + 1);
      }
      this.popKey();
      pos.unmake();
      if (this.aborted) return 0;
      if (score > best) {
        best = score;
        bestMove = move;
        if (score > alpha) {
          alpha = score;
          this.extendPv(ply, move);
          if (alpha >= beta) {
            if (quiet) {
              if (this.killers[ply * 2] !== move) {
                this.killers[ply * 2 + 1] = this.killers[ply * 2]!;
                this.killers[ply * 2] = move;
              }
              const h = historyIndex(pos.turn, move);
              this.history[h] = Math.min(this.history[h]! + depth * depth, 1 << 24);
            }
            break;
          }
        }
      }
    }
    this.ttStore(depth, best, best >= beta ? LOWER : best > alpha0 ? EXACT : UPPER, bestMove, ply);
    return best;
  }

  // The line at `ply` becomes `move` followed by the line found below it.
  private extendPv(ply: number, move: Move): void {
    this.pvTable[ply * MAX_PLY + ply] = move;
    const next = (ply + 1) * MAX_PLY;
    const len = this.pvLength[ply + 1]!;
    for (let k = ply + 1; k < len; k++) this.pvTable[ply * MAX_PLY + k] = this.pvTable[next + k]!;
    this.pvLength[ply] = Math.max(len, ply + 1);
  }

  // R16: the side to move owes a queen relocation and the captor chooses it, so the node is a
  // max node for the captor: the children (captor to move) are searched in the captor's window
  // (-beta, -alpha) and read as they are, and the node's value is the best of them negated.
  // The table entry is stored from the side to move's view like every other entry (a fail
  // high for the captor is an upper bound here), so it is as sound as any other; skipping the
  // store instead cost slightly more (five positions to depth 5: 262,896 nodes stored, 262,996
  // not; docs/strength.md).
  private captorNode(
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
    ttMove: Move,
  ): number {
    const pos = this.pos;
    const base = ply * MAX_MOVES;
    const end = pos.generate(this.moves, base);
    this.orderMoves(base, end, ttMove, ply);
    let lo = -beta;
    const hi = -alpha;
    let best = -WIN - 1;
    let bestMove = 0;
    for (let i = base; i < end; i++) {
      const move = this.pickNext(i, end);
      pos.make(move);
      this.pushKey(pos.hashLo, pos.hashHi);
      let score: number;
      if (i === base) score = this.negamax(depth - 1, lo, hi, ply + 1);
      else {
        score = this.negamax(depth - 1, lo, lo + 1, ply + 1);
        if (score > lo && score < hi) score = this.negamax(depth - 1, lo, hi, ply + 1);
      }
      this.popKey();
      pos.unmake();
      if (this.aborted) return 0;
      if (score > best) {
        best = score;
        bestMove = move;
        if (score > lo) {
          lo = score;
          this.extendPv(ply, move);
          if (lo >= hi) break;
        }
      }
    }
    // The captor's best b is the node's -b: at or above the captor's hi = -alpha it only
    // bounds the node from above; at or below the captor's lo = -beta, from below.
    const value = -best;
    this.ttStore(depth, value, best >= hi ? UPPER : best <= -beta ? LOWER : EXACT, bestMove, ply);
    return value;
  }

  // R16 in quiescence: the captor picks the relocation, each priced by the evaluation after
  // it (from the captor's view, then negated). Searching the captor's captures after each
  // relocation too (so a queen sent where she is captured again at once is seen there, not
  // only in the main search) took 1.7 times the nodes and, at the levels' node budgets,
  // scored 53/120 against this (docs/strength.md).
  private quietCaptorNode(alpha: number, ply: number): number {
    const pos = this.pos;
    const base = ply * MAX_MOVES;
    const end = pos.generate(this.moves, base);
    const hi = -alpha;
    let best = -WIN - 1;
    for (let i = base; i < end; i++) {
      pos.make(this.moves[i]!);
      const winner = pos.throneRing();
      const score =
        winner < 0
          ? evaluate(pos, this.weights, this.captorTerms)
          : winner === pos.turn
            ? WIN - ply - 1
            : -(WIN - ply - 1);
      pos.unmake();
      if (score > best) {
        best = score;
        if (best >= hi) break;
      }
    }
    return -best;
  }

  // Quiescence: stand pat, then only steps that capture (R9), so the evaluation is never
  // taken in the middle of an exchange. A pending relocation is priced by the evaluation,
  // except one that the captor chooses (R16): see quietCaptorNode.
  private quiesce(alpha: number, beta: number, ply: number): number {
    const pos = this.pos;
    this.pvLength[ply] = ply;
    if ((++this.nodes & 2047) === 0 && this.interruptible && this.limitReached()) {
      this.aborted = true;
    }
    if (this.aborted) return 0;
    const winner = pos.throneRing();
    if (winner >= 0) return winner === pos.turn ? WIN - ply : -(WIN - ply);
    // A relocation or a placement always has a vacant cell to go to (fourteen pieces cannot
    // fill the 30 outer-ring cells), so R12 cannot end the game here: no moves to generate.
    if (this.captorRule && pos.owesQueen) return this.quietCaptorNode(alpha, ply);
    if (pos.capturedCount[pos.turn]! > 0 || pos.placing)
      return evaluate(pos, this.weights, this.captorTerms);
    const base = ply * MAX_MOVES;
    const end = pos.generate(this.moves, base);
    if (end === base) return -(WIN - ply); // R12
    let best = evaluate(pos, this.weights, this.captorTerms);
    if (best >= beta || ply >= MAX_PLY - 2) return best;
    if (best > alpha) alpha = best;
    let n = base;
    for (let i = base; i < end; i++) {
      const move = this.moves[i]!;
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

  private orderMoves(base: number, end: number, ttMove: Move, ply: number): void {
    const pos = this.pos;
    const k1 = this.killers[ply * 2];
    const k2 = this.killers[ply * 2 + 1];
    for (let i = base; i < end; i++) {
      const m = this.moves[i]!;
      let s: number;
      if (m === ttMove) s = HASH_MOVE;
      else {
        const c = pos.stepCaptures(m);
        if (c > 0) s = CAPTURE + c;
        else if (m === k1) s = KILLER + 1;
        else if (m === k2) s = KILLER;
        else s = this.history[historyIndex(pos.turn, m)]!;
      }
      this.order[i] = s;
    }
  }

  // Selection sort step: brings the best-ordered remaining move to index i.
  private pickNext(i: number, end: number): Move {
    let bi = i;
    let bs = this.order[i]!;
    for (let j = i + 1; j < end; j++) {
      if (this.order[j]! > bs) {
        bs = this.order[j]!;
        bi = j;
      }
    }
    if (bi !== i) {
      const m = this.moves[bi]!;
      this.moves[bi] = this.moves[i]!;
      this.moves[i] = m;
      this.order[bi] = this.order[i]!;
      this.order[i] = bs;
    }
    return this.moves[i]!;
  }

  // Looks the position up (a further MultiPV line first in its own table, then in the main
  // one): sets probedMove, 0 for none, and returns true when the entry's bound decides a node
  // searched to `depth` in (alpha, beta), its score then in probedScore. Without a depth,
  // only the move is wanted.
  private probe(depth = MAX_PLY, alpha = 0, beta = 0, ply = 0): boolean {
    const lo = this.pos.hashLo;
    const hi = this.pos.hashHi;
    let table = this.mainTable;
    let slot = -1;
    if (this.furtherLine) {
      table = this.lineTable!;
      slot = table.probe(lo, hi);
    }
    if (slot < 0) {
      table = this.mainTable;
      slot = table.probe(lo, hi);
      if (slot < 0) {
        this.probedMove = 0;
        return false;
      }
    }
    this.probedMove = table.moves[slot]!;
    return this.decides(
      table.depths[slot]!,
      table.flags[slot]!,
      table.scores[slot]!,
      depth,
      alpha,
      beta,
      ply,
    );
  }

  // Whether an entry searched to `entryDepth` with bound `flag` decides the node; if so its
  // score, relative to the root again, goes to probedScore.
  private decides(
    entryDepth: number,
    flag: number,
    stored: number,
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
  ): boolean {
    if (entryDepth < depth) return false;
    const s = fromTT(stored, ply);
    if (flag === EXACT || (flag === LOWER && s >= beta) || (flag === UPPER && s <= alpha)) {
      this.probedScore = s;
      return true;
    }
    return false;
  }

  private ttStore(depth: number, score: number, flag: number, move: Move, ply: number): void {
    const table = this.furtherLine ? this.lineTable! : this.mainTable;
    table.store(this.pos.hashLo, this.pos.hashHi, depth, toTT(score, ply), flag, move);
  }
}

// The history counter of a quiet move: by side to move, from-cell and to-cell.
function historyIndex(turn: number, move: Move): number {
  return ((turn << 7) + moveFrom(move)) * 128 + moveTo(move);
}

// Win scores are stored relative to the node, not the root, so they stay right when the
// same position is met at another ply.
function toTT(score: number, ply: number): number {
  if (score >= WIN_BOUND) return score + ply;
  if (score <= -WIN_BOUND) return score - ply;
  return score;
}

function fromTT(score: number, ply: number): number {
  if (score >= WIN_BOUND) return score - ply;
  if (score <= -WIN_BOUND) return score + ply;
  return score;
}
