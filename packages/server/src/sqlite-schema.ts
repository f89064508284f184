// The SQLite database's tables, built by ordered migrations: `PRAGMA user_version` says how
// many have run, and each pending one runs in a transaction with the version it makes, at
// open. A database from before versions (0) already has the games, so the first step creates
// only what is missing.

import type { Database } from 'better-sqlite3';
import { type NameRow, upgradeNames } from './name-upgrade.ts';
import { fairRatings, playersSchema, pushSchema, SETTINGS_SCHEMA } from './player-sql.ts';
import { puzzleNetworksSchema, puzzlesSchema } from './puzzles/sql.ts';
import { tournamentsSchema } from './tournament/sql.ts';

/** The steps from an empty database to this server's; step n makes version n. */
const MIGRATIONS: readonly ((db: Database) => void)[] = [
  // 1. Games, their events, and the notes of the restart.
  (db) => {
    db.exec(`
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
    const columns = db.pragma('table_info(games)') as { name: string }[];
    if (!columns.some((c) => c.name === 'clock_runs')) {
      db.exec('ALTER TABLE games ADD COLUMN clock_runs INTEGER NOT NULL DEFAULT 0');
    }
    db.exec('CREATE INDEX IF NOT EXISTS running_games ON games (id) WHERE clock_runs = 1');
  },
  // 2. Players, their devices and ratings, transfer codes, and the lobby's games.
  (db) => {
    db.exec(
      playersSchema({ int: 'INTEGER', real: 'REAL', bool: 'INTEGER', table: ') WITHOUT ROWID' }),
    );
  },
  // 3. Names keyed by what they look like: every key made again, and a name that breaks the
  // rules or looks like an older player's replaced (name-upgrade.ts).
  (db) => {
    const rows = db.prepare('SELECT id, name, created_at FROM players').all() as NameRow[];
    const update = db.prepare('UPDATE players SET name = ?, name_key = ? WHERE id = ?');
    // Keys move between players here, so the unique index comes back once all are in place.
    db.exec('DROP INDEX player_names');
    for (const p of upgradeNames(rows)) update.run(p.name, p.key, p.id);
    db.exec('CREATE UNIQUE INDEX player_names ON players (name_key)');
  },
  // 4. Fair ratings: the network a player was made from, when a rating last moved, the
  // server's secrets, and the indexes of the scan for unsettled games and of a player's codes.
  (db) => {
    db.exec(
      fairRatings({ int: 'INTEGER', real: 'REAL', bool: 'INTEGER', table: ') WITHOUT ROWID' }),
    );
  },
  // 5. Correspondence: when a game next needs a process, for the deadlines' scan.
  (db) => {
    db.exec(`
      ALTER TABLE games ADD COLUMN due_at INTEGER;
      CREATE INDEX due_games ON games (due_at) WHERE due_at IS NOT NULL;
    `);
  },
  // 6. Notifications: the devices' push subscriptions.
  (db) => {
    db.exec(
      pushSchema({ int: 'INTEGER', real: 'REAL', bool: 'INTEGER', table: ') WITHOUT ROWID' }),
    );
  },
  // 7. Lobby settings: whom a player takes addressed challenges from, and their waiting list.
  (db) => {
    db.exec(SETTINGS_SCHEMA);
  },
  // 8. Tournaments: each event, its log, and who played in it.
  (db) => {
    db.exec(
      tournamentsSchema({
        int: 'INTEGER',
        real: 'REAL',
        bool: 'INTEGER',
        table: ') WITHOUT ROWID',
      }),
    );
  },
  // 9. Puzzles online: learned ratings, players' puzzle ratings and attempts, the puzzles
  // found in people's games and the queue of games to scan.
  (db) => {
    db.exec(
      puzzlesSchema({ int: 'INTEGER', real: 'REAL', bool: 'INTEGER', table: ') WITHOUT ROWID' }),
    );
  },
  // 10. Fair puzzle ratings: the networks each puzzle has had a first attempt from.
  (db) => {
    db.exec(
      puzzleNetworksSchema({
        int: 'INTEGER',
        real: 'REAL',
        bool: 'INTEGER',
        table: ') WITHOUT ROWID',
      }),
    );
  },
];

/** Brings the database up to this server's schema; refuses one made by a newer server. */
export function migrate(db: Database): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > MIGRATIONS.length) {
    throw new Error(
      `it was made by a newer server (schema ${version}; this one knows ${MIGRATIONS.length})`,
    );
  }
  for (const [i, step] of MIGRATIONS.entries()) {
    if (i < version) continue;
    db.transaction(() => {
      step(db);
      db.pragma(`user_version = ${i + 1}`);
    })();
  }
}
