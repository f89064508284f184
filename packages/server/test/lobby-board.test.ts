// The lobby board's contract, for the one-process board in memory and the cluster's in Redis
// alike: seeks and challenges, the atomic pairing (exactly once, whoever races), busy players,
// and in Redis the entries of a dead process dropped once its key of life lapses.

import type { PlayerBrief, PoolId } from '@agon/protocol';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Service, skipWithout, startRedis } from '../scripts/services.ts';
import {
  type Challenge,
  type LobbyBoard,
  MemoryBoard,
  type Playing,
  type Seek,
} from '../src/lobby/board.ts';
import { pairUp } from '../src/lobby/pairing.ts';
import { RedisBoard } from '../src/lobby/redis-board.ts';

const brief = (id: string): PlayerBrief => ({
  id,
  name: `Player ${id}`,
  rating: { rating: 1500, provisional: true, games: 0 },
});

const seek = (player: string, pool: PoolId = '3+2', rating = 1500): Seek => ({
  player,
  pool,
  rating,
  since: 0,
  balance: 0,
  name: `Player ${player}`,
  from: 'network',
});

let games = 0;
const playing = (white: string, black: string, pool: PoolId | null = '3+2'): Playing => ({
  game: `game${String(++games).padStart(6, '0')}`,
  pool,
  white: brief(white),
  black: brief(black),
  clock: { initial: 180_000, increment: 2000 },
  variant: 'standard',
  rated: true,
  since: games,
  lasts: 60_000,
});

const challenge = (id: string, by: string, to?: string): Challenge => ({
  id,
  by: brief(by),
  ...(to !== undefined && { to: brief(to) }),
  terms: {
    clock: { initial: 300_000, increment: 3000 },
    variant: 'standard' as const,
    touchMove: false,
    captorPlacesQueen: false,
    side: 'random' as const,
    rated: true,
  },
  since: 0,
  from: 'network',
});

