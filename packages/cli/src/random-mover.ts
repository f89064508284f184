// The `random` contender of `agon match`: a uniformly random legal move, from a seeded
// generator so that a match can be replayed. A baseline that needs no process.

import { type Game, makeMoveText, seededRandom } from '@agon/engine';
import type { Contender } from './contender.ts';

/** Plays a uniformly random legal move. */
export class RandomMover implements Contender {
  /** Its name in records. */
  readonly name = 'random';
  /** It cannot crash. */
  readonly alive = true;
  private random = seededRandom(0);

  /** A mover whose choices in a game follow that game's seed mixed with `salt`. */
  constructor(private readonly salt: number) {}

  /** Restarts its generator from `seed`. */
  async newGame(seed: number): Promise<void> {
    this.random = seededRandom(seed ^ this.salt);
  }

  /** A random legal turn, or `none` when there is none. */
  async move(game: Game): Promise<string> {
    const moves = game.legalMoves();
    if (moves.length === 0) return 'none';
    return makeMoveText(moves[Math.floor(this.random() * moves.length)]!);
  }

  /** Nothing to let go. */
  async close(): Promise<void> {}
}
