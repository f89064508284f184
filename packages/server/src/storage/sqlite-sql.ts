// SQLite as common/sql.ts's `Sql`, inside the storage worker: statements prepared once each,
// $1 parameters renamed to SQLite's @p1, booleans bound as 0 and 1. Each call answers at once
// (better-sqlite3 is synchronous): the worker's writes never interleave.

import type { Database, Statement } from 'better-sqlite3';
import { type Sql, UniqueViolation } from '../common/sql.ts';

const TYPES = { int: 'INTEGER', real: 'REAL', bool: 'INTEGER', table: ') WITHOUT ROWID' };

export class SqliteSql implements Sql {
  readonly dialect = 'sqlite';
  readonly types = TYPES;
  readonly lock = '';
  readonly truth = '1';
  private readonly prepared = new Map<string, Statement>();

  constructor(private readonly db: Database) {}

  all<Row>(text: string, values: readonly unknown[] = []): Promise<Row[]> {
    return this.attempt(() => this.statement(text).all(parameters(values)) as Row[]);
  }

  get<Row>(text: string, values: readonly unknown[] = []): Promise<Row | undefined> {
    return this.attempt(() => this.statement(text).get(parameters(values)) as Row | undefined);
  }

  run(text: string, values: readonly unknown[] = []): Promise<number> {
    return this.attempt(() => this.statement(text).run(parameters(values)).changes);
  }

  exec(text: string): Promise<void> {
    return this.attempt(() => {
      this.db.exec(text);
    });
  }

  transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    return work(this);
  }

  private statement(text: string): Statement {
    let statement = this.prepared.get(text);
    if (!statement) {
      statement = this.db.prepare(text.replace(/\$(\d+)/g, '@p$1'));
      this.prepared.set(text, statement);
    }
    return statement;
  }

  /** Runs a call, its unique key's refusal made a UniqueViolation. */
  private attempt<T>(f: () => T): Promise<T> {
    try {
      return Promise.resolve(f());
    } catch (e) {
      return Promise.reject(unique(e) ?? e);
    }
  }
}

/** $n's value as @pn, booleans as 0 and 1 (SQLite binds no booleans). */
function parameters(values: readonly unknown[]): Record<string, unknown> {
  const named: Record<string, unknown> = {};
  for (const [i, v] of values.entries())
    named[`p${i + 1}`] = typeof v === 'boolean' ? Number(v) : v;
  return named;
}

/** A unique key's refusal as a UniqueViolation naming the key (`table.column, ...`). */
function unique(e: unknown): UniqueViolation | undefined {
  if (!(e instanceof Error) || !('code' in e)) return undefined;
  if (e.code !== 'SQLITE_CONSTRAINT_UNIQUE' && e.code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return undefined;
  }
  return new UniqueViolation(e.message, e.message.replace(/^.*failed: /, ''));
}
