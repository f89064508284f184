// Correspondence games as players meet them: a challenge of days per move, accepted in the
// lobby, played over a restart of the server; each move gives the other side the whole of its
// days again; the side that lets its deadline pass loses, once, with nobody watching the game;
// a correspondence game makes nobody busy, so its players still seek live games; and the lobby
// counts it among the games in play.

import type { Colour } from '@agon/engine';
import { DAY_MS, type Identity, type OngoingGames } from '@agon/protocol';
import { describe, expect, it } from 'vitest';
import {
  challengeAccepted,
  JUMP_A_DAY,
  Peer,
  page,
  quietMove,
  RATED_CORRESPONDENCE,
  serverFor,
  until,
} from './harness.ts';

const ENV = {
  // Each player names a network of its own (X-Forwarded-For), so rated games are rated.
  AGON_TRUST_PROXY: '1',
  ...JUMP_A_DAY.env,
};

describe('a correspondence game', () => {
  const server = serverFor(ENV, JUMP_A_DAY.options);

  it('is lost, once, by the side that lets its deadline pass, over a restart, with nobody watching', async () => {
    const { players, clients, listed, game } = await challengeAccepted(
      [server.url, server.url],
      ['198.51.100.7', '198.51.100.8'],
      RATED_CORRESPONDENCE,
    );
    const [white, black] = players;
    expect(listed.clock).toEqual({ days: 1 });
    expect(listed.class).toBe('correspondence');

    // Both still seek live games: a correspondence game makes nobody busy.
    for (const l of clients) {
      l.send({ t: 'seek', pool: '3+2' });
      expect((await l.next('seeking')).pool).toBe('3+2');
      l.send({ t: 'unseek' });
      expect((await l.next('seeking')).pool).toBeNull();
      l.close();
    }

    const join = async (p: Identity) => Peer.join(server.url, game, p.token);
    let seats = { white: await join(white), black: await join(black) };
    expect(seats.white.state.game.clock).toMatchObject({ days: 1, initial: DAY_MS, running: null });
    expect(seats.white.state.game.rated).toBe(true);
    const moves: string[] = [];
    for (let turn = 0; turn < 3; turn++) {
      const seat: Colour = turn % 2 === 0 ? 'white' : 'black';
      const move = quietMove(moves);
      seats[seat].peer.send({ t: 'move', seat, move, version: turn });
      const event = await seats[seat].peer.next('event', (e) => e.version === turn + 1);
      // Each move gives the other side a whole day for theirs.
      expect(event.clock?.[seat]).toBe(DAY_MS);
      moves.push(move);
    }
    for (const s of Object.values(seats)) s.peer.close();

    // Each player's list of games in play: Black's turn, White's wait, and the days left.
    const ongoing = async (p: Identity): Promise<OngoingGames> =>
      (await (
        await fetch(`${server.url}api/me/games`, {
          headers: { authorization: `Bearer ${p.token}` },
        })
      ).json()) as OngoingGames;
    const blacks = await ongoing(black);
    expect(blacks.games).toHaveLength(1);
    expect(blacks.games[0]).toMatchObject({
      game,
      colour: 'black',
      opponent: { id: white.id },
      class: 'correspondence',
      yourTurn: true,
      moves,
      clock: { days: 1, running: 'black' },
    });
    expect((await ongoing(white)).games[0]).toMatchObject({ game, yourTurn: false });

    // The server dies and comes back: the game and Black's deadline are still there.
    await server.restart();
    seats = { white: await join(white), black: await join(black) };
    const clock = seats.black.state.game.clock!;
    expect(seats.black.state.game.moves).toEqual(moves);
    expect(clock.running).toBe('black');
    expect(clock.black).toBeGreaterThan(DAY_MS - 60_000);
    expect(clock.black).toBeLessThanOrEqual(DAY_MS);
    for (const s of Object.values(seats)) s.peer.close();

    // A day and an hour pass with nobody in the game: Black's deadline passes.
    server.running.process.kill('SIGUSR2');
    const won = await until(
      () => page(server.url, white.id),
      (p) => p.games[0]?.game === game && p.games[0]?.result === 'win',
      15_000,
    );
    expect(won.ratings.correspondence.games).toBe(1);
    expect(won.ratings.correspondence.rating).toBeGreaterThan(1500);
    expect(won.ratings.blitz.games).toBe(0);
    const lost = await page(server.url, black.id);
    expect(lost.games[0]).toMatchObject({ game, result: 'loss', class: 'correspondence' });

    expect((await ongoing(white)).games).toEqual([]);

    // Ended once: the three moves, then Black's timeout, and nothing after it.
    const seen = await Peer.join(server.url, game);
    expect(seen.state.game.outcome).toEqual({ winner: 'white', reason: 'timeout' });
    expect(seen.state.game.version).toBe(4);
    seen.peer.close();
  }, 60_000);
});

describe('the lobby during a correspondence game', () => {
  const server = serverFor();

  it('counts it among the games in play, though no clock runs and nobody has it open', async () => {
    const { clients } = await challengeAccepted(
      [server.url, server.url],
      ['198.51.100.7', '198.51.100.8'],
      RATED_CORRESPONDENCE,
    );
    await clients[0].lobbyWhere((l) => l.games === 1);
    for (const l of clients) l.close();
  }, 30_000);
});
