// Challenges addressed to one player and the waiting lists' pings, in-process over a real SQLite
// store, on the board in memory and on the cluster's board in Redis: an addressed challenge is
// seen and taken by its addressee alone, declined with a reason its challenger hears, refused
// when the addressee takes challenges only from players they have played; the notifier hears of
// each challenge, acceptance and ping, and the pings keep to their limits.

import type { Notice, PoolId } from '@agon/protocol';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithout, startRedis } from '../scripts/services.ts';
import type { Notifier } from '../src/common/notices.ts';
import { newGameId, newPlayerId } from '../src/common/secret.ts';
import { type LobbyBoard, MemoryBoard } from '../src/lobby/board.ts';
import { RedisBoard } from '../src/lobby/redis-board.ts';
import { BLITZ, type Hello, LobbyProcess } from './lobby-process.ts';
import type { Socket } from './lobby-socket.ts';

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

function suite(name: string, makeBoard: () => Promise<LobbyBoard>): void {
  describe(name, () => {
    const told = new Recorder();
    let here: LobbyProcess;

    beforeAll(async () => {
      here = new LobbyProcess(await makeBoard(), { notifier: told });
    });
    afterAll(() => here.close());

    /**
     * A player on the waiting list of `pool` at every hour of the day, so that a ping's test does
     * not depend on when it runs.
     */
    function listed(pool: PoolId): Promise<Hello> {
      const hours = Array.from({ length: 24 }, (_, h) => h);
      return here.player({ settings: { waitingList: { pools: [pool], hours } } });
    }

    /** The ids in the latest `direct` list of `socket`, after the list was sent. */
    async function direct(socket: Socket): Promise<string[]> {
      await here.lobby.show();
      return (socket.of('direct').at(-1)?.challenges ?? []).map((c) => c.id);
    }

    it('shows a challenge to its addressee alone, and lets only them accept it', async () => {
      const [a, b, c] = [await here.player(), await here.player(), await here.player()];
      await here.lobby.act(a.socket, { t: 'challenge', to: b.id, ...BLITZ });
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
      await here.lobby.act(c.socket, { t: 'accept', id: sent!.id });
      expect(c.socket.of('error').at(-1)?.code).toBe('no-such-challenge');
      await here.lobby.act(c.socket, { t: 'decline', id: sent!.id, reason: 'later' });
      expect(c.socket.of('error').at(-1)?.code).toBe('no-such-challenge');
      await here.lobby.act(b.socket, { t: 'accept', id: sent!.id });
      const [pa, pb] = await Promise.all([a.socket.wait('paired'), b.socket.wait('paired')]);
      expect(pa).toMatchObject({ game: pb.game, seat: 'white' });
      expect(told.to(a.id)).toEqual([
        { kind: 'accepted', game: pa.game, by: b.name, url: `/g/${pa.game}` },
      ]);
      await expect.poll(() => direct(b.socket)).toEqual([]);
      await here.end(pa.game);
    });

    it('tells the challenger of an accepted correspondence challenge once, that the game started', async () => {
      const [a, b] = [await here.player(), await here.player()];
      await here.lobby.act(a.socket, { t: 'challenge', to: b.id, ...BLITZ, clock: { days: 3 } });
      await expect.poll(() => direct(b.socket)).toHaveLength(1);
      const [sent] = b.socket.of('direct').at(-1)!.challenges;
      await here.lobby.act(b.socket, { t: 'accept', id: sent!.id });
      const [pa] = await Promise.all([a.socket.wait('paired'), b.socket.wait('paired')]);
      const started = (opponent: string) => ({
        kind: 'started',
        game: pa.game,
        opponent,
        url: `/g/${pa.game}`,
      });
      await expect.poll(() => told.to(a.id)).toEqual([started(b.name)]);
      expect(told.to(b.id).filter((n) => n.kind !== 'challenge')).toEqual([started(a.name)]);
      await here.end(pa.game);
    });

    it('tells the challenger why the addressee declined', async () => {
      const [a, b] = [await here.player(), await here.player()];
      await here.lobby.act(a.socket, { t: 'challenge', to: b.id, ...BLITZ });
      await expect.poll(() => direct(b.socket)).toHaveLength(1);
      const id = b.socket.of('direct').at(-1)!.challenges[0]!.id;
      await here.lobby.act(b.socket, { t: 'decline', id, reason: 'too-fast' });
      const declined = await a.socket.wait('declined');
      expect(declined).toMatchObject({ id, by: { id: b.id, name: b.name }, reason: 'too-fast' });
      await expect.poll(() => direct(a.socket)).toEqual([]);
      await here.lobby.act(b.socket, { t: 'accept', id });
      expect(b.socket.of('error').at(-1)?.code).toBe('no-such-challenge');
    });

    it('refuses a challenge from a stranger to a player who takes them from opponents only', async () => {
      const [a, b] = [
        await here.player(),
        await here.player({ settings: { challengesFrom: 'played' } }),
      ];
      await here.lobby.act(a.socket, { t: 'challenge', to: b.id, ...BLITZ });
      const refused = await a.socket.wait('error');
      expect(refused.code).toBe('challenges-closed');
      expect(refused.message).toContain(b.name);
      expect(told.to(b.id)).toEqual([]);
      await here.store.recordGame({
        gameId: newGameId(),
        white: a.id,
        black: b.id,
        category: { class: 'blitz', rules: 'standard' },
        rated: false,
        startedAt: Date.now(),
      });
      await here.lobby.act(a.socket, { t: 'challenge', to: b.id, ...BLITZ });
      await expect.poll(() => direct(b.socket)).toHaveLength(1);
    });

    it('refuses a challenge to oneself, to nobody, and past the most a player may send', async () => {
      const a = await here.player();
      await here.lobby.act(a.socket, { t: 'challenge', to: a.id, ...BLITZ });
      expect(a.socket.of('error').at(-1)?.code).toBe('own-challenge');
      await here.lobby.act(a.socket, { t: 'challenge', to: newPlayerId(), ...BLITZ });
      expect(a.socket.of('error').at(-1)?.code).toBe('no-such-player');
      const others = await Promise.all(Array.from({ length: 6 }, () => here.player()));
      for (const other of others) {
        await here.lobby.act(a.socket, { t: 'challenge', to: other.id, ...BLITZ });
      }
      expect(a.socket.of('error').at(-1)?.code).toBe('too-many-challenges');
      await expect.poll(() => direct(a.socket)).toHaveLength(5);
      // The open challenge is still the player's to make, beside them.
      await here.lobby.act(a.socket, { t: 'challenge', ...BLITZ });
      await expect
        .poll(async () => {
          await here.lobby.show();
          return a.socket.list?.challenges.filter((c) => c.by.id === a.id).length;
        })
        .toBe(1);
      here.lobby.leave(a.socket);
    });

    it('pings the waiting list of a pool nobody waits in, within its limits', async () => {
      const pool = '10+5';
      const subscriber = await listed(pool);
      const elsewhere = await listed('1+1');
      const seeker = await listed(pool);
      await here.lobby.act(seeker.socket, { t: 'seek', pool });
      const seeking = (): Notice[] => told.to(subscriber.id).filter((n) => n.kind === 'seeking');
      await expect
        .poll(seeking)
        .toEqual([{ kind: 'seeking', pool, seeker: seeker.name, url: '/lobby?seek=10%2B5' }]);
      expect(told.to(seeker.id)).toEqual([]);
      expect(told.to(elsewhere.id)).toEqual([]);
      // A second seeker now finds the first waiting: nobody is pinged.
      const late = await listed(pool);
      const second = await here.player();
      await here.lobby.act(second.socket, { t: 'seek', pool });
      await here.lobby.pairWave();
      await expect.poll(() => second.socket.of('paired')).toHaveLength(1);
      expect(told.to(late.id)).toEqual([]);
      // The first seeker, back in the empty pool at once, pings nobody again, nor does another
      // seeker wake the subscriber pinged minutes ago.
      const game = second.socket.of('paired')[0]!.game;
      await here.end(game);
      await here.lobby.act(seeker.socket, { t: 'seek', pool });
      await seeker.socket.wait('seeking', (m) => m.pool === pool);
      expect(told.to(late.id)).toEqual([]);
      await here.lobby.act(seeker.socket, { t: 'unseek' });
      const third = await here.player();
      await here.lobby.act(third.socket, { t: 'seek', pool });
      await expect.poll(() => told.to(late.id)).toHaveLength(1);
      expect(seeking()).toHaveLength(1);
      await here.lobby.act(third.socket, { t: 'unseek' });
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
