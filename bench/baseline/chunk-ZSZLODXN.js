import {
  CELL_COUNT,
  COLOURS,
  FEATURES,
  FEATURE_COUNT,
  PASS_MOVE,
  Searcher,
  colourIndex,
  err,
  explainIllegal,
  features,
  moveFrom,
  ok,
  seededRandom
} from "./chunk-TYN2BYO5.js";

// packages/engine/src/game.ts
var Game = class {
  /** R15: whether touch-move is in force. */
  touchMove;
  /** The turns played so far. */
  moves = [];
  start;
  pos;
  // Zobrist keys of every position so far, the start included (R13).
  keysLo = [];
  keysHi = [];
  ended;
  touchedCell = -1;
  /** A new game from a position (copied), which counts as the first occurrence for R13. */
  constructor(start, options = {}) {
    this.touchMove = options.touchMove ?? false;
    this.start = start.clone();
    this.pos = start.clone();
    this.record();
    this.ended = this.pos.outcome();
  }
  /** The position the game started from (a copy). */
  get initial() {
    return this.start.clone();
  }
  /** The current position. Read it; change it only through the game. */
  get position() {
    return this.pos;
  }
  /** How the game ended, or undefined while it goes on. */
  get outcome() {
    return this.ended;
  }
  /** The touched cell under R15, or -1. */
  get touched() {
    return this.touchedCell;
  }
  /** The legal turns now: none when the game is over; only the touched piece's under R15. */
  legalMoves() {
    if (this.ended) return [];
    const all = this.pos.legalMoves();
    if (this.touchedCell < 0) return all;
    const mine = all.filter((m) => moveFrom(m) === this.touchedCell);
    return mine.length ? mine : [PASS_MOVE];
  }
  /**
   * Whether `pass` is legal now: touch-move is on, the turn is a step turn, and some piece of
   * the mover has no legal step (a touch of it is the only way to a pass).
   */
  passAllowed() {
    if (!this.touchMove || this.ended || this.pos.placing || this.relocating()) return false;
    if (this.touchedCell >= 0) return this.legalMoves()[0] === PASS_MOVE;
    const from = new Set(this.pos.legalMoves().map(moveFrom));
    for (let c = 0; c < CELL_COUNT; c++) {
      if (this.pos.board[c] & 1 << this.pos.turn && !from.has(c)) return true;
    }
    return false;
  }
  /** R15: the player to move selects a piece and from now on must move it. */
  touch(cell) {
    if (!this.touchMove) return err("touch-move-off", "touch-move is not in force in this game");
    if (this.ended) return err("game-over", "the game is over");
    if (this.pos.placing) return err("touch-placing", "a placement turn moves no piece (R14)");
    if (this.relocating() && !this.pos.legalMoves().some((m) => moveFrom(m) === cell)) {
      return err(
        "touch-relocation",
        "this turn must relocate a captured piece, the queen first (R6, R10)"
      );
    }
    if (this.touchedCell >= 0 && this.touchedCell !== cell) {
      return err("touch-move", "under touch-move the piece already touched must be moved (R15)");
    }
    if (!(this.pos.board[cell] & 1 << this.pos.turn)) {
      return err(
        "touch-not-yours",
        `${this.pos.describeCell(cell)}, not a piece of the player to move`
      );
    }
    this.touchedCell = cell;
    return ok(void 0);
  }
  /** Plays a turn after checking it against every rule; says why when it is illegal. */
  play(move) {
    if (this.ended) return err("game-over", "the game is over");
    if (move === PASS_MOVE) {
      if (!this.passAllowed()) {
        return err(
          "illegal-move",
          "pass is only for touch-move (R15), when the touched piece has no legal move"
        );
      }
    } else if (!this.legalMoves().includes(move)) {
      if (this.touchedCell >= 0 && this.pos.isLegal(move)) {
        return err("touch-move", "under touch-move the touched piece must be moved (R15)");
      }
      return { ok: false, error: explainIllegal(this.pos, move) };
    }
    this.pos.make(move);
    this.moves.push(move);
    this.touchedCell = -1;
    this.record();
    this.ended = this.pos.outcome() ?? this.repetition();
    return ok(this.ended);
  }
  /**
   * Takes back the players' last act: a resignation or agreed draw if the game ended so, else
   * the last turn (and any result it brought). False when there is nothing to take back.
   */
  undo() {
    if (this.ended?.reason === "resignation" || this.ended?.reason === "agreement") {
      this.ended = this.pos.outcome() ?? this.repetition();
      return true;
    }
    if (this.moves.length === 0) return false;
    this.moves.pop();
    this.pos.unmake();
    this.keysLo.pop();
    this.keysHi.pop();
    this.touchedCell = -1;
    this.ended = this.pos.outcome() ?? this.repetition();
    return true;
  }
  /** Ends the game: `colour` resigns. */
  resign(colour) {
    if (!this.ended)
      this.ended = { winner: COLOURS[1 - colourIndex(colour)], reason: "resignation" };
  }
  /** Ends the game as a draw agreed by the players. */
  agreeDraw() {
    if (!this.ended) this.ended = { winner: void 0, reason: "agreement" };
  }
  /** How often the current position has occurred in this game, itself included (R13). */
  occurrences() {
    const lo = this.pos.hashLo;
    const hi = this.pos.hashHi;
    let n = 0;
    for (let i = 0; i < this.keysLo.length; i++) {
      if (this.keysLo[i] === lo && this.keysHi[i] === hi) n++;
    }
    return n;
  }
  /** Zobrist keys [lo, hi] of the positions before the current one, oldest first (R13). */
  history() {
    const out = [];
    for (let i = 0; i < this.keysLo.length - 1; i++) out.push([this.keysLo[i], this.keysHi[i]]);
    return out;
  }
  /** The result text of AGN: `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on. */
  get resultText() {
    if (!this.ended) return "*";
    if (!this.ended.winner) return "1/2-1/2";
    return this.ended.winner === "white" ? "1-0" : "0-1";
  }
  relocating() {
    return this.pos.capturedCount[this.pos.turn] > 0;
  }
  record() {
    this.keysLo.push(this.pos.hashLo);
    this.keysHi.push(this.pos.hashHi);
  }
  repetition() {
    return this.occurrences() >= 3 ? { winner: void 0, reason: "repetition" } : void 0;
  }
};

