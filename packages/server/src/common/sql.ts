// A database as each domain's repository sees it, whichever it is: SQLite in the storage
// worker (storage/sqlite-writer.ts) or PostgreSQL's pool (storage/postgres.ts). Statements are
// written once with PostgreSQL's $1 parameters; what differs between the two is named here
// (column types, row locks, truth), so a domain writes each transaction once, not once per
// database.

/** The column types that differ between the two databases. */
export interface SqlTypes {
  /** A 64-bit integer (times in ms). */
  readonly int: string;
  readonly real: string;
  readonly bool: string;
  /** How a table without a separate row id ends. */
  readonly table: string;
}

/** Numbers as either database hands them back (PostgreSQL's BIGINT comes as text). */
export type Num = number | string;

/** One database, one connection's worth of statements. */
export interface Sql {
  readonly dialect: 'sqlite' | 'postgres';
  readonly types: SqlTypes;
  /**
   * What ends a SELECT whose rows must stay as read until the commit: PostgreSQL locks them
   * (` FOR UPDATE`); SQLite's one writer needs no lock, so it is empty there.
   */
  readonly lock: string;
  /** True as a boolean column compares to it: `1` in SQLite, `TRUE` in PostgreSQL. */
  readonly truth: string;
  /** The rows a statement answers. */
  all<Row>(text: string, values?: readonly unknown[]): Promise<Row[]>;
  /** The first row a statement answers, if any. */
  get<Row>(text: string, values?: readonly unknown[]): Promise<Row | undefined>;
  /** Runs a statement; answers how many rows it changed. */
  run(text: string, values?: readonly unknown[]): Promise<number>;
  /** Runs statements without parameters, several at once (a migration's DDL). */
  exec(text: string): Promise<void>;
  /**
   * Runs `work` in one transaction, all or nothing. In the SQLite worker every write already
   * runs in a savepoint of its own, so this is that savepoint.
   */
  transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
}

/**
 * A unique key refused a write; `constraint` names it (PostgreSQL's index name, or SQLite's
 * `table.column` list), so a domain tells a taken name from a taken version.
 */
export class UniqueViolation extends Error {
  override readonly name = 'UniqueViolation';
  constructor(
    message: string,
    readonly constraint: string,
  ) {
    super(message);
  }
}

/** A JSON column's value: PostgreSQL's JSONB comes parsed, text comes as text. */
export const json = <T>(value: unknown): T =>
  (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** One step of the schema, run in the migration's transaction on either database. */
export type Migration = (sql: Sql) => Promise<void>;
