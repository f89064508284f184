// The upgrade of stored names to the look-alike key (the finding on look-alike names): a
// database of the previous schema, with names that the old key let through, comes out with
// every key made again, and no name that breaks the rules or looks like an older player's.
// On SQLite and on a throwaway PostgreSQL.

import { join } from 'node:path';
import { checkNameStrictly, nameKey } from '@agon/protocol/name-key';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { upgradeNames } from '../src/player/name-upgrade.ts';
import { generateName } from '../src/player/names.ts';
import { NameTaken, type PlayerStore } from '../src/player/players.ts';
import { playersTables } from '../src/player/sql.ts';
import { MIGRATIONS } from '../src/storage/migrations.ts';
import { PostgresStore } from '../src/storage/postgres.ts';
import { DATABASE_FILE, SqliteStore } from '../src/storage/sqlite.ts';
import { dataFolder, remove } from './harness.ts';
import { newDatabase, postgresFor, skipWithout } from './postgres.ts';

/** The key before the upgrade: case and width folded, spaces collapsed. */
const oldKey = (name: string): string =>
  name.normalize('NFKC').toLocaleLowerCase('und').replace(/\s+/g, ' ').trim();

/** A player as the old server stored them, and whether the upgrade keeps the name. */
interface Stored {
  readonly id: string;
  readonly name: string;
  readonly createdAt: number;
  readonly keeps: boolean;
}

/** Players of the old database, in the order they were inserted (not of their creation). */
const PLAYERS: readonly Stored[] = [
  { id: 'heron22222', name: 'Swift Heron 42', createdAt: 100, keeps: true },
  // Breaks a rule: an older player than the real one, but the name does not count.
  { id: 'heron33333', name: 'Swift Heron 42\u034F', createdAt: 50, keeps: false },
  { id: 'heron44444', name: 'Swift H\u0435ron 42', createdAt: 200, keeps: false },
  // Within the rules, but the key is the older player's.
  { id: 'heron55555', name: 'Swlft_Heron 42', createdAt: 300, keeps: false },
  // Passes for the computer by its skeleton.
  { id: 'comp222222', name: 'C0mputer', createdAt: 400, keeps: false },
  // The same moment: the lower id is the older.
  { id: 'owlbbbbbbb', name: 'QUIET_OWL 5', createdAt: 500, keeps: false },
  { id: 'owlaaaaaaa', name: 'Quiet Owl 5', createdAt: 500, keeps: true },
  // Created first, inserted last: creation decides.
  { id: 'foxbbbbbbb', name: 'Brave Fox 9', createdAt: 700, keeps: false },
  { id: 'foxaaaaaaa', name: 'Brave-Fox 9', createdAt: 600, keeps: true },
  { id: 'fin2222222', name: 'Ketterä Ilves 7', createdAt: 800, keeps: true },
  { id: 'rus2222222', name: 'Весёлая Цапля 42', createdAt: 900, keeps: true },
];

/** The old database's players, with a device each, as the statements of both databases. */
const oldRows = (): unknown[][] =>
  PLAYERS.map((p) => [p.id, p.name, oldKey(p.name), p.createdAt, `token-${p.id}`]);

/** Checks the upgraded players through a store, and the stored keys as read from the rows. */
async function expectUpgraded(
  store: PlayerStore,
  rows: readonly { id: string; name: string; name_key: string }[],
): Promise<void> {
  expect(rows).toHaveLength(PLAYERS.length);
  for (const row of rows) expect(row.name_key, row.name).toBe(nameKey(row.name));
  expect(new Set(rows.map((r) => r.name_key)).size).toBe(PLAYERS.length);
  for (const p of PLAYERS) {
    // A renamed player keeps their id and device, under a new generated English name.
    const player = await store.playerByToken(`token-${p.id}`);
    expect(player?.id).toBe(p.id);
    const name = player!.name;
    if (p.keeps) {
      expect(name).toBe(p.name);
    } else {
      expect(name, p.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+ \d{1,4}$/);
      expect(checkNameStrictly(name)).toEqual({ ok: true, value: name });
    }
  }
  // The look-alikes of a kept name stay refused.
  const clash = { id: 'new2222222', tokenHash: 'new', createdAt: 1000 };
  for (const name of ['SWIFT HERON 42', 'Swift_Heron_42', 'Brave Fox 9', 'quiet owl 5']) {
    await expect(store.createPlayer({ ...clash, name })).rejects.toBeInstanceOf(NameTaken);
  }
}

