// The requests about players, answered inside the SQLite worker. Each write runs in a
// transaction of its own nested in the worker's batch (a savepoint), so that one which fails
// half-way leaves nothing behind while the batch's other writes commit.

import type { Colour } from '@agon/engine';
import { categoryKey } from '@agon/protocol';
import type { Database, Statement } from 'better-sqlite3';
import * as sql from './player-sql.ts';
import {
  BALANCE_GAMES,
  type SettlingSide,
  type StartedGame,
  settlement,
  storedResult,
} from './players.ts';
import type { PuzzleHandlers } from './puzzles/sqlite.ts';
import { NEW_RATING } from './ratings.ts';
import type { PlayerAnswers, PlayerJob } from './sqlite-messages.ts';
import type { TournamentHandlers } from './tournament/sqlite.ts';

/** The handler of each request about players. */
export type PlayerHandlers = {
  readonly [K in PlayerJob['op']]: (job: Extract<PlayerJob, { op: K }>) => PlayerAnswers[K];
};

/** A statement written with $1 parameters, run with a list of values as SQLite's @p1. */
export function statement<Row>(
  db: Database,
  text: string,
): (...values: unknown[]) => {
  all(): Row[];
  get(): Row | undefined;
  run(): number;
} {
  const prepared: Statement = db.prepare(text.replace(/\$(\d+)/g, '@p$1'));
  return (...values) => {
    const params = Object.fromEntries(values.map((v, i) => [`p${i + 1}`, v]));
    return {
      all: () => prepared.all(params) as Row[],
      get: () => prepared.get(params) as Row | undefined,
      run: () => prepared.run(params).changes,
    };
  };
}

/** Whether an error is the unique index of names refusing a name. */
export const isNameTaken = (e: unknown): boolean =>
  e instanceof Error && e.message.includes('players.name_key');

