// A move chooser for the tests and the load scripts, which play games for as long as they like.

import { Game, makeMoveText, parseApn, STANDARD_APN } from '@agon/engine';

/**
 * The first legal move after `moves` from the standard start that neither ends the game nor
 * repeats a position, so that a game goes on for as many moves as its players make.
 */
export function quietMove(moves: readonly string[]): string {
  const start = parseApn(STANDARD_APN);
  if (!start.ok) throw new Error(start.error.message);
  const game = new Game(start.value);
  for (const text of moves) game.play(game.legalMoves().find((m) => makeMoveText(m) === text)!);
  const move = game.legalMoves().find((m) => {
    game.play(m);
    const quiet = !game.outcome && game.occurrences() === 1;
    game.undo();
    return quiet;
  })!;
  return makeMoveText(move);
}
