// The server's own secrets (the key of the networks' hashes, the push keys): made at random by
// the first process to ask and the same for every process after, kept in the database beside
// the games, which is why the database file is readable by the server's user alone.

import type { Sql } from './sql.ts';

export interface KeyStore {
  /**
   * The server's secret `name`: `made` if no process kept one before (only the first caller's
   * is kept), else the one kept.
   */
  secret(name: string, made: string): Promise<string>;
}

/** Keeps a secret unless one of its name is kept already. */
const INSERT_SECRET =
  'INSERT INTO secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING';
const SELECT_SECRET = 'SELECT value FROM secrets WHERE name = $1';

export class KeyRepository implements KeyStore {
  static readonly reads: ReadonlySet<keyof KeyStore> = new Set();

  constructor(private readonly db: Sql) {}

  secret(name: string, made: string): Promise<string> {
    return this.db.transaction(async (tx) => {
      await tx.run(INSERT_SECRET, [name, made]);
      return (await tx.get<{ value: string }>(SELECT_SECRET, [name]))!.value;
    });
  }
}
