// The turn digest, sent by Web Push to a push service of the test's own on loopback, on a clock
// the test moves: a player whose games turn to them close together gets the first turn at once
// and then one notice for them all, linking to their games page; a player with one game gets
// that game's turn alone, and nothing more.

import type { Notice } from '@agon/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { type Device, PushService } from '../scripts/push-service.ts';
import { Problems } from '../src/common/problems.ts';
import { FOLD_MS, TurnDigest } from '../src/push/digest.ts';
import { WebPush } from '../src/push/push.ts';
import type { SubscriptionStore } from '../src/push/subscriptions.ts';

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
