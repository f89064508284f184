// A game: a start position, the turns played, and how it ended. Keeps the history that
// R13 (threefold repetition) needs and the touch-move state of R15.

import { CELL_COUNT } from './hex.ts';
import { explainIllegal } from './illegal.ts';
import { type Move, moveFrom, PASS_MOVE } from './move.ts';
import { COLOURS, type Colour, colourIndex, opposite } from './piece.ts';
import type { Outcome, Position } from './position.ts';
import { err, ok, type Result } from './result.ts';

/** Options of a game between people. */
export interface GameOptions {
  /** R15 touch-move house rule; off by default. */
  readonly touchMove?: boolean;
  /** R16: the captor, not the owner, chooses a captured queen's cell; off by default. */
  readonly captorPlacesQueen?: boolean;
}

/**
 * Whether the next turn in `pos` is chosen by the captor, not the player to move: R16 is in
 * force and the player to move owes the relocation of their captured queen.
 */
export function captorChooses(pos: Position, captorPlacesQueen: boolean): boolean {
  return captorPlacesQueen && pos.owesQueen;
}

/** Who chooses the turn from `pos`: its player to move, or under R16 the captor of a queen. */
export function chooserOf(pos: Position, captorPlacesQueen: boolean): Colour {
  return captorChooses(pos, captorPlacesQueen) ? opposite(pos.turnColour) : pos.turnColour;
}

/** A game in progress or finished, with its full history. */
export class Game {
  /** R15: whether touch-move is in force. */
  readonly touchMove: boolean;
  /** R16: whether the captor chooses a captured queen's cell. */
  readonly captorPlacesQueen: boolean;
  /** The turns played so far. */
  readonly moves: Move[] = [];
  private readonly start: Position;
  private readonly pos: Position;
  // Zobrist keys of every position so far, the start included (R13).
  private readonly keysLo: number[] = [];
  private readonly keysHi: number[] = [];
  private ended: Outcome | undefined;
  private touchedCell = -1;

  /** A new game from a position (copied), which counts as the first occurrence for R13. */
  constructor(start: Position, options: GameOptions = {}) {
    this.touchMove = options.touchMove ?? false;
    this.captorPlacesQueen = options.captorPlacesQueen ?? false;
    this.start = start.clone();
    this.pos = start.clone();
    this.record();
    this.ended = this.pos.outcome();
  }

  /** The position the game started from (a copy). */
  get initial(): Position {
    return this.start.clone();
  }

  /** The current position. Read it; change it only through the game. */
  get position(): Position {
    return this.pos;
  }

  /** How the game ended, or undefined while it goes on. */
  get outcome(): Outcome | undefined {
    return this.ended;
  }

  /** The game's options, to start another game under the same rules. */
  get options(): GameOptions {
    return { touchMove: this.touchMove, captorPlacesQueen: this.captorPlacesQueen };
  }

  /**
   * Who chooses the next turn: the player to move, or under R16 the captor when that turn is
   * a captured queen's relocation (it is still the owner's turn). Undefined once the game is over.
   */
  get chooser(): Colour | undefined {
    return this.ended ? undefined : chooserOf(this.pos, this.captorPlacesQueen);
  }

  /** Who chose each turn played: its player to move, or under R16 the captor placing a queen. */
  choosers(): Colour[] {
    const pos = this.initial;
    return this.moves.map((move) => {
      const chooser = chooserOf(pos, this.captorPlacesQueen);
      pos.make(move);
      return chooser;
    });
  }

  /** The touched cell under R15, or -1. */
  get touched(): number {
    return this.touchedCell;
  }

  /** The legal turns now: none when the game is over; only the touched piece's under R15. */
  legalMoves(): Move[] {
    if (this.ended) return [];
    const all = this.pos.legalMoves();
    if (this.touchedCell < 0) return all;
    const mine = all.filter((m) => moveFrom(m) === this.touchedCell);
    return mine.length ? mine : [PASS_MOVE];
  }

  /**
   * Whether `pass` is legal now: touch-move is on, the turn is a step turn, and some piece of
   * the mover has no legal step (a touch of it is the only way to a pass).
   */
  private passAllowed(): boolean {
    if (!this.touchMove || this.ended || this.pos.placing || this.pos.relocating) return false;
    if (this.touchedCell >= 0) return this.legalMoves()[0] === PASS_MOVE;
    const from = new Set(this.pos.legalMoves().map(moveFrom));
    for (let c = 0; c < CELL_COUNT; c++) {
      if (this.pos.board[c]! & (1 << this.pos.turn) && !from.has(c)) return true;
    }
    return false;
  }

