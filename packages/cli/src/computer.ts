// The computer player of `agon play`: the engine's levels (1-10), searched in this process.
// The player is waiting at the terminal anyway, so a search that blocks is no loss here.

import {
  type Game,
  LEVEL10_MOVETIME,
  type Move,
  playLevel,
  Searcher,
  seededRandom,
} from '@agon/engine';

// How long a hint may think when no --movetime is given.
const HINT_MS = 1000;

/** A computer opponent, and the source of hints. */
export class Computer {
  // One searcher for the whole game: its hash table carries over from move to move.
  private readonly searcher = new Searcher(16);
  private readonly random: () => number;

  /** Plays at `level`; `movetime` (ms) adds a time limit to the level's own depth and nodes. */
  constructor(
    readonly level: number,
    private readonly movetime: number | undefined,
    seed: number,
  ) {
    this.random = seededRandom(seed);
  }

  /** Its turn in `game`, or undefined when the game is over. */
  move(game: Game): Move | undefined {
    // Level 10 has no depth or node limit of its own.
    const time = this.movetime ?? (this.level === 10 ? LEVEL10_MOVETIME : undefined);
    const now = (): number => performance.now();
    const deadline = time === undefined ? undefined : now() + time;
    // A copy, since the search plays its lines out on the position it is given.
    return playLevel(
      this.searcher,
      game.position.clone(),
      game.history(),
      this.level,
      this.random,
      { deadline, now, captorPlacesQueen: game.captorPlacesQueen },
    )?.move;
  }

  /** The best turn it finds for the player to move, at full strength, in a second or --movetime. */
  hint(game: Game): Move | undefined {
    const now = (): number => performance.now();
    const deadline = now() + (this.movetime ?? HINT_MS);
    const limits = { deadline, now, captorPlacesQueen: game.captorPlacesQueen };
    return this.searcher.search(game.position.clone(), game.history(), limits)?.pv[0];
  }
}
