// The SQL of tournaments, for either database (written with $1 parameters, common/sql.ts), and
// the turning of their rows into values.

import type { PlayedTournament } from '@agon/protocol';
import type { Migration } from '../common/sql.ts';
import type { TournamentEvent, TournamentSetup } from './log.ts';
import type { ListedTournament, TournamentSummary } from './store.ts';

/**
 * The tables: each event with its setup and listing (`scheduled`, unique, is the schedule's
 * name and start, so a schedule makes each event once whoever makes it), its log, and who
 * played in it (their final rank and score once it is over).
 */
export const tournamentsSchema: Migration = (sql) =>
  sql.exec(`
CREATE TABLE tournaments (
  id TEXT PRIMARY KEY,
  created_at ${sql.types.int} NOT NULL,
  setup TEXT NOT NULL,
  scheduled TEXT UNIQUE,
  starts_at ${sql.types.int} NOT NULL,
  finished ${sql.types.bool} NOT NULL,
  summary TEXT NOT NULL
);
CREATE INDEX open_tournaments ON tournaments (starts_at) WHERE NOT finished;
CREATE INDEX finished_tournaments ON tournaments (starts_at) WHERE finished;
CREATE TABLE tournament_events (
  tournament_id TEXT NOT NULL REFERENCES tournaments (id),
  version INTEGER NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (tournament_id, version)
${sql.types.table};
CREATE TABLE tournament_players (
  tournament_id TEXT NOT NULL REFERENCES tournaments (id),
  player_id TEXT NOT NULL REFERENCES players (id),
  joined_at ${sql.types.int} NOT NULL,
  rank INTEGER,
  score ${sql.types.real},
  PRIMARY KEY (tournament_id, player_id)
${sql.types.table};
CREATE INDEX player_tournaments ON tournament_players (player_id, joined_at);
`);

export const INSERT_TOURNAMENT = `INSERT INTO tournaments
  (id, created_at, setup, scheduled, starts_at, finished, summary)
  VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (scheduled) DO NOTHING`;
export const INSERT_TOURNAMENT_EVENT =
  'INSERT INTO tournament_events (tournament_id, version, body) VALUES ($1, $2, $3)';
export const INSERT_ENTRANT = `INSERT INTO tournament_players (tournament_id, player_id, joined_at)
  VALUES ($1, $2, $3) ON CONFLICT (tournament_id, player_id) DO NOTHING`;
/**
 * PostgreSQL's append of a batch of events and the entrants its joins add, in one statement (so
 * one round trip, and all or nothing): $2 the versions, $3 the bodies, $4 and $5 the joins.
 */
export const APPEND_TOURNAMENT_PG = `WITH logged AS (
    INSERT INTO tournament_events (tournament_id, version, body)
    SELECT $1, v, b FROM unnest($2::integer[], $3::text[]) AS e (v, b)
  )
  INSERT INTO tournament_players (tournament_id, player_id, joined_at)
  SELECT DISTINCT ON (p) $1, p, a FROM unnest($4::text[], $5::bigint[]) AS j (p, a) ORDER BY p, a
  ON CONFLICT (tournament_id, player_id) DO NOTHING`;
export const SELECT_TOURNAMENT = 'SELECT created_at, setup FROM tournaments WHERE id = $1';
export const SELECT_TOURNAMENT_EVENTS =
  'SELECT body FROM tournament_events WHERE tournament_id = $1 AND version >= $2 ORDER BY version';
export const UPDATE_SUMMARY = 'UPDATE tournaments SET summary = $2, finished = $3 WHERE id = $1';
export const SELECT_OPEN_TOURNAMENTS = `SELECT id, created_at, setup, summary FROM tournaments
  WHERE NOT finished AND starts_at <= $1 ORDER BY starts_at`;
export const SELECT_FINISHED_TOURNAMENTS = `SELECT id, created_at, setup, summary FROM tournaments
  WHERE finished ORDER BY starts_at DESC LIMIT $1`;
export const UPDATE_FINAL_LINE = `UPDATE tournament_players SET rank = $3, score = $4
  WHERE tournament_id = $1 AND player_id = $2`;
export const SELECT_PLAYED = `SELECT t.id, t.setup, t.summary, p.rank, p.score
  FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id
  WHERE p.player_id = $1 ORDER BY p.joined_at DESC LIMIT $2`;

/** A row of the listing queries. */
export interface ListedRow {
  readonly id: string;
  readonly created_at: number | string;
  readonly setup: string;
  readonly summary: string;
}

export const listedFrom = (row: ListedRow): ListedTournament => ({
  id: row.id,
  createdAt: Number(row.created_at),
  setup: JSON.parse(row.setup) as TournamentSetup,
  summary: JSON.parse(row.summary) as TournamentSummary,
});

/** The values of INSERT_TOURNAMENT. */
export const tournamentRow = (
  id: string,
  createdAt: number,
  setup: TournamentSetup,
  summary: TournamentSummary,
): unknown[] => [
  id,
  createdAt,
  JSON.stringify(setup),
  setup.scheduled ?? null,
  setup.terms.startsAt,
  summary.status === 'finished',
  JSON.stringify(summary),
];

/** The entrants a log's events add to the players' pages: the joins. */
export const joins = (events: readonly TournamentEvent[]) =>
  events.flatMap((e) => (e.kind === 'join' ? [{ player: e.player, at: e.at }] : []));

/** A row of SELECT_PLAYED. */
export interface PlayedRow {
  readonly id: string;
  readonly setup: string;
  readonly summary: string;
  readonly rank: number | null;
  readonly score: number | null;
}

export const playedFrom = (row: PlayedRow): PlayedTournament => {
  const { terms, schedule } = JSON.parse(row.setup) as TournamentSetup;
  const summary = JSON.parse(row.summary) as TournamentSummary;
  return {
    id: row.id,
    name: terms.name,
    ...(schedule && { schedule }),
    kind: terms.kind,
    startsAt: terms.startsAt,
    players: summary.players,
    rank: row.rank === null ? null : Number(row.rank),
    score: row.score === null ? 0 : Number(row.score),
  };
};
