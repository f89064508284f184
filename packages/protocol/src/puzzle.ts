// Puzzles online: a rated attempt, what the server answers, and the player's puzzle dashboard.
// The set itself is @agon/puzzles; the server keeps each puzzle's learned Glicko-2 rating and
// each player's puzzle rating (docs/puzzles.md, Ratings that learn).

import type { Rating } from './rating.ts';

/** A puzzle's id as the set writes it (docs/puzzles.md). */
export const PUZZLE_ID = /^[A-Za-z0-9]{1,16}$/;

/** The most themes a request for the next puzzle may name. */
export const PUZZLE_THEMES_MAX = 8;

/**
 * The most moves an attempt may carry: the longest line a puzzle may have, a win in 7 (the
 * solver's seven moves and the six replies between them).
 */
export const PUZZLE_MOVES_MAX = 13;

/**
 * `POST /api/puzzles/attempts`: the player's first try at a puzzle, as the moves played on it
 * from its start (move text, the opponent's replies included) up to the first wrong move, or
 * to where the try ended. The server judges them against the puzzle's line: whether it was
 * solved is never the client's word.
 */
export interface PuzzleAttemptRequest {
  readonly puzzle: string;
  readonly moves: readonly string[];
}

/** A puzzle's learned standing: its Glicko-2 rating and how it has been played. */
export interface PuzzleStanding {
  readonly id: string;
  readonly rating: number;
  readonly rd: number;
  /** Rated attempts (one per player). */
  readonly attempts: number;
  /** Of them, solved without a mistake. */
  readonly solved: number;
}

/** The answer to an attempt: whether it counted (a player's first at that puzzle) and both ratings after it. */
export interface PuzzleAttemptReply {
  /** False for a retry: practice, nothing changes. */
  readonly counted: boolean;
  readonly player: Rating;
  readonly puzzle: PuzzleStanding;
}

/** A point of the player's puzzle rating history. */
export interface PuzzleHistoryPoint {
  /** Milliseconds since 1970. */
  readonly at: number;
  readonly rating: number;
}

/** How the player does on one theme. */
export interface PuzzleThemeRecord {
  readonly theme: string;
  readonly attempts: number;
  readonly solved: number;
}

/** `GET /api/puzzles/me`: the player's puzzle rating, its history (oldest first, at most 200 points) and themes. */
export interface PuzzleDashboard {
  readonly rating: Rating;
  readonly history: readonly PuzzleHistoryPoint[];
  /** Weakest first: by success rate, then by attempts. */
  readonly themes: readonly PuzzleThemeRecord[];
  readonly attempts: number;
  readonly solved: number;
}

/** `GET /api/puzzles/next?themes=a,b`: a puzzle near the player's rating they have not attempted. */
export interface PuzzleNext {
  readonly id: string;
  /** Its learned rating. */
  readonly rating: number;
}

/** `GET /api/puzzles/ratings`: the learned ratings of the puzzles played online, by id. */
export interface PuzzleRatings {
  readonly ratings: Readonly<Record<string, number>>;
}
