// The PlayerStore contract, held by both stores: names unique by their key, devices and
// transfer codes, lobby games settled once in one transaction with both ratings moved, and
// everything seen again by a fresh store on the same data. Then the in-place upgrade of a
// database made before players existed.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { newGameId, newPlayerId } from '../src/common/secret.ts';
import { NameTaken } from '../src/player/players.ts';
import type { Subscription } from '../src/push/subscriptions.ts';
import { MIGRATIONS } from '../src/storage/migrations.ts';
import { PostgresStore } from '../src/storage/postgres.ts';
import { DATABASE_FILE, SqliteStore } from '../src/storage/sqlite.ts';
import type { Store } from '../src/storage/store.ts';
import { dataFolder, remove } from './harness.ts';
import { newDatabase, postgresFor, skipWithout } from './postgres.ts';

/** A new player with a unique name, stored. */
async function newPlayer(store: Store, name = `P ${newPlayerId()}`): Promise<string> {
  const id = newPlayerId();
  await store.createPlayer({ id, name, tokenHash: `t-${id}`, createdAt: 5 });
  return id;
}

function contract(name: string, open: () => Promise<Store>): void {
  describe(`the ${name} player store`, () => {
    it('keeps players with their devices, names unique by key, and a fresh store sees them', async () => {
      const store = await open();
      const suffix = newPlayerId();
      const id = newPlayerId();
      await store.createPlayer({
        id,
        name: `Swift  Heron ${suffix}`,
        tokenHash: `h1${id}`,
        createdAt: 7,
      });
      // Clashes by the look-alike key: case, separators, "l" for "i".
      for (const clash of [
        `swift heron ${suffix}`,
        `SWIFT HERON ${suffix}`,
        `Swlft_Heron ${suffix}`,
      ]) {
        await expect(
          store.createPlayer({
            id: newPlayerId(),
            name: clash,
            tokenHash: `x${clash}`,
            createdAt: 8,
          }),
        ).rejects.toBeInstanceOf(NameTaken);
      }
      const russian = await newPlayer(store, `Быстрая Цапля ${suffix}`);
      await expect(newPlayer(store, `БЫСТРАЯ цапля ${suffix}`)).rejects.toBeInstanceOf(NameTaken);
      expect(await store.addToken(id, `h2${id}`)).toBe(true);
      expect(await store.addToken('nobody0000', `h3${id}`)).toBe(false);
      // A name that clashes refuses a rename; a player may change the case of their own.
      await expect(store.rename(russian, `swift heron ${suffix}`)).rejects.toBeInstanceOf(
        NameTaken,
      );
      expect(await store.rename(id, `Swift Heron ${suffix}`)).toBe(true);
      expect(await store.rename('nobody0000', `Nobody ${suffix}`)).toBe(false);
      await store.close();

      const again = await open();
      const player = {
        id,
        name: `Swift Heron ${suffix}`,
        createdAt: 7,
        ratings: {},
      };
      expect(await again.player(id)).toEqual(player);
      expect(await again.playerByToken(`h1${id}`)).toEqual(player);
      expect(await again.playerByToken(`h2${id}`)).toEqual(player);
      expect(await again.playerByToken('unknown')).toBeUndefined();
      expect(await again.player('nobody0000')).toBeUndefined();
      const both = await again.players([id, russian, 'nobody0000']);
      expect(both.map((p) => p.name).sort()).toEqual([
        `Swift Heron ${suffix}`,
        `Быстрая Цапля ${suffix}`,
      ]);
      expect(await again.players([])).toEqual([]);
      await again.close();
    });

    it('takes a transfer code once, and never once it has expired', async () => {
      const store = await open();
      try {
        const id = await newPlayer(store);
        const code = `c${newPlayerId()}`;
        await store.saveTransfer(code, id, 1000);
        const takes = await Promise.all([
          store.takeTransfer(code, 500),
          store.takeTransfer(code, 500),
        ]);
        expect(takes.sort()).toEqual([id, undefined]);
        expect(await store.takeTransfer(code, 500)).toBeUndefined();
        await store.saveTransfer(`${code}e`, id, 1000);
        expect(await store.takeTransfer(`${code}e`, 1000)).toBeUndefined();
        expect(await store.takeTransfer('unknown', 0)).toBeUndefined();
      } finally {
        await store.close();
      }
    });

    it('keeps one live code a player, and purges the expired ones', async () => {
      const store = await open();
      try {
        const [one, two] = [await newPlayer(store), await newPlayer(store)];
        const code = `c${newPlayerId()}`;
        await store.saveTransfer(`${code}1`, one, 1000);
        await store.saveTransfer(`${code}2`, one, 2000);
        await store.saveTransfer(`${code}3`, two, 500);
        await store.saveTransfer(`${code}4`, two, 3000);
        // Each new code replaced the player's last.
        expect(await store.takeTransfer(`${code}1`, 0)).toBeUndefined();
        expect(await store.takeTransfer(`${code}3`, 0)).toBeUndefined();
        await store.saveTransfer(`${code}5`, one, 700);
        expect(await store.purgeTransfers(1000)).toBeGreaterThanOrEqual(1);
        expect(await store.takeTransfer(`${code}5`, 0)).toBeUndefined();
        expect(await store.takeTransfer(`${code}4`, 0)).toBe(two);
      } finally {
        await store.close();
      }
    });

    it('makes a player a bot for good, and only before its first game', async () => {
      const store = await open();
      const fresh = await newPlayer(store);
      expect(await store.makeBot(fresh)).toBe('made');
      expect(await store.makeBot(fresh)).toBe('made');
      expect((await store.player(fresh))?.bot).toBe(true);
      const white = await newPlayer(store);
      const black = await newPlayer(store);
      await store.recordGame({
        gameId: newGameId(),
        white,
        black,
        category: { class: 'blitz', rules: 'standard' },
        rated: false,
        startedAt: 10,
      });
      expect(await store.makeBot(white)).toBe('played');
      expect((await store.player(white))?.bot).toBeUndefined();
      expect(await store.makeBot('nobody0000')).toBe('unknown');
      await store.close();
    });

    it('settles a rated game once, moving both ratings, and lists it from each side', async () => {
      const store = await open();
      const white = await newPlayer(store);
      const black = await newPlayer(store);
      const game = newGameId();
      await store.recordGame({
        gameId: game,
        white,
        black,
        category: { class: 'blitz', rules: 'standard' },
        rated: true,
        startedAt: 10,
      });
      const playing = await store.recentGames(white, 10);
      expect(playing).toEqual([
        expect.objectContaining({
          game,
          colour: 'white',
          result: null,
          ratingBefore: null,
        }),
      ]);
      expect(await store.settle('unknown', { winner: null, aborted: false }, 11)).toBeUndefined();
      const first = await store.settle(game, { winner: 'white', aborted: false }, 20);
      expect(first?.white?.before.rating).toBe(1500);
      expect(first!.white!.after.rating).toBeGreaterThan(1500);
      expect(first!.black!.after.rating).toBeLessThan(1500);
      // Settled again (another process, a retry): nothing changes and the first answer stands.
      expect(await store.settle(game, { winner: 'black', aborted: false }, 30)).toEqual(first);
      await store.close();

      const again = await open();
      const w = await again.player(white);
      expect(w?.ratings.blitz).toEqual({ ...first!.white!.after, games: 1, ratedAt: 20 });
      expect(w?.ratings.bullet).toBeUndefined();
      expect((await again.player(black))?.ratings.blitz?.games).toBe(1);
      expect(await again.recentGames(black, 10)).toEqual([
        {
          game,
          colour: 'black',
          opponent: { id: white, name: w!.name },
          class: 'blitz',
          rules: 'standard',
          rated: true,
          result: 'loss',
          ratingBefore: 1500,
          ratingAfter: first!.black!.after.rating,
          at: 10,
        },
      ]);
      await again.close();
    });

    it('leaves ratings alone for unrated and aborted games, and balances colours', async () => {
      const store = await open();
      try {
        const a = await newPlayer(store);
        const b = await newPlayer(store);
        const games = [newGameId(), newGameId(), newGameId()];
        await store.recordGame({
          gameId: games[0]!,
          white: a,
          black: b,
          category: { class: 'rapid', rules: 'standard' },
          rated: false,
          startedAt: 1,
        });
        await store.recordGame({
          gameId: games[1]!,
          white: a,
          black: b,
          category: { class: 'rapid', rules: 'standard' },
          rated: true,
          startedAt: 2,
        });
        await store.recordGame({
          gameId: games[2]!,
          white: b,
          black: a,
          category: { class: 'rapid', rules: 'standard' },
          rated: true,
          startedAt: 3,
        });
        expect(await store.settle(games[0]!, { winner: 'white', aborted: false }, 4)).toEqual({
          outcome: { winner: 'white', aborted: false },
          white: null,
          black: null,
        });
        const aborted = { winner: null, aborted: true };
        expect(await store.settle(games[1]!, aborted, 5)).toEqual({
          outcome: aborted,
          white: null,
          black: null,
        });
        expect((await store.player(a))?.ratings.rapid).toBeUndefined();
        const draw = await store.settle(games[2]!, { winner: null, aborted: false }, 6);
        expect(draw?.white?.after.rating).toBeCloseTo(1500, 6);
        const history = await store.recentGames(a, 2);
        expect(history.map((g) => [g.game, g.colour, g.result])).toEqual([
          [games[2], 'black', 'draw'],
          [games[1], 'white', 'aborted'],
        ]);
        expect(await store.colourBalance(a)).toBe(1);
        expect(await store.colourBalance(b)).toBe(-1);
      } finally {
        await store.close();
      }
    });

    it('keeps lobby settings, knows who has played whom, and finds the players waiting for a pool', async () => {
      const store = await open();
      try {
        const [a, b, c] = [await newPlayer(store), await newPlayer(store), await newPlayer(store)];
        expect(await store.settings(a)).toEqual({
          challengesFrom: 'everyone',
          waitingList: { pools: [], hours: [] },
          peopleOnly: false,
        });
        const evenings = { pools: ['5+3', '10+5'] as const, hours: [0, 17, 18, 23] };
        await store.saveSettings(a, {
          challengesFrom: 'played',
          waitingList: evenings,
          peopleOnly: true,
        });
        expect(await store.settings(a)).toEqual({
          challengesFrom: 'played',
          waitingList: { pools: ['5+3', '10+5'], hours: [0, 17, 18, 23] },
          peopleOnly: true,
        });
        await store.saveSettings(b, {
          challengesFrom: 'everyone',
          waitingList: { pools: ['10+5'], hours: [18] },
          peopleOnly: false,
        });
        expect((await store.settings(b)).peopleOnly).toBe(false);
        expect([...(await store.waitingPlayers('10+5', 18, c, 10))].sort()).toEqual([a, b].sort());
        expect(await store.waitingPlayers('10+5', 18, a, 10)).toEqual([b]);
        expect(await store.waitingPlayers('10+5', 17, c, 10)).toEqual([a]);
        expect(await store.waitingPlayers('5+3', 12, c, 10)).toEqual([]);
        expect(await store.waitingPlayers('10+5', 18, c, 1)).toHaveLength(1);
        // Saving again replaces the list.
        await store.saveSettings(a, {
          challengesFrom: 'played',
          waitingList: { pools: [], hours: [] },
          peopleOnly: false,
        });
        expect(await store.waitingPlayers('10+5', 17, c, 10)).toEqual([]);
        expect(await store.havePlayed(a, b)).toBe(false);
        await store.recordGame({
          gameId: newGameId(),
          white: b,
          black: a,
          category: { class: 'blitz', rules: 'standard' },
          rated: true,
          startedAt: 1,
        });
        expect(await store.havePlayed(a, b)).toBe(true);
        expect(await store.havePlayed(b, a)).toBe(true);
        expect(await store.havePlayed(a, c)).toBe(false);
      } finally {
        await store.close();
      }
    });

    it('counts every game of a player settled at once', async () => {
      const store = await open();
      try {
        const a = await newPlayer(store);
        const others = await Promise.all([0, 1, 2, 3].map(() => newPlayer(store)));
        const games = others.map(() => newGameId());
        for (const [i, other] of others.entries()) {
          await store.recordGame({
            gameId: games[i]!,
            white: a,
            black: other,
            category: { class: 'bullet', rules: 'standard' },
            rated: true,
            startedAt: i,
          });
        }
        await Promise.all(
          games.map((g) => store.settle(g, { winner: 'white', aborted: false }, 9)),
        );
        const rating = (await store.player(a))!.ratings.bullet!;
        expect(rating.games).toBe(4);
        // Each game started from the rating the one before left.
        const history = await store.recentGames(a, 10);
        const chain = [...history].sort((x, y) => x.ratingBefore! - y.ratingBefore!);
        for (let i = 1; i < chain.length; i++)
          expect(chain[i]!.ratingBefore).toBe(chain[i - 1]!.ratingAfter);
        expect(chain.at(-1)!.ratingAfter).toBe(rating.rating);
      } finally {
        await store.close();
      }
    });

    it("keeps devices' push subscriptions: one a browser, the newest few a player", async () => {
      const store = await open();
      try {
        const [a, b] = [await newPlayer(store), await newPlayer(store)];
        const at = `https://push.example/${a}/`;
        const device = (n: number, player: string, off: Subscription['off'] = []) => ({
          endpoint: `${at}${n}`,
          p256dh: `B${String(n).repeat(86)}`,
          auth: 'a'.repeat(22),
          player,
          language: 'fi' as const,
          off,
          createdAt: 10 + n,
        });
        for (const n of [0, 1, 2, 3])
          await store.subscribe(device(n, a, n === 1 ? ['turn', 'ended'] : []), 3);
        // At most three: the oldest went.
        expect(await store.subscriptions(a)).toEqual([
          device(1, a, ['turn', 'ended']),
          device(2, a),
          device(3, a),
        ]);
        // Whoever knows an endpoint but not its keys cannot take the device over.
        expect(await store.subscribe({ ...device(3, b), auth: 'b'.repeat(22) }, 3)).toBe(false);
        expect(await store.subscribe({ ...device(3, b), p256dh: `B${'9'.repeat(86)}` }, 3)).toBe(
          false,
        );
        expect(await store.subscriptions(b)).toEqual([]);
        // The browser changed hands: its endpoint is the new player's, with their settings.
        expect(await store.subscribe({ ...device(3, b, ['seeking']), language: 'ru' }, 3)).toBe(
          true,
        );
        expect(await store.subscriptions(b)).toMatchObject([
          { endpoint: `${at}3`, player: b, language: 'ru', off: ['seeking'] },
        ]);
        expect(await store.unsubscribe(a, `${at}3`)).toBe(false);
        expect(await store.unsubscribe(b, `${at}3`)).toBe(true);
        expect(await store.subscriptions(b)).toEqual([]);
        await store.forget(`${at}1`);
        expect(await store.subscriptions(a)).toEqual([device(2, a)]);
      } finally {
        await store.close();
      }
    });
  });
}

