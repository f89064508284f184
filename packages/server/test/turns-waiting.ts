// The start of the turn digest's tests through real servers (push-digest.test.ts on one,
// push-digest-cluster.test.ts on a cluster): a player with a device on a push service of the
// test's own, and three games of days made in the lobby as players make them, in each of which
// White has moved, so that each waits for that player's move.

import type { Identity, NameLanguage, Notice } from '@agon/protocol';
import { expect } from 'vitest';
import { LobbyClient, newPlayer } from '../scripts/lobby-client.ts';
import { type Device, PushService } from '../scripts/push-service.ts';
import { Peer, quietMove, RATED_CORRESPONDENCE } from './harness.ts';

/** A player whose three games wait for their move, and their device. */
export interface TurnsWaiting {
  readonly black: Identity;
  readonly whites: readonly Identity[];
  readonly games: readonly string[];
  readonly service: PushService;
  readonly device: Device;
  /** The device's path on the push service. */
  readonly path: string;
  /** The next turn the device is told of (the games' starts pass by). */
  nextTurn(): Promise<Notice>;
  close(): Promise<void>;
}

/**
 * Black (speaking `language`), subscribed and challenged on `urls[0]` by three Whites; White
 * `i` moves through `urls[i % urls.length]`, and `moved(i, black)` is awaited after each move. Each
 * player comes from an address of their own, from `198.51.100.<base + i>`.
 */
export async function turnsWaiting(
  urls: readonly string[],
  base: number,
  language: NameLanguage,
  moved: (i: number, black: Identity) => Promise<unknown> = async () => undefined,
): Promise<TurnsWaiting> {
  const [url] = urls as [string];
  const service = await PushService.start();
  const clients: LobbyClient[] = [];
  const close = async (): Promise<void> => {
    for (const c of clients) c.close();
    await service.close();
  };
  const address = (i: number): string => `198.51.100.${base + i}`;
  const [black, ...whites] = (await Promise.all(
    [0, 1, 2, 3].map((i) => newPlayer(url, i === 0 ? language : 'en', address(i))),
  )) as [Identity, ...Identity[]];
  const device = service.device(`/digest-${black.id}`);
  const subscribed = await fetch(`${url}api/me/push`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${black.token}`,
      'x-forwarded-for': address(0),
    },
    body: JSON.stringify(device.subscription(language)),
  });
  expect(subscribed.status).toBe(201);

  // Three players challenge Black to games of three days a move; Black takes each.
  const taker = (await LobbyClient.open(url, black.token, { address: address(0) })).client;
  clients.push(taker);
  const games: string[] = [];
  const taken = new Set<string>();
  for (const [i, white] of whites.entries()) {
    const maker = (await LobbyClient.open(url, white.token, { address: address(i + 1) })).client;
    clients.push(maker);
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
    const seat = await Peer.join(urls[i % urls.length]!, games[i]!, white.token);
    seat.peer.send({ t: 'move', seat: 'white', move: quietMove([]), version: 0 });
    await seat.peer.event(1);
    seat.peer.close();
    await moved(i, black);
  }
  const path = new URL(device.endpoint).pathname;
  const nextTurn = async (): Promise<Notice> => {
    for (;;) {
      const { notice } = device.read(await service.next(path));
      if (notice.kind === 'turn') return notice;
    }
  };
  return { black, whites, games, service, device, path, nextTurn, close };
}
