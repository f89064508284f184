// GET /api/me/games, the "Your games" page's list, against a real server process: a player's
// games in play, those waiting for their move first and among them the nearest deadline first,
// each with its opponent, position, clock and the tournament it belongs to; only the player's
// own, and nothing without their token.

import type { Days, Identity, OngoingGames } from '@agon/protocol';
import { describe, expect, it } from 'vitest';
import { LobbyClient, newPlayer } from '../scripts/lobby-client.ts';
import { act, answered, arenaTerms, makeEvent, readEvent } from '../scripts/tournament-client.ts';
import { Peer, quietMove, RATED_CORRESPONDENCE, serverFor, until } from './harness.ts';

/** The games of the player of `token`: the status and, if 200, the list. */
async function gamesOf(
  url: string,
  token?: string,
): Promise<{ status: number; body: OngoingGames & { error?: { code: string } } }> {
  const response = await fetch(`${url}api/me/games`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    status: response.status,
    body: (await response.json()) as OngoingGames & { error?: { code: string } },
  };
}

describe('a player’s games in play', () => {
  const server = serverFor({ AGON_TRUST_PROXY: '1', AGON_PLAYERS_PER_MINUTE: '600' });

  it('lists the games waiting for their move first, the nearest deadline first, with their tournament', async () => {
    const address = (i: number): string => `10.${i}.0.7`;
    const [me, ann, bo, cy, di] = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => newPlayer(server.url, 'en', address(i))),
    );
    const mine = (await LobbyClient.open(server.url, me!.token, { address: address(1) })).client;
    const lobbies = [mine];
    const taken = new Set<string>();
    /** A game of `days` a move in which `me` takes White against `them`, playing from `at`. */
    const game = async (them: Identity, at: number, days: Days): Promise<string> => {
      const theirs = (await LobbyClient.open(server.url, them.token, { address: address(at) }))
        .client;
      lobbies.push(theirs);
      mine.send({ t: 'challenge', ...RATED_CORRESPONDENCE, clock: { days }, rated: false });
      // The challenge just made, not one already taken that a list may still show.
      let id = '';
      await theirs.lobbyWhere((l) => {
        id = l.challenges.find((c) => c.by.id === me!.id && !taken.has(c.id))?.id ?? '';
        return id !== '';
      });
      taken.add(id);
      theirs.send({ t: 'accept', id });
      const [paired] = await Promise.all([mine.next('paired'), theirs.next('paired')]);
      return paired.game;
    };
    const threeDays = await game(ann!, 2, 3);
    const oneDay = await game(bo!, 3, 1);
    const moved = await game(cy!, 4, 1);
    // In the last, the player has moved: it waits for Cy, with the nearest deadline of all.
    const seat = await Peer.join(server.url, moved, me!.token);
    seat.peer.send({ t: 'move', seat: 'white', move: quietMove([]), version: 0 });
    await seat.peer.event(1);
    seat.peer.close();

    // And an arena's game against Di, of a live clock.
    const arena = answered(
      await makeEvent(
        server.url,
        me!.token,
        arenaTerms({ name: 'Night Owls', startsAt: Date.now() + 1500, minutes: 30, bots: false }),
        address(1),
      ),
    );
    answered(await act(server.url, di!.token, arena.id, { action: 'join' }, address(5)));
    const paired = await until(
      async () => answered(await readEvent(server.url, arena.id, me!.token)).you?.game,
      (g) => typeof g === 'string',
      15_000,
    );

    const { status, body } = await gamesOf(server.url, me!.token);
    expect(status).toBe(200);
    const ids = body.games.map((g) => g.game);
    expect(ids).toHaveLength(4);
    // Waiting for the player: the day's game before the three days'; waiting for Cy: after them.
    const yours = body.games.filter((g) => g.yourTurn).map((g) => g.game);
    expect(yours.indexOf(oneDay)).toBe(yours.indexOf(threeDays) - 1);
    expect(ids.indexOf(moved)).toBeGreaterThan(ids.indexOf(threeDays));
    expect(ids.slice(0, yours.length)).toEqual(yours);
    const byId = new Map(body.games.map((g) => [g.game, g]));
    expect(byId.get(oneDay)).toMatchObject({
      colour: 'white',
      opponent: { id: bo!.id, name: bo!.name },
      yourTurn: true,
      moves: [],
      variant: 'standard',
    });
    expect(byId.get(oneDay)?.clock?.days).toBe(1);
    expect(byId.get(moved)).toMatchObject({ yourTurn: false, moves: [expect.any(String)] });
    expect(byId.get(moved)?.clock?.running).toBe('black');
    const left = byId.get(moved)!.clock!.black;
    expect(left).toBeGreaterThan(24 * 3600_000 - 120_000);
    expect(left).toBeLessThanOrEqual(24 * 3600_000);
    // The arena's game names its tournament; the lobby's games name none.
    expect(byId.get(paired!)).toMatchObject({
      opponent: { id: di!.id },
      tournament: { id: arena.id, name: 'Night Owls' },
    });
    for (const id of [threeDays, oneDay, moved]) {
      expect(byId.get(id)?.tournament).toBeUndefined();
      expect(byId.get(id)?.league).toBeUndefined();
    }

    // Each player sees their own games alone.
    const anns = await gamesOf(server.url, ann!.token);
    expect(anns.body.games.map((g) => g.game)).toEqual([threeDays]);
    expect(anns.body.games[0]).toMatchObject({ colour: 'black', yourTurn: false });
    // Without a token, or with a made-up one, nobody's.
    for (const token of [undefined, 'not-a-token', `${me!.token}x`]) {
      const refused = await gamesOf(server.url, token);
      expect(refused.status).toBe(401);
      expect(refused.body.error?.code).toBe('unknown-player');
    }
    for (const l of lobbies) l.close();
  }, 60_000);
});
