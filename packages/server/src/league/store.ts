// Where leagues are kept: who is entered in each (and the tier their last season earned them),
// each season with its groups, and each season's games. A game's result is read from the lobby's
// record of it while the season runs, and written here when the season ends, for good.

import type { Earned, Group, LeagueResult } from './season.ts';

/** A player entered in a league. */
export interface LeagueMember {
  readonly player: string;
  readonly joinedAt: number;
  /** Whether they play the next season (false once they opted out). */
  readonly active: boolean;
  /** The tier their last season earned them; undefined before their first. */
  readonly tier?: number;
  /** Their standing in that tier (season.ts `Seed`). */
  readonly standing?: number;
}

/** A season of a league. */
export interface StoredSeason {
  readonly league: string;
  readonly number: number;
  readonly startsAt: number;
  readonly endsAt: number;
  readonly finished: boolean;
  /** Whether all its games are known to be made. */
  readonly made: boolean;
  readonly groups: readonly Group[];
}

/** A game of a season: its group (an index into the season's groups) and how it counts. */
export interface LeagueGame {
  readonly game: string;
  readonly group: number;
  readonly white: string;
  readonly black: string;
  readonly result: LeagueResult | null;
}

/** The storage of leagues. Every promise settles once the change is durable. */
export interface LeagueStore {
  /** Enters `player` in `league` (again, if they had opted out), from the next season on. */
  enterLeague(league: string, player: string, at: number): Promise<void>;
  /** Opts `player` out of `league`'s next seasons; false if they were not entered. */
  leaveLeague(league: string, player: string): Promise<boolean>;
  /** `player`'s entry in `league`, if they ever entered. */
  leagueMember(league: string, player: string): Promise<LeagueMember | undefined>;
  /** Everyone entered in `league` who plays its next season. */
  leagueMembers(league: string): Promise<readonly LeagueMember[]>;
  /** Stores a new season and its games; false (nothing stored) if its number is taken. */
  createSeason(season: StoredSeason, games: readonly LeagueGame[]): Promise<boolean>;
  /** Records that every game of a season is made. */
  seasonMade(league: string, number: number): Promise<void>;
  /** The latest season of `league`, if it had one. */
  latestSeason(league: string): Promise<StoredSeason | undefined>;
  /** A season, by number. */
  leagueSeason(league: string, number: number): Promise<StoredSeason | undefined>;
  /** A season's games, each with its result so far (the lobby's while the season runs). */
  seasonGames(league: string, number: number): Promise<readonly LeagueGame[]>;
  /**
   * Ends a season: its games' results set for good, and the tier and standing each player earned
   * kept for the next season.
   */
  finishSeason(
    league: string,
    number: number,
    results: readonly { readonly game: string; readonly result: LeagueResult }[],
    earned: readonly ({ readonly player: string } & Earned)[],
  ): Promise<void>;
}
