// The turn digest, sent by Web Push to a push service of the test's own on loopback, on a clock
// the test moves: a player whose games turn to them close together gets the first turn at once
// and then one notice for them all, linking to their games page; a player with one game gets
// that game's turn alone, and nothing more. Once in process, on the test's own clock, and once
// through a real server whose clock the test moves on (clock-jump.mjs).

import type { Notice } from '@agon/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { LobbyClient, newPlayer } from '../scripts/lobby-client.ts';
import { type Device, PushService } from '../scripts/push-service.ts';
import { Problems } from '../src/common/problems.ts';
import { FOLD_MS, TurnDigest } from '../src/push/digest.ts';
import { WebPush } from '../src/push/push.ts';
import type { SubscriptionStore } from '../src/push/subscriptions.ts';
import { JUMP_A_DAY, Peer, quietMove, RATED_CORRESPONDENCE, serverFor } from './harness.ts';

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

/** A digest in front of web push to `devices` (one per player), on the clock `now`. */
async function digestTo(devices: ReadonlyMap<string, Device>, now: () => number) {
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
  const push = new WebPush({
    store,
    keys: webPush.generateVAPIDKeys(),
    contact: 'mailto:test@agon.invalid',
    problems: new Problems(Date.now, 60_000, () => undefined),
    now,
    loopback: true,
  });
  const digest = new TurnDigest(push, now);
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
    expect(await told(many)).toEqual({
      kind: 'turn',
      games: ['gameaaaa', 'gamebbbb', 'gamecccc'],
      deadline: clock - FOLD_MS - 10_000 + day,
      url: '/games',
    });
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
});

describe('the turn digest, on a server', () => {
  const server = serverFor(
    { AGON_TRUST_PROXY: '1', AGON_PUSH_LOOPBACK: '1', ...JUMP_A_DAY.env },
    JUMP_A_DAY.options,
  );

  it('tells a player whose three games turn together of the first at once, then of all three in one', async () => {
    const service = await PushService.start();
    closers.push(() => service.close());
    const address = (i: number): string => `198.51.100.${30 + i}`;
    const [black, ...whites] = await Promise.all(
      [0, 1, 2, 3].map((i) => newPlayer(server.url, i === 0 ? 'ru' : 'en', address(i))),
    );
    const device = service.device(`/digest-${black!.id}`);
    const subscribed = await fetch(`${server.url}api/me/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${black!.token}` },
      body: JSON.stringify(device.subscription('ru')),
    });
    expect(subscribed.status).toBe(201);

    // Three players challenge Black to games of three days a move; Black takes each.
    const taker = (await LobbyClient.open(server.url, black!.token, { address: address(0) }))
      .client;
    closers.push(() => taker.close());
    const games: string[] = [];
    const taken = new Set<string>();
    for (const [i, white] of whites.entries()) {
      const maker = (await LobbyClient.open(server.url, white.token, { address: address(i + 1) }))
        .client;
      closers.push(() => maker.close());
      maker.send({ t: 'challenge', ...RATED_CORRESPONDENCE, clock: { days: 3 }, rated: false });
      let id = '';
      await taker.lobbyWhere((l) => {
        id = l.challenges.find((c) => c.by.id === white.id && !taken.has(c.id))?.id ?? '';
        return id !== '';
      });
      taken.add(id);
      taker.send({ t: 'accept', id });
      const [paired] = await Promise.all([maker.next('paired'), taker.next('paired')]);
      games.push(paired.game);
    }
    // Each White moves, one after another: each game waits for Black.
    for (const [i, white] of whites.entries()) {
      const seat = await Peer.join(server.url, games[i]!, white.token);
      seat.peer.send({ t: 'move', seat: 'white', move: quietMove([]), version: 0 });
      await seat.peer.event(1);
      seat.peer.close();
    }
    /** The next turn Black's device is told of (the games' starts pass by). */
    const nextTurn = async (): Promise<Notice> => {
      for (;;) {
        const { notice } = device.read(await service.next(new URL(device.endpoint).pathname));
        if (notice.kind === 'turn') return notice;
      }
    };
    expect(await nextTurn()).toMatchObject({ kind: 'turn', game: games[0], url: `/g/${games[0]}` });
    // The server's clock moves on past the while: the other two come folded with the first.
    server.running.process.kill('SIGUSR2');
    expect(await nextTurn()).toMatchObject({ kind: 'turn', games, url: '/games' });
  }, 60_000);
});
