// The SQL of players, ratings and lobby games, for either database: the statements are
// written once with PostgreSQL's $1 parameters (common/sql.ts), the rows they answer are
// turned into players and games here, and the schema steps that made their tables.

import type { Colour } from '@agon/engine';
import { parseCategoryKey } from '@agon/protocol';
import type { Migration, Num, SqlTypes } from '../common/sql.ts';
import {
  outcomeOf,
  type Player,
  type PlayerGame,
  type RatingChange,
  resultFor,
  type SettledGame,
  type StoredResult,
} from './players.ts';
import type { ClassRating } from './ratings.ts';

/**
 * The tables of players, their devices and ratings, transfer codes and the lobby's games, in
 * either database's types, as schema 2 made them (fairRatingsSchema adds what schema 4 does). A
 * rating row exists once a category has been played rated (`class` holds the category's key:
 * the class alone for the standard rules); a game's result is null while it goes on.
 */
export function playersTables(t: SqlTypes): string {
  return `
CREATE TABLE players (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL,
  created_at ${t.int} NOT NULL
);
CREATE UNIQUE INDEX player_names ON players (name_key);
CREATE TABLE player_tokens (
  hash TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES players (id)
);
CREATE TABLE ratings (
  player_id TEXT NOT NULL REFERENCES players (id),
  class TEXT NOT NULL,
  rating ${t.real} NOT NULL,
  rd ${t.real} NOT NULL,
  vol ${t.real} NOT NULL,
  games INTEGER NOT NULL,
  PRIMARY KEY (player_id, class)
${t.table};
CREATE TABLE transfers (
  code_hash TEXT PRIMARY KEY,
  player_id TEXT NOT NULL REFERENCES players (id),
  expires_at ${t.int} NOT NULL
);
CREATE INDEX transfer_expiry ON transfers (expires_at);
CREATE TABLE lobby_games (
  game_id TEXT PRIMARY KEY,
  class TEXT NOT NULL,
  rated ${t.bool} NOT NULL,
  started_at ${t.int} NOT NULL,
  result TEXT,
  settled_at ${t.int}
);
CREATE TABLE game_players (
  game_id TEXT NOT NULL REFERENCES lobby_games (game_id),
  colour TEXT NOT NULL,
  player_id TEXT NOT NULL REFERENCES players (id),
  started_at ${t.int} NOT NULL,
  rating_before ${t.real},
  rd_before ${t.real},
  vol_before ${t.real},
  rating_after ${t.real},
  rd_after ${t.real},
  vol_after ${t.real},
  PRIMARY KEY (game_id, colour)
${t.table};
CREATE INDEX player_history ON game_players (player_id, started_at);
`;
}

/** Schema 2: the tables of playersTables. */
export const playersSchema: Migration = (sql) => sql.exec(playersTables(sql.types));

/**
 * Schema 4, for fair ratings: the network each player was made from, when each rating last
 * moved (its deviation widens from then), a table of the server's secrets (the key of the
 * networks' hashes), and the indexes of the scan for unsettled games and of a player's codes.
 */
export const fairRatingsSchema: Migration = (sql) =>
  sql.exec(`
ALTER TABLE players ADD COLUMN created_from TEXT;
ALTER TABLE ratings ADD COLUMN rated_at ${sql.types.int};
CREATE TABLE secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE INDEX unsettled_games ON lobby_games (started_at) WHERE result IS NULL;
CREATE INDEX player_transfers ON transfers (player_id);
`);

/** Whether players $1 and $2 have met in a lobby game. */
export const HAVE_PLAYED = `
  SELECT 1 AS met FROM game_players a
  JOIN game_players b ON b.game_id = a.game_id AND b.player_id = $2
  WHERE a.player_id = $1 LIMIT 1`;

/**
 * Schema 11, bots: whether a player is a computer player (docs/bot-api.md). An identity becomes
 * one, for good, only before its first game.
 */
