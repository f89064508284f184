// The SQL of leagues, for either database (written with $1 parameters, common/sql.ts), and the
// turning of their rows into values.

import type { Migration, Num } from '../common/sql.ts';
import type { Group, LeagueResult } from './season.ts';
import type { LeagueGame, LeagueMember, StoredSeason } from './store.ts';

/**
 * The tables: who is entered in each league (and the tier and standing they earned), each season (its
 * number unique in its league, so two runners cannot both make it), and each season's games.
 */
export const leaguesSchema: Migration = (sql) =>
  sql.exec(`
CREATE TABLE league_members (
  league TEXT NOT NULL,
  player_id TEXT NOT NULL REFERENCES players (id),
  joined_at ${sql.types.int} NOT NULL,
  active ${sql.types.bool} NOT NULL,
  tier INTEGER,
  standing INTEGER,
  PRIMARY KEY (league, player_id)
${sql.types.table};
CREATE TABLE league_seasons (
  league TEXT NOT NULL,
  number INTEGER NOT NULL,
  starts_at ${sql.types.int} NOT NULL,
  ends_at ${sql.types.int} NOT NULL,
  finished ${sql.types.bool} NOT NULL,
  made ${sql.types.bool} NOT NULL,
  groups TEXT NOT NULL,
  PRIMARY KEY (league, number)
${sql.types.table};
CREATE TABLE league_games (
  game_id TEXT PRIMARY KEY,
  league TEXT NOT NULL,
  season INTEGER NOT NULL,
  grp INTEGER NOT NULL,
  white TEXT NOT NULL,
  black TEXT NOT NULL,
  result TEXT
);
CREATE INDEX season_games ON league_games (league, season);
`);

export const UPSERT_MEMBER = `INSERT INTO league_members (league, player_id, joined_at, active)
  VALUES ($1, $2, $3, $4) ON CONFLICT (league, player_id) DO UPDATE SET active = $4`;
export const LEAVE = `UPDATE league_members SET active = $3
  WHERE league = $1 AND player_id = $2`;
export const SELECT_MEMBER = `SELECT player_id, joined_at, active, tier, standing FROM league_members
  WHERE league = $1 AND player_id = $2`;
export const SELECT_MEMBERS = `SELECT player_id, joined_at, active, tier, standing FROM league_members
  WHERE league = $1 AND active = $2 ORDER BY joined_at, player_id`;
export const SET_TIER = `UPDATE league_members SET tier = $3, standing = $4
  WHERE league = $1 AND player_id = $2`;
export const INSERT_SEASON = `INSERT INTO league_seasons
  (league, number, starts_at, ends_at, finished, made, groups)
  VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (league, number) DO NOTHING`;
export const INSERT_GAME = `INSERT INTO league_games (game_id, league, season, grp, white, black)
  VALUES ($1, $2, $3, $4, $5, $6)`;
/** PostgreSQL's insert of a season's games in one statement: $3 to $7 the games' columns. */
export const INSERT_GAMES_PG = `INSERT INTO league_games (game_id, league, season, grp, white, black)
  SELECT g, $1, $2, n, w, b
  FROM unnest($3::text[], $4::integer[], $5::text[], $6::text[]) AS x (g, n, w, b)`;
export const SET_MADE = 'UPDATE league_seasons SET made = $3 WHERE league = $1 AND number = $2';
export const SET_FINISHED =
  'UPDATE league_seasons SET finished = $3 WHERE league = $1 AND number = $2';
const SEASON_COLUMNS = 'league, number, starts_at, ends_at, finished, made, groups';
export const SELECT_LATEST = `SELECT ${SEASON_COLUMNS} FROM league_seasons
  WHERE league = $1 ORDER BY number DESC LIMIT 1`;
export const SELECT_SEASON = `SELECT ${SEASON_COLUMNS} FROM league_seasons
  WHERE league = $1 AND number = $2`;
/** A season's games, each with its own result if the season ended, else the lobby's. */
export const SELECT_GAMES = `SELECT g.game_id, g.grp, g.white, g.black,
  COALESCE(g.result, l.result) AS result
  FROM league_games g LEFT JOIN lobby_games l ON l.game_id = g.game_id
  WHERE g.league = $1 AND g.season = $2 ORDER BY g.grp, g.game_id`;
export const SET_RESULT = 'UPDATE league_games SET result = $2 WHERE game_id = $1';
/** PostgreSQL's setting of a season's results in one statement. */
export const SET_RESULTS_PG = `UPDATE league_games SET result = x.r
  FROM unnest($1::text[], $2::text[]) AS x (g, r) WHERE game_id = x.g`;
/** PostgreSQL's setting of what a season's players earned in one statement. */
export const SET_TIERS_PG = `UPDATE league_members SET tier = x.t, standing = x.s
  FROM unnest($2::text[], $3::integer[], $4::integer[]) AS x (p, t, s)
  WHERE league = $1 AND player_id = x.p`;

/** A row of the members' queries. */
export interface MemberRow {
  readonly player_id: string;
  readonly joined_at: Num;
  readonly active: boolean | number;
  readonly tier: number | null;
  readonly standing: number | null;
}

export const memberFrom = (row: MemberRow): LeagueMember => ({
  player: row.player_id,
  joinedAt: Number(row.joined_at),
  active: Boolean(row.active),
  ...(row.tier !== null && { tier: Number(row.tier) }),
  ...(row.standing !== null && { standing: Number(row.standing) }),
});

/** A row of the seasons' queries. */
export interface SeasonRow {
  readonly league: string;
  readonly number: number;
  readonly starts_at: Num;
  readonly ends_at: Num;
  readonly finished: boolean | number;
  readonly made: boolean | number;
  readonly groups: string;
}

export const seasonFrom = (row: SeasonRow): StoredSeason => ({
  league: row.league,
  number: Number(row.number),
  startsAt: Number(row.starts_at),
  endsAt: Number(row.ends_at),
  finished: Boolean(row.finished),
  made: Boolean(row.made),
  groups: JSON.parse(row.groups) as Group[],
});

/** The values of INSERT_SEASON. */
export const seasonRow = (s: StoredSeason): unknown[] => [
  s.league,
  s.number,
  s.startsAt,
  s.endsAt,
  s.finished,
  s.made,
  JSON.stringify(s.groups),
];

/** A row of SELECT_GAMES. */
export interface GameRow {
  readonly game_id: string;
  readonly grp: number;
  readonly white: string;
  readonly black: string;
  readonly result: string | null;
}

export const gameFrom = (row: GameRow): LeagueGame => ({
  game: row.game_id,
  group: Number(row.grp),
  white: row.white,
  black: row.black,
  result: row.result as LeagueResult | null,
});
