// A season of one league run over simulated days on a real SQLite store (docs/leagues.md): the
// runner starts it on schedule with all its round robin's games at once, the games end as
// their rooms would end them (through the lobby's settlement), the season finishes at its end
// with every pairing counted, and the next season starts with those who did not opt out.

import { DAY_MS, type LobbyServerMessage, type Notice } from '@agon/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { leagueProcess } from '../scripts/league-process.ts';
import { Problems } from '../src/common/problems.ts';
import { hashToken, newGameId, newPlayerId, newToken } from '../src/common/secret.ts';
import type { LeagueTerms } from '../src/league/leagues.ts';
import { leagueGameTerms } from '../src/league/runner.ts';
import { roundRobin, standings } from '../src/league/season.ts';
import { Settlement } from '../src/lobby/settlement.ts';
import type { Store } from '../src/storage/store.ts';
import { sqliteFor } from './sqlite-store.ts';

/** Seasons may start every day at 12:00 UTC and last ten days. */
const LEAGUE: LeagueTerms = {
  key: 'test',
  name: 'Test League',
  days: 3,
  seasonDays: 10,
  cron: '0 12 * * *',
};

/**
 * A runner of LEAGUE over a store of its own, on the clock `now`, with what its players were
 * told: the lobby's messages and the notices, by player.
 */
function runnerFor(now: () => number) {
  const store = sqliteFor();
  const problems = new Problems(now, 60_000, () => undefined);
  const notices: { player: string; notice: Notice }[] = [];
  const notifier = { notify: (player: string, notice: Notice) => notices.push({ player, notice }) };
  const { board, starter, runner } = leagueProcess([LEAGUE], store, problems, now, notifier);
  const messages: { player: string; message: LobbyServerMessage }[] = [];
  board.listen({
    deliver: (player, message) => messages.push({ player, message }),
    changed: () => undefined,
    restored: () => undefined,
  });
  afterAll(() => runner.stop());
  return { store, problems, board, starter, runner, notices, messages };
}

/** Stores `count` players rated from 1900 down, each made from a network of their own. */
async function makePlayers(store: Store, count: number, at: number) {
  const players = Array.from({ length: count }, (_, i) => ({
    id: newPlayerId(),
    rating: 1900 - i * 50,
  }));
  for (const [i, p] of players.entries()) {
    await store.createPlayer({
      id: p.id,
      name: `Leaguer ${i}`,
      tokenHash: hashToken(newToken()),
      createdAt: at,
      createdFrom: `net-${i}`,
    });
    await store.seedRatings(p.id, { correspondence: { rating: p.rating, rd: 60, vol: 0.06 } });
  }
  return players;
}

