// The turn digest, sent by Web Push to a push service of the test's own on loopback, on a clock
// the test moves: a player whose games turn to them close together gets the first turn at once
// and then one notice for them all, linking to their games page; a player with one game gets
// that game's turn alone, and nothing more. Once in process, on the test's own clock, and once
// through a real server whose clock the test moves on (clock-jump.mjs).

import type { Notice } from '@agon/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { type Device, PushService } from '../scripts/push-service.ts';
import { skipWithout, startRedis } from '../scripts/services.ts';
import { Problems } from '../src/common/problems.ts';
import { RedisRelay } from '../src/game/redis-relay.ts';
import { LocalRelay, type Relay } from '../src/game/relay.ts';
import { FOLD_MS, TurnDigest } from '../src/push/digest.ts';
import { WebPush } from '../src/push/push.ts';
import type { SubscriptionStore } from '../src/push/subscriptions.ts';
import { JUMP_A_DAY, serverFor } from './harness.ts';
import { turnsWaiting } from './turns-waiting.ts';

const DAY = 24 * 3600_000;

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A turn of `game` against `opponent`, due `deadline`. */
const turn = (game: string, opponent: string, deadline: number): Notice => ({
  kind: 'turn',
  game,
  opponent,
  deadline,
  url: `/g/${game}`,
});

/** The digest of `games`, due `deadline`. */
const digestOf = (games: string[], deadline: number): Notice => ({
  kind: 'turn',
  games,
  deadline,
  url: '/games',
});

/**
 * A digest in front of web push to `devices` (one per player), on the clock `now`, folding in
 * `whiles` (a process alone unless told), its problems logged to `log`.
 */
async function digestTo(
  devices: ReadonlyMap<string, Device>,
  now: () => number,
  whiles: Pick<Relay, 'fold' | 'unfold'> = new LocalRelay(),
  log: (line: string) => void = () => undefined,
) {
  const store: SubscriptionStore = {
    subscribe: async () => true,
    unsubscribe: async () => true,
    forget: async () => undefined,
    subscriptions: async (player) => {
      const device = devices.get(player);
      if (!device) return [];
      const { endpoint, keys } = device.subscription('en');
      return [{ endpoint, ...keys, player, language: 'en', off: [], createdAt: 0 }];
    },
  };
  const problems = new Problems(Date.now, 60_000, log);
  const push = new WebPush({
    store,
    keys: webPush.generateVAPIDKeys(),
    contact: 'mailto:test@agon.invalid',
    problems,
    now,
    loopback: true,
  });
  const digest = new TurnDigest(push, whiles, now, problems);
  closers.push(() => push.close());
  closers.push(() => digest.close());
  return digest;
}

describe('the turn digest', () => {
  it('folds the turns that come close together into one notice, and keeps a lone game’s turn single', async () => {
    const service = await PushService.start();
    closers.push(() => service.close());
    let clock = Date.UTC(2026, 11, 5, 12);
    const now = (): number => clock;
    const many = service.device('/many');
    const one = service.device('/one');
    const digest = await digestTo(
      new Map([
        ['many', many],
        ['one', one],
      ]),
      now,
    );
    const day = 24 * 3600_000;
    const path = (d: Device): string => new URL(d.endpoint).pathname;
    const told = async (d: Device): Promise<Notice> => d.read(await service.next(path(d))).notice;

    // Three of one player's games turn to them within the while, one of them twice, and one
    // game of another player's.
    digest.notify('many', turn('gameaaaa', 'Ann', clock + 3 * day));
    digest.notify('one', turn('gameoooo', 'Olli', clock + 3 * day));
    clock += 10_000;
    digest.notify('many', turn('gamebbbb', 'Bo', clock + 2 * day));
    digest.notify('many', turn('gamecccc', 'Cy', clock + day));
    clock += 10_000;
    digest.notify('many', turn('gamebbbb', 'Bo', clock + 2 * day));
    digest.notify('many', { kind: 'accepted', game: 'gamedddd', by: 'Di', url: '/g/gamedddd' });

    // The first turn of each goes at once with its game's link; other kinds are not held.
    expect(await told(many)).toEqual(turn('gameaaaa', 'Ann', clock - 20_000 + 3 * day));
    expect(await told(many)).toMatchObject({ kind: 'accepted' });
    expect(await told(one)).toEqual(turn('gameoooo', 'Olli', clock - 20_000 + 3 * day));

    // The while ends: one notice for the three games, the nearest deadline, the games page.
    clock += FOLD_MS;
    expect(await told(many)).toEqual(
      digestOf(['gameaaaa', 'gamebbbb', 'gamecccc'], clock - FOLD_MS - 10_000 + day),
    );
    // The player of one game heard of it once: nothing was held for them.
    clock += FOLD_MS;
    digest.notify('one', turn('gameoooo', 'Olli', clock + 3 * day));
    expect(await told(one)).toMatchObject({ kind: 'turn', game: 'gameoooo' });
    const sent = (d: Device): number => service.received.filter((r) => r.t === path(d)).length;
    expect(sent(one)).toBe(2);

    // A while in which only the game told first turns again sends that game's latest turn alone.
    clock += 60_000;
    digest.notify('one', turn('gameoooo', 'Olli', clock + 3 * day));
    clock += FOLD_MS;
    expect(await told(one)).toEqual(turn('gameoooo', 'Olli', clock - FOLD_MS + 3 * day));
    expect(sent(many)).toBe(3);
  });

  it('tells a while found ended by the next turn before it was looked at, then that turn at once', async () => {
    const service = await PushService.start();
    closers.push(() => service.close());
    let clock = Date.UTC(2026, 11, 5, 12);
    const device = service.device('/late');
    const digest = await digestTo(new Map([['late', device]]), () => clock);
    const told = async (): Promise<Notice> =>
      device.read(await service.next(new URL(device.endpoint).pathname)).notice;
    const start = clock;
    digest.notify('late', turn('gameaaaa', 'Ann', start + DAY));
    digest.notify('late', turn('gamebbbb', 'Bo', start + 2 * DAY));
    // The while has ended, and the turn after it comes before the look of each second.
    clock += FOLD_MS;
    digest.notify('late', turn('gamecccc', 'Cy', clock + DAY));
    expect(await told()).toEqual(turn('gameaaaa', 'Ann', start + DAY));
    expect(await told()).toEqual(digestOf(['gameaaaa', 'gamebbbb'], start + DAY));
    expect(await told()).toEqual(turn('gamecccc', 'Cy', clock + DAY));
  });
});

