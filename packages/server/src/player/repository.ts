// Players, their devices, ratings and lobby games, in either database
// (common/sql.ts): the one `PlayerStore` the storage of SQLite and of PostgreSQL both serve.
// Settling a game is written here once: its row locked, then each rating in id order.

import type { Colour } from '@agon/engine';
import { categoryKey } from '@agon/protocol';
import { nameKey } from '@agon/protocol/name-key';
import { type Sql, UniqueViolation } from '../common/sql.ts';
import { VersionConflict } from '../game/store.ts';
import {
  BALANCE_GAMES,
  NameTaken,
  type NewLobbyGame,
  type NewPlayer,
  type Outcome,
  type Player,
  type PlayerGame,
  type PlayerStore,
  type SettledGame,
  type SettlingSide,
  type StartedGame,
  settlement,
  storedResult,
} from './players.ts';
import { NEW_RATING, type Rating } from './ratings.ts';
import * as sql from './sql.ts';

/** Whether an error is the unique index of names refusing a name. */
const isNameTaken = (e: unknown): boolean =>
  e instanceof UniqueViolation &&
  (e.constraint === 'player_names' || e.constraint.includes('players.name_key'));

export class PlayerRepository implements PlayerStore {
  static readonly reads: ReadonlySet<keyof PlayerStore> = new Set([
    'playerByToken',
    'player',
    'players',
    'unsettled',
    'recentGames',
    'colourBalance',
    'havePlayed',
  ]);

  /**
   * `side`: the connections a wave of a tournament's games is written on, so that a pairing
   * waits behind no queue of moves being stored (the same database as `db`).
   */
  constructor(
    private readonly db: Sql,
    private readonly side: Sql = db,
  ) {}

  async createPlayer(player: NewPlayer): Promise<void> {
    try {
      await this.db.transaction(async (tx) => {
        const { id, name, createdAt, createdFrom } = player;
        await tx.run(sql.INSERT_PLAYER, [id, name, nameKey(name), createdAt, createdFrom ?? null]);
        await tx.run(sql.INSERT_TOKEN, [player.tokenHash, id]);
      });
    } catch (e) {
      throw isNameTaken(e) ? new NameTaken(`the name ${player.name} is taken`) : e;
    }
  }

  async playerByToken(tokenHash: string): Promise<Player | undefined> {
    const rows = await this.db.all<sql.PlayerRow>(sql.SELECT_PLAYER_BY_TOKEN, [tokenHash]);
    return sql.playersFrom(rows)[0];
  }

  async player(id: string): Promise<Player | undefined> {
    return sql.playersFrom(await this.db.all<sql.PlayerRow>(sql.SELECT_PLAYER, [id]))[0];
  }

  async players(ids: readonly string[]): Promise<readonly Player[]> {
    // SQLite takes a list as JSON text, PostgreSQL as an array.
    const rows =
      this.db.dialect === 'postgres'
        ? await this.db.all<sql.PlayerRow>(sql.SELECT_PLAYERS_POSTGRES, [ids])
        : await this.db.all<sql.PlayerRow>(sql.SELECT_PLAYERS_SQLITE, [JSON.stringify(ids)]);
    return sql.playersFrom(rows);
  }

  async rename(id: string, name: string): Promise<boolean> {
    try {
      return (await this.db.run(sql.RENAME, [id, name, nameKey(name)])) > 0;
    } catch (e) {
      throw isNameTaken(e) ? new NameTaken(`the name ${name} is taken`) : e;
    }
  }

  makeBot(id: string): Promise<'made' | 'played' | 'unknown'> {
    return this.db.transaction(async (tx) => {
      // The player's row locked: a second upgrade at once waits, then finds it made.
      const row = await tx.get<{ played: boolean | number }>(`${sql.SELECT_PLAYED}${tx.lock}`, [
        id,
      ]);
      if (!row) return 'unknown';
      if (row.played) return 'played';
      await tx.run(sql.MAKE_BOT, [id]);
      return 'made';
    });
  }

