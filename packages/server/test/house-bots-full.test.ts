// The house bots of a process play as many live games at once as its limit allows (limits.ts
// `houseBotGames`, the CPU their searches may take): beyond it a live challenge to one is
// declined as "later", a game of days is still taken, and no bot steps into quick pairing.

import { describe, expect, it } from 'vitest';
import { LobbyClient, newPlayer } from '../scripts/lobby-client.ts';
import { RATED_BLITZ, RATED_CORRESPONDENCE, serverFor, until } from './harness.ts';

const server = serverFor({
  AGON_TRUST_PROXY: '1',
  AGON_HOUSE_BOT_GAMES: '1',
  AGON_BOT_STEP_IN_MS: '500',
});

const BOT = 'agnhausbta';

async function person(address: string) {
  const identity = await newPlayer(server.url, 'en', address);
  const { client } = await LobbyClient.open(server.url, identity.token, { address });
  return client;
}

describe('house bots at their limit of live games', () => {
  it('decline a live challenge as "later", take a game of days, and step into no seek', async () => {
    const first = await person('198.51.100.70');
    first.send({ t: 'challenge', to: BOT, ...RATED_BLITZ });
    await first.next('paired');

    const second = await person('198.51.100.71');
    second.send({ t: 'challenge', to: BOT, ...RATED_BLITZ });
    expect(await second.next('declined')).toMatchObject({ by: { id: BOT }, reason: 'later' });
    // A game of days is played beside any live game.
    second.send({ t: 'challenge', to: BOT, ...RATED_CORRESPONDENCE });
    await second.next('paired');

    // A seek waits past its time with no bot free (an absence: seen over three times its wait,
    // the pairing looking every quarter second); a second seeker in the pool pairs with it.
    const seeker = await person('198.51.100.72');
    seeker.send({ t: 'seek', pool: '10+5' });
    const since = Date.now();
    await seeker.next('seeking', (m) => m.pool === '10+5');
    const other = await person('198.51.100.73');
    await until(
      async () => ({ waited: Date.now() - since, paired: seeker.unread('paired') }),
      (s) => s.paired > 0 || s.waited > 1500,
      5000,
    );
    expect(seeker.unread('paired')).toBe(0);
    await other.lobbyWhere((lobby) => lobby.pools.find((p) => p.id === '10+5')?.waiting === 1);
    other.send({ t: 'seek', pool: '10+5' });
    const [a, b] = await Promise.all([seeker.next('paired'), other.next('paired')]);
    expect(a.game).toBe(b.game);
    for (const client of [first, second, seeker, other]) client.close();
  });
});
