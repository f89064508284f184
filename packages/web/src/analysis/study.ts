// What the analysis board holds: a game's main line and side lines off it (one level: a side
// line never branches again), and where on them the board is. Moves made anywhere are kept:
// off the main line they start or extend a side line, which can be promoted or deleted.

import { Game, type GameOptions, type Move, type Position } from '@agon/engine';

/** A side line: moves played instead of the main line's move after `at` turns. */
interface Variation {
  readonly at: number;
  readonly moves: readonly Move[];
}

/** Where the board is: on the main line (`line` -1) or a side line, after `ply` turns. */
export interface Cursor {
  readonly line: number;
  readonly ply: number;
}

/** A main line with side lines, from a start position. */
export class Study {
  /** The main line's moves. */
  main: readonly Move[];
  /** The side lines, in the order they were made. */
  variations: readonly Variation[] = [];

  /** A study of `moves` from `start`, with side lines `variations` (all legal there). */
  constructor(
    /** The position the study starts from. */
    readonly start: Position,
    moves: readonly Move[] = [],
    variations: readonly Variation[] = [],
    /** The house rules its games are played under. */
    readonly options: GameOptions = {},
  ) {
    this.main = [...moves];
    this.variations = variations.filter((v) => v.at < moves.length && v.moves.length > 0);
  }

  /** The moves from the start to `cursor`. */
  movesTo(cursor: Cursor): Move[] {
    if (cursor.line < 0) return this.main.slice(0, cursor.ply);
    const v = this.variations[cursor.line]!;
    return [...this.main.slice(0, v.at), ...v.moves.slice(0, cursor.ply - v.at)];
  }

  /** The game from the start to `cursor` (its position, history and ending). */
  gameAt(cursor: Cursor): Game {
    const game = new Game(this.start, this.options);
    for (const m of this.movesTo(cursor)) game.play(m);
    return game;
  }

  /** The last turn of the line `cursor` is on. */
  lineEnd(cursor: Cursor): number {
    if (cursor.line < 0) return this.main.length;
    const v = this.variations[cursor.line]!;
    return v.at + v.moves.length;
  }

  /**
   * Plays a legal `move` at `cursor` and says where the board is then: along the line when it
   * is that line's next move, into a side line that starts with it, or a new side line.
   */
  play(cursor: Cursor, move: Move): Cursor {
    const next = cursor.ply + 1;
    if (cursor.line < 0) {
      if (cursor.ply === this.main.length) {
        this.main = [...this.main, move];
        return { line: -1, ply: next };
      }
      if (this.main[cursor.ply] === move) return { line: -1, ply: next };
      const known = this.variations.findIndex((v) => v.at === cursor.ply && v.moves[0] === move);
      if (known >= 0) return { line: known, ply: next };
      this.variations = [...this.variations, { at: cursor.ply, moves: [move] }];
      return { line: this.variations.length - 1, ply: next };
    }
    const v = this.variations[cursor.line]!;
    const k = cursor.ply - v.at;
    if (v.moves[k] === move) return { line: cursor.line, ply: next };
    // A different move inside a side line replaces the rest of it (side lines do not branch).
    this.replace(cursor.line, { at: v.at, moves: [...v.moves.slice(0, k), move] });
    return { line: cursor.line, ply: next };
  }

  /**
   * Makes side line `index` the main line; the main line's old continuation becomes a side
   * line in its place. Side lines that branched off the old continuation go with it.
   */
  promote(index: number): void {
    const v = this.variations[index]!;
    const tail = this.main.slice(v.at);
    this.main = [...this.main.slice(0, v.at), ...v.moves];
    const others = this.variations.filter((w, i) => i !== index && w.at <= v.at);
    this.variations = tail.length ? [...others, { at: v.at, moves: tail }] : others;
  }

  /**
   * The lines from turn `ply` of the main line on, each from that turn: the main line's
   * continuation, and every side line that branches there or later.
   */
  linesFrom(ply: number): Move[][] {
    const lines = [this.main.slice(ply)];
    for (const v of this.variations) {
      if (v.at >= ply) lines.push([...this.main.slice(ply, v.at), ...v.moves]);
    }
    return lines.filter((line) => line.length > 0);
  }

  /** Deletes side line `index`. */
  remove(index: number): void {
    this.variations = this.variations.filter((_, i) => i !== index);
  }

  private replace(index: number, v: Variation): void {
    this.variations = this.variations.map((w, i) => (i === index ? v : w));
  }
}
