// The throwaway PostgreSQL of the store tests: see scripts/services.ts, shared with the
// cluster tests and `npm run cluster`.

import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { startPostgres, type TestDatabase } from '../scripts/services.ts';

export { skipWithout, startPostgres, type TestDatabase } from '../scripts/services.ts';

/**
 * A throwaway PostgreSQL for the tests of the `describe` it is called in: started before them,
 * stopped after them. Its `url` is there once they run.
 */
export function postgresFor(): { readonly url: string } {
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await startPostgres();
  }, 60_000);
  afterAll(() => db?.stop());
  return {
    get url(): string {
      if (!db) throw new Error('PostgreSQL is not started yet');
      return db.url;
    },
  };
}

/**
 * Makes an empty database named `prefix` and the time on the server at `url`, for a test that
 * wants tables of its own; answers its URL.
 */
export async function newDatabase(url: string, prefix: string): Promise<string> {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return url.replace(/\/[^/]*$/, `/${name}`);
}