describe.skipIf(skipWithout('the turn digest on Redis', ['redis']))(
  'the turn digest, folded by two processes on one Redis',
  () => {
    /**
     * Two processes' digests, A and B, each on its own relay to one Redis, telling player `p`'s
     * device, on a clock the test moves (`at.clock`); `at.redis` is the Redis, which the test may
     * stop and start again on its port.
     */
    async function twoProcesses() {
      const redis = await startRedis();
      const service = await PushService.start();
      closers.push(() => service.close());
      const device = service.device('/two');
      const relays = [
        new RedisRelay(redis.url, () => undefined),
        new RedisRelay(redis.url, () => undefined),
      ] as const;
      const at = { redis, clock: Date.UTC(2026, 11, 5, 12) };
      closers.push(() => at.redis.stop());
      closers.push(() => Promise.all(relays.map((r) => r.close())).then(() => undefined));
      const ready = async (): Promise<void> => {
        for (const r of relays) expect(await r.ready(10_000)).toBe(true);
      };
      await ready();
      const logs: [string[], string[]] = [[], []];
      /** The digest of process `i`. */
      const digestOn = (i: 0 | 1) =>
        digestTo(
          new Map([['p', device]]),
          () => at.clock,
          relays[i],
          (line) => logs[i].push(line),
        );
      const [a, b] = await Promise.all([digestOn(0), digestOn(1)]);
      const told = async (): Promise<Notice> =>
        device.read(await service.next(new URL(device.endpoint).pathname)).notice;
      return { at, a, b, relays, ready, logs, told, device };
    }

    it('tells a while whose opener was killed: by a process that held turns in it, else with the next turn', async () => {
      const { at, a, b, relays, told, device } = await twoProcesses();
      const start = at.clock;
      // A opens the while, B holds two games in it, and A is killed before its end.
      a.notify('p', turn('gameaaaa', 'Ann', start + 3 * DAY));
      await a.idle();
      b.notify('p', turn('gamebbbb', 'Bo', start + 2 * DAY));
      b.notify('p', turn('gamecccc', 'Cy', start + DAY));
      await b.idle();
      expect(await told()).toEqual(turn('gameaaaa', 'Ann', start + 3 * DAY));
      a.close();
      at.clock += FOLD_MS;
      expect(await told()).toEqual(digestOf(['gameaaaa', 'gamebbbb', 'gamecccc'], start + DAY));

      // B opens the next while and holds a turn in it itself, and is killed: the player's next
      // turn, on a process started since, finds the while ended, tells it, then itself at once.
      b.notify('p', turn('gamedddd', 'Di', at.clock + DAY));
      b.notify('p', turn('gameeeee', 'Ed', at.clock + 2 * DAY));
      await b.idle();
      expect(await told()).toEqual(turn('gamedddd', 'Di', at.clock + DAY));
      b.close();
      const c = await digestTo(new Map([['p', device]]), () => at.clock, relays[0]);
      at.clock += FOLD_MS;
      c.notify('p', turn('gameffff', 'Fi', at.clock + DAY));
      expect(await told()).toEqual(digestOf(['gamedddd', 'gameeeee'], at.clock - FOLD_MS + DAY));
      expect(await told()).toEqual(turn('gameffff', 'Fi', at.clock + DAY));
    }, 60_000);

    it('tells one digest of the turns two processes held, and every turn while Redis is away', async () => {
      const { at, a, b, ready, logs, told } = await twoProcesses();
      /** The games of the next `n` turns, in whichever order the two processes' sends came. */
      const games = async (n: number): Promise<string[]> => {
        const out: string[] = [];
        for (let i = 0; i < n; i++) {
          const notice = await told();
          if (notice.kind === 'turn' && 'game' in notice) out.push(notice.game);
        }
        return out.sort();
      };

      // A commits the first move, B and A three more: one game's turn twice.
      const start = at.clock;
      a.notify('p', turn('gameaaaa', 'Ann', start + 3 * DAY));
      await a.idle();
      b.notify('p', turn('gamebbbb', 'Bo', start + 2 * DAY));
      await b.idle();
      a.notify('p', turn('gamecccc', 'Cy', start + DAY));
      b.notify('p', turn('gamebbbb', 'Bo', start + 2 * DAY + 1));
      await Promise.all([a.idle(), b.idle()]);
      expect(await told()).toEqual(turn('gameaaaa', 'Ann', start + 3 * DAY));
      // Both look at the while's end; one of them takes it and tells it.
      at.clock += FOLD_MS;
      expect(await told()).toEqual(digestOf(['gameaaaa', 'gamebbbb', 'gamecccc'], start + DAY));
      // Nothing more of that while: the next notice is the next turn's, at once.
      await Promise.all([a.idle(), b.idle()]);
      a.notify('p', turn('gamedddd', 'Di', at.clock + DAY));
      expect(await told()).toEqual(turn('gamedddd', 'Di', at.clock + DAY));

      // B holds a turn in the new while; Redis goes away: each turn is told at once, and each
      // process reports once that it cannot fold.
      b.notify('p', turn('gameeeee', 'Ed', at.clock + DAY));
      await b.idle();
      await at.redis.stop('SIGKILL');
      for (const [digest, game] of [
        [a, 'gameffff'],
        [b, 'gamegggg'],
        [a, 'gamehhhh'],
        [b, 'gameiiii'],
      ] as const)
        digest.notify('p', turn(game, 'Fo', at.clock + DAY));
      expect(await games(4)).toEqual(['gameffff', 'gamegggg', 'gamehhhh', 'gameiiii']);
      expect(logs.map((l) => l.length)).toEqual([1, 1]);
      // Long past the while's end, Redis still away: B tells the turn it held itself.
      at.clock += 2 * FOLD_MS;
      expect(await told()).toEqual(turn('gameeeee', 'Ed', at.clock - 2 * FOLD_MS + DAY));

      // Redis back, empty: folding goes on.
      at.redis = await startRedis(at.redis.port);
      await ready();
      a.notify('p', turn('gamejjjj', 'Jo', at.clock + DAY));
      await a.idle();
      b.notify('p', turn('gamekkkk', 'Ko', at.clock + 2 * DAY));
      await b.idle();
      expect(await told()).toEqual(turn('gamejjjj', 'Jo', at.clock + DAY));
      at.clock += FOLD_MS;
      expect(await told()).toMatchObject({ games: ['gamejjjj', 'gamekkkk'], url: '/games' });

      // Redis restarts, losing a while in which B held a turn: B tells it at the end itself.
      await Promise.all([a.idle(), b.idle()]);
      a.notify('p', turn('gamellll', 'Li', at.clock + DAY));
      await a.idle();
      b.notify('p', turn('gamemmmm', 'Mo', at.clock + DAY));
      await b.idle();
      expect(await told()).toEqual(turn('gamellll', 'Li', at.clock + DAY));
      await at.redis.stop('SIGKILL');
      at.redis = await startRedis(at.redis.port);
      await ready();
      at.clock += FOLD_MS;
      expect(await told()).toEqual(turn('gamemmmm', 'Mo', at.clock - FOLD_MS + DAY));
    }, 60_000);
  },
);

describe('the turn digest, on a server', () => {
  const server = serverFor(
    { AGON_TRUST_PROXY: '1', AGON_PUSH_LOOPBACK: '1', ...JUMP_A_DAY.env },
    JUMP_A_DAY.options,
  );

  it('tells a player whose three games turn together of the first at once, then of all three in one', async () => {
    const { games, nextTurn, close } = await turnsWaiting([server.url], 30, 'ru');
    closers.push(close);
    expect(await nextTurn()).toMatchObject({ kind: 'turn', game: games[0], url: `/g/${games[0]}` });
    // The server's clock moves on past the while: the other two come folded with the first.
    server.running.process.kill('SIGUSR2');
    expect(await nextTurn()).toMatchObject({ kind: 'turn', games, url: '/games' });
  }, 60_000);
});
