// A league's page a tier and a page at a time (docs/leagues.md, "The league's page"), against
// the real server process: a season of 240 players is made on a SQLite store by the runner (as
// the runner's tests make theirs), then the server is started on that store and asked for its
// pages: every tier's summary, the groups of one page of one tier, the asker's own tier and group
// by default, and refusals of what is malformed or out of range.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Identity,
  LEAGUE_GROUPS_PER_PAGE,
  type LeagueGroup,
  type LeagueView,
} from '@agon/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leagueProcess } from '../scripts/league-process.ts';
import { Problems } from '../src/common/problems.ts';
import { hashToken, newPlayerId, newToken } from '../src/common/secret.ts';
import type { LeagueTerms } from '../src/league/leagues.ts';
import { GROUP_MAX, TIER_GROWTH } from '../src/league/season.ts';
import { SqliteStore } from '../src/storage/sqlite.ts';
import { dataFolder, type Running, remove, startServer } from './harness.ts';

/** Seasons of a month that may start every minute, so the season made below is under way. */
const LEAGUE: LeagueTerms = {
  key: 'test',
  name: 'Test League',
  days: 3,
  seasonDays: 30,
  cron: '* * * * *',
};
/** Enough players for four tiers, the bottom one of more than a page of groups. */
const PLAYERS = 240;

const folder = dataFolder();
const leagues = join(folder, 'leagues.json');
writeFileSync(leagues, JSON.stringify([LEAGUE]));
/** The season's players, best rated first, with the tokens that name them. */
const players: { readonly id: string; readonly token: string }[] = [];
let server: Running;

beforeAll(async () => {
  const store = new SqliteStore(folder);
  // Entered two minutes ago: the pattern's first minute since then has come, and the season
  // starts at the runner's first beat, a month before its end.
  const now = Date.now();
  const problems = new Problems(
    () => now,
    60_000,
    () => undefined,
  );
  const { runner } = leagueProcess([LEAGUE], store, problems, () => now);
  for (let i = 0; i < PLAYERS; i++) {
    const player = { id: newPlayerId(), token: newToken() };
    players.push(player);
    await store.createPlayer({
      id: player.id,
      name: `Leaguer ${i}`,
      tokenHash: hashToken(player.token),
      createdAt: now - 120_000,
      createdFrom: `net-${i}`,
    });
    await store.seedRatings(player.id, {
      correspondence: { rating: 2200 - i * 4, rd: 60, vol: 0.06 },
    });
    await store.enterLeague(LEAGUE.key, player.id, now - 120_000);
  }
  await runner.beat();
  await runner.stop();
  await store.close();
  server = await startServer(folder, { AGON_LEAGUES: leagues });
}, 60_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  remove(folder);
});

