// The leagues' storage, the same contract on SQLite and PostgreSQL: entries kept and opted out,
// a season stored once per number with its games, results read from the lobby's record while it
// runs and kept for good at its end, with what each player earned.

import { describe, expect, it } from 'vitest';
import { newGameId, newPlayerId } from '../src/common/secret.ts';
import type { StoredSeason } from '../src/league/store.ts';
import { PostgresStore } from '../src/storage/postgres.ts';
import type { Store } from '../src/storage/store.ts';
import { postgresFor, skipWithout } from './postgres.ts';
import { sqliteFor } from './sqlite-store.ts';

function contract(name: string, open: () => Promise<Store>): void {
  describe(`the ${name} league store`, () => {
    it('keeps entries, stores each season once, and keeps its results and tiers at its end', async () => {
      const store = await open();
      const league = `l-${newPlayerId()}`;
      const players = Array.from({ length: 4 }, () => newPlayerId());
      for (const id of players) {
        await store.createPlayer({ id, name: `P ${id}`, tokenHash: `t-${id}`, createdAt: 1 });
        await store.enterLeague(league, id, 10);
      }
      // Entering again keeps the first arrival; leaving is kept, and entering again undoes it.
      await store.enterLeague(league, players[0]!, 99);
      expect(await store.leagueMember(league, players[0]!)).toEqual({
        player: players[0],
        joinedAt: 10,
        active: true,
      });
      expect(await store.leaveLeague(league, players[3]!)).toBe(true);
      expect(await store.leaveLeague(league, newPlayerId())).toBe(false);
      expect((await store.leagueMembers(league)).map((m) => m.player).sort()).toEqual(
        players.slice(0, 3).sort(),
      );

      const games = [
        { game: newGameId(), group: 0, white: players[0]!, black: players[1]!, result: null },
        { game: newGameId(), group: 0, white: players[1]!, black: players[2]!, result: null },
      ];
      const season: StoredSeason = {
        league,
        number: 1,
        startsAt: 100,
        endsAt: 200,
        finished: false,
        made: false,
        groups: [{ tier: 1, players: players.slice(0, 3) }],
      };
      expect(await store.createSeason(season, games)).toBe(true);
      // A second runner's start of the same season stores nothing.
      expect(
        await store.createSeason({ ...season, startsAt: 101 }, [
          { ...games[0]!, game: newGameId() },
        ]),
      ).toBe(false);
      await store.seasonMade(league, 1);
      expect(await store.latestSeason(league)).toEqual({ ...season, made: true });
      expect(await store.seasonGames(league, 1)).toHaveLength(2);

      // A result is the lobby's while the season runs.
      await store.startGames(
        games.map((g) => ({
          setup: {
            variant: 'standard',
            clock: null,
            days: 3,
            seats: {},
            players: { white: g.white, black: g.black },
            rated: false,
          },
          started: {
            gameId: g.game,
            white: g.white,
            black: g.black,
            category: { class: 'correspondence', rules: 'standard' },
            rated: false,
            startedAt: 100,
          },
        })),
      );
      await store.settle(games[0]!.game, { winner: 'white', aborted: false }, 150);
      const running = await store.seasonGames(league, 1);
      expect(running.find((g) => g.game === games[0]!.game)?.result).toBe('white');
      expect(running.find((g) => g.game === games[1]!.game)?.result).toBeNull();

      await store.finishSeason(
        league,
        1,
        [
          { game: games[0]!.game, result: 'white' },
          { game: games[1]!.game, result: 'unfinished' },
        ],
        [{ player: players[0]!, tier: 1, standing: 101 }],
      );
      // Settled after the end, the game no longer changes the season.
      await store.settle(games[1]!.game, { winner: 'black', aborted: false }, 250);
      const final = await store.seasonGames(league, 1);
      expect(final.find((g) => g.game === games[1]!.game)?.result).toBe('unfinished');
      expect((await store.leagueSeason(league, 1))?.finished).toBe(true);
      expect(await store.leagueMember(league, players[0]!)).toMatchObject({
        tier: 1,
        standing: 101,
      });
    });
  });
}

describe('on SQLite', () => {
  const store = sqliteFor();
  contract('SQLite', async () => store);
});

describe.skipIf(skipWithout('league tests on PostgreSQL', ['postgres']))('on PostgreSQL', () => {
  const db = postgresFor();
  contract('Postgres', () => PostgresStore.open(db.url));
});