/** The contract, for a fresh board from `make` (and a second on the same state, if shared). */
function contract(name: string, make: () => Promise<[LobbyBoard, LobbyBoard]>): void {
  describe(name, () => {
    it('pairs two seekers of one pool once, and then neither can seek while busy, as every process sees', async () => {
      const [board, other] = await make();
      expect(await board.seek(seek('a'))).toBe(true);
      expect(await board.seek(seek('b'))).toBe(true);
      expect((await other.seeks('3+2')).map((s) => s.player).sort()).toEqual(['a', 'b']);
      const game = playing('a', 'b');
      const race = await Promise.all([board.pair('a', 'b', game), other.pair('a', 'b', game)]);
      expect(race.filter(Boolean)).toHaveLength(1);
      expect(await board.seeks('3+2')).toEqual([]);
      expect(await other.busy('a')).toBe(game.game);
      // A tournament's wave asks of many players at once which are busy.
      expect([...(await other.busyAmong(['z', 'b', 'a']))].sort()).toEqual(['a', 'b']);
      expect(await other.busyAmong([])).toEqual(new Set());
      expect(await board.seek(seek('a'))).toBe(false);
      expect((await board.snapshot()).playing.map((p) => p.game)).toEqual([game.game]);
      await other.end(game.game, [game.white.id, game.black.id]);
      expect(await board.busy('a')).toBeUndefined();
      expect(await board.busyAmong(['a', 'b'])).toEqual(new Set());
      expect((await board.snapshot()).playing).toEqual([]);
      expect(await board.seek(seek('a'))).toBe(true);
      await board.unseek('a');
      expect(await board.seeks('3+2')).toEqual([]);
    });

    it('pairs a seeker with a bot once, the bot never busy, its own challenge left open', async () => {
      const [board, other] = await make();
      const withBot = (person: string): Playing => {
        const game = playing(person, 'bot1');
        return { ...game, black: { ...game.black, bot: true } };
      };
      expect(await board.offer(challenge('botchal1', 'bot1'))).toBe('placed');
      expect(await board.seek(seek('p'))).toBe(true);
      expect(await board.seek(seek('q'))).toBe(true);
      const first = withBot('p');
      const race = await Promise.all([board.pairBot('p', first), other.pairBot('p', first)]);
      expect(race.filter(Boolean)).toHaveLength(1);
      expect(await other.busy('p')).toBe(first.game);
      // One bot plays any number of games at once, and keeps what it offered.
      const second = withBot('q');
      expect(await other.pairBot('q', second)).toBe(true);
      expect(await board.busy('bot1')).toBeUndefined();
      expect([...(await board.busyAmong(['p', 'q', 'bot1']))].sort()).toEqual(['p', 'q']);
      expect(await board.challenge('botchal1')).toBeDefined();
      // Only a seeker in the game's pool: not one seeking elsewhere, not one now busy.
      await board.seek(seek('r', '1+1'));
      expect(await board.pairBot('r', withBot('r'))).toBe(false);
      expect(await board.pairBot('p', withBot('p'))).toBe(false);
      for (const g of [first, second]) await board.end(g.game, [g.white.id, g.black.id]);
      await board.withdraw('bot1', 'botchal1');
      await board.unseek('r');
    });

    it('keeps a seek with a range in each of its pools, pairs it in any once, and counts who sought', async () => {
      const [board, other] = await make();
      const before = (await board.snapshot()).sought;
      const ranged: Seek = { ...seek('s', '3+2'), also: ['5+3', '10+5'] };
      expect(await board.seek(ranged)).toBe(true);
      expect(await board.seek(seek('t', '10+5'))).toBe(true);
      for (const pool of ['3+2', '5+3', '10+5'] as const) {
        expect((await other.seeks(pool)).map((x) => x.player)).toContain('s');
      }
      expect((await other.seeks('1+1')).map((x) => x.player)).not.toContain('s');
      // Listed once, counted in each pool it waits in.
      const snap = await other.snapshot();
      expect(snap.seeks.filter((x) => x.player === 's')).toHaveLength(1);
      expect(snap.sought).toBe(before + 2);
      // Paired in one pool of its range, it leaves them all.
      const game = playing('s', 't', '10+5');
      const race = await Promise.all([board.pair('s', 't', game), other.pair('s', 't', game)]);
      expect(race.filter(Boolean)).toHaveLength(1);
      for (const pool of ['3+2', '5+3', '10+5'] as const) {
        expect((await board.seeks(pool)).map((x) => x.player)).not.toContain('s');
      }
      expect(await board.pair('s', 't', playing('s', 't', '5+3'))).toBe(false);
      await board.end(game.game, ['s', 't']);
      // A new seek replaces the range; seeking again is one person who sought, not two.
      expect(await board.seek({ ...seek('s', '5+3'), also: ['3+2'] })).toBe(true);
      expect((await board.seeks('10+5')).map((x) => x.player)).not.toContain('s');
      expect((await board.snapshot()).sought).toBe(before + 2);
      await board.unseek('s');
      expect((await board.seeks('3+2')).map((x) => x.player)).not.toContain('s');
      expect((await board.seeks('5+3')).map((x) => x.player)).not.toContain('s');
    });

    it('keeps one pool per player, and pairs only within the pool', async () => {
      const [board] = await make();
      await board.seek(seek('c', '1+1'));
      await board.seek(seek('c', '5+3'));
      await board.seek(seek('d', '1+1'));
      expect((await board.seeks('1+1')).map((s) => s.player)).toEqual(['d']);
      expect(await board.pair('c', 'd', playing('c', 'd', '1+1'))).toBe(false);
      await board.unseek('c');
      await board.unseek('d');
    });

    it('lets a challenge be taken once, never by its owner, and one per owner', async () => {
      const [board, other] = await make();
      expect(await board.offer(challenge('chal0001', 'e'))).toBe('placed');
      expect(await board.offer(challenge('chal0002', 'e'))).toBe('placed');
      expect(await other.challenge('chal0001')).toBeUndefined();
      expect((await other.challenge('chal0002'))?.by.id).toBe('e');
      expect(await board.take('chal0002', 'e', playing('e', 'e', null))).toBe(false);
      await board.seek(seek('f'));
      const game = playing('f', 'e', null);
      const race = await Promise.all([
        board.take('chal0002', 'f', game),
        other.take('chal0002', 'f', game),
      ]);
      expect(race.filter(Boolean)).toHaveLength(1);
      // The taker's seek went with the game.
      expect(await board.seeks('3+2')).toEqual([]);
      expect(await board.challenge('chal0002')).toBeUndefined();
      expect(await other.offer(challenge('chal0003', 'e'))).toBe('busy');
      await board.end(game.game, [game.white.id, game.black.id]);
    });

    it('keeps a challenge’s terms and its game’s listing whole, R16 included', async () => {
      const [board, other] = await make();
      const offered = challenge('chal0006', 'i');
      const r16 = { ...offered, terms: { ...offered.terms, captorPlacesQueen: true } };
      expect(await board.offer(r16)).toBe('placed');
      expect((await other.challenge('chal0006'))?.terms).toEqual(r16.terms);
      const game = { ...playing('j', 'i', null), captorPlacesQueen: true };
      expect(await other.take('chal0006', 'j', game)).toBe(true);
      const listed = (await board.snapshot()).playing;
      expect(listed.find((p) => p.game === game.game)?.captorPlacesQueen).toBe(true);
      await board.end(game.game, [game.white.id, game.black.id]);
    });

    it('withdraws only the owner’s challenge, and drops a player’s entries on leaving', async () => {
      const [board] = await make();
      await board.offer(challenge('chal0004', 'g'));
      expect(await board.withdraw('h', 'chal0004')).toBe(false);
      expect(await board.withdraw('g', 'chal0004')).toBe(true);
      await board.offer(challenge('chal0005', 'g'));
      await board.seek(seek('g'));
      await board.drop('g');
      expect(await board.challenge('chal0005')).toBeUndefined();
      expect(await board.seeks('3+2')).toEqual([]);
    });

    it('lets only its addressee take or decline a challenge addressed to them', async () => {
      const [board, other] = await make();
      expect(await board.offer(challenge('dire0001', 'k', 'l'))).toBe('placed');
      // Beside the challenger's open challenge, which it does not replace.
      expect(await board.offer(challenge('dire0002', 'k'))).toBe('placed');
      expect((await other.challenge('dire0001'))?.to?.id).toBe('l');
      expect(await other.take('dire0001', 'm', playing('m', 'k', null))).toBe(false);
      expect(await other.decline('m', 'dire0001')).toBeUndefined();
      expect(await other.decline('k', 'dire0001')).toBeUndefined();
      expect((await other.decline('l', 'dire0001'))?.id).toBe('dire0001');
      expect(await board.challenge('dire0001')).toBeUndefined();
      expect(await board.offer(challenge('dire0003', 'k', 'l'))).toBe('placed');
      const game = playing('l', 'k', null);
      expect(await other.take('dire0003', 'l', game)).toBe(true);
      // The game took the challenger's other challenges with it, the open one too.
      expect((await board.snapshot()).challenges.map((c) => c.id)).not.toContain('dire0002');
      await board.end(game.game, [game.white.id, game.black.id]);
    });

    it('holds a few addressed challenges a player, one an addressee', async () => {
      const [board, other] = await make();
      const to = ['n1', 'n2', 'n3', 'n4', 'n5'];
      for (const [i, p] of to.entries()) {
        expect(await board.offer(challenge(`dire010${i}`, 'n', p))).toBe('placed');
      }
      expect(await other.offer(challenge('dire0106', 'n', 'n6'))).toBe('full');
      // A new one to the same addressee replaces the old.
      expect(await other.offer(challenge('dire0107', 'n', 'n1'))).toBe('placed');
      expect(await board.challenge('dire0100')).toBeUndefined();
      expect(await other.withdraw('n1', 'dire0107')).toBe(false);
      expect(await other.withdraw('n', 'dire0107')).toBe(true);
      expect(await board.offer(challenge('dire0108', 'n', 'n6'))).toBe('placed');
      await board.drop('n');
      expect((await board.snapshot()).challenges.filter((c) => c.by.id === 'n')).toEqual([]);
    });

    it('keeps a correspondence challenge to a player after its challenger leaves', async () => {
      const [board, other] = await make();
      const days = { ...challenge('dire0201', 'o', 'p') };
      const kept = { ...days, terms: { ...days.terms, clock: { days: 3 as const } } };
      expect(await board.offer(kept)).toBe('placed');
      expect(await board.offer(challenge('dire0202', 'o', 'q'))).toBe('placed');
      await board.drop('o');
      const left = (await other.snapshot()).challenges.filter((c) => c.by.id === 'o');
      expect(left.map((c) => c.id)).toEqual(['dire0201']);
      expect(await other.take('dire0201', 'p', null)).toBe(true);
      expect(await board.challenge('dire0201')).toBeUndefined();
    });

    it('lets a player busy in a live game send and accept correspondence challenges, not live ones', async () => {
      const [board, other] = await make();
      const live = playing('r', 's');
      expect(await board.seat([live])).toEqual([true]);
      const days = (c: Challenge): Challenge => ({
        ...c,
        terms: { ...c.terms, clock: { days: 3 } },
      });
      // Sent while playing: open and addressed alike.
      expect(await other.offer(challenge('busy0001', 'r'))).toBe('busy');
      expect(await other.offer(challenge('busy0002', 'r', 't'))).toBe('busy');
      expect(await other.offer(days(challenge('busy0003', 'r')))).toBe('placed');
      expect(await other.offer(days(challenge('busy0004', 'r', 't')))).toBe('placed');
      expect(await other.take('busy0003', 'u', null)).toBe(true);
      expect(await board.take('busy0004', 't', null)).toBe(true);
      // Accepted while playing.
      expect(await board.offer(challenge('busy0005', 'u'))).toBe('placed');
      expect(await board.offer(days(challenge('busy0006', 'u')))).toBe('placed');
      expect(await other.take('busy0005', 's', playing('u', 's', null))).toBe(false);
      expect(await other.take('busy0006', 's', null)).toBe(true);
      expect(await board.busy('r')).toBe(live.game);
      await board.end(live.game, ['r', 's']);
    });

    it('lets a key be claimed once until its claim lapses', async () => {
      const [board, other] = await make();
      const key = `ping-test-${Math.random()}`;
      expect(await board.claim(key, 60_000)).toBe(true);
      expect(await other.claim(key, 60_000)).toBe(false);
      const brief = `ping-brief-${Math.random()}`;
      expect(await board.claim(brief, 1)).toBe(true);
      await expect.poll(() => other.claim(brief, 60_000)).toBe(true);
    });

    it('pairs 100 seekers racing on two boards exactly once each', async () => {
      const [one, two] = await make();
      const players = Array.from({ length: 100 }, (_, i) => `r${i}`);
      await Promise.all(players.map((p, i) => (i % 2 ? one : two).seek(seek(p, '1+1', 1500))));
      const made: Playing[] = [];
      // Both boards propose pairs over the same pool at once, as two processes would.
      for (let round = 0; round < 5; round++) {
        await Promise.all(
          [one, two].map(async (board) => {
            const pairs = pairUp(await board.seeks('1+1'), 0);
            for (const pair of pairs) {
              const game = playing(pair.white.player, pair.black.player, '1+1');
              if (await board.pair(pair.white.player, pair.black.player, game)) made.push(game);
            }
          }),
        );
      }
      const seated = made.flatMap((g) => [g.white.id, g.black.id]);
      expect(seated.sort()).toEqual([...players].sort());
      for (const game of made) await one.end(game.game, [game.white.id, game.black.id]);
    });
  });
}

