// Puzzles: a position, the one line that reaches a goal from it, and what the line teaches.
// The set's JSON form (docs/puzzles.md) is read and written here; reading checks every
// puzzle through the rules, so a page or another program never meets an illegal line.

import { parseApn } from './apn.ts';
import { type Move, makeMoveText, parseMoveText } from './move.ts';
import { COLOURS, type Colour, QUEEN_BIT } from './piece.ts';
import type { Position } from './position.ts';
import { err, ok, type Result } from './result.ts';

/**
 * What a puzzle asks: win the game, capture the queen, capture two guards in one step, or
 * (defence) find the only moves that do not lose.
 */
export const PUZZLE_GOALS = ['win', 'queen', 'guards', 'defend'] as const;

/** One of PUZZLE_GOALS. */
export type PuzzleGoal = (typeof PUZZLE_GOALS)[number];

/** The most moves of the solver a puzzle asks for. */
export const MAX_PUZZLE_MOVES = 7;

/**
 * The tactics a puzzle is tagged with, each found by code from the line (docs/puzzles.md,
 * Themes); `win-in-N` counts the solver's moves.
 */
export const PUZZLE_THEMES = [
  'capture',
  'double-capture',
  'queen-capture',
  'relocation-tempo',
  'throne-ring',
  'r12-trap',
  'placement',
  'quiet-move',
  'ring-entry',
  'from-afar',
  'ring-closure',
  'throne-entry',
  'sacrifice',
  'make-room',
  'double-threat',
  'forcing',
  'defence',
  'ring-block',
  'captor-rule',
  'win-in-1',
  'win-in-2',
  'win-in-3',
  'win-in-4',
  'win-in-5',
  'win-in-6',
  'win-in-7',
] as const;

/** One of PUZZLE_THEMES. */
export type PuzzleTheme = (typeof PUZZLE_THEMES)[number];

/** Where a puzzle comes from: the computer's own games or finished games between people. */
export const PUZZLE_SOURCES = ['engine', 'people'] as const;

/** One of PUZZLE_SOURCES. */
export type PuzzleSource = (typeof PUZZLE_SOURCES)[number];

/** The lowest and highest rating a puzzle may carry. */
export const PUZZLE_RATING_RANGE = [400, 3000] as const;

/** A puzzle as the set stores it. */
export interface Puzzle {
  /** Stable id: letters and digits, unique within the set. */
  readonly id: string;
  /** The position, the solver to move (NOTATION.md APN). */
  readonly apn: string;
  /** The solver's moves with the opponent's replies between them; it ends with the solver's. */
  readonly solution: readonly string[];
  /** What the solver achieves with the last move. */
  readonly goal: PuzzleGoal;
  /** Tactics of the line, in PUZZLE_THEMES order. */
  readonly themes: readonly PuzzleTheme[];
  /** Starting difficulty on the Glicko scale (1500 average). */
  readonly rating: number;
  /** Where the puzzle was found; absent in sets made before it was recorded. */
  readonly source?: PuzzleSource;
  /** The game it was found in: `<seed>` of the generator's games, or an online game's id. */
  readonly game?: string;
  /** 'captor' when R16 is in force (the captor places a captured queen); absent: R10. */
  readonly queenPlacement?: 'captor';
}

/** A puzzle found in a game, not yet given its id (puzzleIdOf). */
export type FoundPuzzle = Omit<Puzzle, 'id'>;

/** A set of puzzles, the JSON file's content. */
interface PuzzleSet {
  /** Always 'agon-puzzles'. */
  readonly format: 'agon-puzzles';
  /** Always 1. */
  readonly version: 1;
  /** The puzzles, easiest first. */
  readonly puzzles: readonly Puzzle[];
}

/** A puzzle read and replayed: its start, the solution as moves, and who solves. */
export interface PuzzleLine {
  /** The puzzle as stored. */
  readonly puzzle: Puzzle;
  /** The position before the first move (a fresh copy each time it is read). */
  readonly start: () => Position;
  /** The solution's moves. */
  readonly moves: readonly Move[];
  /** The side that solves (to move at the start). */
  readonly solver: Colour;
}

/** Serialises a set as the documented JSON, one puzzle a line. */
export function makePuzzleSet(puzzles: readonly Puzzle[]): string {
  const rows = puzzles.map((p) =>
    JSON.stringify({
      id: p.id,
      apn: p.apn,
      solution: p.solution,
      goal: p.goal,
      themes: p.themes,
      rating: p.rating,
      source: p.source,
      game: p.game,
      queenPlacement: p.queenPlacement,
    }),
  );
  return `{"format":"agon-puzzles","version":1,"puzzles":[\n${rows.join(',\n')}\n]}\n`;
}

