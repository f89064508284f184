// Finding puzzles in games, as lichess-puzzler does: a puzzle starts right after the
// opponent's mistake (the move that let a forced win or a decisive capture in), or at a threat
// that only one move survives (a defence). Each line is proved by the judge (judge.ts), and a
// first move that any beginner finds is not a puzzle.

import { makeApn } from '../apn.ts';
import type { Game } from '../game.ts';
import { captorChooses } from '../game.ts';
import { LEVELS, playLevel, seededRandom } from '../level.ts';
import { type Move, moveKind, STEP } from '../move.ts';
import type { Position } from '../position.ts';
import {
  type FoundPuzzle,
  MAX_PUZZLE_MOVES,
  PUZZLE_RATING_RANGE,
  type PuzzleGoal,
  type PuzzleSource,
  type PuzzleTheme,
  reachesGoal,
  solutionText,
} from '../puzzle.ts';
import { ok, type Result } from '../result.ts';
import { Searcher, type SearchInfo, WIN, WIN_BOUND } from '../search.ts';
import { playGame, randomOpening } from '../selfplay.ts';
import {
  MATERIAL_WIN,
  PUZZLE_REJECTIONS,
  type PuzzleJudging,
  type PuzzleRejection,
  type Rejection,
  reject,
  searchTo,
  verifyPuzzle,
  walk,
} from './judge.ts';
import { themesOf } from './themes.ts';

// The first look at a candidate: cheap, to throw out most positions. A longer win is found
// from the shorter one that the same game reaches later (see scanGame).
const SCAN = { depth: 3, nodes: 100_000 } as const;
// A material goal must be reached within this many of the solver's moves.
const MATERIAL_MOVES = 3;
// A defence holds for at most this many of the solver's moves, each the only one.
const DEFENCE_MOVES = 3;
// How far behind (evaluation units) a side must stand to be looked at for a defence.
const DEFENCE_SCORE = 100;

/**
 * How much the opponent's last move must cost them (their score before it against after, in
 * evaluation units) to count as the mistake a capture puzzle starts from.
 */
const MISTAKE_DROP = 200;

/** Where a game's puzzles come from, and under which rules it was played. */
interface GameOrigin {
  readonly source?: PuzzleSource;
  /** The game's name in its source: the generator's seed, an online game's id. */
  readonly game?: string;
  /** R16: the captor places a captured queen. */
  readonly captorPlacesQueen?: boolean;
}

/**
 * Looks for a puzzle for the side to move in `pos` (left as it was): a forced win in at most
 * MAX_PUZZLE_MOVES moves, a decisive capture, or the one move that does not lose, proved move
 * by move. With `before` (the position before the opponent's last move), a win or capture
 * must have been let in by that move. The first look searches `scanDepth` turns.
 */
export function findPuzzle(
  searcher: Searcher,
  pos: Position,
  judging: PuzzleJudging = {},
  scanDepth: number = SCAN.depth,
  before?: Position,
): Result<FoundPuzzle, Rejection> {
  if (pos.outcome()) return reject('game-over', 'the game is over');
  const captor = judging.captorPlacesQueen === true;
  if (captorChooses(pos, captor)) return reject('no-tactic', 'the opponent places the queen');
  const scan = searchTo(
    searcher,
    pos,
    scanDepth,
    { nodes: Math.max(SCAN.nodes, judging.nodes ?? 0) },
    captor,
    false,
  );
  if (!scan) return reject('unproven', 'the first look did not complete');
  const candidate = goalOf(searcher, pos, scan, captor, judging);
  if (!candidate.ok) return candidate;
  let { goal, plies } = candidate.value;
  if (before && goal !== 'defend') {
    const letIn = mistake(searcher, before, scan.score, plies, captor, judging);
    if (!letIn.ok) return letIn;
  }
  let line = walk(searcher, pos, goal, plies, undefined, judging);
  if (!line.ok) return line;
  // A defence goes on while the solver's next move is forced as well.
  while (goal === 'defend' && plies < DEFENCE_MOVES * 2 - 1) {
    const longer = walk(searcher, pos, goal, plies + 2, undefined, judging);
    if (!longer.ok) break;
    line = longer;
    plies += 2;
  }
  const moves = line.value;
  const obvious = obviousness(searcher, pos, moves, captor);
  if (obvious) return reject('obvious', obvious);
  const solverChose = choosers(pos, moves, captor);
  const found: FoundPuzzle = {
    apn: makeApn(pos),
    solution: solutionText(moves),
    goal,
    themes: themesOf(pos, moves, goal, solverChose),
    rating: 0,
    ...(captor ? { queenPlacement: 'captor' as const } : {}),
  };
  // What is written must pass the verifier as it will be run: the same walk over the stored
  // moves, from a cleared table.
  const again = verifyPuzzle(searcher, { id: 'found', ...found }, judging);
  if (!again.ok) return reject('unproven', `not proved again: ${again.error.message}`);
  return ok({ ...found, rating: estimateRating(searcher, pos, moves, goal, captor) });
}

