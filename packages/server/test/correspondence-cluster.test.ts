// A correspondence game in a cluster whose keeper of deadlines dies: three server processes on a
// throwaway PostgreSQL and Redis; a rated 1-day game is challenged, accepted and played across
// them; the process holding the `deadlines` lease is killed with SIGKILL, the clocks of the other
// two move on past the deadline (test/clock-jump.mjs), and the late side loses on time exactly
// once: one timeout in the stored game, one rated game more for each player, and both players,
// each connected to a different survivor, see the end.

import type { Colour } from '@agon/engine';
import { describe, expect, it } from 'vitest';
import { skipWithout } from '../scripts/services.ts';
import { clusterFor } from './cluster-processes.ts';
import {
  challengeAccepted,
  JUMP_A_DAY,
  Peer,
  page,
  quietMove,
  RATED_CORRESPONDENCE,
  type Running,
  until,
} from './harness.ts';

const skip = skipWithout('cluster correspondence tests', ['postgres', 'redis']);

describe.skipIf(skip)('a correspondence game in a cluster', () => {
  const cluster = clusterFor(JUMP_A_DAY.env, JUMP_A_DAY.options);
  const { servers, origins } = cluster;

  it('is lost on time exactly once by the late side when the keeper of deadlines is killed', async () => {
    // The keeper: whichever process took the lease at its first beat (5 s).
    const holder = await until(
      () => cluster.looker.get('agon:lease:deadlines'),
      (o) => o !== null,
      15_000,
    );
    const k = origins.indexOf(holder!);
    expect(k).toBeGreaterThanOrEqual(0);
    const keeper = servers[k]!;
    const [one, two] = servers.filter((_, i) => i !== k) as [Running, Running];

    // Challenged on the keeper, accepted on a survivor.
    const { players, clients, game } = await challengeAccepted(
      [keeper.url, one.url],
      ['198.51.100.21', '198.51.100.22'],
      RATED_CORRESPONDENCE,
    );
    for (const c of clients) c.close();
    const [white, black] = players;
    // White plays on the keeper, Black on a survivor.
    const seats: Record<Colour, Peer> = {
      white: (await Peer.join(keeper.url, game, white.token)).peer,
      black: (await Peer.join(one.url, game, black.token)).peer,
    };
    const moves: string[] = [];
    for (let turn = 0; turn < 3; turn++) {
      const seat: Colour = turn % 2 === 0 ? 'white' : 'black';
      const move = quietMove(moves);
      seats[seat].send({ t: 'move', seat, move, version: turn });
      // Each side sees each move before the next, whichever process it came through.
      for (const peer of Object.values(seats)) await peer.event(turn + 1);
      moves.push(move);
    }

    // The keeper dies with White's socket; White comes back on the other survivor. Black is to
    // move, a day before the deadline.
    await keeper.stop('SIGKILL');
    const killed = Date.now();
    const back = await Peer.join(two.url, game, white.token);
    expect(back.state.game.moves).toEqual(moves);
    expect(back.state.game.clock?.running).toBe('black');
    seats.white = back.peer;

    // A day and an hour pass on the survivors: one of them takes the lease once the dead
    // keeper's lapses (10 s), finds the game due and ends it. Both hold the game (a player each),
    // so neither's scan for unsettled games, which lists a game past its deadline, loads it: the
    // end is the new keeper's.
    for (const s of [one, two]) s.process.kill('SIGUSR2');
    const ends = await Promise.all(
      Object.values(seats).map((peer) => peer.next('event', (e) => e.version === 4, 30_000)),
    );
    for (const end of ends) {
      expect(end.event).toMatchObject({ kind: 'timeout' });
      expect(end.outcome).toEqual({ winner: 'white', reason: 'timeout' });
    }
    console.log(
      `the game ended ${Date.now() - killed} ms after its keeper of deadlines was killed`,
    );
    for (const peer of Object.values(seats)) peer.close();
    // The survivor that ended it holds the lease now.
    const survivors = servers.map((s, i) => (s === one || s === two ? origins[i] : undefined));
    expect(survivors).toContain(await cluster.looker.get('agon:lease:deadlines'));

    // Rated, in the store...
    await until(
      async () =>
        (
          await cluster.ask.query<{ result: string | null }>(
            'SELECT result FROM lobby_games WHERE game_id = $1',
            [game],
          )
        ).rows[0]?.result,
      (result) => result === 'white',
      15_000,
    );
    // ...once: the three moves and one timeout, no deadline left, one game for each rating...
    const events = await cluster.ask.query<{ kind: string }>(
      "SELECT body->>'kind' AS kind FROM events WHERE game_id = $1 ORDER BY version",
      [game],
    );
    expect(events.rows.map((r) => r.kind)).toEqual(['move', 'move', 'move', 'timeout']);
    const due = await cluster.ask.query<{ due_at: string | null }>(
      'SELECT due_at FROM games WHERE id = $1',
      [game],
    );
    expect(due.rows[0]?.due_at).toBeNull();
    const ratings = await cluster.ask.query<{ player_id: string; games: number }>(
      "SELECT player_id, games FROM ratings WHERE class = 'correspondence' AND player_id = ANY($1)",
      [[white.id, black.id]],
    );
    expect(Object.fromEntries(ratings.rows.map((r) => [r.player_id, Number(r.games)]))).toEqual({
      [white.id]: 1,
      [black.id]: 1,
    });
    // ...and so on both players' pages, from either survivor.
    const won = await page(one.url, white.id);
    expect(won.games[0]).toMatchObject({ game, result: 'win', class: 'correspondence' });
    expect(won.ratings.correspondence.games).toBe(1);
    expect(won.ratings.correspondence.rating).toBeGreaterThan(1500);
    const lost = await page(two.url, black.id);
    expect(lost.games[0]).toMatchObject({ game, result: 'loss', class: 'correspondence' });
    expect(lost.ratings.correspondence.games).toBe(1);
    expect(lost.ratings.correspondence.rating).toBeLessThan(1500);
  }, 120_000);
});
