// Where the puzzles' online life is kept: each puzzle's learned rating, each player's puzzle
// rating and attempts, the puzzles found in people's games, and the queue of games waiting for
// a scan (docs/puzzle-server.md). SQLite and PostgreSQL implement it with the same SQL
// (sql.ts); an attempt is one transaction in either, so attempts at once lose no update.

import type { Puzzle } from '@agon/engine';
import type { PuzzleStanding, Rating } from '@agon/protocol';

/** A player's puzzle rating, with when it last moved (its deviation widens from then). */
export interface PuzzleRating extends Rating {
  /** When the last counted attempt was (ms); undefined before any. */
  readonly ratedAt?: number;
}

/** One counted attempt of a player's, with their puzzle rating after it. */
export interface PuzzleAttemptRow {
  readonly puzzle: string;
  readonly solved: boolean;
  readonly at: number;
  readonly rating: number;
}

/** A player's puzzle record: the rating as stored and every counted attempt, oldest first. */
export interface PuzzlePlayer {
  readonly rating: PuzzleRating;
  readonly attempts: readonly PuzzleAttemptRow[];
}

/** An attempt to record: `start` is the puzzle's rating if it has none yet (the set's). */
export interface NewAttempt {
  readonly player: string;
  readonly puzzle: string;
  /** The server's verdict on the attempt's moves. */
  readonly solved: boolean;
  readonly at: number;
  readonly start: Rating;
  /** How much it may move the puzzle's rating, 0 to 1: the player's part as a newcomer. */
  readonly weight: number;
  /**
   * The keys of the networks it comes from (networks.ts): it moves the puzzle's rating only
   * if no earlier first attempt at the puzzle came from any of them.
   */
  readonly networks: readonly string[];
}

/** What an attempt did: whether it counted, and both ratings after it. */
export interface AttemptResult {
  readonly counted: boolean;
  readonly player: Rating;
  readonly puzzle: PuzzleStanding;
}

/** The storage of puzzle ratings, attempts, found puzzles and the scan queue. */
export interface PuzzleStore {
  /**
   * Records a player's first attempt at a puzzle and rates both (the puzzle by the attempt's
   * weight, or not at all when one of its networks has attempted the puzzle before); a later
   * attempt changes nothing.
   */
  attemptPuzzle(attempt: NewAttempt): Promise<AttemptResult>;
  /** A player's puzzle rating and counted attempts. */
  puzzlePlayer(player: string): Promise<PuzzlePlayer>;
  /** The learned standing of every puzzle attempted online. */
  puzzleRatings(): Promise<readonly PuzzleStanding[]>;
  /** The puzzles found in people's games, in the order found. */
  foundPuzzles(): Promise<readonly Puzzle[]>;
  /** Queues a finished game for a puzzle scan; a game queued before is left as it is. */
  queueScan(game: string, at: number): Promise<void>;
  /**
   * Claims the longest-waiting game no one holds (never claimed, or its claim older than its
   * lease) until `now + leaseMs`, for this caller alone; undefined when none waits.
   */
  claimScan(now: number, leaseMs: number): Promise<string | undefined>;
  /**
   * Ends a game's scan: stores the puzzles found in it (those whose id or position is stored
   * already are passed over) and takes it off the queue; answers how many were added.
   */
  finishScan(game: string, puzzles: readonly Puzzle[], at: number): Promise<number>;
  /**
   * Gives back a claimed game after a failed try, for another; after `tries` failed tries it
   * is taken off the queue, given up.
   */
  releaseScan(game: string, at: number, tries: number): Promise<void>;
  /** A queued game's state, for operators and tests: waiting, done (with the puzzles added). */
  scanState(game: string): Promise<ScanState | undefined>;
}

/** Where a queued game stands. */
export interface ScanState {
  readonly tries: number;
  /** When its scan ended (found or given up); null while it waits or runs. */
  readonly doneAt: number | null;
  /** The puzzles it added; null until done, and when given up. */
  readonly found: number | null;
}