/** A game stored by the schema of the first release, read back after the upgrade. */
const OLD_GAME = {
  id: 'oldgame234',
  createdAt: 1,
  setup: { variant: 'standard', clock: null, seats: { white: 'hash' } },
  events: [{ kind: 'join', seat: 'black', token: 'other', at: 2 }],
};

const sqliteData = dataFolder();
afterAll(() => remove(sqliteData));
contract('SQLite', async () => new SqliteStore(sqliteData));

it('upgrades a SQLite database of the games-only schema in place', async () => {
  const folder = dataFolder();
  try {
    mkdirSync(folder, { recursive: true });
    const db = new Database(join(folder, DATABASE_FILE));
    // The tables as the server made them before versions.
    db.exec(`
      CREATE TABLE games (id TEXT PRIMARY KEY, created_at INTEGER NOT NULL, setup TEXT NOT NULL,
        clock_runs INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE events (game_id TEXT NOT NULL REFERENCES games (id), version INTEGER NOT NULL,
        body TEXT NOT NULL, PRIMARY KEY (game_id, version)) WITHOUT ROWID;
      CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
      CREATE INDEX running_games ON games (id) WHERE clock_runs = 1;
    `);
    db.prepare('INSERT INTO games (id, created_at, setup, clock_runs) VALUES (?, ?, ?, 1)').run(
      OLD_GAME.id,
      OLD_GAME.createdAt,
      JSON.stringify(OLD_GAME.setup),
    );
    db.prepare('INSERT INTO events VALUES (?, 1, ?)').run(
      OLD_GAME.id,
      JSON.stringify(OLD_GAME.events[0]),
    );
    db.close();
    const store = new SqliteStore(folder);
    expect(await store.load(OLD_GAME.id)).toEqual(OLD_GAME);
    expect(await store.running()).toEqual([OLD_GAME.id]);
    const id = await newPlayer(store);
    expect((await store.player(id))?.id).toBe(id);
    await store.close();
    const upgraded = new Database(join(folder, DATABASE_FILE));
    expect(upgraded.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    // A database from a newer server is refused rather than misread.
    upgraded.pragma('user_version = 99');
    upgraded.close();
    const newer = new SqliteStore(folder);
    await expect(newer.load(OLD_GAME.id)).rejects.toThrow(/newer server/);
  } finally {
    remove(folder);
  }
});

describe.skipIf(skipWithout('player tests on PostgreSQL', ['postgres']))('on PostgreSQL', () => {
  const db = postgresFor();

  contract('Postgres', () => PostgresStore.open(db.url));

  it('upgrades a database of the games-only schema in place', async () => {
    const url = await newDatabase(db.url, 'agon_old');
    const old = new pg.Client({ connectionString: url });
    await old.connect();
    // The tables as the server made them before versions.
    await old.query(`
      CREATE TABLE games (id TEXT PRIMARY KEY, created_at BIGINT NOT NULL, setup JSONB NOT NULL);
      CREATE TABLE events (game_id TEXT NOT NULL REFERENCES games (id), version INTEGER NOT NULL,
        body JSONB NOT NULL, PRIMARY KEY (game_id, version));
      ALTER TABLE games ADD COLUMN IF NOT EXISTS clock_runs BOOLEAN NOT NULL DEFAULT FALSE;
      CREATE INDEX IF NOT EXISTS running_games ON games (id) WHERE clock_runs;
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value BIGINT NOT NULL);
    `);
    await old.query('INSERT INTO games (id, created_at, setup) VALUES ($1, $2, $3)', [
      OLD_GAME.id,
      OLD_GAME.createdAt,
      JSON.stringify(OLD_GAME.setup),
    ]);
    await old.query('INSERT INTO events VALUES ($1, 1, $2)', [
      OLD_GAME.id,
      JSON.stringify(OLD_GAME.events[0]),
    ]);
    await old.end();
    // Two processes starting together: one migrates, the other finds it done.
    const stores = await Promise.all([PostgresStore.open(url), PostgresStore.open(url)]);
    try {
      expect(await stores[0].load(OLD_GAME.id)).toEqual(OLD_GAME);
      const id = await newPlayer(stores[0]);
      expect((await stores[1].player(id))?.id).toBe(id);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const version = await check.query("SELECT value FROM meta WHERE key = 'schema_version'");
    expect(version.rows).toEqual([{ value: String(MIGRATIONS.length) }]);
    await check.end();
  });
});
