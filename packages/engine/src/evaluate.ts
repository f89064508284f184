// Static evaluation: a weighted sum of features that describe how far each side is in the
// race to the throne. Linear in the weights so that self-play tuning (Texel-style logistic
// fitting) can adjust them; the weights live in one table, WEIGHTS.

import {
  adjacent,
  guardStepStart,
  guardStepTargets,
  OFF_BOARD,
  ring,
  stepStart,
  stepTargets,
  THRONE,
} from './hex.ts';
import { CAPTURED_BIT, colourBit, QUEEN_BIT } from './piece.ts';
import type { Position } from './position.ts';

/** Evaluation feature names, in the order of the weight table. Each is counted per side. */
export const FEATURES = [
  'guardRing4',
  'guardRing3',
  'guardRing2',
  'guardRing1',
  'queenRing4',
  'queenRing3',
  'queenRing2',
  'queenRing1',
  'queenThrone',
  'capturedGuard',
  'capturedQueen',
  'mobility',
  'blocked',
  'queenPathOpen',
  'throneRingWithQueen',
  'throneRingTrap',
  'guardVulnerable',
  'queenVulnerable',
  'ring1Blockers',
  'tempo',
] as const;

/** Number of evaluation features. */
export const FEATURE_COUNT = FEATURES.length;

// Feature indices by name, so the code below reads as the feature list does.
const F = Object.fromEntries(FEATURES.map((name, i) => [name, i])) as Record<
  (typeof FEATURES)[number],
  number
>;

/**
 * The weights, in centipawn-like units, aligned with FEATURES. Tuned by SPSA self-play
 * (`spsa` in tune.ts: 560 game pairs at 1,500 nodes a move from hand-set starting values),
 * which beat the starting values by about +50 Elo over 80 games at 3,000 nodes a move. One
 * constraint is imposed on the result: the queen on the throne is worth more than the queen
 * next to it (R11 is won only from the throne). Unconstrained, the tuned values ranked ring 1
 * above the throne, and the engine then failed to finish games against weak play.
 */
export const WEIGHTS = new Int32Array([
  15, 41, 32, 45, 0, 45, 67, 144, 184, -35, -132, 6, -18, 9, 26, -55, -34, -43, -19, 0,
]);

/**
 * Features that count only under R16 (the captor places a captured queen), in the order of
 * CAPTOR_WEIGHTS, each White's count minus Black's: a queen that the side to move could
 * capture with its next step (under R16 the captor, who has just placed her there, is that
 * side: the tempo lock); a queen that an enemy step could capture, whoever is to move; a
 * captured queen owed a relocation, whose cell the captor will choose.
 */
export const CAPTOR_FEATURES = ['queenExposed', 'queenVulnerable', 'capturedQueen'] as const;

/**
 * Weights of CAPTOR_FEATURES, added to WEIGHTS' evaluation when R16 is in force. Zero: hand-set
 * values (-80, -20, -60) scored 47.5% against zero under R16 at level 7 (docs/strength.md), so
 * R16's evaluation is R10's until a tuning (`agon tune --pairs N --queen-placement captor`)
 * finds weights that measurably help.
 */
export const CAPTOR_WEIGHTS = new Int32Array([0, 0, 0]);

const nb = adjacent;
const GUARD_RING = [-1, F.guardRing1, F.guardRing2, F.guardRing3, F.guardRing4, -1];
const QUEEN_RING = [F.queenThrone, F.queenRing1, F.queenRing2, F.queenRing3, F.queenRing4, -1];

/**
 * Writes the feature vector of `pos` into `out` (FEATURE_COUNT entries) as White's count minus
 * Black's, so the evaluation from White's view is the dot product with the weights.
 */
export function features(pos: Position, out: Float64Array | Int32Array): void {
  countFeatures(pos);
  out.set(scratch);
}

// The feature counts go to one Int32Array, so the code that writes them sees one array type
// (a tuner's Float64Array would make every write here polymorphic and slow).
const scratch = new Int32Array(FEATURE_COUNT);
// Bit c set when colour c's queen is vulnerable, for CAPTOR_FEATURES' queenExposed, kept in
// a variable so that R16's evaluation allocates nothing.
let vulnerableQueens = 0;

function countFeatures(pos: Position): void {
  scratch.fill(0);
  vulnerableQueens = 0;
  sideFeatures(pos, 0, 1, scratch);
  sideFeatures(pos, 1, -1, scratch);
  scratch[F.tempo] = pos.turn === 0 ? 1 : -1;
}

