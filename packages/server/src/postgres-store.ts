// The game and player store on PostgreSQL, for more than one server process (docs/online.md,
// "Scaling"): the same tables as SQLite, shared by every process. Postgres commits each write
// durably before answering; a pool of connections lets commits overlap.

import type { Colour, Puzzle } from '@agon/engine';
import {
  categoryKey,
  type LobbySettings,
  type PlayedTournament,
  type PoolId,
  type PuzzleStanding,
} from '@agon/protocol';
import { nameKey } from '@agon/protocol/name-key';
import pg from 'pg';
import { type NameRow, upgradeNames } from './name-upgrade.ts';
import * as sql from './player-sql.ts';
import {
  BALANCE_GAMES,
  NameTaken,
  type NewLobbyGame,
  type NewPlayer,
  type Outcome,
  type Player,
  type PlayerGame,
  type PlayerStore,
  type Settlement,
  type SettlingSide,
  type StartedGame,
  settlement,
  storedResult,
} from './players.ts';
import * as psql from './puzzles/sql.ts';
import type {
  AttemptResult,
  NewAttempt,
  PuzzlePlayer,
  PuzzleStore,
  ScanState,
} from './puzzles/store.ts';
import { NEW_RATING } from './ratings.ts';
import {
  type GameEvent,
  type GameSetup,
  type GameStore,
  type StoredGame,
  VersionConflict,
} from './store.ts';
import type { Subscription, SubscriptionStore } from './subscriptions.ts';
import type { StoredTournament, TournamentEvent, TournamentSetup } from './tournament/log.ts';
import * as tsql from './tournament/sql.ts';
import type {
  FinalLine,
  ListedTournament,
  TournamentStore,
  TournamentSummary,
} from './tournament/store.ts';

/**
 * The steps from an empty database to this server's, in order: the `schema_version` row of
 * `meta` says how many have run. A database from before versions has the first already, which
 * is why it only creates what is missing. A step is SQL, or TypeScript given the migrating
 * connection: either way it runs in the migration's transaction, under its lock.
 */
const MIGRATIONS: readonly (string | ((client: pg.PoolClient) => Promise<void>))[] = [
  // 1. Games, their events, and the notes of the restart.
  `
  CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL,
    setup JSONB NOT NULL
  );
  CREATE TABLE IF NOT EXISTS events (
    game_id TEXT NOT NULL REFERENCES games (id),
    version INTEGER NOT NULL,
    body JSONB NOT NULL,
    PRIMARY KEY (game_id, version)
  );
  ALTER TABLE games ADD COLUMN IF NOT EXISTS clock_runs BOOLEAN NOT NULL DEFAULT FALSE;
  CREATE INDEX IF NOT EXISTS running_games ON games (id) WHERE clock_runs;
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value BIGINT NOT NULL);
  `,
  // 2. Players, their devices and ratings, transfer codes, and the lobby's games.
  sql.playersSchema({ int: 'BIGINT', real: 'DOUBLE PRECISION', bool: 'BOOLEAN', table: ')' }),
  // 3. Names keyed by what they look like: every key made again, and a name that breaks the
  // rules or looks like an older player's replaced (name-upgrade.ts).
  async (client) => {
    // A server of the old version still running must not add a name under an old key now.
    await client.query('LOCK TABLE players IN EXCLUSIVE MODE');
    const rows = await client.query<NameRow>('SELECT id, name, created_at FROM players');
    const upgraded = upgradeNames(rows.rows);
    // Keys move between players here, so the unique index comes back once all are in place.
    await client.query('DROP INDEX player_names');
    await client.query(
      `UPDATE players p SET name = u.name, name_key = u.key
       FROM unnest($1::text[], $2::text[], $3::text[]) AS u (id, name, key) WHERE p.id = u.id`,
      [upgraded.map((p) => p.id), upgraded.map((p) => p.name), upgraded.map((p) => p.key)],
    );
    await client.query('CREATE UNIQUE INDEX player_names ON players (name_key)');
  },
  // 4. Fair ratings: the network a player was made from, when a rating last moved, the
  // server's secrets, and the indexes of the scan for unsettled games and of a player's codes.
  sql.fairRatings({ int: 'BIGINT', real: 'DOUBLE PRECISION', bool: 'BOOLEAN', table: ')' }),
  // 5. Correspondence: when a game next needs a process, for the deadlines' scan.
  `
  ALTER TABLE games ADD COLUMN IF NOT EXISTS due_at BIGINT;
  CREATE INDEX IF NOT EXISTS due_games ON games (due_at) WHERE due_at IS NOT NULL;
  `,
  // 6. Notifications: the devices' push subscriptions.
  sql.pushSchema({ int: 'BIGINT', real: 'DOUBLE PRECISION', bool: 'BOOLEAN', table: ')' }),
  // 7. Lobby settings: whom a player takes addressed challenges from, and their waiting list.
  sql.SETTINGS_SCHEMA,
  // 8. Tournaments: each event, its log, and who played in it.
  tsql.tournamentsSchema({ int: 'BIGINT', real: 'DOUBLE PRECISION', bool: 'BOOLEAN', table: ')' }),
  // 9. Puzzles online: learned ratings, players' puzzle ratings and attempts, the puzzles
  // found in people's games and the queue of games to scan.
  psql.puzzlesSchema({ int: 'BIGINT', real: 'DOUBLE PRECISION', bool: 'BOOLEAN', table: ')' }),
  // 10. Fair puzzle ratings: the networks each puzzle has had a first attempt from.
  psql.puzzleNetworksSchema({
    int: 'BIGINT',
    real: 'DOUBLE PRECISION',
    bool: 'BOOLEAN',
    table: ')',
  }),
];