// packages/engine/src/tune.ts
function searchPlayer(weights, limits, hashMiB = 4) {
  const searcher = new Searcher(hashMiB, weights);
  return (game) => searcher.search(game.position, game.history(), limits)?.pv[0];
}
function randomOpening(pos, plies, random) {
  const game = new Game(pos);
  for (let i = 0; i < plies; i++) {
    const moves = game.legalMoves();
    if (moves.length === 0) break;
    const move = moves[Math.floor(random() * moves.length)];
    game.play(move);
    if (game.outcome) {
      game.undo();
      break;
    }
  }
  return [...game.moves];
}
function playGame(start, opening, white, black, maxPlies) {
  const game = new Game(start);
  for (const m of opening) game.play(m);
  while (!game.outcome && game.moves.length < maxPlies) {
    const move = (game.position.turn === 0 ? white : black)(game);
    if (move === void 0 || !game.play(move).ok) {
      game.resign(game.position.turnColour);
    }
  }
  return game;
}
function whiteScore(game) {
  const o = game.outcome;
  if (!o?.winner) return 0.5;
  return o.winner === "white" ? 1 : 0;
}
function samplesOf(game, skip) {
  if (!game.outcome) return [];
  const result = whiteScore(game);
  const pos = game.initial;
  const out = [];
  const f = new Int32Array(FEATURE_COUNT);
  game.moves.forEach((move, i) => {
    pos.make(move);
    if (i + 1 < skip || pos.throneRing() >= 0) return;
    features(pos, f);
    out.push({ features: Int16Array.from(f), result });
  });
  return out;
}
function sigmoid(x) {
  return 1 / (1 + Math.exp(-x));
}
function texelLoss(samples, weights, k) {
  let sum = 0;
  for (const s of samples) {
    let e = 0;
    for (let i = 0; i < FEATURE_COUNT; i++) e += s.features[i] * weights[i];
    const d = s.result - sigmoid(e / k);
    sum += d * d;
  }
  return sum / Math.max(1, samples.length);
}
function fitScale(samples, weights) {
  let lo = 10;
  let hi = 5e4;
  for (let i = 0; i < 40; i++) {
    const a = lo + (hi - lo) * 0.382;
    const b = lo + (hi - lo) * 0.618;
    if (texelLoss(samples, weights, a) < texelLoss(samples, weights, b)) hi = b;
    else lo = a;
  }
  return (lo + hi) / 2;
}
function fitWeights(samples, initial, iterations = 2e3, learningRate = 1, ridge = 1e-9) {
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
      for (let i = 0; i < FEATURE_COUNT; i++) e += s.features[i] * w[i];
      const p = sigmoid(e / k);
      const common = 2 * (p - s.result) * p * (1 - p) / k;
      for (let i = 0; i < FEATURE_COUNT; i++) g[i] += common * s.features[i];
    }
    for (let i = 0; i < FEATURE_COUNT; i++) {
      const gi = g[i] / samples.length + 2 * ridge * (w[i] - initial[i]);
      m[i] = beta1 * m[i] + (1 - beta1) * gi;
      v[i] = beta2 * v[i] + (1 - beta2) * gi * gi;
      const mh = m[i] / (1 - beta1 ** t);
      const vh = v[i] / (1 - beta2 ** t);
      w[i] -= learningRate * mh / (Math.sqrt(vh) + 1e-9);
    }
  }
  const weights = Int32Array.from(w, (x) => Math.round(x));
  return {
    weights,
    k,
    lossBefore: texelLoss(samples, initial, k),
    lossAfter: texelLoss(samples, weights, k)
  };
}
var QUEEN_INWARD = ["queenRing4", "queenRing3", "queenRing2", "queenRing1", "queenThrone"].map(
  (name) => FEATURES.indexOf(name)
);
function queenInward(weights) {
  for (let k = 1; k < QUEEN_INWARD.length; k++) {
    const inner = QUEEN_INWARD[k];
    const outer = QUEEN_INWARD[k - 1];
    if (weights[inner] < weights[outer] + 1) weights[inner] = weights[outer] + 1;
  }
}
function spsa(start, initial, options) {
  const random = seededRandom(options.seed);
  const theta = Float64Array.from(initial);
  const c = Float64Array.from(initial, (w) => Math.max(4, Math.abs(w) / 5));
  const rate = options.rate ?? 0.5;
  const plus = new Int32Array(FEATURE_COUNT);
  const minus = new Int32Array(FEATURE_COUNT);
  const delta = new Int8Array(FEATURE_COUNT);
  for (let k = 1; k <= options.iterations; k++) {
    for (let i = 0; i < FEATURE_COUNT; i++) {
      delta[i] = random() < 0.5 ? -1 : 1;
      plus[i] = Math.round(theta[i] + c[i] * delta[i]);
      minus[i] = Math.round(theta[i] - c[i] * delta[i]);
    }
    const opening = randomOpening(start, 4 + Math.floor(random() * 7), random);
    const limits = { nodes: options.nodes };
    const p = searchPlayer(plus, limits);
    const m = searchPlayer(minus, limits);
    const first = whiteScore(playGame(start, opening, p, m, 300));
    const second = 1 - whiteScore(playGame(start, opening, m, p, 300));
    const score = first + second - 1;
    const step = rate * score / (1 + k / 200) ** 0.602;
    for (let i = 0; i < FEATURE_COUNT; i++) theta[i] += step * c[i] * delta[i];
    queenInward(theta);
    options.onIteration?.(k, theta, score);
  }
  return theta;
}

export {
  Game,
  searchPlayer,
  randomOpening,
  playGame,
  samplesOf,
  fitWeights,
  spsa
};