describe('upgradeNames', () => {
  it('keeps the oldest of each key and renames the rest, oldest first', () => {
    const rows = PLAYERS.map((p) => ({ id: p.id, name: p.name, created_at: p.createdAt }));
    const upgraded = upgradeNames(rows);
    expect(upgraded.map((u) => u.id)).toEqual(
      [...PLAYERS]
        .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id))
        .map((p) => p.id),
    );
    for (const p of PLAYERS) {
      const u = upgraded.find((x) => x.id === p.id)!;
      expect(u.renamed, p.name).toBe(!p.keeps);
      expect(u.key).toBe(nameKey(u.name));
    }
  });

  it('never draws a name whose key a kept name has, however the dice fall', () => {
    const drawn = generateName('en', () => 0);
    const rows = [
      { id: 'young', name: 'Bad\u034FName', created_at: 2 },
      { id: 'old', name: drawn.toUpperCase(), created_at: 1 },
    ];
    // Dice that draw the kept name ten times over before anything else.
    let calls = 0;
    const dice = () => (calls++ < 30 ? 0 : 0.5);
    const [old, young] = upgradeNames(rows, dice);
    expect(old).toMatchObject({ id: 'old', name: drawn.toUpperCase(), renamed: false });
    expect(young).toMatchObject({ id: 'young', renamed: true });
    expect(young!.key).not.toBe(old!.key);
    expect(calls).toBeGreaterThan(30);
  });
});

it('upgrades a SQLite database of schema 2 in place', async () => {
  const folder = dataFolder();
  try {
    const file = join(folder, DATABASE_FILE);
    const db = new Database(file);
    // Schema 2 as the previous server left it: games, then players.
    db.exec(`
      CREATE TABLE games (id TEXT PRIMARY KEY, created_at INTEGER NOT NULL, setup TEXT NOT NULL,
        clock_runs INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE events (game_id TEXT NOT NULL REFERENCES games (id), version INTEGER NOT NULL,
        body TEXT NOT NULL, PRIMARY KEY (game_id, version)) WITHOUT ROWID;
      CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
      CREATE INDEX running_games ON games (id) WHERE clock_runs = 1;
      ${playersTables({ int: 'INTEGER', real: 'REAL', bool: 'INTEGER', table: ') WITHOUT ROWID' })}
    `);
    const player = db.prepare('INSERT INTO players VALUES (?, ?, ?, ?)');
    const token = db.prepare('INSERT INTO player_tokens VALUES (?, ?)');
    for (const [id, name, key, at, hash] of oldRows()) {
      player.run(id, name, key, at);
      token.run(hash, id);
    }
    db.pragma('user_version = 2');
    db.close();

    const first = new SqliteStore(folder);
    // The first request waits for the worker, which migrates before it answers; the file is
    // the store's alone while it is open.
    await first.player(PLAYERS[0]!.id);
    await first.close();
    const upgraded = new Database(file, { readonly: true });
    const rows = upgraded.prepare('SELECT id, name, name_key FROM players').all() as {
      id: string;
      name: string;
      name_key: string;
    }[];
    expect(upgraded.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    upgraded.close();
    const store = new SqliteStore(folder);
    await expectUpgraded(store, rows);
    await store.close();
  } finally {
    remove(folder);
  }
});

const skip = skipWithout('name upgrade tests on PostgreSQL', ['postgres']);
describe.skipIf(skip)('on PostgreSQL', () => {
  const db = postgresFor();

  it('upgrades a database of schema 2 in place, once, with two processes starting', async () => {
    const url = await newDatabase(db.url, 'agon_names');
    const old = new pg.Client({ connectionString: url });
    await old.connect();
    await old.query(`
      CREATE TABLE games (id TEXT PRIMARY KEY, created_at BIGINT NOT NULL, setup JSONB NOT NULL,
        clock_runs BOOLEAN NOT NULL DEFAULT FALSE);
      CREATE TABLE events (game_id TEXT NOT NULL REFERENCES games (id), version INTEGER NOT NULL,
        body JSONB NOT NULL, PRIMARY KEY (game_id, version));
      CREATE INDEX running_games ON games (id) WHERE clock_runs;
      CREATE TABLE meta (key TEXT PRIMARY KEY, value BIGINT NOT NULL);
      ${playersTables({ int: 'BIGINT', real: 'DOUBLE PRECISION', bool: 'BOOLEAN', table: ')' })}
      INSERT INTO meta (key, value) VALUES ('schema_version', 2);
    `);
    for (const [id, playerName, key, at, hash] of oldRows()) {
      await old.query('INSERT INTO players VALUES ($1, $2, $3, $4)', [id, playerName, key, at]);
      await old.query('INSERT INTO player_tokens VALUES ($1, $2)', [hash, id]);
    }
    await old.end();

    // Two processes starting together: one upgrades under the lock, the other finds it done.
    const stores = await Promise.all([PostgresStore.open(url), PostgresStore.open(url)]);
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    try {
      const version = await check.query("SELECT value FROM meta WHERE key = 'schema_version'");
      expect(version.rows).toEqual([{ value: String(MIGRATIONS.length) }]);
      const rows = await check.query<{ id: string; name: string; name_key: string }>(
        'SELECT id, name, name_key FROM players',
      );
      await expectUpgraded(stores[1], rows.rows);
    } finally {
      await check.end();
      await Promise.all(stores.map((s) => s.close()));
    }
  });
});
