// Puzzle mining, as `@agon/engine/puzzler`: finding puzzles in games, proving their lines and
// naming their themes. It searches hard and long, so only the command line and the server's
// scan load it; the engine's index, which the browser bundles, leaves it out.

export { emptyHarvest, estimateRating, levelGame, type PuzzleHarvest, scanGame } from './finder.ts';
export { PUZZLE_REJECTIONS, verifyPuzzle } from './judge.ts';
export { puzzleThemes } from './themes.ts';
