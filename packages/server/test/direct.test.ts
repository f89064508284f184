// Challenges addressed to one player and the waiting lists' pings, in-process over a real SQLite
// store, on the board in memory and on the cluster's board in Redis: an addressed challenge is
// seen and taken by its addressee alone, declined with a reason its challenger hears, refused
// when the addressee takes challenges only from players they have played; the notifier hears of
// each challenge, acceptance and ping, and the pings keep to their limits.

import type { ChallengeTerms, LobbySettings, Notice } from '@agon/protocol';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithout, startRedis } from '../scripts/services.ts';
import type { Notifier } from '../src/common/notices.ts';
import { Problems } from '../src/common/problems.ts';
import { hashToken, newGameId, newPlayerId, newToken } from '../src/common/secret.ts';
import { type LobbyBoard, MemoryBoard } from '../src/lobby/board.ts';
import { Lobby } from '../src/lobby/lobby.ts';
import { RedisBoard } from '../src/lobby/redis-board.ts';
import { Settlement } from '../src/lobby/settlement.ts';
import { SqliteStore } from '../src/storage/sqlite.ts';
import { dataFolder, remove } from './harness.ts';
import { Socket } from './lobby-socket.ts';

/** A notifier that keeps what it is handed. */
class Recorder implements Notifier {
  readonly notices: { player: string; notice: Notice }[] = [];
  notify(player: string, notice: Notice): void {
    this.notices.push({ player, notice });
  }
  /** What `player` was told. */
  to(player: string): Notice[] {
    return this.notices.filter((n) => n.player === player).map((n) => n.notice);
  }
}

const BLITZ: ChallengeTerms = {
  clock: { initial: 300_000, increment: 3000 },
  variant: 'standard',
  touchMove: false,
  captorPlacesQueen: false,
  side: 'white',
  rated: true,
};

/** What an aborted game played: nothing. */
const UNPLAYED = { plies: 0, berserk: { white: false, black: false } };

/** Every hour of the day, so that a ping's test does not depend on when it runs. */
const ALL_DAY = Array.from({ length: 24 }, (_, h) => h);

