// The requests about puzzles, answered inside the SQLite worker beside those about players
// (sqlite-players.ts). The worker is one thread, so an attempt's read and write never
// interleave with another's; each write is a savepoint of its own.

import type { Puzzle } from '@agon/engine';
import type { Database } from 'better-sqlite3';
import type { PlayerHandlers } from '../sqlite-players.ts';
import { statement } from '../sqlite-players.ts';
import * as sql from './sql.ts';

/** The handlers of the puzzle requests. */
export type PuzzleHandlers = Pick<
  PlayerHandlers,
  | 'attempt-puzzle'
  | 'puzzle-player'
  | 'puzzle-ratings'
  | 'found-puzzles'
  | 'queue-scan'
  | 'claim-scan'
  | 'finish-scan'
  | 'release-scan'
  | 'scan-state'
>;

/** The handlers over an open database with the puzzles' tables. */
export function puzzleHandlers(db: Database): PuzzleHandlers {
  const ensurePuzzle = statement(db, sql.ENSURE_PUZZLE);
  const selectPuzzle = statement<sql.StandingRow>(db, sql.SELECT_PUZZLE);
  const updatePuzzle = statement(db, sql.UPDATE_PUZZLE);
  const selectPlayer = statement<sql.PlayerRatingRow>(db, sql.SELECT_PUZZLE_PLAYER);
  const upsertPlayer = statement(db, sql.UPSERT_PUZZLE_PLAYER);
  const selectAttempted = statement(db, sql.SELECT_ATTEMPTED);
  const insertAttempt = statement(db, sql.INSERT_ATTEMPT);
  const insertNetwork = statement(db, sql.INSERT_NETWORK);
  const selectAttempts = statement<sql.AttemptRow>(db, sql.SELECT_ATTEMPTS);
  const selectRatings = statement<sql.StandingRow>(db, sql.SELECT_PUZZLE_RATINGS);
  const insertFound = statement(db, sql.INSERT_FOUND);
  const selectFound = statement<{ body: string }>(db, sql.SELECT_FOUND);
  const queueScan = statement(db, sql.QUEUE_SCAN);
  const claimScan = statement<{ game_id: string }>(db, sql.claimScan(''));
  const finishScan = statement(db, sql.FINISH_SCAN);
  const releaseScan = statement(db, sql.RELEASE_SCAN);
  const selectScan = statement<sql.ScanRow>(db, sql.SELECT_SCAN);
  return {
    'attempt-puzzle': db.transaction(({ attempt }) => {
      const { rating, rd, vol } = attempt.start;
      ensurePuzzle(attempt.puzzle, rating, rd, vol).run();
      const player = sql.playerRatingFrom(selectPlayer(attempt.player).get());
      const attempted = selectAttempted(attempt.player, attempt.puzzle).get() !== undefined;
      // Every network noted, even past the first already there: each is then spent.
      const fresh =
        !attempted &&
        sql
          .networksOf(attempt)
          .map((n) => insertNetwork(attempt.puzzle, n).run())
          .every((added) => added > 0);
      const change = sql.attemptChange(
        attempt,
        player,
        selectPuzzle(attempt.puzzle).get()!,
        attempted,
        fresh,
      );
      if (change.after) {
        const { player: p, puzzle: q } = change.after;
        const solved = Number(attempt.solved);
        updatePuzzle(attempt.puzzle, q.rating, q.rd, q.vol, solved).run();
        upsertPlayer(attempt.player, p.rating, p.rd, p.vol, attempt.at).run();
        insertAttempt(attempt.player, attempt.puzzle, solved, attempt.at, p.rating).run();
      }
      return change.result;
    }),
    'puzzle-player': (job) => ({
      rating: sql.playerRatingFrom(selectPlayer(job.player).get()),
      attempts: selectAttempts(job.player).all().map(sql.attemptFrom),
    }),
    'puzzle-ratings': () => selectRatings().all().map(sql.standingFrom),
    'found-puzzles': () =>
      selectFound()
        .all()
        .map((r) => JSON.parse(r.body) as Puzzle),
    'queue-scan': db.transaction((job) => {
      queueScan(job.game, job.at).run();
      return undefined;
    }),
    'claim-scan': db.transaction((job) => claimScan(job.now, job.now + job.leaseMs).get()?.game_id),
    'finish-scan': db.transaction((job) => {
      let added = 0;
      for (const p of job.puzzles) added += insertFound(...sql.foundRow(p, job.game, job.at)).run();
      finishScan(job.game, job.at, added).run();
      return added;
    }),
    'release-scan': db.transaction((job) => {
      releaseScan(job.game, job.at, job.tries).run();
      return undefined;
    }),
    'scan-state': (job) => {
      const row = selectScan(job.game).get();
      return row && sql.scanFrom(row);
    },
  };
}
