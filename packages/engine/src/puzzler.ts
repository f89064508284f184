// Finding and proving puzzles with the search. A position becomes a puzzle only when every
// move of the solver in the line is the one move that keeps the result: each alternative is
// searched deeper than the line needs and must score clearly worse (for a win: not win at
// all within that depth). The opponent's replies are the search's best, the longest
// resistance. The verifier walks a stored line through the same judge from a fresh search.

import { makeApn } from './apn.ts';
import type { Game } from './game.ts';
import { LEVELS, playLevel, seededRandom } from './level.ts';
import { type Move, moveKind, RELOCATION } from './move.ts';
import { QUEEN_BIT } from './piece.ts';
import type { Position } from './position.ts';
import {
  MAX_PUZZLE_MOVES,
  PUZZLE_RATING_RANGE,
  PUZZLE_THEMES,
  type Puzzle,
  type PuzzleGoal,
  type PuzzleTheme,
  reachesGoal,
  replayPuzzle,
  solutionText,
  winKind,
} from './puzzle.ts';
import { err, ok, type Result } from './result.ts';
import { Searcher, type SearchInfo, WIN, WIN_BOUND } from './search.ts';
import { playGame, randomOpening } from './tune.ts';

/** Why a position was not kept as a puzzle; the generator counts each. */
export const PUZZLE_REJECTIONS = [
  'game-over',
  'no-tactic',
  'too-long',
  'not-winning',
  'ambiguous',
  'ambiguous-later',
  'goal-missed',
  'unproven',
] as const;

/** One of PUZZLE_REJECTIONS. */
export type PuzzleRejection = (typeof PUZZLE_REJECTIONS)[number];

/** How hard the judge looks. */
export interface PuzzleJudging {
  /** Plies searched beyond the line's own length when alternatives are scored (default 2). */
  readonly extraDepth?: number;
  /** Node budget of each search; a search that does not complete its depth is unproven. */
  readonly nodes?: number;
}

/** A material puzzle's line must leave the solver at least this far ahead. */
export const MATERIAL_WIN = 200;
/** Every alternative to a solver's move must score at least this much worse. */
export const CLEAR_MARGIN = 150;

const DEFAULT_NODES = 4_000_000;
// The first look at a candidate: cheap, to throw out most positions. A longer win is found
// from the shorter one that the same game reaches later (see scanGame).
const SCAN = { depth: 3, nodes: 100_000 } as const;
// A material goal must be reached within this many of the solver's moves.
const MATERIAL_MOVES = 3;

/** A puzzle found, not yet given its id. */
export type FoundPuzzle = Omit<Puzzle, 'id'>;

/**
 * Looks for a puzzle for the side to move in `pos` (left as it was): a forced win in at most
 * MAX_PUZZLE_MOVES moves or a decisive capture, proved move by move. The first look searches
 * `scanDepth` turns.
 */
export function findPuzzle(
  searcher: Searcher,
  pos: Position,
  judging: PuzzleJudging = {},
  scanDepth: number = SCAN.depth,
): Result<FoundPuzzle, { code: PuzzleRejection; message: string }> {
  if (pos.outcome()) return reject('game-over', 'the game is over');
  const scan = searchTo(searcher, pos, scanDepth, {
    nodes: Math.max(SCAN.nodes, judging.nodes ?? 0),
  });
  if (!scan) return reject('unproven', 'the first look did not complete');
  let goal: PuzzleGoal;
  let plies: number;
  if (scan.score >= WIN_BOUND) {
    plies = WIN - scan.score;
    if (plies > MAX_PUZZLE_MOVES * 2 - 1) return reject('too-long', `a win in ${plies} turns`);
    goal = 'win';
  } else {
    const material = materialGoal(pos, scan.pv);
    if (!material) return reject('no-tactic', 'no forced win or decisive capture');
    if (scan.score < MATERIAL_WIN) return reject('not-winning', `the capture scores ${scan.score}`);
    ({ goal, plies } = material);
  }
  const line = walk(searcher, pos, goal, plies, undefined, judging);
  if (!line.ok) return line;
  const moves = line.value;
  const found: FoundPuzzle = {
    apn: makeApn(pos),
    solution: solutionText(moves),
    goal,
    themes: themesOf(pos, moves, goal),
    rating: 0,
  };
  // What is written must pass the verifier as it will be run: the same walk over the stored
  // moves, from a cleared table.
  const again = verifyPuzzle(searcher, { id: 'found', ...found }, judging);
  if (!again.ok) return reject('unproven', `not proved again: ${again.error.message}`);
  return ok({ ...found, rating: estimateRating(searcher, pos, moves) });
}