// What the first look offers: a forced win, a decisive capture along its line, or (no win,
// no loss, and every other move losing within the look) a defence.
function goalOf(
  searcher: Searcher,
  pos: Position,
  scan: SearchInfo,
  captor: boolean,
  judging: PuzzleJudging,
): Result<{ goal: PuzzleGoal; plies: number }, Rejection> {
  if (scan.score >= WIN_BOUND) {
    const plies = WIN - scan.score;
    if (plies > MAX_PUZZLE_MOVES * 2 - 1) return reject('too-long', `a win in ${plies} turns`);
    return ok({ goal: 'win', plies });
  }
  const material = materialGoal(pos, scan.pv);
  if (material) {
    if (scan.score < MATERIAL_WIN) return reject('not-winning', `the capture scores ${scan.score}`);
    return ok(material);
  }
  // Only a side that stands worse is looked at for a defence: one that does not has no
  // threat to parry worth a puzzle, and the look costs a second search.
  if (scan.score > -WIN_BOUND && scan.score < -DEFENCE_SCORE && pos.legalMoves().length > 1) {
    const others = searchTo(
      searcher,
      pos,
      scan.depth,
      { nodes: Math.max(SCAN.nodes, judging.nodes ?? 0), exclude: [scan.pv[0]!] },
      captor,
      false,
    );
    if (others && others.score <= -WIN_BOUND) return ok({ goal: 'defend', plies: 1 });
  }
  return reject('no-tactic', 'no forced win, decisive capture or only defence');
}

// Whether the opponent's move into `pos` (from `before`) let the tactic in: before it they
// could still avoid losing within the line's depth (a win), or stood MISTAKE_DROP better (a
// capture). `after` is the solver's score in `pos`.
function mistake(
  searcher: Searcher,
  before: Position,
  after: number,
  plies: number,
  captor: boolean,
  judging: PuzzleJudging,
): Result<void, Rejection> {
  const depth = plies + 1;
  const info = searchTo(
    searcher,
    before,
    depth,
    { nodes: Math.max(SCAN.nodes, judging.nodes ?? 0) },
    captor,
  );
  if (!info) return reject('unproven', 'the move before was not searched');
  // The scores at a captor's node are the side to move's as well: the opponent's.
  const theirs = info.score;
  const lost = after >= WIN_BOUND ? theirs <= -WIN_BOUND : theirs + after < MISTAKE_DROP;
  return lost
    ? reject('no-mistake', 'the opponent was already lost before their move')
    : ok(undefined);
}

// Why a line's first move is no puzzle, or undefined: it is the only legal move, the only
// capture there is, or a one-move solution the computer's first level plays.
function obviousness(
  searcher: Searcher,
  pos: Position,
  moves: readonly Move[],
  captor: boolean,
): string | undefined {
  const first = moves[0]!;
  const legal = pos.legalMoves();
  if (legal.length === 1) return 'the only legal move';
  if (pos.stepCaptures(first) > 0) {
    const captures = legal.filter((m) => moveKind(m) === STEP && pos.stepCaptures(m) > 0);
    if (captures.length === 1) return 'the only capture there is';
  }
  if (moves.length === 1 && levelChoice(searcher, pos, 1, captor) === first) {
    return 'the first level of the computer plays it';
  }
  return undefined;
}

// Which of the line's moves the solver chose (R16 placements included).
function choosers(pos: Position, moves: readonly Move[], captor: boolean): boolean[] {
  const start = pos.depth;
  const chose = moves.map((move, i) => {
    const mine = (i % 2 === 0) !== captorChooses(pos, captor);
    pos.make(move);
    return mine;
  });
  while (pos.depth > start) pos.unmake();
  return chose;
}

// The move the computer's `level` chooses without its randomness.
function levelChoice(searcher: Searcher, pos: Position, level: number, captor: boolean): Move {
  const config = LEVELS[level - 1]!;
  searcher.clear();
  let last: SearchInfo | undefined;
  for (const info of searcher.iterate(pos, [], {
    depth: config.depth,
    nodes: config.nodes,
    captorPlacesQueen: captor,
  })) {
    last = info;
  }
  return last?.pv[0] ?? 0;
}

// The first capture of the enemy queen or of two guards at once by the solver along the
// search's line, within MATERIAL_MOVES of the solver's moves.
function materialGoal(
  pos: Position,
  pv: readonly Move[],
): { goal: PuzzleGoal; plies: number } | undefined {
  const start = pos.depth;
  let found: { goal: PuzzleGoal; plies: number } | undefined;
  for (let i = 0; i < Math.min(pv.length, MATERIAL_MOVES * 2 - 1); i++) {
    const move = pv[i]!;
    if (i % 2 === 0) {
      const goal = reachesGoal(pos, move, 'queen')
        ? 'queen'
        : reachesGoal(pos, move, 'guards')
          ? 'guards'
          : undefined;
      if (goal) {
        found = { goal, plies: i + 1 };
        break;
      }
    }
    pos.make(move);
  }
  while (pos.depth > start) pos.unmake();
  return found;
}