/** The advisory lock taken while the tables are created ("agon" in ASCII). */
const SCHEMA_LOCK = 0x61676f6e;

/** Postgres's code for a unique violation: the key (a game id, a version) is taken. */
const UNIQUE_VIOLATION = '23505';

const isTaken = (e: unknown): boolean =>
  e instanceof Error && 'code' in e && (e as { code: unknown }).code === UNIQUE_VIOLATION;

/**
 * A connection to PostgreSQL whose opening alone is bounded. The pool would bound the wait for
 * a free connection with the same setting, so it is set here instead. A server that is down
 * refuses at once (ECONNREFUSED); 10 s is for one that does not answer, long enough for a
 * busy machine to fork a backend.
 */
class Connection extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({
      ...(typeof config === 'string' ? { connectionString: config } : config),
      connectionTimeoutMillis: 10_000,
    });
  }
}

/** Whether an error is the unique index of names refusing a name. */
const isNameTaken = (e: unknown): boolean =>
  isTaken(e) && (e as { constraint?: unknown }).constraint === 'player_names';

/** A GameStore and PlayerStore in the Postgres database at a connection URL. */
export class PostgresStore
  implements GameStore, PlayerStore, SubscriptionStore, TournamentStore, PuzzleStore
{
  private constructor(
    private readonly pool: pg.Pool,
    /**
     * The tournaments' own few connections, for their logs and a wave's games: a pairing waits
     * behind no queue of moves being stored, and a thousand players' moves wait on no log.
     */
    private readonly events: pg.Pool,
  ) {}

  /** Connects and brings the tables up to this server's schema. */
  static async open(url: string): Promise<PostgresStore> {
    const pool = PostgresStore.connect(url, 10);
    const events = PostgresStore.connect(url, 3);
    // Processes started together would race to migrate (PostgreSQL's IF NOT EXISTS is not
    // safe against a concurrent creation): one at a time, under a lock of the database.
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
      await client.query(
        'CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value BIGINT NOT NULL)',
      );
      const row = await client.query<{ value: string }>(
        "SELECT value FROM meta WHERE key = 'schema_version'",
      );
      const version = Number(row.rows[0]?.value ?? 0);
      if (version > MIGRATIONS.length) {
        throw new Error(
          `the database was made by a newer server (schema ${version}; this one knows ${MIGRATIONS.length})`,
        );
      }
      for (const step of MIGRATIONS.slice(version)) {
        await (typeof step === 'string' ? client.query(step) : step(client));
      }
      await client.query(
        "INSERT INTO meta (key, value) VALUES ('schema_version', $1) ON CONFLICT (key) DO UPDATE SET value = $1",
        [MIGRATIONS.length],
      );
      await client.query('COMMIT');
      client.release();
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
      await Promise.all([pool.end(), events.end()]).catch(() => undefined);
      throw e;
    }
    return new PostgresStore(pool, events);
  }

  /** A pool of up to `max` connections to `url`. */
  private static connect(url: string, max: number): pg.Pool {
    const pool = new pg.Pool({
      connectionString: url,
      max,
      // A query waits for a free connection however long that takes: a busy store makes a move
      // wait, never refuses it (a 5 s wait refused moves on a loaded machine). Only a store
      // that cannot be reached refuses, and that is told by the connections themselves.
      connectionTimeoutMillis: 0,
      Client: Connection,
      // A pooled connection whose server vanished without a word (no reset) is dropped once
      // the kernel's probes go unanswered, rather than kept for the next query.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // A query the server has not answered in a minute is failed (and its connection
      // dropped): not a busy server but one gone silent, mid-query.
      query_timeout: 60_000,
    });
    // An idle connection that dies (PostgreSQL restarted) is dropped from the pool and replaced
    // on the next query; unheard, the pool's error event would end the process.
    pool.on('error', () => undefined);
    return pool;
  }

  async create(id: string, createdAt: number, setup: GameSetup): Promise<void> {
    try {
      await this.pool.query('INSERT INTO games (id, created_at, setup) VALUES ($1, $2, $3)', [
        id,
        createdAt,
        JSON.stringify(setup),
      ]);
    } catch (e) {
      throw isTaken(e) ? new VersionConflict(`game ${id} exists`) : e;
    }
  }

  async append(id: string, version: number, event: GameEvent): Promise<void> {
    try {
      await this.pool.query('INSERT INTO events (game_id, version, body) VALUES ($1, $2, $3)', [
        id,
        version,
        JSON.stringify(event),
      ]);
    } catch (e) {
      throw isTaken(e) ? new VersionConflict(`game ${id} has version ${version}`) : e;
    }
  }

  async load(id: string): Promise<StoredGame | undefined> {
    const game = await this.pool.query<{ created_at: string; setup: GameSetup }>(
      'SELECT created_at, setup FROM games WHERE id = $1',
      [id],
    );
    const row = game.rows[0];
    if (!row) return undefined;
    const events = await this.pool.query<{ body: GameEvent }>(
      'SELECT body FROM events WHERE game_id = $1 ORDER BY version',
      [id],
    );
    return {
      id,
      createdAt: Number(row.created_at),
      setup: row.setup,
      events: events.rows.map((r) => r.body),
    };
  }

  async markRunning(id: string, running: boolean): Promise<void> {
    await this.pool.query('UPDATE games SET clock_runs = $1 WHERE id = $2', [running, id]);
  }

  async running(): Promise<readonly string[]> {
    const rows = await this.pool.query<{ id: string }>('SELECT id FROM games WHERE clock_runs');
    return rows.rows.map((r) => r.id);
  }

  async inPlay(): Promise<number> {
    // Two counts, each on its own partial index; a correspondence game's clock is never noted
    // as running, so no game is counted twice. count(*) is a bigint, which pg reads as text.
    const rows = await this.pool.query<{ n: string }>(
      `SELECT (SELECT count(*) FROM games WHERE clock_runs)
            + (SELECT count(*) FROM games WHERE due_at IS NOT NULL) AS n`,
    );
    return Number(rows.rows[0]!.n);
  }

  async markDue(id: string, at: number | null): Promise<void> {
    await this.pool.query('UPDATE games SET due_at = $1 WHERE id = $2', [at, id]);
  }

  async due(at: number, limit: number): Promise<readonly string[]> {
    const rows = await this.pool.query<{ id: string }>(
      'SELECT id FROM games WHERE due_at <= $1 ORDER BY due_at LIMIT $2',
      [at, limit],
    );
    return rows.rows.map((r) => r.id);
  }

  async alive(at: number): Promise<void> {
    await this.pool.query(
      "INSERT INTO meta (key, value) VALUES ('alive', $1) ON CONFLICT (key) DO UPDATE SET value = $1",
      [at],
    );
  }

  async lastAlive(): Promise<number | undefined> {
    const rows = await this.pool.query<{ value: string }>(
      "SELECT value FROM meta WHERE key = 'alive'",
    );
    return rows.rows[0] ? Number(rows.rows[0].value) : undefined;
  }

  /** Runs `work` in a transaction on one connection, rolled back if it throws. */
  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      client.release();
      return result;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      // A connection that failed mid-transaction may be broken: not given back to the pool.
      client.release(e instanceof Error ? e : true);
      throw e;
    }
  }

  async createPlayer(player: NewPlayer): Promise<void> {
    try {
      await this.transaction(async (client) => {
        await client.query(sql.INSERT_PLAYER, [
          player.id,
          player.name,
          nameKey(player.name),
          player.createdAt,
          player.createdFrom ?? null,
        ]);
        await client.query(sql.INSERT_TOKEN, [player.tokenHash, player.id]);
      });
    } catch (e) {
      throw isNameTaken(e) ? new NameTaken(`the name ${player.name} is taken`) : e;
    }
  }

  async playerByToken(tokenHash: string): Promise<Player | undefined> {
    const rows = await this.pool.query<sql.PlayerRow>(sql.SELECT_PLAYER_BY_TOKEN, [tokenHash]);
    return sql.playersFrom(rows.rows)[0];
  }

  async player(id: string): Promise<Player | undefined> {
    return sql.playersFrom((await this.pool.query<sql.PlayerRow>(sql.SELECT_PLAYER, [id])).rows)[0];
  }

  async players(ids: readonly string[]): Promise<readonly Player[]> {
    const rows = await this.pool.query<sql.PlayerRow>(sql.SELECT_PLAYERS_POSTGRES, [ids]);
    return sql.playersFrom(rows.rows);
  }

  async rename(id: string, name: string): Promise<boolean> {
    try {
      return ((await this.pool.query(sql.RENAME, [id, name, nameKey(name)])).rowCount ?? 0) > 0;
    } catch (e) {
      throw isNameTaken(e) ? new NameTaken(`the name ${name} is taken`) : e;
    }
  }

  async addToken(id: string, tokenHash: string): Promise<boolean> {
    return ((await this.pool.query(sql.ADD_TOKEN, [tokenHash, id])).rowCount ?? 0) > 0;
  }

  async saveTransfer(codeHash: string, playerId: string, expiresAt: number): Promise<void> {
    await this.transaction(async (client) => {
      await client.query(sql.DELETE_TRANSFERS_OF, [playerId]);
      await client.query(sql.INSERT_TRANSFER, [codeHash, playerId, expiresAt]);
    });
  }

  async purgeTransfers(now: number): Promise<number> {
    return (await this.pool.query(sql.PURGE_TRANSFERS, [now])).rowCount ?? 0;
  }

  async takeTransfer(codeHash: string, now: number): Promise<string | undefined> {
    const taken = await this.pool.query<{ player_id: string; expires_at: string }>(
      sql.TAKE_TRANSFER,
      [codeHash],
    );
    await this.pool.query(sql.PURGE_TRANSFERS, [now]);
    const row = taken.rows[0];
    return row && Number(row.expires_at) > now ? row.player_id : undefined;
  }

  async recordGame(game: StartedGame): Promise<void> {
    await this.transaction(async (client) => {
      const category = categoryKey(game.category);
      await client.query(sql.INSERT_GAME, [game.gameId, category, game.rated, game.startedAt]);
      await client.query(sql.INSERT_SEAT, [game.gameId, 'white', game.white, game.startedAt]);
      await client.query(sql.INSERT_SEAT, [game.gameId, 'black', game.black, game.startedAt]);
    });
  }

  async startGames(games: readonly NewLobbyGame[]): Promise<void> {
    if (games.length === 0) return;
    const started = games.map((g) => g.started);
    const seats = started.flatMap((g) => [
      [g.gameId, 'white', g.white, g.startedAt],
      [g.gameId, 'black', g.black, g.startedAt],
    ]);
    const column = <T>(rows: readonly (readonly unknown[])[], i: number) =>
      rows.map((r) => r[i] as T);
    try {
      // One statement, so one round trip and one commit for a whole wave of games.
      await this.events.query(sql.START_GAMES_POSTGRES, [
        started.map((g) => g.gameId),
        started.map((g) => g.startedAt),
        games.map((g) => JSON.stringify(g.setup)),
        started.map((g) => categoryKey(g.category)),
        started.map((g) => g.rated),
        column(seats, 0),
        column(seats, 1),
        column(seats, 2),
        column(seats, 3),
      ]);
    } catch (e) {
      throw isTaken(e) ? new VersionConflict('a game of the wave exists') : e;
    }
  }

  settle(gameId: string, outcome: Outcome, at: number): Promise<Settlement | undefined> {
    return this.transaction(async (client) => {
      // The game's row locked first: a second settle of it waits, then finds it settled.
      const game = (await client.query<sql.GameRow>(`${sql.SELECT_GAME} FOR UPDATE`, [gameId]))
        .rows[0];
      if (!game) return undefined;
      const seats = (await client.query<sql.SeatRow>(sql.SELECT_SEATS, [gameId])).rows;
      if (game.result !== null) return sql.storedSettlement(game.result, seats);
      const ids = {
        white: seats.find((s) => s.colour === 'white')!.player_id,
        black: seats.find((s) => s.colour === 'black')!.player_id,
      };
      const rated = game.rated === true && !outcome.aborted;
      const none = { rating: NEW_RATING, games: 0 };
      const before: Record<Colour, SettlingSide> = { white: none, black: none };
      if (rated) {
        // Each rating row is locked until the commit, so that two games of one player settled
        // at once do not both start from the same rating; locked in id order, so never in a
        // circle.
        const { rating, rd, vol } = NEW_RATING;
        const order: Colour[] = ids.white < ids.black ? ['white', 'black'] : ['black', 'white'];
        for (const colour of order) {
          await client.query(sql.ENSURE_RATING, [ids[colour], game.class, rating, rd, vol]);
          const row = await client.query<Parameters<typeof sql.ratingFrom>[0]>(
            `${sql.SELECT_RATING} FOR UPDATE`,
            [ids[colour], game.class],
          );
          const total = await client.query<{ games: string }>(sql.TOTAL_GAMES, [ids[colour]]);
          before[colour] = {
            rating: sql.ratingFrom(row.rows[0]!),
            games: Number(total.rows[0]!.games),
          };
        }
      }
      const result = settlement(rated, outcome, before.white, before.black, at);
      for (const colour of ['white', 'black'] as const) {
        const change = result[colour];
        if (!change) continue;
        const { rating, rd, vol } = change.after;
        await client.query(sql.UPDATE_RATING, [ids[colour], game.class, rating, rd, vol, at]);
        await client.query(sql.UPDATE_SEAT, sql.seatChange(gameId, colour, change));
      }
      await client.query(sql.SETTLE_GAME, [gameId, storedResult(outcome), at]);
      return result;
    });
  }

  async recentGames(
    playerId: string,
    limit: number,
    ongoing = false,
  ): Promise<readonly PlayerGame[]> {
    const query = ongoing ? sql.ONGOING_GAMES : sql.RECENT_GAMES;
    const rows = await this.pool.query<sql.RecentRow>(query, [playerId, limit]);
    return rows.rows.map(sql.playerGame);
  }

  async colourBalance(playerId: string): Promise<number> {
    const rows = await this.pool.query<{ colour: Colour }>(sql.RECENT_COLOURS, [
      playerId,
      BALANCE_GAMES,
    ]);
    return sql.balance(rows.rows);
  }

  async secret(name: string, made: string): Promise<string> {
    await this.pool.query(sql.INSERT_SECRET, [name, made]);
    const rows = await this.pool.query<{ value: string }>(sql.SELECT_SECRET, [name]);
    return rows.rows[0]!.value;
  }

  async unsettled(before: number): Promise<readonly string[]> {
    const rows = await this.pool.query<{ game_id: string }>(sql.UNSETTLED_GAMES, [before]);
    return rows.rows.map((r) => r.game_id);
  }

  async subscribe(subscription: Subscription, most: number): Promise<boolean> {
    return this.transaction(async (client) => {
      const kept = await client.query(sql.UPSERT_SUBSCRIPTION, sql.subscriptionRow(subscription));
      if (kept.rowCount === 0) return false;
      await client.query(sql.TRIM_SUBSCRIPTIONS, [subscription.player, most]);
      return true;
    });
  }

  async unsubscribe(player: string, endpoint: string): Promise<boolean> {
    return (
      ((await this.pool.query(sql.DELETE_SUBSCRIPTION_OF, [player, endpoint])).rowCount ?? 0) > 0
    );
  }

  async forget(endpoint: string): Promise<void> {
    await this.pool.query(sql.DELETE_SUBSCRIPTION, [endpoint]);
  }

  async subscriptions(player: string): Promise<readonly Subscription[]> {
    const rows = await this.pool.query<sql.SubscriptionRow>(sql.SELECT_SUBSCRIPTIONS, [player]);
    return rows.rows.map(sql.subscriptionFrom);
  }

  async settings(playerId: string): Promise<LobbySettings> {
    const [row, pools] = await Promise.all([
      this.pool.query<sql.SettingsRow>(sql.SELECT_SETTINGS, [playerId]),
      this.pool.query<{ pool: string }>(sql.SELECT_PING_POOLS, [playerId]),
    ]);
    return sql.settingsFrom(row.rows[0], pools.rows);
  }

  async saveSettings(playerId: string, settings: LobbySettings): Promise<void> {
    const { challengesFrom, waitingList } = settings;
    await this.transaction(async (client) => {
      await client.query(sql.UPSERT_SETTINGS, [
        playerId,
        challengesFrom,
        sql.hourMask(waitingList.hours),
      ]);
      await client.query(sql.DELETE_PING_POOLS, [playerId]);
      for (const pool of waitingList.pools) {
        await client.query(sql.INSERT_PING_POOL, [pool, playerId]);
      }
    });
  }

  async havePlayed(a: string, b: string): Promise<boolean> {
    return (await this.pool.query(sql.HAVE_PLAYED, [a, b])).rows.length > 0;
  }

  async subscribers(
    pool: PoolId,
    hour: number,
    except: string,
    limit: number,
  ): Promise<readonly string[]> {
    const rows = await this.pool.query<{ player_id: string }>(sql.SUBSCRIBERS, [
      pool,
      hour,
      except,
      limit,
    ]);
    return rows.rows.map((r) => r.player_id);
  }

  /** Never set: the pool reconnects, so each query fails or succeeds on its own. */
  readonly failure: Error | undefined = undefined;

  async createTournament(
    id: string,
    createdAt: number,
    setup: TournamentSetup,
    summary: TournamentSummary,
  ): Promise<boolean> {
    const made = await this.pool.query(
      tsql.INSERT_TOURNAMENT,
      tsql.tournamentRow(id, createdAt, setup, summary),
    );
    return (made.rowCount ?? 0) > 0;
  }

  async appendTournament(
    id: string,
    version: number,
    events: readonly TournamentEvent[],
  ): Promise<void> {
    const joins = tsql.joins(events);
    try {
      await this.events.query(tsql.APPEND_TOURNAMENT_PG, [
        id,
        events.map((_, i) => version + i),
        events.map((e) => JSON.stringify(e)),
        joins.map((j) => j.player),
        joins.map((j) => j.at),
      ]);
    } catch (e) {
      throw isTaken(e) ? new VersionConflict(`tournament ${id} has version ${version}`) : e;
    }
  }

  async loadTournament(id: string, from = 0): Promise<StoredTournament | undefined> {
    const found = await this.events.query<{ created_at: string; setup: string }>(
      tsql.SELECT_TOURNAMENT,
      [id],
    );
    const row = found.rows[0];
    if (!row) return undefined;
    const events = await this.events.query<{ body: string }>(tsql.SELECT_TOURNAMENT_EVENTS, [
      id,
      from,
    ]);
    return {
      id,
      createdAt: Number(row.created_at),
      setup: JSON.parse(row.setup) as TournamentSetup,
      events: events.rows.map((e) => JSON.parse(e.body) as TournamentEvent),
    };
  }

  async summarise(id: string, summary: TournamentSummary): Promise<void> {
    await this.events.query(tsql.UPDATE_SUMMARY, [
      id,
      JSON.stringify(summary),
      summary.status === 'finished',
    ]);
  }

  async listTournaments(
    finished: number,
    startsBy = Number.MAX_SAFE_INTEGER,
  ): Promise<readonly ListedTournament[]> {
    const [open, done] = await Promise.all([
      this.events.query<tsql.ListedRow>(tsql.SELECT_OPEN_TOURNAMENTS, [startsBy]),
      this.events.query<tsql.ListedRow>(tsql.SELECT_FINISHED_TOURNAMENTS, [finished]),
    ]);
    return [...open.rows, ...done.rows].map(tsql.listedFrom);
  }

  async finalise(id: string, lines: readonly FinalLine[]): Promise<void> {
    await this.transaction(async (client) => {
      for (const line of lines) {
        await client.query(tsql.UPDATE_FINAL_LINE, [id, line.player, line.rank, line.score]);
      }
    });
  }

  async playedTournaments(player: string, limit: number): Promise<readonly PlayedTournament[]> {
    const rows = await this.pool.query<tsql.PlayedRow>(tsql.SELECT_PLAYED, [player, limit]);
    return rows.rows.map(tsql.playedFrom);
  }

  attemptPuzzle(attempt: NewAttempt): Promise<AttemptResult> {
    return this.transaction(async (client) => {
      const { rating, rd, vol } = attempt.start;
      await client.query(psql.ENSURE_PUZZLE, [attempt.puzzle, rating, rd, vol]);
      // The puzzle's row locked first, then the player's (every attempt in that order, so
      // never in a circle): attempts at once on one puzzle, or by one player, take turns, and
      // the second of a player's two first tries at a puzzle finds the first recorded.
      const puzzle = await client.query<psql.StandingRow>(`${psql.SELECT_PUZZLE} FOR UPDATE`, [
        attempt.puzzle,
      ]);
      const { rating: r, rd: d, vol: v } = NEW_RATING;
      await client.query(psql.ENSURE_PUZZLE_PLAYER, [attempt.player, r, d, v]);
      const player = await client.query<psql.PlayerRatingRow>(
        `${psql.SELECT_PUZZLE_PLAYER} FOR UPDATE`,
        [attempt.player],
      );
      const attempted =
        (await client.query(psql.SELECT_ATTEMPTED, [attempt.player, attempt.puzzle])).rows.length >
        0;
      // Every network noted, even past the first already there: each is then spent. The
      // puzzle's row lock makes the notes of two attempts at once take turns.
      let fresh = !attempted;
      for (const network of attempted ? [] : psql.networksOf(attempt)) {
        const noted = await client.query(psql.INSERT_NETWORK, [attempt.puzzle, network]);
        if (noted.rowCount === 0) fresh = false;
      }
      const change = psql.attemptChange(
        attempt,
        psql.playerRatingFrom(player.rows[0]),
        puzzle.rows[0]!,
        attempted,
        fresh,
      );
      if (change.after) {
        const { player: p, puzzle: q } = change.after;
        const solved = Number(attempt.solved);
        await client.query(psql.UPDATE_PUZZLE, [attempt.puzzle, q.rating, q.rd, q.vol, solved]);
        await client.query(psql.UPSERT_PUZZLE_PLAYER, [
          attempt.player,
          p.rating,
          p.rd,
          p.vol,
          attempt.at,
        ]);
        await client.query(psql.INSERT_ATTEMPT, [
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
      this.pool.query<psql.PlayerRatingRow>(psql.SELECT_PUZZLE_PLAYER, [player]),
      this.pool.query<psql.AttemptRow>(psql.SELECT_ATTEMPTS, [player]),
    ]);
    return {
      rating: psql.playerRatingFrom(rating.rows[0]),
      attempts: attempts.rows.map(psql.attemptFrom),
    };
  }

  async puzzleRatings(): Promise<readonly PuzzleStanding[]> {
    const rows = await this.pool.query<psql.StandingRow>(psql.SELECT_PUZZLE_RATINGS);
    return rows.rows.map(psql.standingFrom);
  }

  async foundPuzzles(): Promise<readonly Puzzle[]> {
    const rows = await this.pool.query<{ body: string }>(psql.SELECT_FOUND);
    return rows.rows.map((r) => JSON.parse(r.body) as Puzzle);
  }

  async queueScan(game: string, at: number): Promise<void> {
    await this.pool.query(psql.QUEUE_SCAN, [game, at]);
  }

  async claimScan(now: number, leaseMs: number): Promise<string | undefined> {
    // A row another process is claiming this moment is passed over, not waited for.
    const rows = await this.pool.query<{ game_id: string }>(
      psql.claimScan('FOR UPDATE SKIP LOCKED'),
      [now, now + leaseMs],
    );
    return rows.rows[0]?.game_id;
  }

  finishScan(game: string, puzzles: readonly Puzzle[], at: number): Promise<number> {
    return this.transaction(async (client) => {
      let added = 0;
      for (const p of puzzles) {
        added += (await client.query(psql.INSERT_FOUND, psql.foundRow(p, game, at))).rowCount ?? 0;
      }
      await client.query(psql.FINISH_SCAN, [game, at, added]);
      return added;
    });
  }

  async releaseScan(game: string, at: number, tries: number): Promise<void> {
    await this.pool.query(psql.RELEASE_SCAN, [game, at, tries]);
  }

  async scanState(game: string): Promise<ScanState | undefined> {
    const row = (await this.pool.query<psql.ScanRow>(psql.SELECT_SCAN, [game])).rows[0];
    return row && psql.scanFrom(row);
  }

  async close(): Promise<void> {
    await Promise.all([this.pool.end(), this.events.end()]);
  }
}
