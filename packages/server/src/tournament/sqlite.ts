// The requests about tournaments, answered inside the SQLite worker beside those about players
// (sqlite-players.ts), each write in a savepoint of its own.

import type { Database } from 'better-sqlite3';
import type { PlayerHandlers } from '../sqlite-players.ts';
import { statement } from '../sqlite-players.ts';
import type { TournamentEvent, TournamentSetup } from './log.ts';
import * as sql from './sql.ts';

/** The handlers of the tournament requests. */
export type TournamentHandlers = Pick<
  PlayerHandlers,
  | 'create-tournament'
  | 'append-tournament'
  | 'load-tournament'
  | 'summarise'
  | 'list-tournaments'
  | 'finalise'
  | 'played-tournaments'
>;

/** SQLite binds no booleans: they are stored as 0 and 1. */
const bindable = (values: readonly unknown[]): unknown[] =>
  values.map((v) => (typeof v === 'boolean' ? Number(v) : v));

/** The handlers over an open database with the tournaments' tables. */
export function tournamentHandlers(db: Database): TournamentHandlers {
  const insert = statement(db, sql.INSERT_TOURNAMENT);
  const insertEvent = statement(db, sql.INSERT_TOURNAMENT_EVENT);
  const insertEntrant = statement(db, sql.INSERT_ENTRANT);
  const select = statement<{ created_at: number; setup: string }>(db, sql.SELECT_TOURNAMENT);
  const selectEvents = statement<{ body: string }>(db, sql.SELECT_TOURNAMENT_EVENTS);
  const updateSummary = statement(db, sql.UPDATE_SUMMARY);
  const selectOpen = statement<sql.ListedRow>(db, sql.SELECT_OPEN_TOURNAMENTS);
  const selectFinished = statement<sql.ListedRow>(db, sql.SELECT_FINISHED_TOURNAMENTS);
  const updateFinal = statement(db, sql.UPDATE_FINAL_LINE);
  const selectPlayed = statement<sql.PlayedRow>(db, sql.SELECT_PLAYED);
  return {
    'create-tournament': db.transaction(
      (job) =>
        insert(
          ...bindable(sql.tournamentRow(job.id, job.createdAt, job.setup, job.summary)),
        ).run() > 0,
    ),
    'append-tournament': db.transaction((job) => {
      for (const [i, event] of job.events.entries()) {
        insertEvent(job.id, job.version + i, JSON.stringify(event)).run();
      }
      for (const j of sql.joins(job.events)) insertEntrant(job.id, j.player, j.at).run();
      return undefined;
    }),
    'load-tournament': (job) => {
      const row = select(job.id).get();
      if (!row) return undefined;
      return {
        id: job.id,
        createdAt: row.created_at,
        setup: JSON.parse(row.setup) as TournamentSetup,
        events: selectEvents(job.id, job.from)
          .all()
          .map((e) => JSON.parse(e.body) as TournamentEvent),
      };
    },
    summarise: db.transaction((job) => {
      updateSummary(
        job.id,
        JSON.stringify(job.summary),
        Number(job.summary.status === 'finished'),
      ).run();
      return undefined;
    }),
    'list-tournaments': (job) => [
      ...selectOpen(job.startsBy).all().map(sql.listedFrom),
      ...selectFinished(job.finished).all().map(sql.listedFrom),
    ],
    finalise: db.transaction((job) => {
      for (const line of job.lines) updateFinal(job.id, line.player, line.rank, line.score).run();
      return undefined;
    }),
    'played-tournaments': (job) => selectPlayed(job.player, job.limit).all().map(sql.playedFrom),
  };
}