function suite(name: string, makeBoard: () => Promise<LobbyBoard>): void {
  describe(name, () => {
    let folder: string;
    let store: SqliteStore;
    let lobby: Lobby;
    let settlement: Settlement;
    const told = new Recorder();

    beforeAll(async () => {
      folder = dataFolder();
      store = new SqliteStore(folder);
      const board = await makeBoard();
      const problems = new Problems(Date.now, 60_000, () => undefined);
      lobby = new Lobby({
        board,
        players: store,
        games: store,
        limits: { lobbyActionsPerMinute: 60, lobbyActionBurst: 20 },
        now: Date.now,
        problems,
        hold: async () => undefined,
        playing: () => [],
        network: (address) => address,
        notifier: told,
      });
      settlement = new Settlement(store, board, problems, Date.now);
    });
    afterAll(async () => {
      await lobby.close();
      await store.close();
      remove(folder);
    });

    /** A new player in the store and a socket that said hello as them. */
    async function player(settings?: Partial<LobbySettings>) {
      const id = newPlayerId();
      const token = newToken();
      const name = `Player ${id}`;
      await store.createPlayer({ id, name, tokenHash: hashToken(token), createdAt: Date.now() });
      if (settings) {
        await store.saveSettings(id, { ...(await store.settings(id)), ...settings });
      }
      const socket = new Socket();
      expect(await lobby.hello(socket, token)).toBe(true);
      return { id, name, token, socket };
    }

    /** The ids in the latest `direct` list of `socket`, after the list was sent. */
    async function direct(socket: Socket): Promise<string[]> {
      await lobby.show();
      return (socket.of('direct').at(-1)?.challenges ?? []).map((c) => c.id);
    }

    it('shows a challenge to its addressee alone, and lets only them accept it', async () => {
      const [a, b, c] = [await player(), await player(), await player()];
      await lobby.act(a.socket, { t: 'challenge', to: b.id, ...BLITZ });
      await expect.poll(() => direct(b.socket)).toHaveLength(1);
      const [sent] = b.socket.of('direct').at(-1)!.challenges;
      expect(sent).toMatchObject({ by: { id: a.id }, to: { id: b.id }, class: 'blitz' });
      expect(await direct(a.socket)).toEqual([sent!.id]);
      expect(await direct(c.socket)).toEqual([]);
      // Not in the public list.
      expect(c.socket.list?.challenges.map((x) => x.id)).not.toContain(sent!.id);
      expect(told.to(b.id)).toEqual([
        {
          kind: 'challenge',
          challenge: sent!.id,
          from: a.name,
          pace: BLITZ.clock,
          url: '/lobby',
        },
      ]);
      await lobby.act(c.socket, { t: 'accept', id: sent!.id });
      expect(c.socket.of('error').at(-1)?.code).toBe('no-such-challenge');
      await lobby.act(c.socket, { t: 'decline', id: sent!.id, reason: 'later' });
      expect(c.socket.of('error').at(-1)?.code).toBe('no-such-challenge');
      await lobby.act(b.socket, { t: 'accept', id: sent!.id });
      const [pa, pb] = await Promise.all([a.socket.wait('paired'), b.socket.wait('paired')]);
      expect(pa).toMatchObject({ game: pb.game, seat: 'white' });
      expect(told.to(a.id)).toEqual([
        { kind: 'accepted', game: pa.game, by: b.name, url: `/g/${pa.game}` },
      ]);
      await expect.poll(() => direct(b.socket)).toEqual([]);
      const stored = await store.load(pa.game);
      await settlement.finished(
        pa.game,
        stored!.setup,
        { winner: null, reason: 'aborted' },
        UNPLAYED,
      );
    });

    it('tells the challenger of an accepted correspondence challenge once, that the game started', async () => {
      const [a, b] = [await player(), await player()];
      await lobby.act(a.socket, { t: 'challenge', to: b.id, ...BLITZ, clock: { days: 3 } });
      await expect.poll(() => direct(b.socket)).toHaveLength(1);
      const [sent] = b.socket.of('direct').at(-1)!.challenges;
      await lobby.act(b.socket, { t: 'accept', id: sent!.id });
      const [pa] = await Promise.all([a.socket.wait('paired'), b.socket.wait('paired')]);
      const started = (opponent: string) => ({
        kind: 'started',
        game: pa.game,
        opponent,
        url: `/g/${pa.game}`,
      });
      await expect.poll(() => told.to(a.id)).toEqual([started(b.name)]);
      expect(told.to(b.id).filter((n) => n.kind !== 'challenge')).toEqual([started(a.name)]);
      const stored = await store.load(pa.game);
      await settlement.finished(
        pa.game,
        stored!.setup,
        { winner: null, reason: 'aborted' },
        UNPLAYED,
      );
    });

    it('tells the challenger why the addressee declined', async () => {
      const [a, b] = [await player(), await player()];
      await lobby.act(a.socket, { t: 'challenge', to: b.id, ...BLITZ });
      await expect.poll(() => direct(b.socket)).toHaveLength(1);
      const id = b.socket.of('direct').at(-1)!.challenges[0]!.id;
      await lobby.act(b.socket, { t: 'decline', id, reason: 'too-fast' });
      const declined = await a.socket.wait('declined');
      expect(declined).toMatchObject({ id, by: { id: b.id, name: b.name }, reason: 'too-fast' });
      await expect.poll(() => direct(a.socket)).toEqual([]);
      await lobby.act(b.socket, { t: 'accept', id });
      expect(b.socket.of('error').at(-1)?.code).toBe('no-such-challenge');
    });

    it('refuses a challenge from a stranger to a player who takes them from opponents only', async () => {
      const [a, b] = [await player(), await player({ challengesFrom: 'played' })];
      await lobby.act(a.socket, { t: 'challenge', to: b.id, ...BLITZ });
      const refused = await a.socket.wait('error');
      expect(refused.code).toBe('challenges-closed');
      expect(refused.message).toContain(b.name);
      expect(told.to(b.id)).toEqual([]);
      await store.recordGame({
        gameId: newGameId(),
        white: a.id,
        black: b.id,
        category: { class: 'blitz', rules: 'standard' },
        rated: false,
        startedAt: Date.now(),
      });
      await lobby.act(a.socket, { t: 'challenge', to: b.id, ...BLITZ });
      await expect.poll(() => direct(b.socket)).toHaveLength(1);
    });

    it('refuses a challenge to oneself, to nobody, and past the most a player may send', async () => {
      const a = await player();
      await lobby.act(a.socket, { t: 'challenge', to: a.id, ...BLITZ });
      expect(a.socket.of('error').at(-1)?.code).toBe('own-challenge');
      await lobby.act(a.socket, { t: 'challenge', to: newPlayerId(), ...BLITZ });
      expect(a.socket.of('error').at(-1)?.code).toBe('no-such-player');
      const others = await Promise.all(Array.from({ length: 6 }, () => player()));
      for (const other of others) {
        await lobby.act(a.socket, { t: 'challenge', to: other.id, ...BLITZ });
      }
      expect(a.socket.of('error').at(-1)?.code).toBe('too-many-challenges');
      await expect.poll(() => direct(a.socket)).toHaveLength(5);
      // The open challenge is still the player's to make, beside them.
      await lobby.act(a.socket, { t: 'challenge', ...BLITZ });
      await expect
        .poll(async () => {
          await lobby.show();
          return a.socket.list?.challenges.filter((c) => c.by.id === a.id).length;
        })
        .toBe(1);
      lobby.leave(a.socket);
    });

    it('pings the waiting list of a pool nobody waits in, within its limits', async () => {
      const pool = '10+5';
      const subscriber = await player({ waitingList: { pools: [pool], hours: ALL_DAY } });
      const elsewhere = await player({ waitingList: { pools: ['1+1'], hours: ALL_DAY } });
      const seeker = await player({ waitingList: { pools: [pool], hours: ALL_DAY } });
      await lobby.act(seeker.socket, { t: 'seek', pool });
      const seeking = (): Notice[] => told.to(subscriber.id).filter((n) => n.kind === 'seeking');
      await expect
        .poll(seeking)
        .toEqual([{ kind: 'seeking', pool, seeker: seeker.name, url: '/lobby?seek=10%2B5' }]);
      expect(told.to(seeker.id)).toEqual([]);
      expect(told.to(elsewhere.id)).toEqual([]);
      // A second seeker now finds the first waiting: nobody is pinged.
      const late = await player({ waitingList: { pools: [pool], hours: ALL_DAY } });
      const second = await player();
      await lobby.act(second.socket, { t: 'seek', pool });
      await lobby.pairWave();
      await expect.poll(() => second.socket.of('paired')).toHaveLength(1);
      expect(told.to(late.id)).toEqual([]);
      // The first seeker, back in the empty pool at once, pings nobody again, nor does another
      // seeker wake the subscriber pinged minutes ago.
      const game = second.socket.of('paired')[0]!.game;
      const stored = await store.load(game);
      await settlement.finished(game, stored!.setup, { winner: null, reason: 'aborted' }, UNPLAYED);
      await lobby.act(seeker.socket, { t: 'seek', pool });
      await seeker.socket.wait('seeking', (m) => m.pool === pool);
      expect(told.to(late.id)).toEqual([]);
      await lobby.act(seeker.socket, { t: 'unseek' });
      const third = await player();
      await lobby.act(third.socket, { t: 'seek', pool });
      await expect.poll(() => told.to(late.id)).toHaveLength(1);
      expect(seeking()).toHaveLength(1);
      await lobby.act(third.socket, { t: 'unseek' });
    });
  });
}

suite('addressed challenges and pings, board in memory', async () => new MemoryBoard(Date.now));

describe.skipIf(skipWithout('direct message tests in Redis', ['redis']))('in Redis', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let keys: Redis;
  beforeAll(async () => {
    redis = await startRedis();
    keys = new Redis(redis.url);
  });
  afterAll(async () => {
    keys.disconnect();
    await redis?.stop();
  });
  suite('addressed challenges and pings, board in Redis', async () => {
    // The process's key of life, which the relay would renew: long enough for the tests.
    await keys.set('agon:alive:direct', '1', 'PX', 600_000);
    const board = new RedisBoard(redis.url, 'direct', () => undefined);
    await board.ready(5000);
    return board;
  });
});