/** Re-proves a stored puzzle from scratch: legal line, goal reached, each solver move unique. */
export function verifyPuzzle(
  searcher: Searcher,
  puzzle: Puzzle,
  judging: PuzzleJudging = {},
): Result<void> {
  const line = replayPuzzle(puzzle);
  if (!line.ok) return line;
  const walked = walk(
    searcher,
    line.value.start(),
    puzzle.goal,
    line.value.moves.length,
    line.value.moves,
    judging,
  );
  if (!walked.ok) return err(walked.error.code, `${puzzle.id}: ${walked.error.message}`);
  return ok(undefined);
}

// Walks the line for `plies` turns from `pos` (restored after). Without `given`, the search
// chooses each move; with it, each given move is judged instead. Solver's moves must be the
// only good ones; replies must be the opponent's best.
function walk(
  searcher: Searcher,
  pos: Position,
  goal: PuzzleGoal,
  plies: number,
  given: readonly Move[] | undefined,
  judging: PuzzleJudging,
): Result<Move[], { code: PuzzleRejection; message: string }> {
  const extra = judging.extraDepth ?? 2;
  const nodes = judging.nodes ?? DEFAULT_NODES;
  const start = pos.depth;
  const moves: Move[] = [];
  const undo = <T>(r: T): T => {
    while (pos.depth > start) pos.unmake();
    return r;
  };
  for (let i = 0; i < plies; i++) {
    const left = plies - i;
    const solverTurn = i % 2 === 0;
    const wanted = given?.[i];
    let move: Move;
    if (!solverTurn) {
      const reply = bestReply(searcher, pos, left, extra, nodes, goal, wanted);
      if (!reply.ok) return undo(reply);
      move = reply.value;
    } else if (left === 1) {
      const last = lastMove(searcher, pos, goal, extra, nodes, wanted);
      if (!last.ok) return undo(last);
      move = last.value;
    } else {
      const only = onlyMove(searcher, pos, goal, left, extra, nodes, wanted, i === 0);
      if (!only.ok) return undo(only);
      move = only.value;
    }
    moves.push(move);
    pos.make(move);
    if (i < plies - 1 && pos.outcome()) {
      return undo(reject('goal-missed', `the game ends at move ${i + 1}, before the line does`));
    }
  }
  return undo(ok(moves));
}

// A solver's move before the last: the search's best must keep the result and every other
// move, searched `extra` plies deeper, must not (a win: no other move wins; a capture: every
// other move is CLEAR_MARGIN worse).
function onlyMove(
  searcher: Searcher,
  pos: Position,
  goal: PuzzleGoal,
  left: number,
  extra: number,
  nodes: number,
  wanted: Move | undefined,
  first: boolean,
): Result<Move, { code: PuzzleRejection; message: string }> {
  const depth = goal === 'win' ? left : left + extra;
  const best = searchTo(searcher, pos, depth, { nodes });
  if (!best) return reject('unproven', `the search did not complete depth ${depth}`);
  const move = wanted ?? best.pv[0]!;
  const score = wanted === undefined ? best.score : scoreOf(searcher, pos, move, depth, nodes);
  if (score === undefined) return reject('unproven', 'the given move could not be scored');
  if (goal === 'win' ? score < WIN - left : score < MATERIAL_WIN) {
    return reject(first ? 'not-winning' : 'goal-missed', 'the move does not keep the result');
  }
  if (score < best.score - (goal === 'win' ? 0 : CLEAR_MARGIN / 2)) {
    return reject('ambiguous', 'another move is better than the given one');
  }
  if (pos.legalMoves().length === 1) return ok(move);
  const others = searchTo(searcher, pos, left + extra, { nodes, exclude: [move] });
  if (!others) return reject('unproven', `alternatives not searched to depth ${left + extra}`);
  const clear = goal === 'win' ? others.score < WIN_BOUND : others.score <= score - CLEAR_MARGIN;
  if (!clear) {
    return reject(first ? 'ambiguous' : 'ambiguous-later', 'another move also keeps the result');
  }
  return ok(move);
}

