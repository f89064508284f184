// The SQL of notebooks and conditional moves, for either database (written with $1
// parameters), and the schema step that made their tables.

import type { Migration } from '../common/sql.ts';

/**
 * The schema step of a player's own pages of a game (its number is its place in
 * storage/migrations.ts): their notebook (the note on the game, the notes
 * on moves as JSON, the analysis as AGN) and their conditional moves (the turn they start
 * from and the lines as JSON), each per game and player, read by nobody else.
 */
export const notebookSchema: Migration = (sql) =>
  sql.exec(`
CREATE TABLE notebooks (
  game_id TEXT NOT NULL REFERENCES games (id),
  player_id TEXT NOT NULL REFERENCES players (id),
  note TEXT NOT NULL,
  move_notes TEXT NOT NULL,
  analysis TEXT,
  updated_at ${sql.types.int} NOT NULL,
  PRIMARY KEY (game_id, player_id)
);
CREATE TABLE conditional_lines (
  game_id TEXT NOT NULL REFERENCES games (id),
  player_id TEXT NOT NULL REFERENCES players (id),
  from_ply INTEGER NOT NULL,
  lines TEXT NOT NULL,
  PRIMARY KEY (game_id, player_id)
);
`);

export const SELECT_NOTEBOOK =
  'SELECT note, move_notes, analysis FROM notebooks WHERE game_id = $1 AND player_id = $2';
export const UPSERT_NOTEBOOK = `
  INSERT INTO notebooks (game_id, player_id, note, move_notes, analysis, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6)
  ON CONFLICT (game_id, player_id) DO UPDATE
  SET note = $3, move_notes = $4, analysis = $5, updated_at = $6`;
export const SELECT_LINES =
  'SELECT from_ply, lines FROM conditional_lines WHERE game_id = $1 AND player_id = $2';
export const UPSERT_LINES = `
  INSERT INTO conditional_lines (game_id, player_id, from_ply, lines) VALUES ($1, $2, $3, $4)
  ON CONFLICT (game_id, player_id) DO UPDATE SET from_ply = $3, lines = $4`;
export const DELETE_LINES = 'DELETE FROM conditional_lines WHERE game_id = $1 AND player_id = $2';

/** A row of SELECT_NOTEBOOK. */
export interface NotebookRow {
  readonly note: string;
  readonly move_notes: string;
  readonly analysis: string | null;
}

/** A row of SELECT_LINES. */
export interface LinesRow {
  readonly from_ply: number | string;
  readonly lines: string;
}
