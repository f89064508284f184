// What the house bots' search thread is asked and answers (search-thread.ts, thinker.ts).

import type { Rules } from '../game/table.ts';

/** A position to search: a game's rules and turns, the level to play at and its dice. */
export interface Question {
  readonly ref: number;
  readonly rules: Rules;
  /** The turns played, as move text. */
  readonly moves: readonly string[];
  readonly level: number;
  readonly seed: number;
}

/** The move chosen (null: none, the game is over) and what the search saw. */
export interface Thought {
  readonly ref: number;
  readonly move: string | null;
  /** The search's score from the chooser's side (the engine's units; ±30000 is a won game). */
  readonly score: number;
  readonly nodes: number;
  /** How long the search took, in ms. */
  readonly ms: number;
}