// The solver's last move: it reaches the goal. A win may be reached by several moves (any of
// them solves); a capture goal by exactly one, which must leave the solver winning.
function lastMove(
  searcher: Searcher,
  pos: Position,
  goal: PuzzleGoal,
  extra: number,
  nodes: number,
  wanted: Move | undefined,
): Result<Move, { code: PuzzleRejection; message: string }> {
  const reaching = pos.legalMoves().filter((m) => reachesGoal(pos, m, goal));
  const move = wanted ?? reaching[0];
  if (move === undefined || !reaching.includes(move)) {
    return reject('goal-missed', 'the last move does not reach the goal');
  }
  if (goal === 'win') return ok(move);
  if (reaching.length > 1) return reject('ambiguous-later', 'two moves reach the goal');
  const score = scoreOf(searcher, pos, move, 1 + extra, nodes);
  if (score === undefined) return reject('unproven', 'the capture could not be scored');
  if (score < MATERIAL_WIN) return reject('not-winning', `after the capture the score is ${score}`);
  const others =
    pos.legalMoves().length > 1 && searchTo(searcher, pos, 1 + extra, { nodes, exclude: [move] });
  if (others === undefined)
    return reject('unproven', 'the alternatives to the capture were not searched');
  if (others && others.score > score - CLEAR_MARGIN) {
    return reject('ambiguous-later', 'a move other than the capture does as well');
  }
  return ok(move);
}

// The opponent's reply: the search's best, searched as deep as the line needs and `extra`
// more for a capture goal; a given reply must score as well as the best.
function bestReply(
  searcher: Searcher,
  pos: Position,
  left: number,
  extra: number,
  nodes: number,
  goal: PuzzleGoal,
  wanted: Move | undefined,
): Result<Move, { code: PuzzleRejection; message: string }> {
  const depth = goal === 'win' ? left : left + extra;
  const best = searchTo(searcher, pos, depth, { nodes });
  if (!best) return reject('unproven', `the reply was not searched to depth ${depth}`);
  if (wanted === undefined) return ok(best.pv[0]!);
  if (!pos.isLegal(wanted)) return reject('goal-missed', 'a reply is not legal');
  const score = scoreOf(searcher, pos, wanted, depth, nodes);
  if (score === undefined) return reject('unproven', 'the reply could not be scored');
  const slack = goal === 'win' ? 0 : CLEAR_MARGIN / 2;
  if (score < best.score - slack) return reject('goal-missed', 'a reply is not the best defence');
  return ok(wanted);
}

// The score of `move` for the side to move, searched to `depth` in all; undefined when the
// search ran out of nodes.
function scoreOf(
  searcher: Searcher,
  pos: Position,
  move: Move,
  depth: number,
  nodes: number,
): number | undefined {
  pos.make(move);
  const outcome = pos.outcome();
  let score: number | undefined;
  if (outcome) {
    score = outcome.winner === undefined ? 0 : outcome.winner === pos.turnColour ? -WIN : WIN - 1;
  } else {
    const info = searchTo(searcher, pos, depth - 1, { nodes });
    score = info && nearer(-info.score);
  }
  pos.unmake();
  return score;
}

// A win or loss seen one ply further from the root scores one less in absolute value.
function nearer(score: number): number {
  if (score >= WIN_BOUND) return score - 1;
  if (score <= -WIN_BOUND) return score + 1;
  return score;
}

