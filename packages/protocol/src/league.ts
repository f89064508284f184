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

/** A season with its groups. */
export interface LeagueSeason {
  readonly number: number;
  readonly startsAt: number;
  readonly endsAt: number;
  readonly finished: boolean;
  readonly groups: readonly LeagueGroup[];
}

/** GET /api/leagues/:key: the league, its latest season, and the asker's part. */
export interface LeagueView {
  readonly now: number;
  readonly league: LeagueListing;
  readonly season: LeagueSeason | null;
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
