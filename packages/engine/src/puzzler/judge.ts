// The puzzle judge: walks a line move by move with the search. A move the solver chooses must
// be the one move that keeps the result: every alternative is searched deeper than the line
// needs and must score clearly worse (for a win: not win at all within that depth; for a
// defence: lose within it). The opponent's replies are the search's best, the longest
// resistance. The finder (finder.ts) and the verifier use this same walk, so a stored line
// is proved again exactly as it was found.

import { captorChooses } from '../game.ts';
import type { Move } from '../move.ts';
import type { Position } from '../position.ts';
import { type Puzzle, type PuzzleGoal, reachesGoal, replayPuzzle } from '../puzzle.ts';
import { err, ok, type Result } from '../result.ts';
import { type Searcher, type SearchInfo, WIN, WIN_BOUND } from '../search.ts';

/** Why a position was not kept as a puzzle; the generator counts each. */
export const PUZZLE_REJECTIONS = [
  'game-over',
  'no-tactic',
  'too-long',
  'not-winning',
  'no-mistake',
  'obvious',
  'ambiguous',
  'ambiguous-later',
  'goal-missed',
  'unproven',
] as const;

/** One of PUZZLE_REJECTIONS. */
export type PuzzleRejection = (typeof PUZZLE_REJECTIONS)[number];

/** A judgement's failure: why, and a message naming the move. */
export type Rejection = { readonly code: PuzzleRejection; readonly message: string };

/** How hard the judge looks, and under which rule a captured queen is placed. */
export interface PuzzleJudging {
  /** Plies searched beyond the line's own length when alternatives are scored (default 2). */
  readonly extraDepth?: number;
  /** Node budget of each search; a search that does not complete its depth is unproven. */
  readonly nodes?: number;
  /** R16: the captor places a captured queen (default false: R10, the owner does). */
  readonly captorPlacesQueen?: boolean;
}

/** A material puzzle's line must leave the solver at least this far ahead. */
export const MATERIAL_WIN = 200;
/** Every alternative to a solver's move must score at least this much worse. */
const CLEAR_MARGIN = 150;

const DEFAULT_NODES = 4_000_000;

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
    { ...judging, captorPlacesQueen: puzzle.queenPlacement === 'captor' },
  );
  if (!walked.ok) return err(walked.error.code, `${puzzle.id}: ${walked.error.message}`);
  return ok(undefined);
}

/**
 * Walks the line for `plies` turns from `pos` (restored after). Without `given`, the search
 * chooses each move; with it, each given move is judged instead. The solver's choices must be
 * the only good ones; the opponent's must be their best.
 */
export function walk(
  searcher: Searcher,
  pos: Position,
  goal: PuzzleGoal,
  plies: number,
  given: readonly Move[] | undefined,
  judging: PuzzleJudging,
): Result<Move[], Rejection> {
  const j = {
    extra: judging.extraDepth ?? 2,
    nodes: judging.nodes ?? DEFAULT_NODES,
    captor: judging.captorPlacesQueen === true,
  };
  const start = pos.depth;
  const moves: Move[] = [];
  const undo = <T>(r: T): T => {
    while (pos.depth > start) pos.unmake();
    return r;
  };
  for (let i = 0; i < plies; i++) {
    const left = plies - i;
    // R16: whoever chooses a queen's cell is the captor, the other side to the side to move;
    // scores are turned to the chooser's view.
    const placing = captorChooses(pos, j.captor);
    const solverChooses = (i % 2 === 0) !== placing;
    const view = placing ? -1 : 1;
    const wanted = given?.[i];
    let chosen: Result<Move, Rejection>;
    if (!solverChooses) {
      chosen = bestReply(searcher, pos, left, j, goal, view, wanted);
    } else if (left === 1 && (placing || goal !== 'defend')) {
      chosen = placing
        ? reject('goal-missed', 'the line ends with a queen placed, not with a solver move')
        : lastMove(searcher, pos, goal, j, wanted);
    } else {
      chosen = onlyMove(searcher, pos, goal, left, j, view, wanted, i === 0);
    }
    if (!chosen.ok) return undo(chosen);
    const move = chosen.value;
    if (left === 1 && goal === 'defend' && !reachesGoal(pos, move, goal)) {
      return undo(reject('goal-missed', 'the last move loses at once'));
    }
    moves.push(move);
    pos.make(move);
    if (i < plies - 1 && pos.outcome()) {
      return undo(reject('goal-missed', `the game ends at move ${i + 1}, before the line does`));
    }
  }
  return undo(ok(moves));
}

type Judge = { readonly extra: number; readonly nodes: number; readonly captor: boolean };