// The last iteration of a search to `depth`, or undefined when it stopped short of it (a
// found win or loss that the depth covers ends the search early and counts as complete).
function searchTo(
  searcher: Searcher,
  pos: Position,
  depth: number,
  limits: { nodes: number; exclude?: readonly Move[] },
): SearchInfo | undefined {
  if (depth <= 0) return undefined;
  // Each judgement from a cleared table and without reductions, so that it depends on the
  // position and depth alone: the verifier then repeats the generator's every verdict.
  searcher.clear();
  let last: SearchInfo | undefined;
  for (const info of searcher.iterate(pos, [], { depth, exact: true, ...limits })) last = info;
  if (!last || last.pv.length === 0) return undefined;
  const mate = Math.abs(last.score) >= WIN_BOUND && WIN - Math.abs(last.score) <= last.depth;
  return last.depth >= depth || mate ? last : undefined;
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

/** The themes of a line from `pos` (left as it was), in PUZZLE_THEMES order. */
export function themesOf(pos: Position, moves: readonly Move[], goal: PuzzleGoal): PuzzleTheme[] {
  const tags = new Set<PuzzleTheme>();
  const start = pos.depth;
  if (pos.placing) tags.add('placement');
  for (const [i, move] of moves.entries()) {
    if (i % 2 === 0) {
      const taken = pos.capturedBy(move);
      if (taken.length > 0) tags.add('capture');
      if (taken.length > 1) tags.add('double-capture');
      if (taken.some((cell) => (pos.board[cell]! & QUEEN_BIT) !== 0)) tags.add('queen-capture');
    } else if (moveKind(move) === RELOCATION) {
      tags.add('relocation-tempo');
    }
    pos.make(move);
  }
  if (goal === 'win') {
    const kind = winKind(pos);
    if (kind) tags.add(kind);
    tags.add(`win-in-${(moves.length + 1) >> 1}` as PuzzleTheme);
  }
  while (pos.depth > start) pos.unmake();
  return PUZZLE_THEMES.filter((t) => tags.has(t));
}

/**
 * A starting difficulty: how many of the computer's levels 1-9 miss the first move (each a
 * step of 130), how long the line is, and whether the first move is a quiet one.
 */
export function estimateRating(searcher: Searcher, pos: Position, moves: readonly Move[]): number {
  const first = moves[0]!;
  let missed = 0;
  for (const level of LEVELS.slice(0, 9)) {
    searcher.clear();
    let last: SearchInfo | undefined;
    for (const info of searcher.iterate(pos, [], { depth: level.depth, nodes: level.nodes })) {
      last = info;
    }
    if (last?.pv[0] !== first) missed++;
  }
  const quiet = pos.stepCaptures(first) === 0 ? 100 : 0;
  const rating = 650 + 130 * missed + 70 * (((moves.length + 1) >> 1) - 1) + quiet;
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
): Game {
  const random = seededRandom(seed);
  const opening = randomOpening(start, 2 + Math.floor(random() * 6), random);
  const searcher = new Searcher(4);
  const player = (level: number) => (game: Game) =>
    playLevel(searcher, game.position, game.history(), level, random)?.move;
  return playGame(start, opening, player(white), player(black), maxPlies);
}

/**
 * Looks for puzzles at every position of a game after `skip` turns, into `harvest`, each
 * first looked at `scanDepth` turns deep (deeper finds longer wins, slower). Once a
 * puzzle is found, the positions of its own line are passed over, and the position two turns
 * earlier is tried for a longer win of the same combination.
 */
export function scanGame(
  searcher: Searcher,
  initial: Position,
  moves: readonly Move[],
  skip: number,
  harvest: PuzzleHarvest,
  judging: PuzzleJudging = {},
  scanDepth: number = SCAN.depth,
): void {
  // Each position kept apart: a search leaves its position as it found it, but the longer-win
  // look goes back to earlier ones.
  const positions: Position[] = [];
  const pos = initial.clone();
  for (const move of moves) {
    positions.push(pos.clone());
    pos.make(move);
  }
  for (let ply = skip; ply < positions.length; ply++) {
    harvest.examined++;
    const here = positions[ply]!;
    let found = findPuzzle(searcher, here, judging, scanDepth);
    if (!found.ok) {
      harvest.rejected[found.error.code]++;
      continue;
    }
    let at = ply;
    while (found.ok && found.value.goal === 'win' && at - 2 >= skip) {
      const depth = found.value.solution.length + 2;
      if (depth > MAX_PUZZLE_MOVES * 2 - 1) break;
      const longer = findPuzzle(searcher, positions[at - 2]!, judging, depth);
      if (!longer.ok || longer.value.goal !== 'win') break;
      if (longer.value.solution.length <= found.value.solution.length) break;
      harvest.examined++;
      found = longer;
      at -= 2;
    }
    harvest.puzzles.push(found.value);
    ply = Math.max(ply, at + found.value.solution.length);
  }
}

function reject(
  code: PuzzleRejection,
  message: string,
): { readonly ok: false; readonly error: { code: PuzzleRejection; message: string } } {
  return { ok: false, error: { code, message } };
}
