// Playing levels 1-10. Lower levels weaken naturally: a shallower search, fewer nodes, and a
// choice among the near-best root moves weighted by score (a softmax with a temperature),
// never a uniformly random blunder. Level 10 plays the best move within its time.

import type { Move } from './move.ts';
import type { Position } from './position.ts';
import { type Searcher, type SearchInfo, type SearchLimits, WIN_BOUND } from './search.ts';

/** How one level searches and chooses. */
interface LevelConfig {
  /** Deepest iteration. */
  readonly depth: number;
  /** Node budget per move. */
  readonly nodes: number;
  /** Softmax temperature in evaluation units; 0 plays the best move. */
  readonly temperature: number;
}

/**
 * Levels 1 to 10 (index 0 is level 1). Levels 1 to 9 are bounded by depth and nodes, so they
 * play alike on any device; level 10 searches for its whole time budget. The steps are set
 * by measurement (docs/strength.md): below about 5,000 nodes a level gains clearly from
 * depth and a cooler choice, so most levels sit there, a step apart each; above it, between
 * engines that both see the tactics, twice the nodes gained too little to measure in 40
 * games, so level 9 searches six times level 8's nodes and level 10 far more again.
 */
export const LEVELS: readonly LevelConfig[] = [
  { depth: 1, nodes: 1_000, temperature: 150 },
  { depth: 2, nodes: 1_500, temperature: 110 },
  { depth: 2, nodes: 1_500, temperature: 70 },
  { depth: 2, nodes: 2_000, temperature: 48 },
  { depth: 2, nodes: 2_000, temperature: 35 },
  { depth: 3, nodes: 2_500, temperature: 20 },
  { depth: 4, nodes: 3_500, temperature: 12 },
  { depth: 5, nodes: 5_000, temperature: 6 },
  { depth: 10, nodes: 30_000, temperature: 0 },
  { depth: 120, nodes: Number.POSITIVE_INFINITY, temperature: 0 },
];

/** The default time a level-10 move may take when the caller gives no limit, in ms. */
export const LEVEL10_MOVETIME = 2000;

/** A small seeded generator (mulberry32): the same seed gives the same choices. */
export function seededRandom(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Chooses among scored root moves: a found win is always played; otherwise each move's chance
 * is exp((score - best) / temperature), and moves more than 4 temperatures worse never play.
 */
export function chooseAmong(
  scores: readonly { readonly move: Move; readonly score: number }[],
  temperature: number,
  random: () => number,
): Move | undefined {
  if (scores.length === 0) return undefined;
  const best = scores.reduce((a, b) => (b.score > a.score ? b : a));
  if (temperature <= 0 || best.score >= WIN_BOUND) return best.move;
  const weights = scores.map((s) =>
    best.score - s.score > 4 * temperature ? 0 : Math.exp((s.score - best.score) / temperature),
  );
  const total = weights.reduce((a, b) => a + b, 0);
  let x = random() * total;
  for (let i = 0; i < scores.length; i++) {
    x -= weights[i]!;
    if (x < 0) return scores[i]!.move;
  }
  return best.move;
}

/** Limits that override a level's own (AEP `go movetime/depth/nodes`). */
interface LevelOverrides extends Omit<SearchLimits, 'scoreAllRootMoves'> {}

/**
 * Searches `pos` at `level` (1-10) and returns the move to play with the last search
 * information, or undefined when the game is over. `random` drives the lower levels' choice.
 */
export function playLevel(
  searcher: Searcher,
  pos: Position,
  history: readonly (readonly [number, number])[],
  level: number,
  random: () => number,
  overrides: LevelOverrides = {},
  onInfo?: (info: SearchInfo) => void,
): { move: Move; info: SearchInfo } | undefined {
  const config = LEVELS[Math.min(10, Math.max(1, Math.round(level))) - 1]!;
  const choosing = config.temperature > 0;
  const limits: SearchLimits = {
    ...overrides,
    depth: Math.min(config.depth, overrides.depth ?? Number.POSITIVE_INFINITY),
    nodes: Math.min(config.nodes, overrides.nodes ?? Number.POSITIVE_INFINITY),
    scoreAllRootMoves: choosing,
  };
  let last: SearchInfo | undefined;
  for (const info of searcher.iterate(pos, history, limits)) {
    last = info;
    onInfo?.(info);
  }
  if (!last || last.pv.length === 0) return undefined;
  // At an R16 node the captor chooses: the best moves for the captor are the side to move's
  // worst, so the level chooses among the scores negated.
  const captor = overrides.captorPlacesQueen === true && pos.owesQueen;
  const scores = captor
    ? last.rootScores.map((s) => ({ move: s.move, score: -s.score }))
    : last.rootScores;
  const move = choosing ? chooseAmong(scores, config.temperature, random) : last.pv[0];
  return move === undefined ? undefined : { move, info: last };
}
