// The games and their event logs in either database (common/sql.ts): the one `GameStore` the
// storage of SQLite and of PostgreSQL both serve.

import { json, type Sql, UniqueViolation } from '../common/sql.ts';
import * as sql from './sql.ts';
import {
  type GameEvent,
  type GameSetup,
  type GameStore,
  type StoredGame,
  VersionConflict,
} from './store.ts';

export class GameRepository implements GameStore {
  /** The methods that only read: SQLite answers them beside its batch of writes. */
  static readonly reads: ReadonlySet<keyof GameStore> = new Set([
    'load',
    'running',
    'inPlay',
    'due',
    'lastAlive',
  ]);

  constructor(private readonly db: Sql) {}

  async create(id: string, createdAt: number, setup: GameSetup): Promise<void> {
    try {
      await this.db.run(sql.INSERT_GAME, [id, createdAt, JSON.stringify(setup)]);
    } catch (e) {
      throw e instanceof UniqueViolation ? new VersionConflict(`game ${id} exists`) : e;
    }
  }

  async append(id: string, version: number, event: GameEvent): Promise<void> {
    try {
      await this.db.run(sql.INSERT_EVENT, [id, version, JSON.stringify(event)]);
    } catch (e) {
      throw e instanceof UniqueViolation
        ? new VersionConflict(`game ${id} has version ${version}`)
        : e;
    }
  }

  async load(id: string): Promise<StoredGame | undefined> {
    const row = await this.db.get<{ created_at: number | string; setup: unknown }>(
      sql.SELECT_GAME,
      [id],
    );
    if (!row) return undefined;
    const events = await this.db.all<{ body: unknown }>(sql.SELECT_EVENTS, [id]);
    return {
      id,
      createdAt: Number(row.created_at),
      setup: json<GameSetup>(row.setup),
      events: events.map((e) => json<GameEvent>(e.body)),
    };
  }

  async markRunning(id: string, running: boolean): Promise<void> {
    await this.db.run(sql.MARK_RUNNING, [id, running]);
  }

  async running(): Promise<readonly string[]> {
    return (await this.db.all<{ id: string }>(sql.running(this.db.truth))).map((r) => r.id);
  }

  async inPlay(): Promise<number> {
    // count(*) is a bigint, which PostgreSQL hands back as text.
    return Number((await this.db.get<{ n: number | string }>(sql.inPlay(this.db.truth)))!.n);
  }

  async markDue(id: string, at: number | null): Promise<void> {
    await this.db.run(sql.MARK_DUE, [id, at]);
  }

  async due(at: number, limit: number): Promise<readonly string[]> {
    return (await this.db.all<{ id: string }>(sql.SELECT_DUE, [at, limit])).map((r) => r.id);
  }

  async alive(at: number): Promise<void> {
    await this.db.run(sql.SET_ALIVE, [at]);
  }

  async lastAlive(): Promise<number | undefined> {
    const row = await this.db.get<{ value: number | string }>(sql.SELECT_ALIVE);
    return row ? Number(row.value) : undefined;
  }
}
