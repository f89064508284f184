// The leagues over HTTP against the real server process, its clock moved on by the test
// (clock-jump.mjs): players enter and opt out with their tokens, a season starts on schedule with
// its crosstable on the league's page (a game in each cell), ends, and the next one starts with
// everyone who stayed entered. Malformed and unauthorised requests are refused and change nothing.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Identity, LeagueEntry, LeagueView } from '@agon/protocol';
import { describe, expect, it } from 'vitest';
import { dataFolder, JUMP_A_DAY, serverFor, until } from './harness.ts';

/** A league whose seasons may start every hour and last a day, of a day per move. */
const leagues = join(dataFolder(), 'leagues.json');
writeFileSync(
  leagues,
  JSON.stringify([{ key: 'test', name: 'Test League', days: 1, seasonDays: 1, cron: '0 * * * *' }]),
);

const server = serverFor({ ...JUMP_A_DAY.env, AGON_LEAGUES: leagues }, JUMP_A_DAY.options);

/** Calls the API: the status, the answer's headers and its JSON. */
async function call(
  method: string,
  path: string,
  { token, body }: { token?: string; body?: unknown } = {},
): Promise<{ status: number; headers: Headers; json: Record<string, unknown> }> {
  const response = await fetch(`${server.url}api/${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  return { status: response.status, headers: response.headers, json };
}

const view = async (): Promise<LeagueView> =>
  (await call('GET', 'leagues/test')).json as unknown as LeagueView;

describe('leagues over HTTP', () => {
  const players: Identity[] = [];

  it('refuses a bad key, an unknown league, a missing or wrong token and a bad action', async () => {
    for (let i = 0; i < 5; i++) {
      players.push((await call('POST', 'players', { body: {} })).json as unknown as Identity);
    }
    const [me] = players;
    const join = { action: 'join' };
    expect((await call('GET', 'leagues/Bad!Key')).json).toMatchObject({
      error: { code: 'bad-message' },
    });
    expect((await call('GET', 'leagues/nowhere')).status).toBe(404);
    const anonymous = await call('POST', 'leagues/test/me', { body: join });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toMatchObject({ error: { code: 'unknown-player' } });
    const forged = await call('POST', 'leagues/test/me', { token: 'x'.repeat(43), body: join });
    expect(forged.status).toBe(401);
    for (const body of [{ action: 'promote' }, { action: 'join', tier: 1 }, [], 'join']) {
      const refused = await call('POST', 'leagues/test/me', { token: me!.token, body });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ error: { code: 'bad-message' } });
    }
    // Nothing of these entered anyone.
    expect((await call('GET', 'leagues/test/me', { token: me!.token })).json).toEqual({
      entered: false,
      tier: null,
    });
    expect((await view()).league).toMatchObject({ entered: 0, season: 0, nextStartsAt: null });
  });

  it('enters players, and starts a season at its hour with a game in every cell', async () => {
    for (const p of players) {
      const entered = await call('POST', 'leagues/test/me', {
        token: p.token,
        body: { action: 'join' },
      });
      expect(entered.json as unknown as LeagueEntry).toEqual({ entered: true, tier: null });
    }
    const before = await view();
    expect(before.league.entered).toBe(5);
    expect(before.league.nextStartsAt).toBeGreaterThan(before.now);
    expect(before.season).toBeNull();

    server.running.process.kill('SIGUSR2');
    const started = await until(view, (v) => v.season?.number === 1, 20_000);
    const [group] = started.season!.groups;
    expect(started.season!.groups).toHaveLength(1);
    expect(group!.tier).toBe(1);
    expect(new Set(group!.seeds)).toEqual(new Set(players.map((p) => p.id)));
    const games = new Set<string>();
    for (const row of group!.rows) {
      for (const [i, cell] of row.cells.entries()) {
        if (group!.seeds[i] === row.id) expect(cell).toBeNull();
        else {
          expect(cell).toMatchObject({ score: null });
          games.add(cell!.game);
        }
      }
    }
    // Ten games, each seen from both its players' rows.
    expect(games.size).toBe(10);
    // Each cell's game is the player's own, among their games of days in play.
    const first = group!.rows.find((r) => r.id === players[0]!.id)!;
    const mine = (await call('GET', 'me/games', { token: players[0]!.token })).json as unknown as {
      games: { game: string; class: string; league?: { id: string; name: string } }[];
    };
    expect(new Set(mine.games.map((g) => g.game))).toEqual(
      new Set(first.cells.flatMap((c) => (c ? [c.game] : []))),
    );
    for (const g of mine.games) {
      expect(g).toMatchObject({
        class: 'correspondence',
        league: { id: 'test', name: 'Test League' },
      });
    }
  });

  it('ends the season, and starts the next with everyone but who opted out', async () => {
    const out = players[4]!;
    const left = await call('POST', 'leagues/test/me', {
      token: out.token,
      body: { action: 'leave' },
    });
    expect(left.json).toEqual({ entered: false, tier: null });

    // A day and an hour: every game's first move is overdue, and the season's day is over.
    server.running.process.kill('SIGUSR2');
    const next = await until(view, (v) => v.season?.number === 2, 30_000);
    expect(next.season!.groups.flatMap((g) => g.seeds).sort()).toEqual(
      players
        .slice(0, 4)
        .map((p) => p.id)
        .sort(),
    );
    // Re-entered in the tier the last season earned them.
    const stayed = await call('GET', 'leagues/test/me', { token: players[0]!.token });
    expect(stayed.json).toEqual({ entered: true, tier: 1 });
    expect((await call('GET', 'leagues/test/me', { token: out.token })).json).toEqual({
      entered: false,
      tier: 1,
    });
  });

  it('answers a flood of actions with 429 and when to come back', async () => {
    const [me] = players;
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 25; i++) {
      last = await call('POST', 'leagues/test/me', { token: me!.token, body: { action: 'join' } });
      if (last.status === 429) break;
    }
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