/** Asks for a page of the league: the status and the answer. */
async function view(
  query = '',
  token?: string,
): Promise<{ status: number; json: LeagueView & { error?: { code: string; message: string } } }> {
  const response = await fetch(`${server.url}api/leagues/test${query}`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  return { status: response.status, json: (await response.json()) as never };
}

/** The tiers the documented rule makes of PLAYERS: League k holds 10·3^(k−1) places. */
function expectedTiers(): { tier: number; groups: number; players: number }[] {
  const tiers = [];
  let left = PLAYERS;
  for (let tier = 1; left > 0; tier++) {
    const players = Math.min(left, GROUP_MAX * TIER_GROWTH ** (tier - 1));
    tiers.push({ tier, groups: Math.ceil(players / GROUP_MAX), players });
    left -= players;
  }
  return tiers;
}

describe('a league page of many tiers', () => {
  it('sums up every tier and shows League 1 to an anonymous reader', async () => {
    const { status, json } = await view();
    expect(status).toBe(200);
    const tiers = expectedTiers();
    // The bottom tier has more groups than a page holds.
    expect(tiers.at(-1)!.groups).toBeGreaterThan(LEAGUE_GROUPS_PER_PAGE);
    expect(json.season).toMatchObject({ number: 1, tiers, tier: 1, page: 1, pages: 1, first: 0 });
    expect(json.season!.groups.map((g) => g.tier)).toEqual([1]);
    expect(json.you).toBeNull();
  });

  it('pages through every tier, each group once and every player in one', async () => {
    const seen: LeagueGroup[] = [];
    for (const { tier, groups } of expectedTiers()) {
      const pages = Math.ceil(groups / LEAGUE_GROUPS_PER_PAGE);
      for (let page = 1; page <= pages; page++) {
        const { status, json } = await view(`?tier=${tier}&page=${page}`);
        expect(status).toBe(200);
        const season = json.season!;
        expect(season).toMatchObject({ tier, page, pages });
        expect(season.first).toBe((page - 1) * LEAGUE_GROUPS_PER_PAGE);
        expect(season.groups.length).toBe(Math.min(LEAGUE_GROUPS_PER_PAGE, groups - season.first));
        for (const g of season.groups) {
          expect(g.tier).toBe(tier);
          // A crosstable with a game in every cell but the player's own.
          expect(g.rows.flatMap((r) => r.cells).filter((c) => c !== null)).toHaveLength(
            g.seeds.length * (g.seeds.length - 1),
          );
        }
        seen.push(...season.groups);
      }
    }
    const seeds = seen.flatMap((g) => g.seeds);
    expect(new Set(seeds).size).toBe(seeds.length);
    expect(new Set(seeds)).toEqual(new Set(players.map((p) => p.id)));
  });

  it('answers 404 past the last tier or the last page, naming which', async () => {
    const tiers = expectedTiers();
    const bottom = tiers.at(-1)!;
    const pages = Math.ceil(bottom.groups / LEAGUE_GROUPS_PER_PAGE);
    for (const [query, named] of [
      [`?tier=${bottom.tier + 1}`, `League ${bottom.tier + 1}`],
      [`?tier=${bottom.tier}&page=${pages + 1}`, `page ${pages + 1}`],
      ['?tier=1&page=2', 'page 2'],
      ['?tier=999999', 'League 999999'],
    ] as const) {
      const { status, json } = await view(query);
      expect(status, query).toBe(404);
      expect(json.error!.code).toBe('not-found');
      expect(json.error!.message).toContain(named);
    }
  });

  it('refuses malformed numbers with 400 naming the parameter, and a wrong token with 401', async () => {
    for (const [query, named] of [
      ['?tier=0', 'tier'],
      ['?tier=-1', 'tier'],
      ['?tier=abc', 'tier'],
      ['?tier=1.5', 'tier'],
      ['?tier=', 'tier'],
      ['?tier=1&tier=2', 'tier'],
      ['?page=0', 'page'],
      ['?tier=2&page=1e3', 'page'],
      ['?page=1234567', 'page'],
    ] as const) {
      const { status, json } = await view(query);
      expect(status, query).toBe(400);
      expect(json.error!.code).toBe('bad-message');
      expect(json.error!.message.startsWith(named), query).toBe(true);
    }
    const forged = await view('', 'x'.repeat(43));
    expect(forged.status).toBe(401);
    expect(forged.json.error!.code).toBe('unknown-player');
  });

  it("opens on the asker's own tier and page, and leaves everyone else's default alone", async () => {
    // The last player is in the bottom tier's last group, on its last page.
    const last = players.at(-1)!;
    const bottom = expectedTiers().at(-1)!;
    const mine = await view('', last.token);
    expect(mine.status).toBe(200);
    const seat = {
      tier: bottom.tier,
      page: Math.ceil(bottom.groups / LEAGUE_GROUPS_PER_PAGE),
      group: bottom.groups - 1,
    };
    expect(mine.json.you).toEqual(seat);
    expect(mine.json.season).toMatchObject({ tier: seat.tier, page: seat.page });
    const group = mine.json.season!.groups[seat.group - mine.json.season!.first]!;
    expect(group.seeds).toContain(last.id);
    // The anonymous reader, answered from the same moment's view, still opens on League 1.
    expect((await view()).json.season).toMatchObject({ tier: 1, page: 1 });
    // Their own tier asked without a page opens on their page; another tier on its first.
    expect((await view(`?tier=${seat.tier}`, last.token)).json.season!.page).toBe(seat.page);
    const other = await view('?tier=2', last.token);
    expect(other.json.season).toMatchObject({ tier: 2, page: 1 });
    expect(other.json.you).toEqual(seat);
    // League 1's best player opens on League 1.
    expect((await view('', players[0]!.token)).json.you).toEqual({ tier: 1, page: 1, group: 0 });
  });

  it('opens League 1 for a player who is not in the season', async () => {
    const made = await fetch(`${server.url}api/players`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const stranger = (await made.json()) as Identity;
    const { status, json } = await view('', stranger.token);
    expect(status).toBe(200);
    expect(json.you).toBeNull();
    expect(json.season).toMatchObject({ tier: 1, page: 1 });
  });
});
