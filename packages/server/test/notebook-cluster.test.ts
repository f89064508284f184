// Conditional moves in a cluster: three server processes on a throwaway PostgreSQL and Redis.
// White, on one process, sets a line through a second; Black, on the third, plays its first
// move: the process that commits Black's move plays White's answer at once, once, and both
// players, each on their own process, see it.

import { describe, expect, it } from 'vitest';
import { skipWithout } from '../scripts/services.ts';
import { clusterFor } from './cluster-processes.ts';
import {
  challengeAccepted,
  Peer,
  quietMove,
  RATED_CORRESPONDENCE,
  type Running,
} from './harness.ts';

const skip = skipWithout('cluster conditional-move tests', ['postgres', 'redis']);

describe.skipIf(skip)('conditional moves in a cluster', () => {
  const { servers } = clusterFor({});

  it('are played by the process committing the matching move, whichever holds the lines', async () => {
    const [a, b, c] = servers as [Running, Running, Running];
    const { players, clients, game } = await challengeAccepted(
      [a.url, c.url],
      ['198.51.100.51', '198.51.100.52'],
      RATED_CORRESPONDENCE,
    );
    for (const client of clients) client.close();
    const [white, black] = players;
    const whiteSeat = (await Peer.join(a.url, game, white.token)).peer;
    const blackSeat = (await Peer.join(c.url, game, black.token)).peer;
    const w1 = quietMove([]);
    whiteSeat.send({ t: 'move', seat: 'white', move: w1, version: 0 });
    await blackSeat.event(1);

    const b1 = quietMove([w1]);
    const w2 = quietMove([w1, b1]);
    const b2 = quietMove([w1, b1, w2]);
    const w3 = quietMove([w1, b1, w2, b2]);
    const set = await fetch(`${b.url}api/games/${game}/conditional`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${white.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from: 1, lines: [[b1, w2, b2, w3]] }),
    });
    expect(set.status).toBe(200);

    blackSeat.send({ t: 'move', seat: 'black', move: b1, version: 1 });
    for (const peer of [blackSeat, whiteSeat]) {
      expect((await peer.event(3)).event).toMatchObject({ kind: 'move', seat: 'white', move: w2 });
    }
    // Exactly one answer was stored, as the third process reads the game.
    const seen = await Peer.join(b.url, game);
    expect(seen.state.game.version).toBe(3);
    expect(seen.state.game.moves).toEqual([w1, b1, w2]);
    seen.peer.close();
    whiteSeat.close();
    blackSeat.close();
  }, 120_000);
});
