// Engine-vs-engine games: a player that searches, random openings to vary the games, and a
// game played out between two players. Matches, tuning and puzzle mining all play them.

import { Game, type GameOptions } from './game.ts';
import type { Move } from './move.ts';
import type { Position } from './position.ts';
import { Searcher, type SearchLimits } from './search.ts';

/** Chooses a move for the side to move in a game, or undefined to give up the game. */
export type Player = (game: Game) => Move | undefined;

/** A player that searches with the given weights (and R16 weights) and limits. */
export function searchPlayer(
  weights: Int32Array,
  limits: SearchLimits,
  hashMiB = 4,
  captorWeights?: Int32Array,
): Player {
  const searcher = new Searcher(hashMiB, weights, captorWeights);
  return (game) => searcher.search(game.position, game.history(), limits)?.pv[0];
}

/** Random legal turns from `pos` (left unchanged), stopping short of any game end. */
export function randomOpening(pos: Position, plies: number, random: () => number): Move[] {
  const game = new Game(pos);
  for (let i = 0; i < plies; i++) {
    const moves = game.legalMoves();
    if (moves.length === 0) break;
    const move = moves[Math.floor(random() * moves.length)]!;
    game.play(move);
    if (game.outcome) {
      game.undo();
      break;
    }
  }
  return [...game.moves];
}

/**
 * Plays a game from `start` after `opening` under `options` (R16: the captor chooses a
 * captured queen's cell); a game still going after `maxPlies` turns is left unfinished (its
 * outcome undefined): the caller adjudicates it.
 */
export function playGame(
  start: Position,
  opening: readonly Move[],
  white: Player,
  black: Player,
  maxPlies: number,
  options: GameOptions = {},
): Game {
  const game = new Game(start, options);
  for (const m of opening) game.play(m);
  while (!game.outcome && game.moves.length < maxPlies) {
    // The player who chooses answers; a failure loses the game for that player.
    const chooser = game.chooser!;
    const move = (chooser === 'white' ? white : black)(game);
    if (move === undefined || !game.play(move).ok) game.resign(chooser);
  }
  return game;
}
