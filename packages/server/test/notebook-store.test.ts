// The NotebookStore and ConditionalStore contract, held by both stores: a player's notebook
// and conditional moves of a game kept per player and game, replaced whole, dropped when no
// line is left, never answered for the other player, and seen again by a fresh store.

import { afterAll, describe, expect, it } from 'vitest';
import { newGameId, newPlayerId } from '../src/common/secret.ts';
import { PostgresStore } from '../src/storage/postgres.ts';
import { SqliteStore } from '../src/storage/sqlite.ts';
import type { Store } from '../src/storage/store.ts';
import { dataFolder, remove } from './harness.ts';
import { postgresFor, skipWithout } from './postgres.ts';

/** A game of days between two new players, stored; answers its id and theirs. */
async function newGame(store: Store): Promise<{ game: string; white: string; black: string }> {
  const [white, black] = [newPlayerId(), newPlayerId()];
  for (const id of [white, black]) {
    await store.createPlayer({ id, name: `N ${id}`, tokenHash: `t-${id}`, createdAt: 5 });
  }
  const game = newGameId();
  await store.create(game, 5, {
    variant: 'standard',
    clock: null,
    days: 1,
    seats: {},
    players: { white, black },
  });
  return { game, white, black };
}

function contract(name: string, open: () => Promise<Store>): void {
  describe(`the ${name} notebook store`, () => {
    it("keeps each player's notebook and lines apart, replaced whole, seen by a fresh store", async () => {
      const store = await open();
      const { game, white, black } = await newGame(store);
      expect(await store.notebook(game, white)).toEqual({ note: '', moves: [], analysis: null });
      const notes = {
        note: 'Ферзь домой — रानी',
        moves: [{ ply: 3, text: 'why not b4?' }],
        analysis: '[Variant "standard"]\n1. a2-b2 *',
      };
      await store.saveNotebook(game, white, notes, 10);
      await store.saveNotebook(game, white, { ...notes, note: 'second thoughts' }, 11);
      const lines = {
        from: 1,
        lines: [
          ['b5-c5', 'a2-b2'],
          ['c5-d5', 'b2-c2', 'x', 'y'],
        ],
      };
      await store.saveConditionalLines(game, white, lines);
      expect(await store.conditionalLines(game, black)).toBeUndefined();
      expect(await store.notebook(game, black)).toEqual({ note: '', moves: [], analysis: null });
      await store.close();

      const again = await open();
      expect(await again.notebook(game, white)).toEqual({ ...notes, note: 'second thoughts' });
      expect(await again.conditionalLines(game, white)).toEqual(lines);
      await again.saveConditionalLines(game, white, { from: 3, lines: [] });
      expect(await again.conditionalLines(game, white)).toBeUndefined();
      await again.saveConditionalLines(game, white, lines);
      await again.saveConditionalLines(game, white, undefined);
      expect(await again.conditionalLines(game, white)).toBeUndefined();
      await again.close();
    });
  });
}

const data = dataFolder();
afterAll(() => remove(data));
contract('SQLite', async () => new SqliteStore(data));

describe.skipIf(skipWithout('notebook tests on PostgreSQL', ['postgres']))('on PostgreSQL', () => {
  const db = postgresFor();
  contract('Postgres', () => PostgresStore.open(db.url));
});