export const botsSchema: Migration = (sql) =>
  sql.exec(`ALTER TABLE players ADD COLUMN bot ${sql.types.bool} NOT NULL DEFAULT FALSE`);

/** The player $1 locked, if it exists, and whether it has played a lobby game. */
export const SELECT_PLAYED = `SELECT p.id, EXISTS (SELECT 1 FROM game_players g WHERE g.player_id = p.id)
  AS played FROM players p WHERE p.id = $1`;
export const MAKE_BOT = 'UPDATE players SET bot = TRUE WHERE id = $1';

export const INSERT_PLAYER =
  'INSERT INTO players (id, name, name_key, created_at, created_from) VALUES ($1, $2, $3, $4, $5)';
export const INSERT_TOKEN = 'INSERT INTO player_tokens (hash, player_id) VALUES ($1, $2)';
/** Adds a token only for a player that exists: the count of rows says which. */
export const ADD_TOKEN =
  'INSERT INTO player_tokens (hash, player_id) SELECT $1, id FROM players WHERE id = $2';
export const RENAME = 'UPDATE players SET name = $2, name_key = $3 WHERE id = $1';

/** A player's row joined with each of their ratings (one row with nulls if none yet). */
const PLAYER_ROWS = `
  SELECT p.id, p.name, p.created_at, p.created_from, p.bot, r.class, r.rating, r.rd, r.vol,
    r.games, r.rated_at
  FROM players p LEFT JOIN ratings r ON r.player_id = p.id`;
export const SELECT_PLAYER = `${PLAYER_ROWS} WHERE p.id = $1`;
export const SELECT_PLAYER_BY_TOKEN = `${PLAYER_ROWS}
  WHERE p.id = (SELECT player_id FROM player_tokens WHERE hash = $1)`;
/** The players of a list of ids, in SQLite given as a JSON array. */
export const SELECT_PLAYERS_SQLITE = `${PLAYER_ROWS} WHERE p.id IN (SELECT value FROM json_each($1))`;
/** The players of a list of ids, in PostgreSQL given as an array. */
export const SELECT_PLAYERS_POSTGRES = `${PLAYER_ROWS} WHERE p.id = ANY($1)`;

/** A row of PLAYER_ROWS. */
export interface PlayerRow {
  readonly id: string;
  readonly name: string;
  readonly created_at: Num;
  readonly created_from: string | null;
  readonly bot: boolean | number;
  /** The category's key. */
  readonly class: string | null;
  readonly rating: number | null;
  readonly rd: number | null;
  readonly vol: number | null;
  readonly games: Num | null;
  readonly rated_at: Num | null;
}

/** A rating row's rating. */
export function ratingFrom(r: {
  readonly rating: number | null;
  readonly rd: number | null;
  readonly vol: number | null;
  readonly games: Num | null;
  readonly rated_at: Num | null;
}): ClassRating {
  return {
    rating: r.rating!,
    rd: r.rd!,
    vol: r.vol!,
    games: Number(r.games),
    ...(r.rated_at !== null && { ratedAt: Number(r.rated_at) }),
  };
}

/** The players in rows of PLAYER_ROWS, each once. */
export function playersFrom(rows: readonly PlayerRow[]): Player[] {
  const byId = new Map<string, PlayerRow[]>();
  for (const row of rows) byId.set(row.id, [...(byId.get(row.id) ?? []), row]);
  return [...byId.values()].map((own) => {
    const first = own[0]!;
    return {
      id: first.id,
      name: first.name,
      createdAt: Number(first.created_at),
      ...(first.created_from !== null && { createdFrom: first.created_from }),
      ...(Boolean(first.bot) && { bot: true as const }),
      ratings: Object.fromEntries(
        own.flatMap((r) => (r.class === null ? [] : [[r.class, ratingFrom(r)] as const])),
      ),
    };
  });
}

export const INSERT_TRANSFER =
  'INSERT INTO transfers (code_hash, player_id, expires_at) VALUES ($1, $2, $3)';
