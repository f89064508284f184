// Tuning the evaluation by self-play: engine-vs-engine games from varied openings (selfplay.ts),
// then a Texel-style fit of the weight table to the games' results (logistic regression of the
// result on the evaluation features). Pure computation; the command line drives it.

import { FEATURE_COUNT, FEATURES, features, WEIGHTS } from './evaluate.ts';
import type { Game } from './game.ts';
import { seededRandom } from './level.ts';
import type { Position } from './position.ts';
import { type Player, playGame, randomOpening, searchPlayer } from './selfplay.ts';

/** One position of a finished game: its features and the result for White (1, 0.5, 0). */
export interface Sample {
  readonly features: Int16Array;
  readonly result: number;
}

/** The result of a game for White: 1, 0.5 or 0; an unfinished game counts as a draw. */
function whiteScore(game: Game): number {
  const o = game.outcome;
  if (!o?.winner) return 0.5;
  return o.winner === 'white' ? 1 : 0;
}

/**
 * Every position of `game` after the first `skip` turns, labelled with the game's result; none
 * for a game cut off unfinished, whose result would be a guess.
 */
export function samplesOf(game: Game, skip: number): Sample[] {
  if (!game.outcome) return [];
  const result = whiteScore(game);
  const pos = game.initial;
  const out: Sample[] = [];
  const f = new Int32Array(FEATURE_COUNT);
  game.moves.forEach((move, i) => {
    pos.make(move);
    if (i + 1 < skip || pos.throneRing() >= 0) return;
    features(pos, f);
    out.push({ features: Int16Array.from(f), result });
  });
  return out;
}

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** Mean squared error of the predicted White score sigmoid(eval / k) against the results. */
function texelLoss(samples: readonly Sample[], weights: ArrayLike<number>, k: number): number {
  let sum = 0;
  for (const s of samples) {
    let e = 0;
    for (let i = 0; i < FEATURE_COUNT; i++) e += s.features[i]! * weights[i]!;
    const d = s.result - sigmoid(e / k);
    sum += d * d;
  }
  return sum / Math.max(1, samples.length);
}

/** The scale k that best fits the results with the given weights (golden-section search). */
function fitScale(samples: readonly Sample[], weights: ArrayLike<number>): number {
  let lo = 10;
  let hi = 50000;
  for (let i = 0; i < 40; i++) {
    const a = lo + (hi - lo) * 0.382;
    const b = lo + (hi - lo) * 0.618;
    if (texelLoss(samples, weights, a) < texelLoss(samples, weights, b)) hi = b;
    else lo = a;
  }
  return (lo + hi) / 2;
}

/**
 * Fits the weights to the samples by gradient descent (Adam) on the Texel loss with the scale
 * fixed, so the evaluation's units stay where they were. `ridge` pulls each weight toward its
 * initial value (relative to the loss's scale), which keeps correlated features from drifting
 * to extreme, offsetting values. Returns rounded weights and the losses before and after.
 */
export function fitWeights(
  samples: readonly Sample[],
  initial: Int32Array,
  iterations = 2000,
  learningRate = 1,
  ridge = 1e-9,
): { weights: Int32Array; k: number; lossBefore: number; lossAfter: number } {
  const k = fitScale(samples, initial);
  const w = Float64Array.from(initial);
  const m = new Float64Array(FEATURE_COUNT);
  const v = new Float64Array(FEATURE_COUNT);
  const g = new Float64Array(FEATURE_COUNT);
  const beta1 = 0.9;
  const beta2 = 0.999;
  for (let t = 1; t <= iterations; t++) {
    g.fill(0);
    for (const s of samples) {
      let e = 0;
      for (let i = 0; i < FEATURE_COUNT; i++) e += s.features[i]! * w[i]!;
      const p = sigmoid(e / k);
      const common = (2 * (p - s.result) * p * (1 - p)) / k;
      for (let i = 0; i < FEATURE_COUNT; i++) g[i]! += common * s.features[i]!;
    }
    for (let i = 0; i < FEATURE_COUNT; i++) {
      const gi = g[i]! / samples.length + 2 * ridge * (w[i]! - initial[i]!);
      m[i] = beta1 * m[i]! + (1 - beta1) * gi;
      v[i] = beta2 * v[i]! + (1 - beta2) * gi * gi;
      const mh = m[i]! / (1 - beta1 ** t);
      const vh = v[i]! / (1 - beta2 ** t);
      w[i]! -= (learningRate * mh) / (Math.sqrt(vh) + 1e-9);
    }
  }
  const weights = Int32Array.from(w, (x) => Math.round(x));
  return {
    weights,
    k,
    lossBefore: texelLoss(samples, initial, k),
    lossAfter: texelLoss(samples, weights, k),
  };
}