describe('a season of seven players', () => {
  /** The test's clock: moved by the test, never waited for. */
  let clock = Date.UTC(2026, 0, 1, 8);
  const now = () => clock;
  const { store, problems, board, runner, notices, messages } = runnerFor(now);
  const settlement = new Settlement(store, board, problems, now);
  afterAll(async () => {
    await runner.stop();
    settlement.close();
  });

  /** Seven players, the first the highest rated, each made from a network of their own. */
  const players = Array.from({ length: 7 }, (_, i) => ({
    id: newPlayerId(),
    rating: 1900 - i * 50,
  }));

  /** Ends `game` as a room would: `winner` (null for a draw) by `reason`. */
  const end = async (
    game: string,
    winner: 'white' | 'black' | null,
    reason: 'resignation' | 'agreement' | 'timeout',
  ) => {
    const stored = await store.load(game);
    await settlement.finished(
      game,
      stored!.setup,
      { winner, reason },
      {
        plies: 20,
        berserk: { white: false, black: false },
      },
    );
  };

  it('starts at the first 12:00 after four have entered, every game at once', async () => {
    for (const [i, p] of players.entries()) {
      await store.createPlayer({
        id: p.id,
        name: `Leaguer ${i}`,
        tokenHash: hashToken(newToken()),
        createdAt: clock,
        createdFrom: `net-${i}`,
      });
      await store.seedRatings(p.id, {
        correspondence: { rating: p.rating, rd: 60, vol: 0.06 },
      });
      await store.enterLeague(LEAGUE.key, p.id, clock + i);
    }
    await runner.beat();
    expect(await store.latestSeason(LEAGUE.key)).toBeUndefined();
    clock = Date.UTC(2026, 0, 1, 12);
    await runner.beat();
    const season = await store.latestSeason(LEAGUE.key);
    expect(season).toMatchObject({ number: 1, finished: false, made: true });
    expect(season!.endsAt).toBe(clock + 10 * DAY_MS);
    // One group of League 1, by rating.
    expect(season!.groups).toEqual([{ tier: 1, players: players.map((p) => p.id) }]);
    const games = await store.seasonGames(LEAGUE.key, 1);
    expect(games).toHaveLength(21);
    for (const g of games) {
      const stored = await store.load(g.game);
      expect(stored?.setup).toMatchObject({
        days: 3,
        rated: true,
        players: { white: g.white, black: g.black },
        league: { key: LEAGUE.key, season: 1, endsAt: season!.endsAt },
        // Vacation's cap on a deadline: the season's end.
        latest: season!.endsAt,
      });
    }
    // A second beat makes nothing twice.
    await runner.beat();
    expect(await store.seasonGames(LEAGUE.key, 1)).toHaveLength(21);
  });

  it('tells each player once of all their games, and leaves the deadlines to the store', async () => {
    const season = (await store.latestSeason(LEAGUE.key))!;
    const games = await store.seasonGames(LEAGUE.key, 1);
    for (const p of players) {
      const theirs = games
        .filter((g) => g.white === p.id || g.black === p.id)
        .map((g) => ({ game: g.game, seat: g.white === p.id ? 'white' : 'black' }));
      // One lobby message, naming the six games: no page is taken to any one of them.
      const told = messages.filter((m) => m.player === p.id).map((m) => m.message);
      expect(told).toEqual([
        {
          t: 'season',
          league: { key: LEAGUE.key, name: LEAGUE.name, season: 1 },
          games: expect.arrayContaining(theirs),
        },
      ]);
      expect(told[0]).toMatchObject({ games: { length: 6 } });
      // One notice on their devices, which opens their games.
      const noticed = notices.filter((n) => n.player === p.id).map((n) => n.notice);
      expect(noticed).toEqual([
        {
          kind: 'started',
          league: { name: LEAGUE.name, season: 1 },
          games: expect.arrayContaining(theirs.map((g) => g.game)),
          url: '/games',
        },
      ]);
    }
    // Each game's first deadline (its days for the first move) was stored with it, for the
    // deadlines' keeper: nothing is due before it, all of them are at it.
    const firstDeadline = season.startsAt + LEAGUE.days * DAY_MS;
    expect(await store.due(firstDeadline - 1, 100)).toEqual([]);
    expect([...(await store.due(firstDeadline, 100))].sort()).toEqual(
      games.map((g) => g.game).sort(),
    );
  });

  it('finishes at its end: each game counted, the unfinished as draws', async () => {
    const games = await store.seasonGames(LEAGUE.key, 1);
    const seed = new Map(players.map((p, i) => [p.id, i]));
    // Over the days, the higher seed wins every game but one, which is left unfinished, and
    // one lost on time.
    const [unfinished, onTime, ...rest] = games;
    for (const g of rest) {
      clock += DAY_MS / 4;
      await end(g.game, seed.get(g.white)! < seed.get(g.black)! ? 'white' : 'black', 'resignation');
    }
    const lowerSeed = seed.get(onTime!.white)! > seed.get(onTime!.black)! ? 'white' : 'black';
    await end(onTime!.game, lowerSeed === 'white' ? 'black' : 'white', 'timeout');
    clock += DAY_MS;
    await runner.beat();
    expect((await store.latestSeason(LEAGUE.key))?.finished).toBe(false);
    clock = (await store.latestSeason(LEAGUE.key))!.endsAt;
    await runner.beat();
    const season = await store.latestSeason(LEAGUE.key);
    expect(season).toMatchObject({ number: 1, finished: true });
    const final = await store.seasonGames(LEAGUE.key, 1);
    expect(final.every((g) => g.result !== null)).toBe(true);
    expect(final.find((g) => g.game === unfinished!.game)?.result).toBe('unfinished');
    // The game ending after the season changes nothing in it.
    await end(unfinished!.game, 'white', 'resignation');
    const after = await store.seasonGames(LEAGUE.key, 1);
    expect(after.find((g) => g.game === unfinished!.game)?.result).toBe('unfinished');
    // The seeds finish in order (the unfinished game a draw): nobody moves in one tier.
    const lines = standings(season!.groups[0]!.players, after);
    expect(lines.map((l) => l.played)).toEqual(Array(7).fill(6));
    expect(lines[0]!.player).toBe(players[0]!.id);
    for (const p of players) {
      expect(await store.leagueMember(LEAGUE.key, p.id)).toMatchObject({ active: true, tier: 1 });
    }
  });

  it('starts the next season after the last one’s end, without who opted out', async () => {
    const out = players[6]!.id;
    expect(await store.leaveLeague(LEAGUE.key, out)).toBe(true);
    const ended = (await store.latestSeason(LEAGUE.key))!.endsAt;
    // Due at the first 12:00 after the last season's planned end (itself at 12:00): the next
    // day's.
    clock = ended + DAY_MS - 1;
    await runner.beat();
    expect((await store.latestSeason(LEAGUE.key))?.number).toBe(1);
    clock = ended + DAY_MS;
    await runner.beat();
    const next = await store.latestSeason(LEAGUE.key);
    expect(next).toMatchObject({ number: 2, finished: false, made: true });
    expect(next!.startsAt).toBe(clock);
    const entered = next!.groups.flatMap((g) => g.players);
    expect(entered).toHaveLength(6);
    expect(entered).not.toContain(out);
    expect(await store.seasonGames(LEAGUE.key, 2)).toHaveLength(15);
  });
});

