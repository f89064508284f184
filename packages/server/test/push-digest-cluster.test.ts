// The turn digest in a cluster: three server processes on a throwaway PostgreSQL and Redis send
// Web Push to a push service of the test's own on loopback. The moves that turn three of one
// player's games to them are committed each on a different process, within the while: the
// player's device is told of the first at once and of all three in one digest once the
// processes' clocks move past the while (test/clock-jump.mjs), not once per process.

import type { Identity } from '@agon/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { skipWithout } from '../scripts/services.ts';
import { clusterFor } from './cluster-processes.ts';
import { JUMP_A_DAY, Peer, quietMove, until } from './harness.ts';
import { turnsWaiting } from './turns-waiting.ts';

const skip = skipWithout('cluster turn digest tests', ['postgres', 'redis']);

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe.skipIf(skip)('the turn digest in a cluster', () => {
  const cluster = clusterFor({ AGON_PUSH_LOOPBACK: '1', ...JUMP_A_DAY.env }, JUMP_A_DAY.options);
  const { servers } = cluster;

  it('tells a player whose games turn on three processes of the first at once, then of all in one', async () => {
    /** The games folded into Black's while so far, as the processes wrote them in Redis. */
    const folded = async (black: Identity): Promise<string[]> =>
      ((await cluster.looker.hget(`agon:fold:turns:${black.id}`, 'items')) ?? '')
        .split('\n')
        .filter((g) => g !== '');
    // Each White moves through a process of their own, one after another: each game waits for
    // Black, and each move's turn is folded by the process that committed it.
    const { black, whites, games, service, device, path, nextTurn, close } = await turnsWaiting(
      servers.map((s) => s.url),
      60,
      'en',
      (i, black) =>
        until(
          () => folded(black),
          (f) => f.length === i + 1,
          10_000,
        ),
    );
    closers.push(close);
    expect(await nextTurn()).toMatchObject({ kind: 'turn', game: games[0], url: `/g/${games[0]}` });

    // Every process's clock moves on past the while: one of them tells the three games at once.
    for (const s of servers) s.process.kill('SIGUSR2');
    expect(await nextTurn()).toMatchObject({ kind: 'turn', games, url: '/games' });

    // Nothing more of that while from any process: the next turn is the next move's, at once.
    const black0 = await Peer.join(servers[1]!.url, games[0]!, black.token);
    const reply = quietMove([black0.state.game.moves[0]!]);
    black0.peer.send({ t: 'move', seat: 'black', move: reply, version: 1 });
    await black0.peer.event(2);
    black0.peer.close();
    const white0 = await Peer.join(servers[2]!.url, games[0]!, whites[0]!.token);
    const again = quietMove([...white0.state.game.moves]);
    white0.peer.send({ t: 'move', seat: 'white', move: again, version: 2 });
    await white0.peer.event(3);
    white0.peer.close();
    expect(await nextTurn()).toMatchObject({ kind: 'turn', game: games[0], url: `/g/${games[0]}` });
    const turns = service.received
      .filter((r) => r.t === path)
      .map((r) => device.read(r).notice)
      .filter((n) => n.kind === 'turn');
    expect(turns).toHaveLength(3);
  }, 120_000);
});