// A move the solver chooses, other than a winning or capturing last move: the search's best
// must keep the result and every other move, searched `extra` plies deeper, must not (a win:
// no other move wins; a capture: every other move is CLEAR_MARGIN worse; a defence: every
// other move loses). `view` turns the side to move's scores into the solver's.
function onlyMove(
  searcher: Searcher,
  pos: Position,
  goal: PuzzleGoal,
  left: number,
  j: Judge,
  view: number,
  wanted: Move | undefined,
  first: boolean,
): Result<Move, Rejection> {
  const depth = goal === 'win' ? left : left + j.extra;
  const best = searchTo(searcher, pos, depth, { nodes: j.nodes }, j.captor);
  if (!best) return reject('unproven', `the search did not complete depth ${depth}`);
  const move = wanted ?? best.pv[0]!;
  const own =
    wanted === undefined ? best.score * view : scoreOf(searcher, pos, move, depth, j, view);
  if (own === undefined) return reject('unproven', 'the given move could not be scored');
  const kept =
    goal === 'win' ? own >= WIN - left : goal === 'defend' ? own > -WIN_BOUND : own >= MATERIAL_WIN;
  if (!kept) {
    return reject(first ? 'not-winning' : 'goal-missed', 'the move does not keep the result');
  }
  if (own < best.score * view - (goal === 'win' ? 0 : CLEAR_MARGIN / 2)) {
    return reject('ambiguous', 'another move is better than the given one');
  }
  if (pos.legalMoves().length === 1) return ok(move);
  const others = searchTo(
    searcher,
    pos,
    left + j.extra,
    { nodes: j.nodes, exclude: [move] },
    j.captor,
  );
  if (!others) return reject('unproven', `alternatives not searched to depth ${left + j.extra}`);
  const rest = others.score * view;
  const clear =
    goal === 'win'
      ? rest < WIN_BOUND
      : goal === 'defend'
        ? rest <= -WIN_BOUND
        : rest <= own - CLEAR_MARGIN;
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
  j: Judge,
  wanted: Move | undefined,
): Result<Move, Rejection> {
  const reaching = pos.legalMoves().filter((m) => reachesGoal(pos, m, goal));
  const move = wanted ?? reaching[0];
  if (move === undefined || !reaching.includes(move)) {
    return reject('goal-missed', 'the last move does not reach the goal');
  }
  if (goal === 'win') return ok(move);
  if (reaching.length > 1) return reject('ambiguous-later', 'two moves reach the goal');
  const score = scoreOf(searcher, pos, move, 1 + j.extra, j, 1);
  if (score === undefined) return reject('unproven', 'the capture could not be scored');
  if (score < MATERIAL_WIN) return reject('not-winning', `after the capture the score is ${score}`);
  const others =
    pos.legalMoves().length > 1 &&
    searchTo(searcher, pos, 1 + j.extra, { nodes: j.nodes, exclude: [move] }, j.captor);
  if (others === undefined)
    return reject('unproven', 'the alternatives to the capture were not searched');
  if (others && others.score > score - CLEAR_MARGIN) {
    return reject('ambiguous-later', 'a move other than the capture does as well');
  }
  return ok(move);
}

// The opponent's choice: the search's best, searched as deep as the line needs and `extra`
// more unless the goal is a win; a given reply must score as well as the best. `view` turns
// the side to move's scores into the opponent's.
function bestReply(
  searcher: Searcher,
  pos: Position,
  left: number,
  j: Judge,
  goal: PuzzleGoal,
  view: number,
  wanted: Move | undefined,
): Result<Move, Rejection> {
  const depth = goal === 'win' ? left : left + j.extra;
  const best = searchTo(searcher, pos, depth, { nodes: j.nodes }, j.captor);
  if (!best) return reject('unproven', `the reply was not searched to depth ${depth}`);
  if (wanted === undefined) return ok(best.pv[0]!);
  if (!pos.isLegal(wanted)) return reject('goal-missed', 'a reply is not legal');
  const score = scoreOf(searcher, pos, wanted, depth, j, view);
  if (score === undefined) return reject('unproven', 'the reply could not be scored');
  const slack = goal === 'win' ? 0 : CLEAR_MARGIN / 2;
  if (score < best.score * view - slack) {
    return reject('goal-missed', 'a reply is not the best defence');
  }
  return ok(wanted);
}

/**
 * The score of `move` for the side to move (times `view`: for its chooser), searched to
 * `depth` in all; undefined when the search ran out of nodes.
 */
function scoreOf(
  searcher: Searcher,
  pos: Position,
  move: Move,
  depth: number,
  j: { readonly nodes: number; readonly captor: boolean },
  view: number,
): number | undefined {
  pos.make(move);
  const outcome = pos.outcome();
  let score: number | undefined;
  if (outcome) {
    score = outcome.winner === undefined ? 0 : outcome.winner === pos.turnColour ? -WIN : WIN - 1;
  } else {
    const info = searchTo(searcher, pos, depth - 1, { nodes: j.nodes }, j.captor);
    score = info && nearer(-info.score);
  }
  pos.unmake();
  return score === undefined ? undefined : score * view;
}

// A win or loss seen one ply further from the root scores one less in absolute value.
function nearer(score: number): number {
  if (score >= WIN_BOUND) return score - 1;
  if (score <= -WIN_BOUND) return score + 1;
  return score;
}

/**
 * The last iteration of a search to `depth` (exact unless told), or undefined when it stopped short of it
 * (a found win or loss that the depth covers ends the search early and counts as complete).
 */
export function searchTo(
  searcher: Searcher,
  pos: Position,
  depth: number,
  limits: { nodes: number; exclude?: readonly Move[] },
  captorPlacesQueen: boolean,
  exact = true,
): SearchInfo | undefined {
  if (depth <= 0) return undefined;
  // Each judgement from a cleared table and without reductions, so that it depends on the
  // position and depth alone: the verifier then repeats the generator's every verdict. A
  // first look (not exact) only picks candidates for the judge, and keeps the table.
  if (exact) searcher.clear();
  let last: SearchInfo | undefined;
  for (const info of searcher.iterate(pos, [], {
    depth,
    exact,
    captorPlacesQueen,
    ...limits,
  })) {
    last = info;
  }
  if (!last || last.pv.length === 0) return undefined;
  const mate = Math.abs(last.score) >= WIN_BOUND && WIN - Math.abs(last.score) <= last.depth;
  return last.depth >= depth || mate ? last : undefined;
}

/** A rejection as a failed result. */
export function reject(code: PuzzleRejection, message: string): { ok: false; error: Rejection } {
  return { ok: false, error: { code, message } };
}
