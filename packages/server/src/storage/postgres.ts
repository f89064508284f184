// The store on PostgreSQL, for more than one server process (docs/online.md, "Scaling"): the
// same tables as SQLite, shared by every process, served by the same domain repositories
// (store.ts) over a pool of connections. Postgres commits each write durably before
// answering; the pool lets commits overlap.

import pg from 'pg';
import { type Sql, UniqueViolation } from '../common/sql.ts';
import { MIGRATIONS, newerSchema } from './migrations.ts';
import { call, type Domain, Forwarding, repositories, type Store } from './store.ts';

/** The advisory lock taken while the tables are created ("agon" in ASCII). */
const SCHEMA_LOCK = 0x61676f6e;

/** Postgres's code for a unique violation: the key (a game id, a version, a name) is taken. */
const UNIQUE_VIOLATION = '23505';

const TYPES = { int: 'BIGINT', real: 'DOUBLE PRECISION', bool: 'BOOLEAN', table: ')' };

/** A pool, or one connection of it inside a transaction, as common/sql.ts's `Sql`. */
class PostgresSql implements Sql {
  readonly dialect = 'postgres';
  readonly types = TYPES;
  readonly lock = ' FOR UPDATE';
  readonly truth = 'TRUE';

  constructor(private readonly db: pg.Pool | pg.PoolClient) {}

  async all<Row>(text: string, values: readonly unknown[] = []): Promise<Row[]> {
    return (await this.query(text, values)).rows as Row[];
  }

  async get<Row>(text: string, values: readonly unknown[] = []): Promise<Row | undefined> {
    return (await this.query(text, values)).rows[0] as Row | undefined;
  }

  async run(text: string, values: readonly unknown[] = []): Promise<number> {
    return (await this.query(text, values)).rowCount ?? 0;
  }

  async exec(text: string): Promise<void> {
    await this.query(text);
  }

  /** Runs `work` in a transaction on one connection, rolled back if it throws. */
  async transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    if (!(this.db instanceof pg.Pool)) return work(this);
    const client = await this.db.connect();
    try {
      await client.query('BEGIN');
      const result = await work(new PostgresSql(client));
      await client.query('COMMIT');
      client.release();
      return result;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      // A connection that failed mid-transaction may be broken: not given back to the pool.
      client.release(e instanceof Error ? e : true);
      throw e;
    }
  }

  private async query(text: string, values?: readonly unknown[]): Promise<pg.QueryResult> {
    try {
      return await this.db.query(text, values as unknown[] | undefined);
    } catch (e) {
      if (e instanceof Error && 'code' in e && e.code === UNIQUE_VIOLATION) {
        throw new UniqueViolation(e.message, String((e as { constraint?: unknown }).constraint));
      }
      throw e;
    }
  }
}

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

/** The store in the Postgres database at a connection URL. */
export class PostgresStore extends Forwarding implements Store {
  private readonly made: Record<Domain, object>;

  private constructor(
    private readonly pool: pg.Pool,
    /**
     * The tournaments' own few connections, for their logs and a wave's games: a pairing waits
     * behind no queue of moves being stored, and a thousand players' moves wait on no log.
     */
    private readonly side: pg.Pool,
  ) {
    super();
    this.made = repositories(new PostgresSql(pool), new PostgresSql(side));
  }

  /** Connects and brings the tables up to this server's schema. */
  static async open(url: string): Promise<PostgresStore> {
    const pool = PostgresStore.connect(url, 10);
    const side = PostgresStore.connect(url, 3);
    // Processes started together would race to migrate (PostgreSQL's IF NOT EXISTS is not
    // safe against a concurrent creation): one at a time, under a lock of the database.
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
      await client.query(
        'CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value BIGINT NOT NULL)',
      );
      const row = await client.query<{ value: string }>(
        "SELECT value FROM meta WHERE key = 'schema_version'",
      );
      const version = Number(row.rows[0]?.value ?? 0);
      const newer = newerSchema(version);
      if (newer) throw new Error(`the database was ${newer}`);
      const sql = new PostgresSql(client);
      for (const step of MIGRATIONS.slice(version)) await step(sql);
      await client.query(
        "INSERT INTO meta (key, value) VALUES ('schema_version', $1) ON CONFLICT (key) DO UPDATE SET value = $1",
        [MIGRATIONS.length],
      );
      await client.query('COMMIT');
      client.release();
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
      await Promise.all([pool.end(), side.end()]).catch(() => undefined);
      throw e;
    }
    return new PostgresStore(pool, side);
  }

  /** A pool of up to `max` connections to `url`. */
  private static connect(url: string, max: number): pg.Pool {
    const pool = new pg.Pool({
      connectionString: url,
      max,
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
    return pool;
  }

  forward(domain: Domain, method: string, args: readonly unknown[]): Promise<unknown> {
    return call(this.made, domain, method, args);
  }

  /** Never set: the pool reconnects, so each query fails or succeeds on its own. */
  readonly failure: Error | undefined = undefined;

  async close(): Promise<void> {
    await Promise.all([this.pool.end(), this.side.end()]);
  }
}
