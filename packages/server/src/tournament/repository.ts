// Tournaments, their logs and who played in them, in either database (common/sql.ts): the one
// `TournamentStore` the storage of SQLite and of PostgreSQL both serve.

import type { PlayedTournament } from '@agon/protocol';
import { json, type Sql, UniqueViolation } from '../common/sql.ts';
import { VersionConflict } from '../game/store.ts';
import type { StoredTournament, TournamentEvent, TournamentSetup } from './log.ts';
import * as sql from './sql.ts';
import type { FinalLine, ListedTournament, TournamentStore, TournamentSummary } from './store.ts';

export class TournamentRepository implements TournamentStore {
  static readonly reads: ReadonlySet<keyof TournamentStore> = new Set([
    'loadTournament',
    'listTournaments',
    'playedTournaments',
  ]);

  /**
   * `side`: the tournaments' own few connections, for their logs: a pairing waits behind no
   * queue of moves being stored, and a thousand players' moves wait on no log.
   */
  constructor(
    private readonly db: Sql,
    private readonly side: Sql = db,
  ) {}

  async createTournament(
    id: string,
    createdAt: number,
    setup: TournamentSetup,
    summary: TournamentSummary,
  ): Promise<boolean> {
    return (
      (await this.db.run(sql.INSERT_TOURNAMENT, sql.tournamentRow(id, createdAt, setup, summary))) >
      0
    );
  }

  async appendTournament(
    id: string,
    version: number,
    events: readonly TournamentEvent[],
  ): Promise<void> {
    const joins = sql.joins(events);
    try {
      if (this.side.dialect === 'postgres') {
        // One statement: one round trip, all or nothing.
        await this.side.run(sql.APPEND_TOURNAMENT_PG, [
          id,
          events.map((_, i) => version + i),
          events.map((e) => JSON.stringify(e)),
          joins.map((j) => j.player),
          joins.map((j) => j.at),
        ]);
        return;
      }
      await this.side.transaction(async (tx) => {
        for (const [i, event] of events.entries()) {
          await tx.run(sql.INSERT_TOURNAMENT_EVENT, [id, version + i, JSON.stringify(event)]);
        }
        for (const j of joins) await tx.run(sql.INSERT_ENTRANT, [id, j.player, j.at]);
      });
    } catch (e) {
      throw e instanceof UniqueViolation
        ? new VersionConflict(`tournament ${id} has version ${version}`)
        : e;
    }
  }

  async loadTournament(id: string, from = 0): Promise<StoredTournament | undefined> {
    const row = await this.side.get<{ created_at: number | string; setup: string }>(
      sql.SELECT_TOURNAMENT,
      [id],
    );
    if (!row) return undefined;
    const events = await this.side.all<{ body: string }>(sql.SELECT_TOURNAMENT_EVENTS, [id, from]);
    return {
      id,
      createdAt: Number(row.created_at),
      setup: json<TournamentSetup>(row.setup),
      events: events.map((e) => json<TournamentEvent>(e.body)),
    };
  }

  async summarise(id: string, summary: TournamentSummary): Promise<void> {
    const finished = summary.status === 'finished';
    await this.side.run(sql.UPDATE_SUMMARY, [id, JSON.stringify(summary), finished]);
  }

  async listTournaments(
    finished: number,
    startsBy = Number.MAX_SAFE_INTEGER,
  ): Promise<readonly ListedTournament[]> {
    const [open, done] = await Promise.all([
      this.side.all<sql.ListedRow>(sql.SELECT_OPEN_TOURNAMENTS, [startsBy]),
      this.side.all<sql.ListedRow>(sql.SELECT_FINISHED_TOURNAMENTS, [finished]),
    ]);
    return [...open, ...done].map(sql.listedFrom);
  }

  finalise(id: string, lines: readonly FinalLine[]): Promise<void> {
    return this.db.transaction(async (tx) => {
      for (const line of lines) {
        await tx.run(sql.UPDATE_FINAL_LINE, [id, line.player, line.rank, line.score]);
      }
    });
  }

  async playedTournaments(player: string, limit: number): Promise<readonly PlayedTournament[]> {
    return (await this.db.all<sql.PlayedRow>(sql.SELECT_PLAYED, [player, limit])).map(
      sql.playedFrom,
    );
  }
}