  /** R15: the player to move selects a piece and from now on must move it. */
  touch(cell: number): Result<void> {
    const allowed = this.canTouch(cell);
    if (allowed.ok) this.touchedCell = cell;
    return allowed;
  }

  /** Whether `touch(cell)` would be allowed, and why not; changes nothing. */
  canTouch(cell: number): Result<void> {
    if (!this.touchMove) return err('touch-move-off', 'touch-move is not in force in this game');
    if (this.ended) return err('game-over', 'the game is over');
    if (this.pos.placing) return err('touch-placing', 'a placement turn moves no piece (R14)');
    if (captorChooses(this.pos, this.captorPlacesQueen)) {
      // The captor chooses this relocation, and touch-move never binds the captor's choice.
      return err(
        'touch-captor',
        'the captor chooses where the captured queen goes, and touch-move does not apply (R16)',
      );
    }
    if (this.pos.relocating && !this.pos.legalMoves().some((m) => moveFrom(m) === cell)) {
      // R6 makes the relocation compulsory: touch-move cannot be used to skip it.
      return err(
        'touch-relocation',
        'this turn must relocate a captured piece, the queen first (R6, R10)',
      );
    }
    if (this.touchedCell >= 0 && this.touchedCell !== cell) {
      return err('touch-move', 'under touch-move the piece already touched must be moved (R15)');
    }
    if (!(this.pos.board[cell]! & (1 << this.pos.turn))) {
      return err(
        'touch-not-yours',
        `${this.pos.describeCell(cell)}, not a piece of the player to move`,
      );
    }
    return ok(undefined);
  }

  /** Plays a turn after checking it against every rule; says why when it is illegal. */
  play(move: Move): Result<Outcome | undefined> {
    if (this.ended) return err('game-over', 'the game is over');
    if (move === PASS_MOVE) {
      if (!this.passAllowed()) {
        return err(
          'illegal-move',
          'pass is only for touch-move (R15), when the touched piece has no legal move',
        );
      }
    } else if (!this.legalMoves().includes(move)) {
      if (this.touchedCell >= 0 && this.pos.isLegal(move)) {
        return err('touch-move', 'under touch-move the touched piece must be moved (R15)');
      }
      return { ok: false, error: explainIllegal(this.pos, move)! };
    }
    this.pos.make(move);
    this.moves.push(move);
    this.touchedCell = -1;
    this.record();
    this.ended = this.pos.outcome() ?? this.repetition();
    return ok(this.ended);
  }

  /**
   * Takes back the players' last act: a resignation or agreed draw if the game ended so, else
   * the last turn (and any result it brought). False when there is nothing to take back.
   */
  undo(): boolean {
    if (this.ended?.reason === 'resignation' || this.ended?.reason === 'agreement') {
      this.ended = this.pos.outcome() ?? this.repetition();
      return true;
    }
    if (this.moves.length === 0) return false;
    this.moves.pop();
    this.pos.unmake();
    this.keysLo.pop();
    this.keysHi.pop();
    this.touchedCell = -1;
    this.ended = this.pos.outcome() ?? this.repetition();
    return true;
  }

  /** Ends the game: `colour` resigns. */
  resign(colour: Colour): void {
    if (!this.ended)
      this.ended = { winner: COLOURS[1 - colourIndex(colour)], reason: 'resignation' };
  }

  /** Ends the game as a draw agreed by the players. */
  agreeDraw(): void {
    if (!this.ended) this.ended = { winner: undefined, reason: 'agreement' };
  }

  /** How often the current position has occurred in this game, itself included (R13). */
  occurrences(): number {
    const lo = this.pos.hashLo;
    const hi = this.pos.hashHi;
    let n = 0;
    for (let i = 0; i < this.keysLo.length; i++) {
      if (this.keysLo[i] === lo && this.keysHi[i] === hi) n++;
    }
    return n;
  }

  /** Zobrist keys [lo, hi] of the positions before the current one, oldest first (R13). */
  history(): [number, number][] {
    const out: [number, number][] = [];
    for (let i = 0; i < this.keysLo.length - 1; i++) out.push([this.keysLo[i]!, this.keysHi[i]!]);
    return out;
  }

  /** The result text of AGN: `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on. */
  get resultText(): string {
    if (!this.ended) return '*';
    if (!this.ended.winner) return '1/2-1/2';
    return this.ended.winner === 'white' ? '1-0' : '0-1';
  }

  private record(): void {
    this.keysLo.push(this.pos.hashLo);
    this.keysHi.push(this.pos.hashHi);
  }

  private repetition(): Outcome | undefined {
    return this.occurrences() >= 3 ? { winner: undefined, reason: 'repetition' } : undefined;
  }
}