/** Reads a set's JSON text, checking every puzzle's position and line through the rules. */
export function parsePuzzleSet(text: string): Result<PuzzleSet> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return err('puzzle-json', `the puzzle set is not JSON: ${(e as Error).message}`);
  }
  if (!isRecord(data) || data.format !== 'agon-puzzles') {
    return err('puzzle-format', 'the puzzle set lacks "format": "agon-puzzles"');
  }
  if (data.version !== 1) {
    return err('puzzle-version', `puzzle set version ${String(data.version)} is not 1`);
  }
  if (!Array.isArray(data.puzzles)) {
    return err('puzzle-format', 'the puzzle set lacks its "puzzles" list');
  }
  const puzzles: Puzzle[] = [];
  const ids = new Set<string>();
  for (const [i, item] of data.puzzles.entries()) {
    const read = readPuzzle(item);
    if (!read.ok) {
      return err(read.error.code, `puzzle ${i + 1}: ${read.error.message}`);
    }
    if (ids.has(read.value.id)) {
      return err('puzzle-id', `puzzle ${i + 1}: the id "${read.value.id}" is used twice`);
    }
    ids.add(read.value.id);
    puzzles.push(read.value);
  }
  return ok({ format: 'agon-puzzles', version: 1, puzzles });
}

/** Checks one puzzle (plain data, maybe invalid) and replays its line. */
export function readPuzzle(item: unknown): Result<Puzzle> {
  if (!isRecord(item)) return err('puzzle-format', 'a puzzle is not an object');
  const { id, apn, solution, goal, themes, rating, source, game, queenPlacement } = item;
  if (typeof id !== 'string' || !/^[A-Za-z0-9]{1,16}$/.test(id)) {
    return err('puzzle-id', 'the id must be 1 to 16 letters or digits');
  }
  if (typeof apn !== 'string') return err('puzzle-apn', `${id}: the position is missing`);
  if (!isStringList(solution) || solution.length === 0 || solution.length % 2 === 0) {
    return err('puzzle-solution', `${id}: the solution must be an odd number of moves`);
  }
  if (solution.length > MAX_PUZZLE_MOVES * 2 - 1) {
    return err('puzzle-solution', `${id}: the solution is longer than ${MAX_PUZZLE_MOVES} moves`);
  }
  if (!PUZZLE_GOALS.includes(goal as PuzzleGoal)) {
    return err('puzzle-goal', `${id}: the goal "${String(goal)}" is not one of ${PUZZLE_GOALS}`);
  }
  if (!isStringList(themes) || !themes.every((t) => PUZZLE_THEMES.includes(t as PuzzleTheme))) {
    return err('puzzle-theme', `${id}: a theme is not one of ${PUZZLE_THEMES.join(', ')}`);
  }
  const [low, high] = PUZZLE_RATING_RANGE;
  if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < low || rating > high) {
    return err('puzzle-rating', `${id}: the rating must be a whole number from ${low} to ${high}`);
  }
  if (source !== undefined && !PUZZLE_SOURCES.includes(source as PuzzleSource)) {
    return err(
      'puzzle-source',
      `${id}: the source "${String(source)}" is not one of ${PUZZLE_SOURCES}`,
    );
  }
  if (game !== undefined && (typeof game !== 'string' || game.length === 0 || game.length > 64)) {
    return err('puzzle-game', `${id}: the game must be a text of 1 to 64 characters`);
  }
  if (queenPlacement !== undefined && queenPlacement !== 'captor') {
    return err('puzzle-rules', `${id}: "queenPlacement" is "captor" (R16) or absent (R10)`);
  }
  const puzzle: Puzzle = {
    id,
    apn,
    solution,
    goal: goal as PuzzleGoal,
    themes: themes as PuzzleTheme[],
    rating,
    ...(source === undefined ? {} : { source: source as PuzzleSource }),
    ...(game === undefined ? {} : { game }),
    ...(queenPlacement === undefined ? {} : { queenPlacement }),
  };
  const line = replayPuzzle(puzzle);
  return line.ok ? ok(puzzle) : line;
}

/** Replays a puzzle's solution through the rules; the goal must be reached by its last move. */
export function replayPuzzle(puzzle: Puzzle): Result<PuzzleLine> {
  const start = parseApn(puzzle.apn);
  if (!start.ok) {
    return err('puzzle-apn', `${puzzle.id}: ${start.error.message}`);
  }
  const pos = start.value.clone();
  if (pos.outcome()) return err('puzzle-apn', `${puzzle.id}: the game is already over`);
  const moves: Move[] = [];
  for (const [i, text] of puzzle.solution.entries()) {
    const move = parseMoveText(text);
    if (!move.ok) return err('puzzle-move', `${puzzle.id}: move ${i + 1}: ${move.error.message}`);
    if (!pos.isLegal(move.value)) {
      return err('puzzle-move', `${puzzle.id}: move ${i + 1}, ${text}, is not legal`);
    }
    if (i === puzzle.solution.length - 1 && !reachesGoal(pos, move.value, puzzle.goal)) {
      return err('puzzle-goal', `${puzzle.id}: the last move, ${text}, does not reach the goal`);
    }
    pos.make(move.value);
    if (i < puzzle.solution.length - 1 && pos.outcome()) {
      return err('puzzle-move', `${puzzle.id}: the game ends at move ${i + 1}, before the line`);
    }
    moves.push(move.value);
  }
  const first = start.value;
  return ok({
    puzzle,
    start: () => first.clone(),
    moves,
    solver: first.turnColour,
  });
}