function sideFeatures(pos: Position, c: number, sign: number, out: Int32Array): void {
  const b = pos.board;
  const them = colourBit(1 - c);
  let ring1Guards = 0;
  let ring1Enemies = 0;
  let queenHome = false;
  // Counted in locals and written once: fewer stores to the feature array.
  let mobility = 0;
  let blocked = 0;
  let guardsVulnerable = 0;
  const end = c * 7 + pos.count[c]!;
  for (let s = c * 7; s < end; s++) {
    const cell = pos.pieces[s]!;
    const p = b[cell]!;
    const r = ring[cell]!;
    const queen = (p & QUEEN_BIT) !== 0;
    if (queen && r === 0) queenHome = true;
    if (!queen && r === 1) ring1Guards++;
    if (p & CAPTURED_BIT) {
      out[queen ? F.capturedQueen : F.capturedGuard]! += sign;
      continue;
    }
    const ringFeature = queen ? QUEEN_RING[r]! : GUARD_RING[r]!;
    if (ringFeature >= 0) out[ringFeature]! += sign;
    // The steps this piece could make (R7, R8), and whether one of them leads inward.
    let moves = 0;
    let inward = false;
    const list = queen ? stepTargets : guardStepTargets;
    const begin = queen ? stepStart : guardStepStart;
    const kEnd = begin[cell + 1]!;
    for (let k = begin[cell]!; k < kEnd; k++) {
      const to = list[k]!;
      if (b[to] !== 0 || pos.isForbidden(to, c)) continue;
      moves++;
      if (ring[to]! < r) inward = true;
    }
    mobility += moves;
    if (moves === 0 && !(queen && r === 0)) blocked++;
    if (queen) {
      if (inward) out[F.queenPathOpen]! += sign;
      if (isVulnerable(pos, cell, them)) {
        out[F.queenVulnerable]! += sign;
        vulnerableQueens |= 1 << c;
      }
    } else if (isVulnerable(pos, cell, them)) guardsVulnerable++;
  }
  out[F.mobility]! += sign * mobility;
  out[F.blocked]! += sign * blocked;
  out[F.guardVulnerable]! += sign * guardsVulnerable;
  if (queenHome) {
    for (let d = 0; d < 6; d++) if (b[nb[THRONE * 6 + d]!]! & them) ring1Enemies++;
    out[F.throneRingWithQueen]! += sign * ring1Guards;
    out[F.ring1Blockers]! += sign * ring1Enemies;
  } else if (ring1Guards >= 5) {
    out[F.throneRingTrap]! += sign;
  }
}

// Whether an enemy step next turn could capture the piece on `cell` (R9): some line through
// it has an enemy piece on one side and, on the other, a vacant cell an enemy can step into.
// Each line's two neighbours are read once, for both ways round.
function isVulnerable(pos: Position, cell: number, them: number): boolean {
  const b = pos.board;
  const k = cell * 6;
  for (let d = 0; d < 3; d++) {
    const x = nb[k + d]!;
    const y = nb[k + d + 3]!;
    const px = b[x]!;
    const py = b[y]!;
    if (px & them && py === 0 && y !== OFF_BOARD && enemyCanEnter(pos, y, them)) return true;
    if (py & them && px === 0 && x !== OFF_BOARD && enemyCanEnter(pos, x, them)) return true;
  }
  return false;
}

// Whether an uncaptured piece of colour bit `them` could step into the vacant cell `a` (R7, R8).
function enemyCanEnter(pos: Position, a: number, them: number): boolean {
  if (pos.isForbidden(a, them === 1 ? 0 : 1)) return false;
  const b = pos.board;
  for (let e = 0; e < 6; e++) {
    const from = nb[a * 6 + e]!;
    const p = b[from]!; // OFF_BOARD holds no piece
    if (!(p & them) || p & CAPTURED_BIT) continue;
    if (ring[a]! > ring[from]!) continue;
    if (a === THRONE && !(p & QUEEN_BIT)) continue;
    return true;
  }
  return false;
}

/**
 * The evaluation of `pos` from the view of the side to move, with the given weight table and,
 * under R16, the weights of CAPTOR_FEATURES (`captorWeights`; undefined under R10).
 */
export function evaluate(
  pos: Position,
  weights: Int32Array = WEIGHTS,
  captorWeights?: Int32Array,
): number {
  countFeatures(pos);
  let score = 0;
  for (let i = 0; i < FEATURE_COUNT; i++) score += scratch[i]! * weights[i]!;
  if (captorWeights !== undefined) {
    // The side to move's queen is never exposed: only the other side's, from White's view.
    const exposed = vulnerableQueens & (1 << (1 - pos.turn));
    const queenExposed = exposed === 0 ? 0 : pos.turn === 1 ? 1 : -1;
    score +=
      queenExposed * captorWeights[0]! +
      scratch[F.queenVulnerable]! * captorWeights[1]! +
      scratch[F.capturedQueen]! * captorWeights[2]!;
  }
  return pos.turn === 0 ? score : -score;
}
