// A player's own pages of a game, which nobody else ever reads (docs/notebook.md): private
// notes on the game and on its moves, the analysis board as they left it, and in a game of
// days the conditional moves the server plays for them.

/** The longest note on a game, in characters. */
export const MAX_GAME_NOTE = 2000;
/** The longest note on one move, in characters. */
export const MAX_MOVE_NOTE = 280;
/** The most moves that carry a note, in one game. */
export const MAX_MOVE_NOTES = 200;
/** The longest analysis kept (AGN text, side lines included), in characters. */
export const MAX_ANALYSIS = 20_000;
/** The largest body of a notebook's PATCH: every limit filled with 4-byte characters, and JSON's room. */
export const MAX_NOTEBOOK_BYTES = 400_000;
/** The largest body of conditional moves' PUT. */
export const MAX_CONDITIONAL_BYTES = 16_384;
/** The most conditional lines a player keeps in one game. */
export const MAX_CONDITIONAL_LINES = 20;
/** The most turns in one conditional line, the opponent's and the player's together. */
export const MAX_CONDITIONAL_PLIES = 20;

/** A note on one move: `ply` is the move's number from 1 (the first move of the game). */
export interface MoveNote {
  readonly ply: number;
  readonly text: string;
}

/**
 * A player's notes on a game (GET and PATCH /api/games/<id>/notes): a note on the game, notes
 * on moves (each ply once, in order), and the analysis board's study as AGN, side lines
 * included (null: none kept).
 */
export interface Notebook {
  readonly note: string;
  readonly moves: readonly MoveNote[];
  readonly analysis: string | null;
}

/** A notebook nothing has been written in. */
export const EMPTY_NOTEBOOK: Notebook = { note: '', moves: [], analysis: null };

/**
 * A player's conditional moves in a game of days (GET and PUT /api/games/<id>/conditional):
 * lines of turns in move notation, each starting after `from` turns of the game, the
 * opponent's turn first. A turn belongs to whoever chooses it, so under R16 a line may hold two
 * turns of one player in a row (a capture of the queen, then its cell).
 */
export interface ConditionalLines {
  readonly from: number;
  readonly lines: readonly (readonly string[])[];
}