// What a theme adds to a puzzle's starting rating: the ideas that are harder to see than a
// guard stepping into the ring (a first move away from the ring, a step aside, a stalemate, a
// piece given up, a defence whose threat must be seen first, the R16 placement).
const THEME_WEIGHT: Partial<Record<PuzzleTheme, number>> = {
  'quiet-move': 100,
  'from-afar': 100,
  'make-room': 80,
  'r12-trap': 120,
  sacrifice: 150,
  defence: 150,
  'captor-rule': 100,
};

/**
 * A starting difficulty: how many of the computer's levels 1-9 miss the first move (each a
 * step of 130), how long the line is, and the weight of its themes (THEME_WEIGHT).
 */
export function estimateRating(
  searcher: Searcher,
  pos: Position,
  moves: readonly Move[],
  goal: PuzzleGoal = 'win',
  captor = false,
): number {
  const first = moves[0]!;
  let missed = 0;
  for (let level = 1; level <= 9; level++) {
    if (levelChoice(searcher, pos, level, captor) !== first) missed++;
  }
  const chose = choosers(pos, moves, captor);
  const themes = themesOf(pos, moves, goal, chose).reduce(
    (sum, theme) => sum + (THEME_WEIGHT[theme] ?? 0),
    0,
  );
  const rating = 650 + 130 * missed + 70 * (((moves.length + 1) >> 1) - 1) + themes;
  const [low, high] = PUZZLE_RATING_RANGE;
  return Math.round(Math.min(high, Math.max(low, rating)));
}

/** What a scan of games found: the puzzles and how many positions went each way. */
export interface PuzzleHarvest {
  /** Puzzles found, each with its position. */
  readonly puzzles: FoundPuzzle[];
  /** Positions looked at. */
  examined: number;
  /** Positions dropped, by reason. */
  readonly rejected: Record<PuzzleRejection, number>;
}

/** An empty harvest to add scans to. */
export function emptyHarvest(): PuzzleHarvest {
  const rejected = Object.fromEntries(PUZZLE_REJECTIONS.map((r) => [r, 0]));
  return { puzzles: [], examined: 0, rejected: rejected as Record<PuzzleRejection, number> };
}

/**
 * A game between two of the computer's levels (1-9) from a random opening of 2 to 7 turns,
 * all choices drawn from `seed`: lower levels blunder as people do, which makes tactics.
 */
export function levelGame(
  start: Position,
  white: number,
  black: number,
  seed: number,
  maxPlies = 300,
  captorPlacesQueen = false,
): Game {
  const random = seededRandom(seed);
  const opening = randomOpening(start, 2 + Math.floor(random() * 6), random);
  const searcher = new Searcher(4);
  const player = (level: number) => (game: Game) =>
    playLevel(searcher, game.position, game.history(), level, random, { captorPlacesQueen })?.move;
  return playGame(start, opening, player(white), player(black), maxPlies, { captorPlacesQueen });
}

/**
 * Looks for puzzles at every position of a game after `skip` turns, into `harvest`, each
 * first looked at `scanDepth` turns deep (deeper finds longer wins, slower), each win or
 * capture only where the opponent's move before let it in. Once a puzzle is found, the
 * positions of its own line are passed over, and the position two turns earlier is tried for
 * a longer win of the same combination. `origin` names the game in each puzzle found.
 */
export function scanGame(
  searcher: Searcher,
  initial: Position,
  moves: readonly Move[],
  skip: number,
  harvest: PuzzleHarvest,
  judging: PuzzleJudging = {},
  scanDepth: number = SCAN.depth,
  origin: GameOrigin = {},
): void {
  const rules: PuzzleJudging = {
    ...judging,
    captorPlacesQueen: origin.captorPlacesQueen ?? judging.captorPlacesQueen,
  };
  const named = {
    ...(origin.source ? { source: origin.source } : {}),
    ...(origin.game ? { game: origin.game } : {}),
  };
  // Each position kept apart: a search leaves its position as it found it, but the longer-win
  // look goes back to earlier ones.
  const positions: Position[] = [];
  const pos = initial.clone();
  for (const move of moves) {
    positions.push(pos.clone());
    pos.make(move);
  }
  const at = (ply: number) => positions[ply]!;
  const before = (ply: number) => (ply > 0 ? at(ply - 1) : undefined);
  for (let ply = Math.max(skip, 1); ply < positions.length; ply++) {
    harvest.examined++;
    let found = findPuzzle(searcher, at(ply), rules, scanDepth, before(ply));
    if (!found.ok) {
      harvest.rejected[found.error.code]++;
      continue;
    }
    let from = ply;
    while (found.ok && found.value.goal === 'win' && from - 2 >= Math.max(skip, 1)) {
      const depth = found.value.solution.length + 2;
      if (depth > MAX_PUZZLE_MOVES * 2 - 1) break;
      const longer = findPuzzle(searcher, at(from - 2), rules, depth, before(from - 2));
      if (!longer.ok || longer.value.goal !== 'win') break;
      if (longer.value.solution.length <= found.value.solution.length) break;
      harvest.examined++;
      found = longer;
      from -= 2;
    }
    harvest.puzzles.push({ ...found.value, ...named });
    ply = Math.max(ply, from + found.value.solution.length);
  }
}
