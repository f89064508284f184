// The game store on SQLite (better-sqlite3, WAL): one database file in the data folder. The
// writing happens in a worker thread (sqlite-writer.ts); this side hands it requests and
// turns its answers back into promises.

import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { GameRows, Job, Reply, Request } from './sqlite-messages.ts';
import {
  type GameEvent,
  type GameSetup,
  type GameStore,
  type StoredGame,
  VersionConflict,
} from './store.ts';

/** The database file's name inside the data folder. */
export const DATABASE_FILE = 'agon.sqlite';

type Pending = { resolve: (reply: Reply) => void; reject: (e: Error) => void };

/** Starts the writer as TypeScript: the worker loads tsx first, as `npm start` does. */
function startWriter(file: string): Worker {
  // Resolved through tsx's package.json: import.meta.resolve is missing under test runners.
  const require = createRequire(import.meta.url);
  const tsxPackage = require.resolve('tsx/package.json');
  const api = (require(tsxPackage) as { exports: Record<string, { import: { default: string } }> })
    .exports['./esm/api']!.import.default;
  const tsx = pathToFileURL(join(dirname(tsxPackage), api)).href;
  const writer = new URL('./sqlite-writer.ts', import.meta.url).href;
  const boot = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(writer)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), {
    workerData: { file },
  });
}

/** A GameStore in `<dataDir>/agon.sqlite`, created if missing. */
export class SqliteStore implements GameStore {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextRef = 1;
  private failed: Error | undefined;
  private closing = false;

  /** Opens (or creates) the database in `dataDir`. */
  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.worker = startWriter(join(dataDir, DATABASE_FILE));
    this.worker.on('message', (reply: Reply) => {
      const p = this.pending.get(reply.ref);
      this.pending.delete(reply.ref);
      p?.resolve(reply);
    });
    this.worker.on('error', (e: Error & { code?: string }) =>
      // An error from the worker thread arrives as a copy that may have lost its message.
      this.fail(new Error(`the games database failed: ${e.message || e.code || String(e)}`)),
    );
    this.worker.on('exit', () => this.fail(new Error('the storage worker stopped')));
  }

  private fail(e: Error): void {
    if (this.failed === undefined && !this.closing) console.error(e.message);
    this.failed ??= e;
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }

  private ask(job: Job): Promise<Reply> {
    if (this.failed) return Promise.reject(this.failed);
    const ref = this.nextRef++;
    return new Promise((resolve, reject) => {
      this.pending.set(ref, { resolve, reject });
      this.worker.postMessage({ ...job, ref } satisfies Request);
    });
  }

  private static check(reply: Reply): GameRows | undefined {
    if (reply.ok) return reply.game;
    throw reply.conflict ? new VersionConflict(reply.message) : new Error(reply.message);
  }

  async create(id: string, createdAt: number, setup: GameSetup): Promise<void> {
    SqliteStore.check(
      await this.ask({ op: 'create', id, createdAt, setup: JSON.stringify(setup) }),
    );
  }

  async append(id: string, version: number, event: GameEvent): Promise<void> {
    SqliteStore.check(await this.ask({ op: 'append', id, version, event: JSON.stringify(event) }));
  }

  async load(id: string): Promise<StoredGame | undefined> {
    const rows = SqliteStore.check(await this.ask({ op: 'load', id }));
    if (!rows) return undefined;
    return {
      id,
      createdAt: rows.createdAt,
      setup: JSON.parse(rows.setup) as GameSetup,
      events: rows.events.map((e) => JSON.parse(e) as GameEvent),
    };
  }

  async close(): Promise<void> {
    if (this.failed) return;
    this.closing = true;
    await this.ask({ op: 'close' });
    await this.worker.terminate();
  }
}
