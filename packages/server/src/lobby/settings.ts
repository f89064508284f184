// The lobby settings a player keeps: whom they take addressed challenges from, their waiting
// list (the pools and the hours at which a seek in one of them pings them), and whether a house
// bot may step in for their seeks. The lobby
// owns them, with their SQL and schema step, in either database (common/sql.ts).

import { DEFAULT_SETTINGS, type LobbySettings, POOLS, type PoolId } from '@agon/protocol';
import type { Migration, Num, Sql } from '../common/sql.ts';

/** Where the lobby settings are kept. */
export interface LobbySettingsStore {
  /** A player's lobby settings (the defaults if they never saved any). */
  settings(playerId: string): Promise<LobbySettings>;
  /** Replaces a player's lobby settings. */
  saveSettings(playerId: string, settings: LobbySettings): Promise<void>;
  /**
   * Up to `limit` players, drawn at random, on the waiting list of `pool` at the UTC hour `hour`,
   * but `except`.
   */
  waitingPlayers(
    pool: PoolId,
    hour: number,
    except: string,
    limit: number,
  ): Promise<readonly string[]>;
}

/**
 * Schema 7, the lobby settings: whom a player takes addressed challenges from, and their waiting
 * list (the pools, and the hours as a mask, bit h for the UTC hour h), the pools apart so that
 * a seek finds the players waiting for it by index. A player who never saved settings has no row.
 */
export const settingsSchema: Migration = (sql) =>
  sql.exec(`
CREATE TABLE player_settings (
  player_id TEXT PRIMARY KEY REFERENCES players (id),
  challenges_from TEXT NOT NULL,
  ping_hours INTEGER NOT NULL
);
CREATE TABLE ping_pools (
  pool TEXT NOT NULL,
  player_id TEXT NOT NULL REFERENCES players (id),
  PRIMARY KEY (pool, player_id)
);
CREATE INDEX player_pings ON ping_pools (player_id);
`);

/** Schema 12, quick pairing with people only: no house bot steps in for the player's seeks. */
export const peopleOnlySchema: Migration = (sql) =>
  sql.exec(
    `ALTER TABLE player_settings ADD COLUMN people_only ${sql.types.bool} NOT NULL DEFAULT FALSE`,
  );

const SELECT_SETTINGS =
  'SELECT challenges_from, ping_hours, people_only FROM player_settings WHERE player_id = $1';
const SELECT_PING_POOLS = 'SELECT pool FROM ping_pools WHERE player_id = $1';
const UPSERT_SETTINGS = `
  INSERT INTO player_settings (player_id, challenges_from, ping_hours, people_only)
  VALUES ($1, $2, $3, $4)
  ON CONFLICT (player_id) DO UPDATE SET challenges_from = $2, ping_hours = $3, people_only = $4`;
const DELETE_PING_POOLS = 'DELETE FROM ping_pools WHERE player_id = $1';
const INSERT_PING_POOL = 'INSERT INTO ping_pools (pool, player_id) VALUES ($1, $2)';
/**
 * Up to $4 players, drawn at random, on the waiting list of pool $1 at the UTC hour $2, but
 * player $3 (the seeker).
 */
const WAITING_PLAYERS = `
  SELECT p.player_id FROM ping_pools p JOIN player_settings s ON s.player_id = p.player_id
  WHERE p.pool = $1 AND (s.ping_hours >> $2) & 1 = 1 AND p.player_id <> $3
  ORDER BY RANDOM() LIMIT $4`;

/** A row of SELECT_SETTINGS. */
interface SettingsRow {
  readonly challenges_from: string;
  readonly ping_hours: Num;
  readonly people_only: boolean | number;
}

/** The settings of a row of SELECT_SETTINGS and the rows of SELECT_PING_POOLS. */
function settingsFrom(
  row: SettingsRow | undefined,
  pools: readonly { readonly pool: string }[],
): LobbySettings {
  if (!row) return DEFAULT_SETTINGS;
  const mask = Number(row.ping_hours);
  return {
    challengesFrom: row.challenges_from === 'played' ? 'played' : 'everyone',
    waitingList: {
      pools: POOLS.map((p) => p.id).filter((id) => pools.some((r) => r.pool === id)),
      hours: Array.from({ length: 24 }, (_, h) => h).filter((h) => (mask >> h) & 1),
    },
    peopleOnly: Boolean(row.people_only),
  };
}

/** The mask of ping_hours for a list of UTC hours. */
const hourMask = (hours: readonly number[]): number =>
  hours.reduce((mask, h) => mask | (1 << h), 0);

export class LobbySettingsRepository implements LobbySettingsStore {
  static readonly reads: ReadonlySet<keyof LobbySettingsStore> = new Set([
    'settings',
    'waitingPlayers',
  ]);

  constructor(private readonly db: Sql) {}

  async settings(playerId: string): Promise<LobbySettings> {
    const [row, pools] = await Promise.all([
      this.db.get<SettingsRow>(SELECT_SETTINGS, [playerId]),
      this.db.all<{ pool: string }>(SELECT_PING_POOLS, [playerId]),
    ]);
    return settingsFrom(row, pools);
  }

  saveSettings(playerId: string, settings: LobbySettings): Promise<void> {
    const { challengesFrom, waitingList, peopleOnly } = settings;
    return this.db.transaction(async (tx) => {
      await tx.run(UPSERT_SETTINGS, [
        playerId,
        challengesFrom,
        hourMask(waitingList.hours),
        peopleOnly,
      ]);
      await tx.run(DELETE_PING_POOLS, [playerId]);
      for (const pool of waitingList.pools) await tx.run(INSERT_PING_POOL, [pool, playerId]);
    });
  }

  async waitingPlayers(
    pool: PoolId,
    hour: number,
    except: string,
    limit: number,
  ): Promise<readonly string[]> {
    const rows = await this.db.all<{ player_id: string }>(WAITING_PLAYERS, [
      pool,
      hour,
      except,
      limit,
    ]);
    return rows.map((r) => r.player_id);
  }
}