/** Takes a code, once: of two takes, only one deletes the row and sees it returned. */
export const TAKE_TRANSFER =
  'DELETE FROM transfers WHERE code_hash = $1 RETURNING player_id, expires_at';
export const PURGE_TRANSFERS = 'DELETE FROM transfers WHERE expires_at <= $1';
/** A player's codes, deleted before a new one is saved. */
export const DELETE_TRANSFERS_OF = 'DELETE FROM transfers WHERE player_id = $1';

export const INSERT_GAME =
  'INSERT INTO lobby_games (game_id, class, rated, started_at) VALUES ($1, $2, $3, $4)';
export const INSERT_SEAT =
  'INSERT INTO game_players (game_id, colour, player_id, started_at) VALUES ($1, $2, $3, $4)';
/** A new game's row (SQLite stores a wave's rows and notes one by one, in one transaction). */
export const INSERT_GAME_ROW =
  'INSERT INTO games (id, created_at, setup, due_at) VALUES ($1, $2, $3, $4)';
/**
 * New lobby games in one statement (PostgreSQL): their rows, their notes for the ratings and
 * their seats, from arrays: $1-$3 the games' ids, starts and setups, $4-$5 their classes and
 * whether rated, $6-$9 the seats' games, colours, players and starts, $10 the games' first
 * deadlines (null for none).
 */
export const START_GAMES_POSTGRES = `
  WITH made AS (
    INSERT INTO games (id, created_at, setup, due_at)
    SELECT * FROM unnest($1::text[], $2::bigint[], $3::jsonb[], $10::bigint[])
  ), noted AS (
    INSERT INTO lobby_games (game_id, class, rated, started_at)
    SELECT * FROM unnest($1::text[], $4::text[], $5::boolean[], $2::bigint[])
  )
  INSERT INTO game_players (game_id, colour, player_id, started_at)
  SELECT * FROM unnest($6::text[], $7::text[], $8::text[], $9::bigint[])`;
export const SELECT_GAME = 'SELECT class, rated, result FROM lobby_games WHERE game_id = $1';
export const SELECT_SEATS = `
  SELECT colour, player_id, rating_before, rd_before, vol_before, rating_after, rd_after, vol_after
  FROM game_players WHERE game_id = $1`;
/**
 * A rating row for a player's first rated game in a class, so that it can be locked; or a house
 * bot's starting rating (bot/house.ts), which a rating already there keeps out.
 */
export const ENSURE_RATING = `
  INSERT INTO ratings (player_id, class, rating, rd, vol, games) VALUES ($1, $2, $3, $4, $5, 0)
  ON CONFLICT (player_id, class) DO NOTHING`;
export const SELECT_RATING =
  'SELECT rating, rd, vol, games, rated_at FROM ratings WHERE player_id = $1 AND class = $2';
/** A player's rated games in every category. */
export const TOTAL_GAMES =
  'SELECT COALESCE(SUM(games), 0) AS games FROM ratings WHERE player_id = $1';
export const UPDATE_RATING = `
  UPDATE ratings SET rating = $3, rd = $4, vol = $5, games = games + 1, rated_at = $6
  WHERE player_id = $1 AND class = $2`;
export const UPDATE_SEAT = `
  UPDATE game_players SET rating_before = $3, rd_before = $4, vol_before = $5,
    rating_after = $6, rd_after = $7, vol_after = $8
  WHERE game_id = $1 AND colour = $2`;
export const SETTLE_GAME = 'UPDATE lobby_games SET result = $2, settled_at = $3 WHERE game_id = $1';
/**
 * The lobby games started before $1 with no result recorded, but for the correspondence games
 * with a deadline noted (due_at, room.ts): the deadlines' keeper alone loads those, when it
 * comes, so that two processes do not both load one and race to end it.
 */
export const UNSETTLED_GAMES = `
  SELECT l.game_id FROM lobby_games l JOIN games g ON g.id = l.game_id
  WHERE l.result IS NULL AND l.started_at < $1 AND g.due_at IS NULL
  ORDER BY l.started_at`;

