// A GameStore in memory for in-process tests: it keeps appended events, can be made to fail
// its appends (a full disk), and can be marked failed for good (a dead database).

import type { GameEvent, GameStore, StoredGame } from '../src/game/store.ts';

/** A store in memory whose appends can be made to fail. */
export class MemoryStore implements GameStore {
  readonly events: GameEvent[] = [];
  failing = false;
  failure: Error | undefined = undefined;
  async create(): Promise<void> {}
  async append(_id: string, _version: number, event: GameEvent): Promise<void> {
    if (this.failing) throw new Error('disk full');
    this.events.push(event);
  }
  async load(): Promise<StoredGame | undefined> {
    return undefined;
  }
  async markRunning(): Promise<void> {}
  async running(): Promise<readonly string[]> {
    return [];
  }
  async inPlay(): Promise<number> {
    return 0;
  }
  /** The deadlines noted, by game. */
  readonly dues = new Map<string, number | null>();
  async markDue(id: string, at: number | null): Promise<void> {
    if (this.failing) throw new Error('disk full');
    this.dues.set(id, at);
  }
  async due(at: number): Promise<readonly string[]> {
    return [...this.dues].filter(([, due]) => due !== null && due <= at).map(([id]) => id);
  }
  async alive(): Promise<void> {}
  async lastAlive(): Promise<number | undefined> {
    return undefined;
  }
  async close(): Promise<void> {}
}
