// The SQL of games and their event logs, for either database (written with $1 parameters), and
// the schema steps that made their tables.

import type { Migration } from '../common/sql.ts';

/** Schema 1: games, their events, and the notes of the restart (`meta`). */
export const gamesSchema: Migration = async (sql) => {
  if (sql.dialect === 'postgres') {
    await sql.exec(`
      CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        created_at BIGINT NOT NULL,
        setup JSONB NOT NULL
      );
      CREATE TABLE IF NOT EXISTS events (
        game_id TEXT NOT NULL REFERENCES games (id),
        version INTEGER NOT NULL,
        body JSONB NOT NULL,
        PRIMARY KEY (game_id, version)
      );
      ALTER TABLE games ADD COLUMN IF NOT EXISTS clock_runs BOOLEAN NOT NULL DEFAULT FALSE;
      CREATE INDEX IF NOT EXISTS running_games ON games (id) WHERE clock_runs;
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value BIGINT NOT NULL);
    `);
    return;
  }
  await sql.exec(`
    CREATE TABLE IF NOT EXISTS games (
      id TEXT PRIMARY KEY,
      created_at INTEGER NOT NULL,
      setup TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS events (
      game_id TEXT NOT NULL REFERENCES games (id),
      version INTEGER NOT NULL,
      body TEXT NOT NULL,
      PRIMARY KEY (game_id, version)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
  `);
  // Added to the games table after its first release: a database may have it already.
  const columns = await sql.all<{ name: string }>('PRAGMA table_info(games)');
  if (!columns.some((c) => c.name === 'clock_runs')) {
    await sql.exec('ALTER TABLE games ADD COLUMN clock_runs INTEGER NOT NULL DEFAULT 0');
  }
  await sql.exec('CREATE INDEX IF NOT EXISTS running_games ON games (id) WHERE clock_runs = 1');
};

/** Schema 5, correspondence: when a game next needs a process, for the deadlines' scan. */
export const dueSchema: Migration = (sql) =>
  sql.exec(`
    ALTER TABLE games ADD COLUMN due_at ${sql.types.int};
    CREATE INDEX due_games ON games (due_at) WHERE due_at IS NOT NULL;
  `);

export const INSERT_GAME = 'INSERT INTO games (id, created_at, setup) VALUES ($1, $2, $3)';
export const INSERT_EVENT = 'INSERT INTO events (game_id, version, body) VALUES ($1, $2, $3)';
export const SELECT_GAME = 'SELECT created_at, setup FROM games WHERE id = $1';
export const SELECT_EVENTS = 'SELECT body FROM events WHERE game_id = $1 ORDER BY version';
export const MARK_RUNNING = 'UPDATE games SET clock_runs = $2 WHERE id = $1';
export const MARK_DUE = 'UPDATE games SET due_at = $2 WHERE id = $1';
export const SELECT_DUE = 'SELECT id FROM games WHERE due_at <= $1 ORDER BY due_at LIMIT $2';
export const SET_ALIVE = `INSERT INTO meta (key, value) VALUES ('alive', $1)
  ON CONFLICT (key) DO UPDATE SET value = $1`;
export const SELECT_ALIVE = "SELECT value FROM meta WHERE key = 'alive'";

/**
 * The games whose clock runs (`running`) and how many games are in play: each written against
 * its partial index, whose condition a query must repeat to the letter for SQLite to use it.
 */
export const running = (truth: string): string =>
  `SELECT id FROM games WHERE clock_runs = ${truth}`;
/**
 * Two counts, each on its own partial index; a correspondence game's clock is never noted as
 * running, so no game is counted twice.
 */
export const inPlay = (truth: string): string =>
  `SELECT (SELECT count(*) FROM games WHERE clock_runs = ${truth})
        + (SELECT count(*) FROM games WHERE due_at IS NOT NULL) AS n`;
