// A house bot steps into quick pairing (docs/lobby.md, "When nobody comes"): a seek that has
// waited its time with nobody to pair is played by the house bot nearest the player's rating,
// several at once by one bot, rated, the bot marked as one; a player who chose people only is
// never given a bot, and is told so when seeking.

import { describe, expect, it } from 'vitest';
import { LobbyClient, newPlayer } from '../scripts/lobby-client.ts';
import { Peer, quietMove, RATED_BLITZ, serverFor } from './harness.ts';

/** Short, so the test waits a second for what a person waits 20 s for. */
const STEP_IN_MS = 1000;
const server = serverFor({
  AGON_TRUST_PROXY: '1',
  AGON_BOT_STEP_IN_MS: String(STEP_IN_MS),
  AGON_BOT_TAKES_CHALLENGE_MS: String(STEP_IN_MS),
});

/** A new person from `address`, in the lobby. */
async function person(address: string) {
  const identity = await newPlayer(server.url, 'en', address);
  const { client } = await LobbyClient.open(server.url, identity.token, { address });
  return { identity, client };
}

describe('a house bot stepping into quick pairing', () => {
  it('plays a newcomer who waited with nobody to pair, and answers their moves', async () => {
    const { identity, client } = await person('198.51.100.60');
    const sent = Date.now();
    client.send({ t: 'seek', pool: '5+3' });
    const seeking = await client.next('seeking', (m) => m.pool === '5+3');
    // The page is told when a bot will come.
    expect(seeking.bot).toBe(STEP_IN_MS / 1000);
    const paired = await client.next('paired');
    expect(Date.now() - sent).toBeGreaterThanOrEqual(STEP_IN_MS);
    client.close();

    const { peer, state } = await Peer.join(server.url, paired.game, identity.token);
    const bot = paired.seat === 'white' ? state.game.players.black : state.game.players.white;
    // A newcomer's provisional 1500 counts as a beginner's strength (1140): of the two bots as
    // near, the weaker.
    expect(bot).toMatchObject({ name: 'Agon Bot 3', bot: true });
    expect(state.game.rated).toBe(true);
    expect(state.game.clock).toMatchObject({ initial: 300_000, increment: 3000 });
    const version = state.game.version;
    if (paired.seat === 'white') {
      peer.send({ t: 'move', seat: 'white', move: quietMove([]), version });
      await peer.event(version + 1);
      const reply = await peer.event(version + 2);
      expect(reply.event).toMatchObject({ kind: 'move', seat: 'black' });
    } else {
      const opening = await peer.event(version + 1);
      expect(opening.event).toMatchObject({ kind: 'move', seat: 'white' });
    }
    peer.close();
  });

  it('plays several people at once, one bot in many games', async () => {
    // Two newcomers alone in two pools: the same bot (the nearest to both) plays both games.
    const people = await Promise.all(['198.51.100.61', '198.51.100.62'].map((a) => person(a)));
    people[0]!.client.send({ t: 'seek', pool: '3+2' });
    people[1]!.client.send({ t: 'seek', pool: '15+10' });
    const games = await Promise.all(people.map(({ client }) => client.next('paired')));
    const seen = await Promise.all(
      games.map(async (paired, i) => {
        const { peer, state } = await Peer.join(server.url, paired.game, people[i]!.identity.token);
        peer.close();
        expect(state.game.outcome).toBeNull();
        return paired.seat === 'white' ? state.game.players.black : state.game.players.white;
      }),
    );
    expect(seen.map((p) => p?.name)).toEqual(['Agon Bot 3', 'Agon Bot 3']);
    for (const { client } of people) client.close();
  });

  it('never plays a person who chose people only, and the seek says so', async () => {
    const alone = await person('198.51.100.64');
    const settings = await fetch(`${server.url}api/me/settings`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${alone.identity.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ peopleOnly: true }),
    });
    expect(settings.status).toBe(200);
    alone.client.send({ t: 'seek', pool: '10+5' });
    const seeking = await alone.client.next('seeking', (m) => m.pool === '10+5');
    expect(seeking.bot).toBeUndefined();

    // Someone who seeks later, in another pool, is given a bot after their wait: by then the
    // first has waited longer, and is still waiting.
    const later = await person('198.51.100.65');
    later.client.send({ t: 'seek', pool: '1+1' });
    await later.client.next('paired');
    expect(alone.client.unread('paired')).toBe(0);
    await alone.client.lobbyWhere(
      (lobby) => lobby.pools.find((p) => p.id === '10+5')?.waiting === 1,
    );
    alone.client.send({ t: 'unseek' });
    await alone.client.next('seeking', (m) => m.pool === null);
    alone.client.close();
    later.client.close();
  });

  it('takes an open challenge that allows bots once nobody took it, and leaves one that does not', async () => {
    const people = await person('198.51.100.66');
    const bots = await person('198.51.100.67');
    const terms = { ...RATED_BLITZ, clock: { initial: 420_000, increment: 0 } };
    // Made first, without bots: by the time the other is taken, it has waited longer.
    people.client.send({ t: 'challenge', ...terms });
    await people.client.next('direct');
    const sent = Date.now();
    bots.client.send({ t: 'challenge', ...terms, bots: true });
    const paired = await bots.client.next('paired');
    expect(Date.now() - sent).toBeGreaterThanOrEqual(STEP_IN_MS);
    const { peer, state } = await Peer.join(server.url, paired.game, bots.identity.token);
    peer.close();
    expect(state.game.players.black).toMatchObject({ bot: true });
    expect(state.game.clock).toMatchObject({ initial: 420_000, increment: 0 });
    expect(people.client.unread('paired')).toBe(0);
    await people.client.lobbyWhere((lobby) =>
      lobby.challenges.some((c) => c.by.id === people.identity.id),
    );
    for (const { client } of [people, bots]) client.close();
  });
});
