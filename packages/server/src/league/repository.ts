// Leagues, their seasons and games, in either database (common/sql.ts): the one `LeagueStore`
// the storage of SQLite and of PostgreSQL both serve.

import type { Sql } from '../common/sql.ts';
import type { Earned, LeagueResult } from './season.ts';
import * as sql from './sql.ts';
import type { LeagueGame, LeagueMember, LeagueStore, StoredSeason } from './store.ts';

export class LeagueRepository implements LeagueStore {
  static readonly reads: ReadonlySet<keyof LeagueStore> = new Set([
    'leagueMember',
    'leagueMembers',
    'latestSeason',
    'leagueSeason',
    'seasonGames',
  ]);

  constructor(private readonly db: Sql) {}

  async enterLeague(league: string, player: string, at: number): Promise<void> {
    await this.db.run(sql.UPSERT_MEMBER, [league, player, at, true]);
  }

  async leaveLeague(league: string, player: string): Promise<boolean> {
    return (await this.db.run(sql.LEAVE, [league, player, false])) > 0;
  }

  async leagueMember(league: string, player: string): Promise<LeagueMember | undefined> {
    const row = await this.db.get<sql.MemberRow>(sql.SELECT_MEMBER, [league, player]);
    return row && sql.memberFrom(row);
  }

  async leagueMembers(league: string): Promise<readonly LeagueMember[]> {
    return (await this.db.all<sql.MemberRow>(sql.SELECT_MEMBERS, [league, true])).map(
      sql.memberFrom,
    );
  }

  createSeason(season: StoredSeason, games: readonly LeagueGame[]): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if ((await tx.run(sql.INSERT_SEASON, sql.seasonRow(season))) === 0) return false;
      // PostgreSQL takes a season's thousands of games in one round trip; SQLite's writer is
      // in process, where a statement a game costs no trip.
      if (tx.dialect === 'postgres') {
        await tx.run(sql.INSERT_GAMES_PG, [
          season.league,
          season.number,
          games.map((g) => g.game),
          games.map((g) => g.group),
          games.map((g) => g.white),
          games.map((g) => g.black),
        ]);
        return true;
      }
      for (const g of games) {
        await tx.run(sql.INSERT_GAME, [
          g.game,
          season.league,
          season.number,
          g.group,
          g.white,
          g.black,
        ]);
      }
      return true;
    });
  }

  async seasonMade(league: string, number: number): Promise<void> {
    await this.db.run(sql.SET_MADE, [league, number, true]);
  }

  async latestSeason(league: string): Promise<StoredSeason | undefined> {
    const row = await this.db.get<sql.SeasonRow>(sql.SELECT_LATEST, [league]);
    return row && sql.seasonFrom(row);
  }

  async leagueSeason(league: string, number: number): Promise<StoredSeason | undefined> {
    const row = await this.db.get<sql.SeasonRow>(sql.SELECT_SEASON, [league, number]);
    return row && sql.seasonFrom(row);
  }

  async seasonGames(league: string, number: number): Promise<readonly LeagueGame[]> {
    return (await this.db.all<sql.GameRow>(sql.SELECT_GAMES, [league, number])).map(sql.gameFrom);
  }

  finishSeason(
    league: string,
    number: number,
    results: readonly { readonly game: string; readonly result: LeagueResult }[],
    earned: readonly ({ readonly player: string } & Earned)[],
  ): Promise<void> {
    return this.db.transaction(async (tx) => {
      if (tx.dialect === 'postgres') {
        await tx.run(sql.SET_RESULTS_PG, [
          results.map((r) => r.game),
          results.map((r) => r.result),
        ]);
        await tx.run(sql.SET_TIERS_PG, [
          league,
          earned.map((e) => e.player),
          earned.map((e) => e.tier),
          earned.map((e) => e.standing),
        ]);
      } else {
        for (const r of results) await tx.run(sql.SET_RESULT, [r.game, r.result]);
        for (const e of earned) await tx.run(sql.SET_TIER, [league, e.player, e.tier, e.standing]);
      }
      await tx.run(sql.SET_FINISHED, [league, number, true]);
    });
  }
}
