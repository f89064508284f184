// Where a player's notebook of a game is kept (docs/notebook.md): their private notes and the
// analysis board they left, per player and game, never read for anyone else.

import type { Notebook } from '@agon/protocol';

/** Where notebooks are kept. */
export interface NotebookStore {
  /** A player's notebook of a game (empty if they never wrote one). */
  notebook(game: string, player: string): Promise<Notebook>;
  /** Replaces a player's notebook of a game, at time `at` (ms). */
  saveNotebook(game: string, player: string, notebook: Notebook, at: number): Promise<void>;
}
