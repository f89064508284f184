// What the board is told. The board knows no rules: the caller passes the legal destinations
// in (and, while the other side is to move, the candidate destinations of a premove), and gets
// moves, placements, premoves and refused taps out through `events`.

import type { Colour, Piece } from '@agon/engine';

/** What the player may do on the board now. */
export interface Movable {
  /** Legal destinations, by the cell of the piece that may go there (steps and relocations). */
  readonly dests: ReadonlyMap<number, readonly number[]>;
  /** Vacant cells a guard from hand may be placed on (R14); tapping one emits `place`. */
  readonly placements?: readonly number[];
  /** Cells a selected piece could reach but may not enter, drawn as such (R8, say). */
  readonly blocked?: ReadonlyMap<number, readonly number[]>;
  /**
   * The turn must move one of the `dests` pieces and putting it down achieves nothing (a
   * relocation owed, a touch-move): a picked-up piece stays up when tapped again or on Escape.
   */
  readonly locked?: boolean;
}

/**
 * What the player may queue while the other side is to move: one premove, played (or dropped)
 * when the owner says the turn has come (`Board.playPremove`).
 */
export interface Premovable {
  /**
   * Candidate destinations by the cell of the piece: where it could go by its way of moving,
   * whatever the other side does meanwhile; the owner checks it against the legal turns then.
   */
  readonly dests: ReadonlyMap<number, readonly number[]>;
}

/**
 * Callbacks through which the board reports what the player did. They run after the board has
 * redrawn, outside its mutation, so an owner may `set` the board again from inside one.
 */
export interface BoardEvents {
  /** A piece was moved (tapped then its destination tapped, or dragged) to a legal cell. */
  readonly move?: (from: number, to: number) => void;
  /** A placement cell was tapped. */
  readonly place?: (to: number) => void;
  /** The selection changed: a piece was picked up, or put down (undefined). */
  readonly select?: (cell: number | undefined) => void;
  /**
   * A tap or drop the board could not turn into a move (also any tap on a view-only board);
   * `from` is the selected piece, if any.
   */
  readonly reject?: (from: number | undefined, to: number) => void;
  /** A premove was queued. */
  readonly premove?: (from: number, to: number) => void;
  /** The queued premove is gone: cancelled by the player, played, or dropped. */
  readonly unpremove?: () => void;
}

/** What a cell shows now, for the words a screen reader says about it. */
export interface CellFacts {
  readonly piece: Piece | undefined;
  /** The piece here is picked up. */
  readonly selected: boolean;
  /** The piece here may move now. */
  readonly canMove: boolean;
  /** The picked-up piece may go here. */
  readonly dest: boolean;
  /** A guard from hand may be placed here (R14). */
  readonly placement: boolean;
  /** The picked-up piece could reach this cell but may not enter it (R8). */
  readonly blocked: boolean;
  /** A cell of the last turn. */
  readonly last: boolean;
  /** A cell of the suggested move. */
  readonly hint: boolean;
  /** The piece picked up for a premove may go here. */
  readonly premoveDest: boolean;
  /** A cell of the queued premove. */
  readonly premove: boolean;
}

/** The board's words for assistive technology, in the page's language. */
export interface BoardLabels {
  /** The name of the whole board. */
  readonly board: string;
  /** The label of one cell: `e5, ring 1, White guard, legal destination`. */
  readonly cell: (cell: number, facts: CellFacts) => string;
}

/** Everything the board can be configured with; `set` merges a partial config into the state. */
export interface BoardConfig {
  /** What stands on each cell, indexed by cell (CELL_COUNT entries). */
  readonly pieces?: readonly (Piece | undefined)[];
  /** The colour whose side is drawn at the bottom. */
  readonly orientation?: Colour;
  /**
   * Where cell names are written: in every cell (`true`), only in the cells listed, or along
   * the edge (`'edge'`: files and ranks, as on a chess board).
   */
  readonly coordinates?: boolean | 'edge' | readonly number[];
  /** The cells of the last turn (from and to, or just to), marked. */
  readonly lastMove?: readonly number[];
  /** What may be moved; undefined makes the board view-only. */
  readonly movable?: Movable | undefined;
  /**
   * What may be queued as a premove; heeded only while nothing is movable. A queued premove
   * stays until played or cancelled, and goes when the board has neither.
   */
  readonly premovable?: Premovable | undefined;
  /** Selects a piece (as if tapped), or clears the selection with null. */
  readonly selected?: number | null;
  /** A suggested move's cells (from and to, or just to), drawn as an arrow or a ring. */
  readonly hint?: readonly number[];
  /** Length of move animations in ms; 0 turns them off. */
  readonly animationMs?: number;
  /** Where the board reports what the player did. */
  readonly events?: BoardEvents;
  /** Names for the board and its cells; without them cells are named by their notation. */
  readonly labels?: BoardLabels;
  /** Extra cells drawn emphasised (diagrams, the pieces a result is about). */
  readonly highlight?: readonly number[];
  /** Cells marked as not to be entered whatever is selected (R8: why a game ended, say). */
  readonly forbidden?: readonly number[];
}
