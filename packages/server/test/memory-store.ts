// A GameStore in memory for in-process tests: it keeps appended events, can be made to fail
// its appends (a full disk), and can be marked failed for good (a dead database).

import type { GameEvent, GameStore, StoredGame } from '../src/store.ts';

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
  async alive(): Promise<void> {}
  async lastAlive(): Promise<number | undefined> {
    return undefined;
  }
  async close(): Promise<void> {}
}