  async seedRatings(id: string, ratings: { readonly [key: string]: Rating }): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const [key, { rating, rd, vol }] of Object.entries(ratings)) {
        await tx.run(sql.ENSURE_RATING, [id, key, rating, rd, vol]);
      }
    });
  }

  async addToken(id: string, tokenHash: string): Promise<boolean> {
    return (await this.db.run(sql.ADD_TOKEN, [tokenHash, id])) > 0;
  }

  async saveTransfer(codeHash: string, playerId: string, expiresAt: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.run(sql.DELETE_TRANSFERS_OF, [playerId]);
      await tx.run(sql.INSERT_TRANSFER, [codeHash, playerId, expiresAt]);
    });
  }

  purgeTransfers(now: number): Promise<number> {
    return this.db.run(sql.PURGE_TRANSFERS, [now]);
  }

  async takeTransfer(codeHash: string, now: number): Promise<string | undefined> {
    const taken = await this.db.get<{ player_id: string; expires_at: number | string }>(
      sql.TAKE_TRANSFER,
      [codeHash],
    );
    await this.db.run(sql.PURGE_TRANSFERS, [now]);
    return taken && Number(taken.expires_at) > now ? taken.player_id : undefined;
  }

  recordGame(game: StartedGame): Promise<void> {
    return this.db.transaction((tx) => record(tx, game));
  }

  async startGames(games: readonly NewLobbyGame[]): Promise<void> {
    if (games.length === 0) return;
    try {
      if (this.side.dialect === 'postgres') {
        await this.side.run(...startGamesAtOnce(games));
        return;
      }
      await this.side.transaction(async (tx) => {
        for (const { setup, started, due } of games) {
          await tx.run(sql.INSERT_GAME_ROW, [
            started.gameId,
            started.startedAt,
            JSON.stringify(setup),
            due ?? null,
          ]);
          await record(tx, started);
        }
      });
    } catch (e) {
      throw e instanceof UniqueViolation ? new VersionConflict('a game of the wave exists') : e;
    }
  }

  settle(gameId: string, outcome: Outcome, at: number): Promise<SettledGame | undefined> {
    return this.db.transaction(async (tx) => {
      // The game's row locked first: a second settle of it waits, then finds it settled.
      const game = await tx.get<sql.GameRow>(`${sql.SELECT_GAME}${tx.lock}`, [gameId]);
      if (!game) return undefined;
      const seats = await tx.all<sql.SeatRow>(sql.SELECT_SEATS, [gameId]);
      if (game.result !== null) return sql.storedSettlement(game.result, seats);
      const ids = {
        white: seats.find((s) => s.colour === 'white')!.player_id,
        black: seats.find((s) => s.colour === 'black')!.player_id,
      };
      const rated = Boolean(game.rated) && !outcome.aborted;
      const none = { rating: NEW_RATING, games: 0 };
      const before: Record<Colour, SettlingSide> = { white: none, black: none };
      if (rated) {
        // Each rating row is locked until the commit, so that two games of one player settled
        // at once do not both start from the same rating; locked in id order, so never in a
        // circle.
        const order: Colour[] = ids.white < ids.black ? ['white', 'black'] : ['black', 'white'];
        for (const colour of order) before[colour] = await side(tx, ids[colour], game.class);
      }
      const result = settlement(rated, outcome, before.white, before.black, at);
      for (const colour of ['white', 'black'] as const) {
        const change = result[colour];
        if (!change) continue;
        const { rating, rd, vol } = change.after;
        await tx.run(sql.UPDATE_RATING, [ids[colour], game.class, rating, rd, vol, at]);
        await tx.run(sql.UPDATE_SEAT, sql.seatChange(gameId, colour, change));
      }
      await tx.run(sql.SETTLE_GAME, [gameId, storedResult(outcome), at]);
      return result;
    });
  }

  async unsettled(before: number): Promise<readonly string[]> {
    const rows = await this.db.all<{ game_id: string }>(sql.UNSETTLED_GAMES, [before]);
    return rows.map((r) => r.game_id);
  }

  async recentGames(
    playerId: string,
    limit: number,
    ongoing = false,
  ): Promise<readonly PlayerGame[]> {
    const query = ongoing ? sql.ONGOING_GAMES : sql.RECENT_GAMES;
    return (await this.db.all<sql.RecentRow>(query, [playerId, limit])).map(sql.playerGame);
  }

  async colourBalance(playerId: string): Promise<number> {
    return sql.balance(
      await this.db.all<{ colour: Colour }>(sql.RECENT_COLOURS, [playerId, BALANCE_GAMES]),
    );
  }

  async havePlayed(a: string, b: string): Promise<boolean> {
    return (await this.db.get(sql.HAVE_PLAYED, [a, b])) !== undefined;
  }
}

/** Notes a lobby game as it starts, with its two seats. */
async function record(tx: Sql, game: StartedGame): Promise<void> {
  const category = categoryKey(game.category);
  await tx.run(sql.INSERT_GAME, [game.gameId, category, game.rated, game.startedAt]);
  await tx.run(sql.INSERT_SEAT, [game.gameId, 'white', game.white, game.startedAt]);
  await tx.run(sql.INSERT_SEAT, [game.gameId, 'black', game.black, game.startedAt]);
}

/**
 * A player's rating in a category, its row made first if it was never played rated (so that
 * it can be locked), and their rated games in every category.
 */
async function side(tx: Sql, playerId: string, category: string): Promise<SettlingSide> {
  const { rating, rd, vol } = NEW_RATING;
  await tx.run(sql.ENSURE_RATING, [playerId, category, rating, rd, vol]);
  const row = await tx.get<Parameters<typeof sql.ratingFrom>[0]>(`${sql.SELECT_RATING}${tx.lock}`, [
    playerId,
    category,
  ]);
  const total = await tx.get<{ games: number | string }>(sql.TOTAL_GAMES, [playerId]);
  return { rating: sql.ratingFrom(row!), games: Number(total!.games) };
}

/**
 * PostgreSQL's one statement for a wave of lobby games (one round trip, one commit): their
 * rows, their notes for the ratings and their seats, as arrays.
 */
function startGamesAtOnce(games: readonly NewLobbyGame[]): [string, unknown[]] {
  const started = games.map((g) => g.started);
  const seats = started.flatMap((g) => [
    [g.gameId, 'white', g.white, g.startedAt],
    [g.gameId, 'black', g.black, g.startedAt],
  ]);
  const column = (i: number) => seats.map((r) => r[i]);
  return [
    sql.START_GAMES_POSTGRES,
    [
      started.map((g) => g.gameId),
      started.map((g) => g.startedAt),
      games.map((g) => JSON.stringify(g.setup)),
      started.map((g) => categoryKey(g.category)),
      started.map((g) => g.rated),
      column(0),
      column(1),
      column(2),
      column(3),
      games.map((g) => g.due ?? null),
    ],
  ];
}
