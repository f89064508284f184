// The store on SQLite (better-sqlite3, WAL): one database file in the data folder, its tables
// made by the domains' migrations (migrations.ts). The domains' repositories run in a worker
// thread (sqlite-writer.ts); this side hands it their calls and turns its answers back into
// promises.

import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { typeScriptWorker } from '../common/worker.ts';
import type { Job, Reply, Request } from './sqlite-messages.ts';
import { type Domain, errorFrom, Forwarding, type Store } from './store.ts';

/** The database file's name inside the data folder. */
export const DATABASE_FILE = 'agon.sqlite';

type Pending = { resolve: (reply: Reply) => void; reject: (e: Error) => void };

/** Starts the writer, a TypeScript module, in its worker thread. */
function startWriter(file: string): Worker {
  return typeScriptWorker(new URL('./sqlite-writer.ts', import.meta.url), { file });
}

/** The message of an error, with its code when it has one (ENOENT, SQLITE_CORRUPT...). */
function cause(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const code = 'code' in e && typeof e.code === 'string' ? e.code : undefined;
  return code && !e.message.includes(code) ? `${code}: ${e.message}` : e.message;
}

/** The store in `<dataDir>/agon.sqlite`, created if missing. */
export class SqliteStore extends Forwarding implements Store {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextRef = 1;
  private failed: Error | undefined;
  private closing = false;

  /**
   * Opens (or creates) the database in `dataDir`. Throws, naming the file and the cause, when
   * the folder cannot be made or the file is empty; a failure to open it at all rejects the
   * first request the same way.
   */
  constructor(dataDir: string) {
    super();
    const file = join(dataDir, DATABASE_FILE);
    const refuse = (why: string): Error =>
      new Error(`the games database ${file} cannot be opened: ${why}`);
    try {
      mkdirSync(dataDir, { recursive: true });
    } catch (e) {
      throw refuse(`its folder cannot be made (${cause(e)})`);
    }
    // SQLite takes an empty file for a new database: after a truncation that would silently
    // start over with no games. A file this server did not just create must have a header.
    if (existsSync(file) && statSync(file).size === 0) {
      throw refuse('the file is empty (0 bytes); restore it, or remove it to start afresh');
    }
    this.worker = startWriter(file);
    this.worker.on('message', (reply: Reply) => {
      const p = this.pending.get(reply.ref);
      this.pending.delete(reply.ref);
      p?.resolve(reply);
    });
    // An error from the worker thread arrives as a copy that may have lost its message.
    this.worker.on('error', (e: Error & { code?: string }) =>
      this.fail(refuse(e.message || e.code || String(e))),
    );
    this.worker.on('exit', () => this.fail(refuse('the storage worker stopped')));
  }

  /** Set once the store has failed for good: every request fails, and /healthz says so. */
  get failure(): Error | undefined {
    return this.closing ? undefined : this.failed;
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

  async forward(domain: Domain, method: string, args: readonly unknown[]): Promise<unknown> {
    const reply = await this.ask({ op: 'call', domain, method, args });
    if (!reply.ok) throw errorFrom(reply.error);
    return reply.value;
  }

  async close(): Promise<void> {
    if (this.failed) return;
    this.closing = true;
    await this.ask({ op: 'close' });
    await this.worker.terminate();
  }
}
