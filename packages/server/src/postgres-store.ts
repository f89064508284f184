// The game store on PostgreSQL, for more than one server process (docs/online.md, "Scaling"):
// the same two tables as SQLite, shared by every process. Postgres commits each insert
// durably before answering; a pool of connections lets commits overlap.

import pg from 'pg';
import {
  type GameEvent,
  type GameSetup,
  type GameStore,
  type StoredGame,
  VersionConflict,
} from './store.ts';

const SCHEMA = `
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
`;

/** The advisory lock taken while the tables are created ("agon" in ASCII). */
const SCHEMA_LOCK = 0x61676f6e;

/** Postgres's code for a unique violation: the key (a game id, a version) is taken. */
const UNIQUE_VIOLATION = '23505';

const isTaken = (e: unknown): boolean =>
  e instanceof Error && 'code' in e && (e as { code: unknown }).code === UNIQUE_VIOLATION;

/**
 * A connection to PostgreSQL whose opening alone is bounded. The pool would bound the wait for
 * a free connection with the same setting, so it is set here instead. A server that is down
 * refuses at once (ECONNREFUSED); 10 s is for one that does not answer, long enough for a
 * busy machine to fork a backend.
 */
class Connection extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({
      ...(typeof config === 'string' ? { connectionString: config } : config),
      connectionTimeoutMillis: 10_000,
    });
  }
}

/** A GameStore in the Postgres database at a connection URL. */
export class PostgresStore implements GameStore {
  private constructor(private readonly pool: pg.Pool) {}

  /** Connects and creates the tables if they are missing. */
  static async open(url: string): Promise<PostgresStore> {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      // A query waits for a free connection however long that takes: a busy store makes a move
      // wait, never refuses it (a 5 s wait refused moves on a loaded machine). Only a store
      // that cannot be reached refuses, and that is told by the connections themselves.
      connectionTimeoutMillis: 0,
      Client: Connection,
      // A pooled connection whose server vanished without a word (no reset) is dropped once
      // the kernel's probes go unanswered, rather than kept for the next query.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // A query the server has not answered in a minute is failed (and its connection
      // dropped): not a busy server but one gone silent, mid-query.
      query_timeout: 60_000,
    });
    // An idle connection that dies (PostgreSQL restarted) is dropped from the pool and replaced
    // on the next query; unheard, the pool's error event would end the process.
    pool.on('error', () => undefined);
    // Processes started together would race to create the tables (PostgreSQL's IF NOT EXISTS
    // is not safe against a concurrent creation): one at a time, under a lock of the database.
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
      await client.query(SCHEMA);
      await client.query('COMMIT');
      client.release();
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
      await pool.end().catch(() => undefined);
      throw e;
    }
    return new PostgresStore(pool);
  }

  async create(id: string, createdAt: number, setup: GameSetup): Promise<void> {
    try {
      await this.pool.query('INSERT INTO games (id, created_at, setup) VALUES ($1, $2, $3)', [
        id,
        createdAt,
        JSON.stringify(setup),
      ]);
    } catch (e) {
      throw isTaken(e) ? new VersionConflict(`game ${id} exists`) : e;
    }
  }

  async append(id: string, version: number, event: GameEvent): Promise<void> {
    try {
      await this.pool.query('INSERT INTO events (game_id, version, body) VALUES ($1, $2, $3)', [
        id,
        version,
        JSON.stringify(event),
      ]);
    } catch (e) {
      throw isTaken(e) ? new VersionConflict(`game ${id} has version ${version}`) : e;
    }
  }

  async load(id: string): Promise<StoredGame | undefined> {
    const game = await this.pool.query<{ created_at: string; setup: GameSetup }>(
      'SELECT created_at, setup FROM games WHERE id = $1',
      [id],
    );
    const row = game.rows[0];
    if (!row) return undefined;
    const events = await this.pool.query<{ body: GameEvent }>(
      'SELECT body FROM events WHERE game_id = $1 ORDER BY version',
      [id],
    );
    return {
      id,
      createdAt: Number(row.created_at),
      setup: row.setup,
      events: events.rows.map((r) => r.body),
    };
  }

  async markRunning(id: string, running: boolean): Promise<void> {
    await this.pool.query('UPDATE games SET clock_runs = $1 WHERE id = $2', [running, id]);
  }

  async running(): Promise<readonly string[]> {
    const rows = await this.pool.query<{ id: string }>('SELECT id FROM games WHERE clock_runs');
    return rows.rows.map((r) => r.id);
  }

  async alive(at: number): Promise<void> {
    await this.pool.query(
      "INSERT INTO meta (key, value) VALUES ('alive', $1) ON CONFLICT (key) DO UPDATE SET value = $1",
      [at],
    );
  }

  async lastAlive(): Promise<number | undefined> {
    const rows = await this.pool.query<{ value: string }>(
      "SELECT value FROM meta WHERE key = 'alive'",
    );
    return rows.rows[0] ? Number(rows.rows[0].value) : undefined;
  }

  /** Never set: the pool reconnects, so each query fails or succeeds on its own. */
  readonly failure: Error | undefined = undefined;

  async close(): Promise<void> {
    await this.pool.end();
  }
}
