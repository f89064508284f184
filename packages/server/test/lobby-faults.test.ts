// The lobby of one server process under faults, as players notice them: sockets opening and
// closing at once by the hundred leave no ghost (no player online, no seek, no challenge with
// no tab behind it), and a process killed with SIGKILL right after a rated game's end rates
// it once it is back, without anyone opening the game.

import type { Colour } from '@agon/engine';
import type { Identity, PoolId } from '@agon/protocol';
import { POOLS } from '@agon/protocol';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LobbyClient, newPlayer } from '../scripts/lobby-client.ts';
import { Peer, page, quietMove, RATED_BLITZ, serverFor, until } from './harness.ts';

const ENV = {
  // Each player names a network of its own (X-Forwarded-For), so rated games are rated.
  AGON_TRUST_PROXY: '1',
  AGON_PLAYERS_PER_MINUTE: '10000',
  AGON_LOBBY_ACTIONS_PER_MINUTE: '10000',
  AGON_SOCKETS_PER_ADDRESS: '1000',
  AGON_MESSAGES_PER_SECOND: '1000',
};

describe('sockets opening and closing at once', () => {
  const server = serverFor(ENV);

  it('leave no ghost: 300 sockets of 100 players, closed at every moment of their hello', async () => {
    const players = await Promise.all(Array.from({ length: 100 }, () => newPlayer(server.url)));
    const url = `${server.url.replace(/^http/, 'ws')}api/lobby/socket`;
    const terms = { ...RATED_BLITZ, clock: { initial: 300_000, increment: 0 }, side: 'random' };
    // Each socket says hello and closes while it is answered, or, once welcomed, seeks or
    // challenges and closes at once, or once that is answered.
    const storm = players.flatMap((p, i) =>
      [0, 1, 2].map(
        (k) =>
          new Promise<void>((done) => {
            const ws = new WebSocket(url);
            const when = (i + k) % 3;
            const pool: PoolId = POOLS[(i + k) % POOLS.length]!.id;
            ws.on('error', () => undefined);
            ws.on('close', () => done());
            ws.on('open', () => {
              ws.send(JSON.stringify({ t: 'hello', token: p.token }));
              if (when === 0) ws.close();
            });
            ws.once('message', () => {
              ws.send(JSON.stringify(k === 1 ? { t: 'challenge', ...terms } : { t: 'seek', pool }));
              if (when === 1) ws.close();
              else ws.once('message', () => ws.close());
            });
          }),
      ),
    );
    await Promise.all(storm);
    const { client } = await LobbyClient.open(server.url, (await newPlayer(server.url)).token);
    try {
      // Nobody is left: the only player online is the one looking (beside those counted in
      // the games two seekers of the storm made before they left), nobody waits, no challenge.
      await client.lobbyWhere(
        (l) =>
          l.players - 2 * l.live.length === 1 &&
          l.challenges.length === 0 &&
          l.pools.every((p) => p.waiting === 0),
        10_000,
      );
    } finally {
      client.close();
    }
  }, 60_000);
});

describe('a process killed at a rated game’s end', () => {
  const server = serverFor(ENV);

  it('rates every such game once it is back, 20 kills out of 20, without the game being opened', async () => {
    const games: { game: string; winner: string; loser: string }[] = [];
    for (let kill = 0; kill < 20; kill++) {
      const addresses = [`198.51.100.${2 * kill + 1}`, `198.51.100.${2 * kill + 2}`];
      const [a, b] = (await Promise.all(
        addresses.map((at) => newPlayer(server.url, 'en', at)),
      )) as [Identity, Identity];
      const lobbies = await Promise.all(
        [a, b].map(
          async (p, i) =>
            (await LobbyClient.open(server.url, p.token, { address: addresses[i] })).client,
        ),
      );
      for (const l of lobbies) l.send({ t: 'seek', pool: '3+2' });
      const paired = await Promise.all(lobbies.map((l) => l.next('paired')));
      const seats = Object.fromEntries(
        await Promise.all(
          [a, b].map(async (p, i) => {
            const { peer } = await Peer.join(server.url, paired[i]!.game, p.token);
            return [paired[i]!.seat, { peer, player: p }] as const;
          }),
        ),
      ) as unknown as Record<Colour, { peer: Peer; player: { id: string } }>;
      const moves: string[] = [];
      for (let turn = 0; turn < 4; turn++) {
        const seat: Colour = turn % 2 === 0 ? 'white' : 'black';
        const move = quietMove(moves);
        seats[seat].peer.send({ t: 'move', seat, move, version: turn });
        expect(await seats[seat].peer.answer(turn + 1)).toBe('event');
        moves.push(move);
      }
      seats.black.peer.send({ t: 'resign', seat: 'black' });
      expect(await seats.black.peer.answer(5)).toBe('event');
      // The end is committed (its event was sent); the process dies at once.
      await server.restart();
      for (const l of lobbies) l.close();
      games.push({
        game: paired[0]!.game,
        winner: seats.white.player.id,
        loser: seats.black.player.id,
      });
    }
    for (const { game, winner, loser } of games) {
      const won = await until(
        () => page(server.url, winner),
        (p) => p.games[0]?.game === game && p.games[0]?.result === 'win',
        10_000,
      );
      expect(won.ratings.blitz.games).toBe(1);
      expect(won.ratings.blitz.rating).toBeGreaterThan(1500);
      const lost = await page(server.url, loser);
      expect(lost.games[0]).toMatchObject({ game, result: 'loss' });
      expect(lost.ratings.blitz.games).toBe(1);
    }
  }, 240_000);
});
