// The public surface of the engine: the board and its pieces, moves and their notation, the
// rules and a game's record, perft, the evaluation and search, the computer's levels, self-play,
// AEP and puzzles. Each name is listed; tuning (`@agon/engine/tune`) and puzzle mining
// (`@agon/engine/puzzler`) are subpaths of their own, so nothing the browser bundles reaches them.

export { AepSession } from './aep.ts';
export { type AgnRecord, type AgnVariation, makeAgn, parseAgn } from './agn.ts';
export {
  makeApn,
  PLACEMENT_APN,
  parseApn,
  parseApnSetup,
  pieceLetter,
  STANDARD_APN,
  startPosition,
  variantOf,
} from './apn.ts';
export { whiteChances } from './chances.ts';
export { CAPTOR_FEATURES, CAPTOR_WEIGHTS, FEATURE_COUNT, FEATURES, WEIGHTS } from './evaluate.ts';
export { captorChooses, chooserOf, Game, type GameOptions } from './game.ts';
export {
  CELL_COUNT,
  cellAt,
  cellFile,
  cellName,
  cellQ,
  cellR,
  cellRank,
  FILES,
  fileLength,
  guardStepStart,
  guardStepTargets,
  neighbour,
  OUTER_RING,
  onBoard,
  parseCell,
  RING1,
  ring,
  stepStart,
  stepTargets,
  THRONE,
} from './hex.ts';
export {
  explainIllegal,
  type IllegalCode,
  type IllegalReason,
  illegalReason,
  type RuleId,
} from './illegal.ts';
export { LEVEL10_MOVETIME, playLevel, seededRandom } from './level.ts';
export {
  type Move,
  makeMove,
  makeMoveText,
  moveFrom,
  moveKind,
  moveTo,
  NO_CELL,
  PASS_MOVE,
  PLACEMENT,
  parseMoveText,
  RELOCATION,
  STEP,
} from './move.ts';
export { perft, perftDivide } from './perft.ts';
export { type Colour, opposite, type Piece, QUEEN_BIT } from './piece.ts';
export { type Outcome, outcomeSide, Position } from './position.ts';
export {
  acceptsMove,
  type FoundPuzzle,
  judgeAttempt,
  MAX_PUZZLE_MOVES,
  makePuzzleSet,
  PUZZLE_GOALS,
  PUZZLE_SOURCES,
  PUZZLE_THEMES,
  type Puzzle,
  type PuzzleGoal,
  type PuzzleLine,
  type PuzzleSource,
  type PuzzleTheme,
  parsePuzzleSet,
  puzzleIdOf,
  readPuzzle,
  replayPuzzle,
  solverChooses,
  solverMoves,
} from './puzzle.ts';
export { type AgonError, err, type Result } from './result.ts';
export { Searcher, WIN_BOUND } from './search.ts';
export { playGame, randomOpening, searchPlayer } from './selfplay.ts';
