// Puzzle ratings, attempts, the puzzles found in people's games and the queue of games to scan,
// in either database (common/sql.ts): the one `PuzzleStore` the storage of SQLite and of
// PostgreSQL both serve. An attempt is written here once, under its locks.

import type { Puzzle } from '@agon/engine';
import type { PuzzleStanding } from '@agon/protocol';
import type { Sql } from '../common/sql.ts';
import { NEW_RATING } from '../player/ratings.ts';
import * as sql from './sql.ts';
import type { AttemptResult, NewAttempt, PuzzlePlayer, PuzzleStore, ScanState } from './store.ts';

export class PuzzleRepository implements PuzzleStore {
  static readonly reads: ReadonlySet<keyof PuzzleStore> = new Set([
    'puzzlePlayer',
    'puzzleRatings',
    'foundPuzzles',
    'scanState',
  ]);

  constructor(private readonly db: Sql) {}

  attemptPuzzle(attempt: NewAttempt): Promise<AttemptResult> {
    return this.db.transaction(async (tx) => {
      const { rating, rd, vol } = attempt.start;
      await tx.run(sql.ENSURE_PUZZLE, [attempt.puzzle, rating, rd, vol]);
      // The puzzle's row locked first, then the player's (every attempt in that order, so
      // never in a circle): attempts at once on one puzzle, or by one player, take turns, and
      // the second of a player's two first tries at a puzzle finds the first recorded.
      const puzzle = await tx.get<sql.StandingRow>(`${sql.SELECT_PUZZLE}${tx.lock}`, [
        attempt.puzzle,
      ]);
      const { rating: r, rd: d, vol: v } = NEW_RATING;
      await tx.run(sql.ENSURE_PUZZLE_PLAYER, [attempt.player, r, d, v]);
      const player = await tx.get<sql.PlayerRatingRow>(`${sql.SELECT_PUZZLE_PLAYER}${tx.lock}`, [
        attempt.player,
      ]);
      const attempted =
        (await tx.get(sql.SELECT_ATTEMPTED, [attempt.player, attempt.puzzle])) !== undefined;
      // Every network noted, even past the first already there: each is then spent. The
      // puzzle's row lock makes the notes of two attempts at once take turns.
      let fresh = !attempted;
      for (const network of attempted ? [] : sql.networksOf(attempt)) {
        if ((await tx.run(sql.INSERT_NETWORK, [attempt.puzzle, network])) === 0) fresh = false;
      }
      const change = sql.attemptChange(
        attempt,
        sql.playerRatingFrom(player),
        puzzle!,
        attempted,
        fresh,
      );
      if (change.after) {
        const { player: p, puzzle: q } = change.after;
        const solved = Number(attempt.solved);
        await tx.run(sql.UPDATE_PUZZLE, [attempt.puzzle, q.rating, q.rd, q.vol, solved]);
        await tx.run(sql.UPSERT_PUZZLE_PLAYER, [attempt.player, p.rating, p.rd, p.vol, attempt.at]);
        await tx.run(sql.INSERT_ATTEMPT, [
          attempt.player,
          attempt.puzzle,
          attempt.solved,
          attempt.at,
          p.rating,
        ]);
      }
      return change.result;
    });
  }

  async puzzlePlayer(player: string): Promise<PuzzlePlayer> {
    const [rating, attempts] = await Promise.all([
      this.db.get<sql.PlayerRatingRow>(sql.SELECT_PUZZLE_PLAYER, [player]),
      this.db.all<sql.AttemptRow>(sql.SELECT_ATTEMPTS, [player]),
    ]);
    return { rating: sql.playerRatingFrom(rating), attempts: attempts.map(sql.attemptFrom) };
  }

  async puzzleRatings(): Promise<readonly PuzzleStanding[]> {
    return (await this.db.all<sql.StandingRow>(sql.SELECT_PUZZLE_RATINGS)).map(sql.standingFrom);
  }

  async foundPuzzles(): Promise<readonly Puzzle[]> {
    return (await this.db.all<{ body: string }>(sql.SELECT_FOUND)).map(
      (r) => JSON.parse(r.body) as Puzzle,
    );
  }

  async queueScan(game: string, at: number): Promise<void> {
    await this.db.run(sql.QUEUE_SCAN, [game, at]);
  }

  async claimScan(now: number, leaseMs: number): Promise<string | undefined> {
    // PostgreSQL passes over a row another process is claiming this moment, not waiting for it.
    const skip = this.db.dialect === 'postgres' ? 'FOR UPDATE SKIP LOCKED' : '';
    const row = await this.db.get<{ game_id: string }>(sql.claimScan(skip), [now, now + leaseMs]);
    return row?.game_id;
  }

  finishScan(game: string, puzzles: readonly Puzzle[], at: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      let added = 0;
      for (const p of puzzles) added += await tx.run(sql.INSERT_FOUND, sql.foundRow(p, game, at));
      await tx.run(sql.FINISH_SCAN, [game, at, added]);
      return added;
    });
  }

  async releaseScan(game: string, at: number, tries: number): Promise<void> {
    await this.db.run(sql.RELEASE_SCAN, [game, at, tries]);
  }

  async scanState(game: string): Promise<ScanState | undefined> {
    const row = await this.db.get<sql.ScanRow>(sql.SELECT_SCAN, [game]);
    return row && sql.scanFrom(row);
  }
}
