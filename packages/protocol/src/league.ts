// Leagues (docs/leagues.md): seasons of correspondence round robins in tiers, League 1 at the
// top, with promotion and relegation; what the league pages read and how a player enters one.

import type { Days } from './base.ts';

/** A league's key: what its address names. */
export const LEAGUE_KEY = /^[a-z0-9-]{1,40}$/;

/** A league as listed: its terms, its latest season, and when the next one starts. */
export interface LeagueListing {
  readonly key: string;
  readonly name: string;
  /** Days per move of its games. */
  readonly days: Days;
  /** How long a season lasts, in days. */
  readonly seasonDays: number;
  /** The number of its latest season, running or finished; 0 before its first. */
  readonly season: number;
  /** Whether the latest season is still running. */
  readonly running: boolean;
  /** When the next season starts (ms since 1970), if enough players are entered for it. */
  readonly nextStartsAt: number | null;
  /** How many are entered for the next season. */
  readonly entered: number;
}

/** How a league game counts for a player: a win, a draw, a loss, or none yet (in play). */
export type LeagueScore = 1 | 0.5 | 0 | null;

/** One cell of a crosstable: the game of the row's player against the column's. */
export interface LeagueCell {
  readonly game: string;
  /** The row player's colour in it. */
  readonly white: boolean;
  readonly score: LeagueScore;
  /** The game was still unfinished when the season ended (it counts as a draw). */
  readonly unfinished?: true;
}

/** A player's row of a group: their place so far and their games. */
export interface LeagueRow {
  readonly id: string;
  readonly name: string;
  readonly rank: number;
  readonly points: number;
  /** Sonneborn-Berger. */
  readonly sb: number;
  readonly played: number;
  /** Where they go next season as things stand: up (-1), down (1) or neither. */
  readonly move: -1 | 0 | 1;
  /**
   * Their games against each player of the group, in the order of `LeagueGroup.seeds`; null
   * against themselves.
   */
  readonly cells: readonly (LeagueCell | null)[];
}

/** A group of a season. */
export interface LeagueGroup {
  readonly tier: number;
  /** Its players by seed (the strongest first): the crosstable's columns. */
  readonly seeds: readonly string[];
  /** Its rows, in the order of the standings. */
  readonly rows: readonly LeagueRow[];
}

/** How many groups a page of a tier holds on the league's page. */
export const LEAGUE_GROUPS_PER_PAGE = 10;

/** A tier of a season as its summary says: how many groups and players it holds. */
export interface LeagueTier {
  readonly tier: number;
  readonly groups: number;
  readonly players: number;
}

/** Where a group is shown: its tier, the page of that tier and its index within the tier. */
export interface LeagueSeat {
  readonly tier: number;
  readonly page: number;
  readonly group: number;
}

/** A page of a season: every tier's summary, and the groups of one page of one tier. */
export interface LeagueSeason {
  readonly number: number;
  readonly startsAt: number;
  readonly endsAt: number;
  readonly finished: boolean;
  /** Every tier of the season, League 1 first. */
  readonly tiers: readonly LeagueTier[];
  /** The tier shown. */
  readonly tier: number;
  /** The page of its groups shown, from 1, and how many pages it has. */
  readonly page: number;
  readonly pages: number;
  /** The index within the tier of the first group shown (its letter: A for 0). */
  readonly first: number;
  /** The groups of the page, at most LEAGUE_GROUPS_PER_PAGE. */
  readonly groups: readonly LeagueGroup[];
}

/**
 * GET /api/leagues/:key?tier=N&page=P: the league, a page of its latest season, and the asker's
 * group (`you`, when the request's token names a player of the season).
 */
export interface LeagueView {
  readonly now: number;
  readonly league: LeagueListing;
  readonly season: LeagueSeason | null;
  readonly you: LeagueSeat | null;
}

/** Which page of a season a request asks for; a part left out is the asker's, else the first. */
export interface LeaguePageAsked {
  readonly tier?: number;
  readonly page?: number;
}

/** GET /api/leagues/:key/me: the asking player's entry. */
export interface LeagueEntry {
  /** Whether they play the next season. */
  readonly entered: boolean;
  /** The tier their last season earned them, if they played one. */
  readonly tier: number | null;
}

/** POST /api/leagues/:key/me: enter the next seasons, or opt out of them. */
export type LeagueAction = { readonly action: 'join' } | { readonly action: 'leave' };
