// The SQL of puzzles, for either database (written with $1 parameters, common/sql.ts), and the
// turning of their rows into values.

import type { Puzzle } from '@agon/engine';
import { type PuzzleStanding, type Rating, START_RATING } from '@agon/protocol';
import type { Migration } from '../common/sql.ts';
import { rateAttempt } from './rating.ts';
import type {
  AttemptResult,
  NewAttempt,
  PuzzleAttemptRow,
  PuzzleRating,
  ScanState,
} from './store.ts';

/**
 * The tables: each puzzle's learned rating (a row from its first attempt online), each
 * player's puzzle rating, the attempts (one per player and puzzle, the key, with the player's
 * rating after it for the history), the puzzles found in people's games (unique by position
 * too), and the queue of games to scan for them, each claimed for a lease.
 */
export const puzzlesSchema: Migration = (sql) =>
  sql.exec(`
CREATE TABLE puzzle_ratings (
  puzzle_id TEXT PRIMARY KEY,
  rating ${sql.types.real} NOT NULL,
  rd ${sql.types.real} NOT NULL,
  vol ${sql.types.real} NOT NULL,
  attempts INTEGER NOT NULL,
  solved INTEGER NOT NULL
${sql.types.table};
CREATE TABLE puzzle_players (
  player_id TEXT PRIMARY KEY REFERENCES players (id),
  rating ${sql.types.real} NOT NULL,
  rd ${sql.types.real} NOT NULL,
  vol ${sql.types.real} NOT NULL,
  rated_at ${sql.types.int}
${sql.types.table};
CREATE TABLE puzzle_attempts (
  player_id TEXT NOT NULL REFERENCES players (id),
  puzzle_id TEXT NOT NULL,
  solved ${sql.types.bool} NOT NULL,
  at ${sql.types.int} NOT NULL,
  rating ${sql.types.real} NOT NULL,
  PRIMARY KEY (player_id, puzzle_id)
${sql.types.table};
CREATE INDEX puzzle_history ON puzzle_attempts (player_id, at);
CREATE TABLE found_puzzles (
  id TEXT PRIMARY KEY,
  apn TEXT NOT NULL UNIQUE,
  game_id TEXT NOT NULL,
  body TEXT NOT NULL,
  found_at ${sql.types.int} NOT NULL
);
CREATE TABLE puzzle_scans (
  game_id TEXT PRIMARY KEY,
  queued_at ${sql.types.int} NOT NULL,
  claimed_until ${sql.types.int},
  tries INTEGER NOT NULL DEFAULT 0,
  done_at ${sql.types.int},
  found INTEGER
${sql.types.table};
CREATE INDEX waiting_scans ON puzzle_scans (queued_at) WHERE done_at IS NULL;
`);

/**
 * The networks each puzzle has had a first attempt from (migration 10): the attempts from a
 * network after its first do not move the puzzle's rating.
 */
export const puzzleNetworksSchema: Migration = (sql) =>
  sql.exec(`
CREATE TABLE puzzle_networks (
  puzzle_id TEXT NOT NULL,
  network TEXT NOT NULL,
  PRIMARY KEY (puzzle_id, network)
${sql.types.table};
`);

export const ENSURE_PUZZLE = `INSERT INTO puzzle_ratings (puzzle_id, rating, rd, vol, attempts, solved)
  VALUES ($1, $2, $3, $4, 0, 0) ON CONFLICT (puzzle_id) DO NOTHING`;
export const SELECT_PUZZLE =
  'SELECT puzzle_id, rating, rd, vol, attempts, solved FROM puzzle_ratings WHERE puzzle_id = $1';
export const UPDATE_PUZZLE = `UPDATE puzzle_ratings SET rating = $2, rd = $3, vol = $4,
  attempts = attempts + 1, solved = solved + $5 WHERE puzzle_id = $1`;
export const SELECT_PUZZLE_PLAYER =
  'SELECT rating, rd, vol, rated_at FROM puzzle_players WHERE player_id = $1';
export const ENSURE_PUZZLE_PLAYER = `INSERT INTO puzzle_players (player_id, rating, rd, vol)
  VALUES ($1, $2, $3, $4) ON CONFLICT (player_id) DO NOTHING`;
export const UPSERT_PUZZLE_PLAYER = `INSERT INTO puzzle_players (player_id, rating, rd, vol, rated_at)
  VALUES ($1, $2, $3, $4, $5) ON CONFLICT (player_id)
  DO UPDATE SET rating = $2, rd = $3, vol = $4, rated_at = $5`;
export const SELECT_ATTEMPTED =
  'SELECT 1 AS one FROM puzzle_attempts WHERE player_id = $1 AND puzzle_id = $2';
export const INSERT_ATTEMPT = `INSERT INTO puzzle_attempts (player_id, puzzle_id, solved, at, rating)
  VALUES ($1, $2, $3, $4, $5)`;
/** Notes a network's attempt at a puzzle; changes no row if the network had one before. */
export const INSERT_NETWORK = `INSERT INTO puzzle_networks (puzzle_id, network) VALUES ($1, $2)
  ON CONFLICT DO NOTHING`;
export const SELECT_ATTEMPTS = `SELECT puzzle_id, solved, at, rating FROM puzzle_attempts
  WHERE player_id = $1 ORDER BY at, puzzle_id`;
