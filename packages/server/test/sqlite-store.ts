// A store on SQLite for the in-process tests of what the server stores and decides on it.

import { afterAll } from 'vitest';
import { SqliteStore } from '../src/storage/sqlite.ts';
import { dataFolder, remove } from './harness.ts';

/**
 * A store on SQLite in a fresh data folder, for the tests of the `describe` it is called in;
 * closed after them, the folder removed.
 */
export function sqliteFor(): SqliteStore {
  const data = dataFolder();
  const store = new SqliteStore(data);
  afterAll(async () => {
    await store.close();
    remove(data);
  });
  return store;
}