/** A row of SELECT_GAME. */
export interface GameRow {
  /** The category's key. */
  readonly class: string;
  readonly rated: boolean | number;
  readonly result: StoredResult | null;
}

/** A row of SELECT_SEATS. */
export interface SeatRow {
  readonly colour: Colour;
  readonly player_id: string;
  readonly rating_before: number | null;
  readonly rd_before: number | null;
  readonly vol_before: number | null;
  readonly rating_after: number | null;
  readonly rd_after: number | null;
  readonly vol_after: number | null;
}

/** The parameters of UPDATE_SEAT for one side of a settlement. */
export function seatChange(gameId: string, colour: Colour, change: RatingChange): unknown[] {
  const { before, after } = change;
  return [gameId, colour, before.rating, before.rd, before.vol, after.rating, after.rd, after.vol];
}

/** The settlement stored for a game that was settled before. */
export function storedSettlement(result: StoredResult, seats: readonly SeatRow[]): SettledGame {
  const change = (colour: Colour): RatingChange | null => {
    const s = seats.find((seat) => seat.colour === colour);
    if (!s || s.rating_before === null) return null;
    return {
      before: { rating: s.rating_before, rd: s.rd_before!, vol: s.vol_before! },
      after: { rating: s.rating_after!, rd: s.rd_after!, vol: s.vol_after! },
    };
  };
  return { outcome: outcomeOf(result), white: change('white'), black: change('black') };
}

/** A player's ($1) latest games that pass `filter`, newest first, at most $2. */
const gamesOf = (filter: string): string => `
  SELECT me.game_id, me.colour, opp.player_id AS opponent_id, p.name AS opponent_name,
    p.bot AS opponent_bot, g.class, g.rated, g.result, me.rating_before, me.rating_after, me.started_at
  FROM game_players me
  JOIN lobby_games g ON g.game_id = me.game_id
  JOIN game_players opp ON opp.game_id = me.game_id AND opp.colour <> me.colour
  JOIN players p ON p.id = opp.player_id
  WHERE me.player_id = $1 AND ${filter}
  ORDER BY me.started_at DESC, me.game_id DESC
  LIMIT $2`;

export const RECENT_GAMES = gamesOf('TRUE');
/** The games a player is still in: no result recorded (some may have ended unsettled). */
export const ONGOING_GAMES = gamesOf('g.result IS NULL');

/** A row of RECENT_GAMES. */
export interface RecentRow {
  readonly game_id: string;
  readonly colour: Colour;
  readonly opponent_id: string;
  readonly opponent_name: string;
  readonly opponent_bot: boolean | number;
  /** The category's key. */
  readonly class: string;
  readonly rated: boolean | number;
  readonly result: StoredResult | null;
  readonly rating_before: number | null;
  readonly rating_after: number | null;
  readonly started_at: Num;
}

/** A player's game from a row of RECENT_GAMES. */
export function playerGame(row: RecentRow): PlayerGame {
  // Every key stored was made by categoryKey; a stranger one is read as standard blitz.
  const category = parseCategoryKey(row.class) ?? { class: 'blitz', rules: 'standard' };
  return {
    game: row.game_id,
    colour: row.colour,
    opponent: {
      id: row.opponent_id,
      name: row.opponent_name,
      ...(Boolean(row.opponent_bot) && { bot: true as const }),
    },
    class: category.class,
    rules: category.rules,
    rated: Boolean(row.rated),
    result: row.result === null ? null : resultFor(row.result, row.colour),
    ratingBefore: row.rating_before,
    ratingAfter: row.rating_after,
    at: Number(row.started_at),
  };
}

export const RECENT_COLOURS = `
  SELECT colour FROM game_players WHERE player_id = $1
  ORDER BY started_at DESC, game_id DESC LIMIT $2`;

/** Whites minus blacks among rows of RECENT_COLOURS. */
export function balance(rows: readonly { readonly colour: Colour }[]): number {
  return rows.reduce((sum, r) => sum + (r.colour === 'white' ? 1 : -1), 0);
}