/**
 * Whether `move` (legal in `pos`) reaches `goal` for the side to move: wins the game at once
 * (R11 or R12), captures the enemy queen (R9), captures two guards in one step, or (defence)
 * does not lose at once; that it does not lose later is the verifier's proof.
 */
export function reachesGoal(pos: Position, move: Move, goal: PuzzleGoal): boolean {
  const solver = pos.turn;
  if (goal === 'win' || goal === 'defend') {
    pos.make(move);
    const outcome = pos.outcome();
    pos.unmake();
    if (goal === 'defend')
      return outcome?.winner === undefined || outcome.winner === COLOURS[solver];
    return outcome?.winner === COLOURS[solver];
  }
  const taken = pos.capturedBy(move);
  if (goal === 'queen') return taken.some((cell) => (pos.board[cell]! & QUEEN_BIT) !== 0);
  return taken.filter((cell) => (pos.board[cell]! & QUEEN_BIT) === 0).length >= 2;
}

/**
 * Whether the solver's `move` at `index` of the line (`pos` the position before it) solves
 * that step: the solution's move, or on the last step of a "win" puzzle any move that wins at
 * once (the page and the verifier agree on this through here).
 */
export function acceptsMove(line: PuzzleLine, index: number, pos: Position, move: Move): boolean {
  if (line.moves[index] === move) return true;
  const last = index === line.moves.length - 1;
  return last && line.puzzle.goal === 'win' && pos.isLegal(move) && reachesGoal(pos, move, 'win');
}

/**
 * Whether the solver chooses the line's move at `index` (`pos` the position before it): on
 * their own turns, except that under R16 the captor places a captured queen, so the solver
 * places the opponent's (on the opponent's turn) and the opponent the solver's.
 */
export function solverChooses(puzzle: Puzzle, index: number, pos: Position): boolean {
  const own = index % 2 === 0;
  return puzzle.queenPlacement === 'captor' && pos.owesQueen ? !own : own;
}

/**
 * The verdict on a first try from its moves (move texts from the puzzle's start, the
 * opponent's replies included, in the order played), judged as the page judges them move by
 * move: each move the solver chooses is right by `acceptsMove`, and each other move must be
 * the line's. Solved when the moves reach the end of the line; missed when they end with the
 * solver's first wrong move, or stop short of the end (the solver gave up or looked at the
 * solution). Moves that are not the page's (malformed, illegal, a reply off the line, more
 * after a wrong move or past the end) are an error naming the first of them.
 */
export function judgeAttempt(line: PuzzleLine, moves: readonly string[]): Result<boolean> {
  const pos = line.start();
  const solver = (i: number): boolean => solverChooses(line.puzzle, i, pos);
  for (const [i, text] of moves.entries()) {
    const at = `move ${i + 1}, "${text}",`;
    if (i >= line.moves.length) {
      return err('attempt-long', `${at} comes after the puzzle's last move`);
    }
    const move = parseMoveText(text);
    if (!move.ok) return err('attempt-move', `move ${i + 1}: ${move.error.message}`);
    if (!pos.isLegal(move.value)) return err('attempt-illegal', `${at} is not legal`);
    if (!solver(i)) {
      if (move.value !== line.moves[i]) {
        return err(
          'attempt-reply',
          `${at} is not the puzzle's reply, ${makeMoveText(line.moves[i]!)}`,
        );
      }
    } else if (!acceptsMove(line, i, pos, move.value)) {
      if (i < moves.length - 1) {
        return err('attempt-long', `${at} is a wrong move, and the attempt goes on after it`);
      }
      return ok(false);
    }
    pos.make(move.value);
  }
  return ok(moves.length === line.moves.length);
}

/** How a won game ended, for the themes: the solver's ring (R11) or the loser stuck (R12). */
export function winKind(pos: Position): 'throne-ring' | 'r12-trap' | undefined {
  if (pos.throneRing() >= 0) return 'throne-ring';
  return pos.outcome()?.reason === 'no-moves' ? 'r12-trap' : undefined;
}

/**
 * A puzzle's id from its position (FNV-1a, 7 base-36 digits): the generator and the server's
 * scan name a position alike, so a puzzle keeps its id when the set is made again.
 */
export function puzzleIdOf(apn: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < apn.length; i++) h = Math.imul(h ^ apn.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36).padStart(7, '0').slice(-7);
}

/** The number of the solver's moves in a solution of `length` moves. */
export function solverMoves(length: number): number {
  return (length + 1) >> 1;
}

/** The solution's move texts from moves, for writing a puzzle. */
export function solutionText(moves: readonly Move[]): string[] {
  return moves.map(makeMoveText);
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function isStringList(x: unknown): x is string[] {
  return Array.isArray(x) && x.every((s) => typeof s === 'string');
}