export const SELECT_PUZZLE_RATINGS =
  'SELECT puzzle_id, rating, rd, vol, attempts, solved FROM puzzle_ratings';
export const INSERT_FOUND = `INSERT INTO found_puzzles (id, apn, game_id, body, found_at)
  VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`;
export const SELECT_FOUND = 'SELECT body FROM found_puzzles ORDER BY found_at, id';
export const QUEUE_SCAN = `INSERT INTO puzzle_scans (game_id, queued_at) VALUES ($1, $2)
  ON CONFLICT (game_id) DO NOTHING`;
/** The claim of the longest-waiting game; `lock` is PostgreSQL's skip of rows being claimed. */
export const claimScan = (lock: string): string => `UPDATE puzzle_scans SET claimed_until = $2
  WHERE game_id = (SELECT game_id FROM puzzle_scans
    WHERE done_at IS NULL AND (claimed_until IS NULL OR claimed_until <= $1)
    ORDER BY queued_at, game_id LIMIT 1 ${lock})
  RETURNING game_id`;
export const FINISH_SCAN = `UPDATE puzzle_scans SET done_at = $2, found = $3, claimed_until = NULL
  WHERE game_id = $1 AND done_at IS NULL`;
export const RELEASE_SCAN = `UPDATE puzzle_scans SET claimed_until = NULL, tries = tries + 1,
  done_at = CASE WHEN tries + 1 >= $3 THEN CAST($2 AS BIGINT) ELSE NULL END WHERE game_id = $1`;
export const SELECT_SCAN = 'SELECT tries, done_at, found FROM puzzle_scans WHERE game_id = $1';

/** A row of puzzle_ratings. */
export interface StandingRow {
  readonly puzzle_id: string;
  readonly rating: number;
  readonly rd: number;
  readonly vol: number;
  readonly attempts: number | string;
  readonly solved: number | string;
}

export const standingFrom = (row: StandingRow): PuzzleStanding & Rating => ({
  id: row.puzzle_id,
  rating: row.rating,
  rd: row.rd,
  vol: row.vol,
  attempts: Number(row.attempts),
  solved: Number(row.solved),
});

/** An attempt's networks, each once (a player made from the network they attempt from). */
export const networksOf = (attempt: NewAttempt): string[] => [...new Set(attempt.networks)];

/** A row of puzzle_players. */
export interface PlayerRatingRow {
  readonly rating: number;
  readonly rd: number;
  readonly vol: number;
  readonly rated_at: number | string | null;
}

export const playerRatingFrom = (row: PlayerRatingRow | undefined): PuzzleRating =>
  row
    ? {
        rating: row.rating,
        rd: row.rd,
        vol: row.vol,
        ...(row.rated_at !== null && { ratedAt: Number(row.rated_at) }),
      }
    : START_RATING;

/** A row of SELECT_ATTEMPTS. */
export interface AttemptRow {
  readonly puzzle_id: string;
  readonly solved: boolean | number;
  readonly at: number | string;
  readonly rating: number;
}

export const attemptFrom = (row: AttemptRow): PuzzleAttemptRow => ({
  puzzle: row.puzzle_id,
  solved: Boolean(row.solved),
  at: Number(row.at),
  rating: row.rating,
});

/** A row of SELECT_SCAN. */
export interface ScanRow {
  readonly tries: number;
  readonly done_at: number | string | null;
  readonly found: number | null;
}

export const scanFrom = (row: ScanRow): ScanState => ({
  tries: Number(row.tries),
  doneAt: row.done_at === null ? null : Number(row.done_at),
  found: row.found === null ? null : Number(row.found),
});

/** The values of INSERT_FOUND for a puzzle found in `game`. */
export const foundRow = (puzzle: Puzzle, game: string, at: number): unknown[] => [
  puzzle.id,
  puzzle.apn,
  game,
  JSON.stringify(puzzle),
  at,
];

/**
 * What the store writes for an attempt, given what it read under its lock: for a retry only
 * the answer; for a first attempt the answer and the new ratings to write (`after`).
 */
export function attemptChange(
  attempt: NewAttempt,
  player: PuzzleRating,
  puzzle: StandingRow,
  attempted: boolean,
  /** Whether none of the attempt's networks had attempted the puzzle before. */
  firstFromNetworks: boolean,
): {
  readonly result: AttemptResult;
  readonly after?: { readonly player: Rating; readonly puzzle: Rating };
} {
  const before = standingFrom(puzzle);
  if (attempted) {
    const { rating, rd, vol } = player;
    return { result: { counted: false, player: { rating, rd, vol }, puzzle: view(before) } };
  }
  const weight = firstFromNetworks ? attempt.weight : 0;
  const after = rateAttempt(player, before, attempt.solved, attempt.at, weight);
  const standing = {
    ...before,
    ...after.puzzle,
    attempts: before.attempts + 1,
    solved: before.solved + Number(attempt.solved),
  };
  return { result: { counted: true, player: after.player, puzzle: view(standing) }, after };
}

/** A standing as the API shows it: no volatility. */
const view = (s: PuzzleStanding): PuzzleStanding => ({
  id: s.id,
  rating: s.rating,
  rd: s.rd,
  attempts: s.attempts,
  solved: s.solved,
});
