// One side of an `agon match`: an engine program driven over AEP, or the built-in random
// mover. The match asks each for moves and checks every answer against the rules itself.

import type { Game } from '@agon/engine';

/** A player in a match. */
export interface Contender {
  /** How records and the summary name it. */
  readonly name: string;
  /** False once it has crashed or failed to answer: it must be replaced before another game. */
  readonly alive: boolean;
  /**
   * R16 without the engine's own support: true for an engine that lacks the CaptorPlacesQueen
   * option, which the match then drives as captor by scoring each relocation.
   */
  readonly scoresRelocations: boolean;
  /** Gets ready for a new game whose random choices follow `seed`. */
  newGame(seed: number): Promise<void>;
  /**
   * Its answer for the game's position, as the player who chooses it (`game.chooser`: under
   * R16 the captor at a queen's relocation): move text, or `none`. Throws ContenderFailure.
   */
  move(game: Game, movetime: number): Promise<string>;
  /** Lets it go: an engine process exits. */
  close(): Promise<void>;
}

/** A contender that crashed or did not answer in time; it loses the game it was playing. */
export class ContenderFailure extends Error {}

/** How a side of the match was given: a shell command, or `random`, with its options. */
export interface ContenderSpec {
  /** --a or --b: a command run through the shell, or `random`. */
  readonly command: string;
  /** The Level option to set, if any. */
  readonly level: number | undefined;
  /** Further AEP options to set (--set-a, --set-b), as name and value. */
  readonly options: readonly (readonly [string, string])[];
  /** Sets the side's random stream apart from the other side's when both are random. */
  readonly salt: number;
}
