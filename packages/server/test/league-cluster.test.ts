// A league in a cluster whose runner dies mid-season: three server processes on a throwaway
// PostgreSQL and Redis, their clocks moved on by the test (clock-jump.mjs). A season starts on
// the process holding the `leagues` lease; that process is killed with SIGKILL; the survivors'
// clocks move past the season's end, and one of them takes the lease, finishes the season with
// every game counted once, and starts the next with everyone re-entered.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Identity, LeagueView } from '@agon/protocol';
import { describe, expect, it } from 'vitest';
import { skipWithout } from '../scripts/services.ts';
import { clusterFor } from './cluster-processes.ts';
import { dataFolder, JUMP_A_DAY, type Running, until } from './harness.ts';

const skip = skipWithout('cluster league tests', ['postgres', 'redis']);

/** Seasons that may start every hour and last two days, of a day per move. */
const leagues = join(dataFolder(), 'leagues.json');
writeFileSync(
  leagues,
  JSON.stringify([{ key: 'test', name: 'Test League', days: 1, seasonDays: 2, cron: '0 * * * *' }]),
);

describe.skipIf(skip)('a league in a cluster', () => {
  const cluster = clusterFor({ ...JUMP_A_DAY.env, AGON_LEAGUES: leagues }, JUMP_A_DAY.options);
  const { servers, origins } = cluster;

  const view = async (server: Running): Promise<LeagueView> =>
    (await (await fetch(`${server.url}api/leagues/test`)).json()) as LeagueView;

  it('finishes a season and starts the next when its runner is killed mid-season', async () => {
    const players: Identity[] = [];
    for (let i = 0; i < 5; i++) {
      const server = servers[i % 3]!;
      const made = await fetch(`${server.url}api/players`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${40 + i}` },
        body: '{}',
      });
      const me = (await made.json()) as Identity;
      players.push(me);
      const joined = await fetch(`${server.url}api/leagues/test/me`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${me.token}` },
        body: JSON.stringify({ action: 'join' }),
      });
      expect(joined.status).toBe(200);
    }

    // A day and an hour on every process: the season's hour has come.
    for (const s of servers) s.process.kill('SIGUSR2');
    const started = await until(
      () => view(servers[0]!),
      (v) => v.season?.number === 1,
      30_000,
    );
    expect(started.season!.groups.flatMap((g) => g.seeds).sort()).toEqual(
      players.map((p) => p.id).sort(),
    );
    const runner = await cluster.looker.get('agon:lease:leagues');
    const r = origins.indexOf(runner!);
    expect(r).toBeGreaterThanOrEqual(0);
    await servers[r]!.stop('SIGKILL');
    const survivors = servers.filter((_, i) => i !== r);

    // Two days and two hours on the survivors: every game is over (nobody moved) and so is the
    // season; one of them takes the lease once the dead runner's lapses.
    // One signal at a time, each seen before the next: two sent at once may arrive as one.
    for (const s of survivors) {
      for (let jump = 1; jump <= 2; jump++) {
        const before = (await view(s)).now;
        s.process.kill('SIGUSR2');
        await until(
          () => view(s),
          (v) => v.now >= before + Number(JUMP_A_DAY.env.AGON_TEST_JUMP_MS),
          10_000,
        );
      }
    }
    const next = await until(
      () => view(survivors[0]!),
      (v) => v.season?.number === 2,
      60_000,
    );
    expect(next.season!.groups.flatMap((g) => g.seeds).sort()).toEqual(
      players.map((p) => p.id).sort(),
    );
    expect(origins.filter((_, i) => i !== r)).toContain(
      await cluster.looker.get('agon:lease:leagues'),
    );

    // Season 1 is finished, each of its ten games counted once with its result kept; the
    // seasons were started once each, and every game of both was made once.
    const seasons = await cluster.ask.query<{ number: number; finished: boolean; made: boolean }>(
      "SELECT number, finished, made FROM league_seasons WHERE league = 'test' ORDER BY number",
    );
    expect(seasons.rows).toEqual([
      { number: 1, finished: true, made: true },
      { number: 2, finished: false, made: true },
    ]);
    const first = await cluster.ask.query<{ result: string | null }>(
      "SELECT result FROM league_games WHERE league = 'test' AND season = 1",
    );
    expect(first.rows).toHaveLength(10);
    expect(first.rows.every((g) => g.result !== null)).toBe(true);
    const made = await cluster.ask.query<{ n: string }>(
      "SELECT count(*) AS n FROM league_games l JOIN games g ON g.id = l.game_id WHERE l.league = 'test'",
    );
    expect(Number(made.rows[0]!.n)).toBe(20);
  }, 180_000);
});