/** The handlers over an open database with the players' tables. */
export function playerHandlers(
  db: Database,
): Omit<PlayerHandlers, keyof TournamentHandlers | keyof PuzzleHandlers> {
  const insertPlayer = statement(db, sql.INSERT_PLAYER);
  const insertToken = statement(db, sql.INSERT_TOKEN);
  const addToken = statement(db, sql.ADD_TOKEN);
  const rename = statement(db, sql.RENAME);
  const selectPlayer = statement<sql.PlayerRow>(db, sql.SELECT_PLAYER);
  const selectByToken = statement<sql.PlayerRow>(db, sql.SELECT_PLAYER_BY_TOKEN);
  const selectPlayers = statement<sql.PlayerRow>(db, sql.SELECT_PLAYERS_SQLITE);
  const insertTransfer = statement(db, sql.INSERT_TRANSFER);
  const takeTransfer = statement<{ player_id: string; expires_at: number }>(db, sql.TAKE_TRANSFER);
  const purgeTransfers = statement(db, sql.PURGE_TRANSFERS);
  const deleteTransfersOf = statement(db, sql.DELETE_TRANSFERS_OF);
  const insertGame = statement(db, sql.INSERT_GAME);
  const insertSeat = statement(db, sql.INSERT_SEAT);
  const insertGameRow = statement(db, sql.INSERT_GAME_ROW);
  const selectGame = statement<sql.GameRow>(db, sql.SELECT_GAME);
  const selectSeats = statement<sql.SeatRow>(db, sql.SELECT_SEATS);
  const ensureRating = statement(db, sql.ENSURE_RATING);
  const selectRating = statement<Parameters<typeof sql.ratingFrom>[0]>(db, sql.SELECT_RATING);
  const totalGames = statement<{ games: number }>(db, sql.TOTAL_GAMES);
  const selectSecret = statement<{ value: string }>(db, sql.SELECT_SECRET);
  const insertSecret = statement(db, sql.INSERT_SECRET);
  const updateRating = statement(db, sql.UPDATE_RATING);
  const updateSeat = statement(db, sql.UPDATE_SEAT);
  const settleGame = statement(db, sql.SETTLE_GAME);
  const recentGames = statement<sql.RecentRow>(db, sql.RECENT_GAMES);
  const ongoingGames = statement<sql.RecentRow>(db, sql.ONGOING_GAMES);
  const recentColours = statement<{ colour: Colour }>(db, sql.RECENT_COLOURS);
  const unsettled = statement<{ game_id: string }>(db, sql.UNSETTLED_GAMES);
  const upsertSubscription = statement(db, sql.UPSERT_SUBSCRIPTION);
  const trimSubscriptions = statement(db, sql.TRIM_SUBSCRIPTIONS);
  const deleteSubscriptionOf = statement(db, sql.DELETE_SUBSCRIPTION_OF);
  const deleteSubscription = statement(db, sql.DELETE_SUBSCRIPTION);
  const selectSubscriptions = statement<sql.SubscriptionRow>(db, sql.SELECT_SUBSCRIPTIONS);
  const selectSettings = statement<sql.SettingsRow>(db, sql.SELECT_SETTINGS);
  const selectPingPools = statement<{ pool: string }>(db, sql.SELECT_PING_POOLS);
  const upsertSettings = statement(db, sql.UPSERT_SETTINGS);
  const deletePingPools = statement(db, sql.DELETE_PING_POOLS);
  const insertPingPool = statement(db, sql.INSERT_PING_POOL);
  const havePlayed = statement<{ met: number }>(db, sql.HAVE_PLAYED);
  const subscribers = statement<{ player_id: string }>(db, sql.SUBSCRIBERS);

  /** Notes a lobby game as it starts, with its two seats. */
  const record = (game: StartedGame): undefined => {
    insertGame(game.gameId, categoryKey(game.category), game.rated ? 1 : 0, game.startedAt).run();
    insertSeat(game.gameId, 'white', game.white, game.startedAt).run();
    insertSeat(game.gameId, 'black', game.black, game.startedAt).run();
    return undefined;
  };

  /**
   * A player's rating in a category (its row made first if it was never played rated), and
   * their rated games in every category.
   */
  const side = (playerId: string, category: string): SettlingSide => {
    const { rating, rd, vol } = NEW_RATING;
    ensureRating(playerId, category, rating, rd, vol).run();
    return {
      rating: sql.ratingFrom(selectRating(playerId, category).get()!),
      games: Number(totalGames(playerId).get()!.games),
    };
  };

  return {
    'create-player': db.transaction((job) => {
      insertPlayer(job.id, job.name, job.nameKey, job.createdAt, job.createdFrom ?? null).run();
      insertToken(job.tokenHash, job.id).run();
      return undefined;
    }),
    rename: db.transaction((job) => rename(job.id, job.name, job.nameKey).run() > 0),
    'add-token': db.transaction((job) => addToken(job.tokenHash, job.id).run() > 0),
    'save-transfer': db.transaction((job) => {
      deleteTransfersOf(job.playerId).run();
      insertTransfer(job.codeHash, job.playerId, job.expiresAt).run();
      return undefined;
    }),
    'purge-transfers': db.transaction((job) => purgeTransfers(job.now).run()),
    'take-transfer': db.transaction((job) => {
      const taken = takeTransfer(job.codeHash).get();
      purgeTransfers(job.now).run();
      return taken && taken.expires_at > job.now ? taken.player_id : undefined;
    }),
    'record-game': db.transaction(({ game }) => record(game)),
    'start-games': db.transaction(({ games }) => {
      for (const { setup, started } of games) {
        insertGameRow(started.gameId, started.startedAt, setup).run();
        record(started);
      }
      return undefined;
    }),
    settle: db.transaction((job) => {
      const game = selectGame(job.gameId).get();
      if (!game) return undefined;
      const seats = selectSeats(job.gameId).all();
      if (game.result !== null) return sql.storedSettlement(game.result, seats);
      const white = seats.find((s) => s.colour === 'white')!.player_id;
      const black = seats.find((s) => s.colour === 'black')!.player_id;
      const rated = Boolean(game.rated) && !job.outcome.aborted;
      const none = { rating: NEW_RATING, games: 0 };
      const before = rated
        ? { white: side(white, game.class), black: side(black, game.class) }
        : { white: none, black: none };
      const result = settlement(rated, job.outcome, before.white, before.black, job.at);
      for (const [colour, id] of [
        ['white', white],
        ['black', black],
      ] as const) {
        const change = result[colour];
        if (!change) continue;
        const { rating, rd, vol } = change.after;
        updateRating(id, game.class, rating, rd, vol, job.at).run();
        updateSeat(...sql.seatChange(job.gameId, colour, change)).run();
      }
      settleGame(job.gameId, storedResult(job.outcome), job.at).run();
      return result;
    }),
    player: (job) => sql.playersFrom(selectPlayer(job.id).all())[0],
    'player-by-token': (job) => sql.playersFrom(selectByToken(job.tokenHash).all())[0],
    players: (job) => sql.playersFrom(selectPlayers(JSON.stringify(job.ids)).all()),
    'recent-games': (job) =>
      (job.ongoing ? ongoingGames : recentGames)(job.playerId, job.limit).all().map(sql.playerGame),
    'colour-balance': (job) => sql.balance(recentColours(job.playerId, BALANCE_GAMES).all()),
    secret: db.transaction((job) => {
      insertSecret(job.name, job.value).run();
      return selectSecret(job.name).get()!.value;
    }),
    unsettled: (job) =>
      unsettled(job.before)
        .all()
        .map((r) => r.game_id),
    subscribe: db.transaction((job) => {
      if (upsertSubscription(...sql.subscriptionRow(job.subscription)).run() === 0) return false;
      trimSubscriptions(job.subscription.player, job.most).run();
      return true;
    }),
    unsubscribe: db.transaction((job) => deleteSubscriptionOf(job.player, job.endpoint).run() > 0),
    forget: db.transaction((job) => {
      deleteSubscription(job.endpoint).run();
      return undefined;
    }),
    subscriptions: (job) => selectSubscriptions(job.player).all().map(sql.subscriptionFrom),
    settings: (job) =>
      sql.settingsFrom(selectSettings(job.playerId).get(), selectPingPools(job.playerId).all()),
    'save-settings': db.transaction(({ playerId, settings }) => {
      const { challengesFrom, waitingList } = settings;
      upsertSettings(playerId, challengesFrom, sql.hourMask(waitingList.hours)).run();
      deletePingPools(playerId).run();
      for (const pool of waitingList.pools) insertPingPool(pool, playerId).run();
      return undefined;
    }),
    'have-played': (job) => havePlayed(job.a, job.b).get() !== undefined,
    subscribers: (job) =>
      subscribers(job.pool, job.hour, job.except, job.limit)
        .all()
        .map((r) => r.player_id),
  };
}
