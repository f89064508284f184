// The GameStore contract, held by each implementation: what is appended is what is loaded,
// a taken version is a conflict, and a second process (a fresh store on the same data) sees
// everything the first acknowledged. Then a whole server on Postgres, killed and restarted.

import type { Colour } from '@agon/engine';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type GameEvent, type GameSetup, VersionConflict } from '../src/game/store.ts';
import { restoreTable } from '../src/game/table.ts';
import { PostgresStore } from '../src/storage/postgres.ts';
import { SqliteStore } from '../src/storage/sqlite.ts';
import type { Store } from '../src/storage/store.ts';
import { createGame, dataFolder, Peer, remove, startServer } from './harness.ts';
import { postgresFor, skipWithout } from './postgres.ts';

const SETUP = { variant: 'standard', clock: null, seats: { white: 'hash' } } as const;
const join: GameEvent = { kind: 'join', seat: 'black', token: 'other', at: 2 };
const move: GameEvent = { kind: 'move', seat: 'white', move: 'f1-f2', spent: 0, at: 3 };

function contract(name: string, open: () => Promise<Store>): void {
  describe(`the ${name} store`, () => {
    it('loads what was stored, refuses a taken version, and shares it with a fresh store', async () => {
      const store = await open();
      const id = `g${Math.random().toString(36).slice(2, 11)}`;
      expect(await store.load(id)).toBeUndefined();
      await store.create(id, 1, SETUP);
      await expect(store.create(id, 1, SETUP)).rejects.toBeInstanceOf(VersionConflict);
      await Promise.all([store.append(id, 1, join), store.append(id, 2, move)]);
      await expect(store.append(id, 2, move)).rejects.toBeInstanceOf(VersionConflict);
      await store.close();
      const again = await open();
      expect(await again.load(id)).toEqual({
        id,
        createdAt: 1,
        setup: SETUP,
        events: [join, move],
      });
      await again.close();
    });

    it("keeps a game's rule book: R16 comes back as R16, a game stored before R16 as R10", async () => {
      const store = await open();
      const id = `g${Math.random().toString(36).slice(2, 11)}`;
      const setup: GameSetup = { ...SETUP, captorPlacesQueen: true };
      const step = (seat: Colour, text: string, at: number): GameEvent => ({
        kind: 'move',
        seat,
        move: text,
        spent: 0,
        at,
      });
      // White takes Black's queen on f10; on Black's turn White puts her on the throne (R16).
      const events = [
        join,
        step('white', 'h9-g10', 3),
        step('black', 'f11-f10', 4),
        step('white', 'd9-e9', 5),
        step('white', 'f10@f6', 6),
      ];
      await store.create(id, 1, setup);
      // A game as a server from before R16 stored it: no word of R16 in its setup.
      await store.create(`${id}-old`, 1, SETUP);
      for (const [i, e] of events.entries()) await store.append(id, i + 1, e);
      await store.close();
      const again = await open();
      const loaded = await again.load(id);
      expect(loaded).toEqual({ id, createdAt: 1, setup, events });
      const table = restoreTable(loaded!, 10);
      expect(table.game.captorPlacesQueen).toBe(true);
      expect(table.game.moves).toHaveLength(4);
      expect(table.game.position.turnColour).toBe('white');
      const older = await again.load(`${id}-old`);
      expect(restoreTable(older!, 10).game.captorPlacesQueen).toBe(false);
      await again.close();
    });

    it('counts the games in play: a running clock, or a correspondence game not yet over', async () => {
      const store = await open();
      const before = await store.inPlay();
      const id = `g${Math.random().toString(36).slice(2, 11)}`;
      for (const game of ['live', 'days', 'idle']) await store.create(`${id}-${game}`, 1, SETUP);
      await store.markRunning(`${id}-live`, true);
      // A correspondence game waiting on its deadline, with no process holding it.
      await store.markDue(`${id}-days`, 1000);
      expect(await store.inPlay()).toBe(before + 2);
      await store.markRunning(`${id}-live`, false);
      await store.markDue(`${id}-days`, null);
      expect(await store.inPlay()).toBe(before);
      await store.close();
    });
  });
}

const sqliteData = dataFolder();
afterAll(() => remove(sqliteData));
contract('SQLite', async () => new SqliteStore(sqliteData));

describe.skipIf(skipWithout('store tests on PostgreSQL', ['postgres']))('on PostgreSQL', () => {
  const db = postgresFor();

  contract('Postgres', () => PostgresStore.open(db.url));

  it('makes writes wait for a busy pool rather than refusing them', async () => {
    const store = await PostgresStore.open(db.url);
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    try {
      const ids = Array.from({ length: 20 }, (_, i) => `busy${i}${Date.now().toString(36)}`);
      for (const id of ids) await store.create(id, 1, SETUP);
      // The table locked for longer than the pool once waited: the first ten appends hold
      // every pooled connection, and the other ten wait for one.
      await admin.query('BEGIN; LOCK TABLE events IN ACCESS EXCLUSIVE MODE');
      const appends = Promise.allSettled(ids.map((id) => store.append(id, 1, join)));
      await new Promise((resolve) => setTimeout(resolve, 6000));
      await admin.query('COMMIT');
      expect((await appends).filter((a) => a.status === 'rejected')).toEqual([]);
    } finally {
      await admin.end();
      await store.close();
    }
  }, 30_000);

  it('a server on Postgres killed with SIGKILL comes back with every move', async () => {
    const env = { AGON_DATABASE_URL: db.url };
    const unused = dataFolder();
    let server = await startServer(unused, env);
    try {
      const created = await createGame(server.url, { side: 'white' });
      const { id, token } = created.body as { id: string; token: string };
      const white = await Peer.join(server.url, id, token);
      const black = await Peer.join(server.url, id);
      let version = black.state.game.version;
      const moves = ['f1-f2', 'f11-f10', 'f2-f3', 'f10-f9'];
      for (const [i, text] of moves.entries()) {
        const seat: Colour = i % 2 === 0 ? 'white' : 'black';
        (seat === 'white' ? white : black).peer.send({ t: 'move', seat, move: text, version });
        await (seat === 'white' ? black : white).peer.event(++version);
      }
      await server.stop('SIGKILL');
      server = await startServer(unused, env);
      const back = await Peer.join(server.url, id, black.state.token);
      expect(back.state.you).toBe('black');
      expect(back.state.game.moves).toEqual(moves);
      back.peer.close();
    } finally {
      await server.stop('SIGKILL');
      remove(unused);
    }
  });
});
