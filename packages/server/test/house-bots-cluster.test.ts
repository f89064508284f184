// A house bot's game in a cluster: three server processes on a throwaway PostgreSQL and Redis.
// The person challenges from the lobby of one process and plays on another, so that at least two
// hold the game and each seats the bot; every turn of the bot is still played once (one process
// claims it), and the person's page is never sent away to reload.

import type { HouseBots } from '@agon/protocol';
import { describe, expect, it } from 'vitest';
import { LobbyClient, newPlayer } from '../scripts/lobby-client.ts';
import { skipWithout } from '../scripts/services.ts';
import { clusterFor } from './cluster-processes.ts';
import { Peer, quietMove, RATED_BLITZ } from './harness.ts';

const skip = skipWithout('cluster house bot tests', ['postgres', 'redis']);

describe.skipIf(skip)('a house bot in a cluster', () => {
  const { servers } = clusterFor({});

  it('plays each of its turns once, wherever its game is held', async () => {
    const [here, there] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const { bots } = (await (await fetch(`${here.url}api/bot/house`)).json()) as HouseBots;
    const bot = bots.at(-1)!;
    const address = '198.51.100.60';
    const person = await newPlayer(here.url, 'en', address);
    const { client } = await LobbyClient.open(here.url, person.token, { address });
    client.send({ t: 'challenge', to: bot.id, ...RATED_BLITZ });
    const { game } = await client.next('paired');
    client.close();

    const { peer, state } = await Peer.join(there.url, game, person.token);
    const moves = [...state.game.moves];
    let version = state.game.version;
    for (let turn = 0; turn < 4; turn++) {
      peer.send({ t: 'move', seat: 'white', move: quietMove(moves), version });
      expect((await peer.event(version + 1)).event).toMatchObject({ seat: 'white' });
      const reply = await peer.event(version + 2);
      expect(reply.event).toMatchObject({ kind: 'move', seat: 'black' });
      moves.push(quietMove(moves), (reply.event as { move: string }).move);
      version = reply.version;
    }
    // Only the moves: no second answer of the bot's to any turn, and the page stayed.
    const { state: after } = await Peer.join(there.url, game, person.token);
    expect(after.game.moves).toEqual(moves);
    expect(peer.closed).toBeUndefined();
    peer.close();
  });
});