const QUEEN_INWARD = ['queenRing4', 'queenRing3', 'queenRing2', 'queenRing1', 'queenThrone'].map(
  (name) => FEATURES.indexOf(name as (typeof FEATURES)[number]),
);

// Keeps the queen's value rising toward the throne (R11 is won only from the throne, and she
// never steps outward). Noisy game results alone once ranked ring 1 above the throne, and
// that engine no longer finished won games.
function queenInward(weights: Float64Array): void {
  for (let k = 1; k < QUEEN_INWARD.length; k++) {
    const inner = QUEEN_INWARD[k]!;
    const outer = QUEEN_INWARD[k - 1]!;
    if (weights[inner]! < weights[outer]! + 1) weights[inner] = weights[outer]! + 1;
  }
}

/** Settings of an SPSA run (simultaneous perturbation stochastic approximation). */
interface SpsaOptions {
  /** Game pairs to play, one per iteration. */
  readonly iterations: number;
  /** Search nodes a move in the games. */
  readonly nodes: number;
  /** Seeds the perturbations and openings. */
  readonly seed: number;
  /** Step size, in units of each weight's perturbation, per point of game-pair score. */
  readonly rate?: number;
  /** Called after each iteration with the current weights. */
  readonly onIteration?: (iteration: number, weights: Float64Array, pairScore: number) => void;
  /**
   * R16: the weights tuned are the evaluation's R16 weights (CAPTOR_WEIGHTS' order), in games
   * under R16 with WEIGHTS fixed.
   */
  readonly captorPlacesQueen?: boolean;
}

/**
 * Tunes the weights on game results directly: each iteration perturbs every weight by plus or
 * minus its own step c_i (at least 4, else a fifth of its size), plays a pair of games (same
 * random opening, colours swapped) between the plus and the minus weights, and moves the
 * weights toward the side that scored better, keeping the queen's values rising inward.
 * Unlike the Texel fit this optimises playing strength itself, at the price of many games.
 */
export function spsa(start: Position, initial: Int32Array, options: SpsaOptions): Float64Array {
  const random = seededRandom(options.seed);
  const r16 = options.captorPlacesQueen === true;
  const n = initial.length;
  const theta = Float64Array.from(initial);
  const c = Float64Array.from(initial, (w) => Math.max(4, Math.abs(w) / 5));
  const rate = options.rate ?? 0.5;
  const plus = new Int32Array(n);
  const minus = new Int32Array(n);
  const delta = new Int8Array(n);
  const limits = { nodes: options.nodes, captorPlacesQueen: r16 };
  const player = (w: Int32Array): Player =>
    r16 ? searchPlayer(WEIGHTS, limits, 4, w) : searchPlayer(w, limits);
  for (let k = 1; k <= options.iterations; k++) {
    for (let i = 0; i < n; i++) {
      delta[i] = random() < 0.5 ? -1 : 1;
      plus[i] = Math.round(theta[i]! + c[i]! * delta[i]!);
      minus[i] = Math.round(theta[i]! - c[i]! * delta[i]!);
    }
    const opening = randomOpening(start, 4 + Math.floor(random() * 7), random);
    const p = player(plus);
    const m = player(minus);
    const rules = { captorPlacesQueen: r16 };
    const first = whiteScore(playGame(start, opening, p, m, 300, rules));
    const second = 1 - whiteScore(playGame(start, opening, m, p, 300, rules));
    const score = first + second - 1; // plus's pair score minus minus's, in [-1, 1]
    // The usual decay keeps late iterations from undoing what early ones found.
    const step = (rate * score) / (1 + k / 200) ** 0.602;
    for (let i = 0; i < n; i++) theta[i]! += step * c[i]! * delta[i]!;
    if (!r16) queenInward(theta);
    options.onIteration?.(k, theta, score);
  }
  return theta;
}
