// Vacation in a cluster: three server processes on a throwaway PostgreSQL and Redis; a rated
// 1-day game is played across two of them, then every clock moves a day and an hour on
// (test/clock-jump.mjs). Whichever process meets Black's passed deadline reads Black's vacation
// from the store: one day is spent, once; the game's log has one vacation event and no timeout;
// its deadline in the store is the vacation's end; and White, on the third process, sees "on
// vacation until" then. A vacation booked on the third process before the jump is under way
// when another meets a deadline inside it: one vacation event of its dates, and the deadline
// moved by all of it (docs/lobby.md, "Booked ahead").

import type { Colour } from '@agon/engine';
import { DAY_MS, type VacationView } from '@agon/protocol';
import { describe, expect, it } from 'vitest';
import { skipWithout } from '../scripts/services.ts';
import { clusterFor } from './cluster-processes.ts';
import {
  challengeAccepted,
  JUMP_A_DAY,
  Peer,
  quietMove,
  RATED_CORRESPONDENCE,
  type Running,
  until,
} from './harness.ts';

const skip = skipWithout('cluster vacation tests', ['postgres', 'redis']);

describe.skipIf(skip)('vacation in a cluster', () => {
  const cluster = clusterFor({ ...JUMP_A_DAY.env, AGON_VACATION_DAYS: '15' }, JUMP_A_DAY.options);
  const { servers } = cluster;
  // The servers' clocks: the real one and every jump the tests signalled.
  let jumped = 0;
  const jump = (): void => {
    for (const s of servers) s.process.kill('SIGUSR2');
    jumped += DAY_MS + 3_600_000;
  };

  /** A rated game of a day a move, White on `a` and Black on `b`, played to Black's turn. */
  async function blacksTurn(a: Running, b: Running, addresses: readonly [string, string]) {
    const { players, clients, game } = await challengeAccepted(
      [a.url, b.url],
      addresses,
      RATED_CORRESPONDENCE,
    );
    for (const l of clients) l.close();
    const [white, black] = players;
    const seats: Record<Colour, Peer> = {
      white: (await Peer.join(a.url, game, white.token)).peer,
      black: (await Peer.join(b.url, game, black.token)).peer,
    };
    const moves: string[] = [];
    for (let turn = 0; turn < 3; turn++) {
      const seat: Colour = turn % 2 === 0 ? 'white' : 'black';
      const move = quietMove(moves);
      seats[seat].send({ t: 'move', seat, move, version: turn });
      for (const peer of Object.values(seats)) await peer.event(turn + 1);
      moves.push(move);
    }
    for (const peer of Object.values(seats)) peer.close();
    return { white, black, game };
  }

  it('spends a day once, read from the store, whichever process meets the deadline', async () => {
    const [a, b, c] = servers as [Running, Running, Running];
    const { white, black, game } = await blacksTurn(a, b, ['198.51.100.31', '198.51.100.32']);

    jump();
    const vacation = async (): Promise<VacationView> =>
      (await (
        await fetch(`${c.url}api/me/vacation`, {
          headers: { authorization: `Bearer ${black.token}` },
        })
      ).json()) as VacationView;
    const away = await until(vacation, (v) => v.until !== null, 30_000);
    expect(away.until! - away.from!).toBe(DAY_MS);
    expect(away.left).toBeGreaterThanOrEqual(14 * DAY_MS);
    expect(away.left).toBeLessThan(14 * DAY_MS + 1000);

    // The game goes on: one vacation event, no timeout, due at the vacation's end.
    const watched = await Peer.join(c.url, game, white.token);
    expect(watched.state.game.outcome).toBeNull();
    expect(watched.state.game.vacation).toEqual({ black: away.until });
    watched.peer.close();
    const events = await cluster.ask.query<{ kind: string; until: string | null }>(
      "SELECT body->>'kind' AS kind, body->>'until' AS until FROM events WHERE game_id = $1 ORDER BY version",
      [game],
    );
    expect(events.rows.map((r) => r.kind)).toEqual(['move', 'move', 'move', 'vacation']);
    expect(Number(events.rows[3]?.until)).toBe(away.until);
    const due = await cluster.ask.query<{ due_at: string | null }>(
      'SELECT due_at FROM games WHERE id = $1',
      [game],
    );
    expect(Number(due.rows[0]?.due_at)).toBe(away.until);
    // The store's one row for Black, spent once.
    expect((await vacation()).left).toBeLessThan(14 * DAY_MS + 1000);
  }, 120_000);

  it('begins a vacation booked on one process when another meets the deadline in it', async () => {
    const [a, b, c] = servers as [Running, Running, Running];
    const { white, black, game } = await blacksTurn(a, b, ['198.51.100.33', '198.51.100.34']);
    // Booked on the third process: two days from twelve hours on, so the deadline is in it.
    const from = Date.now() + jumped + 12 * 3_600_000;
    const booked = await fetch(`${c.url}api/me/vacation`, {
      method: 'POST',
      headers: { authorization: `Bearer ${black.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ days: 2, from }),
    });
    expect(booked.status).toBe(200);
    const back = from + 2 * DAY_MS;

    // Whichever process meets the deadline judges it; White, on the first, sees it judged.
    jump();
    const judged = await until(
      () => Peer.seen(a.url, game, white.token),
      (g) => g.version === 4,
      30_000,
    );
    expect(judged.outcome).toBeNull();
    expect(judged.vacation).toEqual({ black: back });
    // One vacation event, of the booked dates; the deadline moved by all of it.
    const events = await cluster.ask.query<{ kind: string; at: string; from: string | null }>(
      "SELECT body->>'kind' AS kind, body->>'at' AS at, body->>'from' AS from FROM events WHERE game_id = $1 ORDER BY version",
      [game],
    );
    expect(events.rows.map((r) => r.kind)).toEqual(['move', 'move', 'move', 'vacation']);
    expect(Number(events.rows[3]?.from)).toBe(from);
    const due = await cluster.ask.query<{ due_at: string | null }>(
      'SELECT due_at FROM games WHERE id = $1',
      [game],
    );
    const turnBegan = Number(events.rows[2]?.at);
    expect(Number(due.rows[0]?.due_at)).toBe(turnBegan + DAY_MS + (back - from));
  }, 120_000);
});