describe('a season whose runner died before its games were made', () => {
  const clock = Date.UTC(2026, 0, 1, 12);
  const { store, starter, runner } = runnerFor(() => clock);

  it('has its missing games made under their stored ids, none twice', async () => {
    const players = await makePlayers(store, 4, clock);
    const ids = players.map((p) => p.id);
    const games = roundRobin(ids).map((p) => ({ game: newGameId(), group: 0, ...p, result: null }));
    // As the runner stores it before making anything: then one game made, and the runner gone.
    const season = {
      league: LEAGUE.key,
      number: 1,
      startsAt: clock,
      endsAt: clock + 10 * DAY_MS,
      finished: false,
      made: false,
      groups: [{ tier: 1, players: ids }],
    };
    expect(await store.createSeason(season, games)).toBe(true);
    const found = new Map((await store.players(ids)).map((p) => [p.id, p]));
    const [first] = games;
    await starter.startMany(
      [
        {
          white: found.get(first!.white)!,
          black: found.get(first!.black)!,
          agreed: leagueGameTerms(LEAGUE),
          pool: null,
          from: { white: 'a', black: 'b' },
          paired: { game: first!.game },
        },
      ],
      async (p) => p.map(() => true),
    );
    const before = await store.load(first!.game);

    await runner.beat();
    expect((await store.latestSeason(LEAGUE.key))?.made).toBe(true);
    for (const g of games) {
      const stored = await store.load(g.game);
      expect(stored?.setup.players).toEqual({ white: g.white, black: g.black });
    }
    // The game made before is the one kept, not made again.
    expect((await store.load(first!.game))?.createdAt).toBe(before?.createdAt);
    expect((await store.recentGames(ids[0]!, 10, true)).length).toBe(3);
  });
});