contract('the lobby board in memory', async () => {
  const board = new MemoryBoard(Date.now);
  return [board, board];
});

describe.skipIf(skipWithout('lobby board tests in Redis', ['redis']))('in Redis', () => {
  let redis: Service & { url: string };
  let keys: Redis;
  const boards: RedisBoard[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    keys = new Redis(redis.url);
  });
  afterAll(async () => {
    await Promise.all(boards.map((b) => b.close()));
    keys.disconnect();
    await redis?.stop();
  });

  /** A board of the process `origin`, alive for `ms`. */
  const board = async (origin: string, ms = 60_000): Promise<RedisBoard> => {
    await keys.set(`agon:alive:${origin}`, '1', 'PX', ms);
    const b = new RedisBoard(redis.url, origin, () => undefined);
    boards.push(b);
    await b.ready(5000);
    return b;
  };

  contract('the lobby board in Redis', async () => [await board('one'), await board('two')]);

  it('gives each pool one pairing leader, renewed by it, given back or taken when free', async () => {
    const [a, b] = [await board('lead-a'), await board('lead-b')];
    expect(await a.lead('1+1', true)).toBe(true);
    expect(await b.lead('1+1', true)).toBe(false);
    // Renewing is for the leader only: nobody else takes a held pool, nor renews a free one.
    expect(await b.lead('1+1', false)).toBe(false);
    expect(await a.lead('1+1', false)).toBe(true);
    expect(await b.lead('3+2', false)).toBe(false);
    await a.release('1+1');
    expect(await a.lead('1+1', false)).toBe(false);
    expect(await b.lead('1+1', true)).toBe(true);
    expect(await a.processes()).toBeGreaterThanOrEqual(2);
    await b.release('1+1');
  });

  it('drops the seeks and challenges of a process whose key of life lapsed', async () => {
    const dying = await board('dying', 300);
    const living = await board('living');
    await dying.seek(seek('x', '10+5'));
    await dying.offer(challenge('chal0009', 'x2'));
    await living.seek(seek('y', '10+5'));
    expect((await living.snapshot()).challenges.map((c) => c.id)).toContain('chal0009');
    // Its key of life lapses by Redis's clock: wait for that, not for a time.
    await expect.poll(() => keys.exists('agon:alive:dying'), { timeout: 5000 }).toBe(0);
    const after = await living.snapshot();
    expect(after.challenges.map((c) => c.id)).not.toContain('chal0009');
    expect(after.seeks.map((s) => s.player)).toEqual(['y']);
    expect((await living.seeks('10+5')).map((s) => s.player)).toEqual(['y']);
  });

  it('delivers a player’s messages on every process and counts players on live ones', async () => {
    const a = await board('deliver-a');
    const b = await board('deliver-b');
    const heard: string[] = [];
    b.listen({
      deliver: (player, m) => heard.push(`${player}:${m.t}`),
      changed: () => undefined,
      restored: () => undefined,
    });
    a.notify('p1', { t: 'pong' });
    a.attend(3);
    b.attend(2);
    await expect.poll(() => heard, { timeout: 5000 }).toEqual(['p1:pong']);
    await expect.poll(async () => (await a.snapshot()).online).toBeGreaterThanOrEqual(5);
  });
});
