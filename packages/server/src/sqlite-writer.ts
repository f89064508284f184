// The SQLite side of the store, run in a worker thread so that the disk's flush (fsync, a few
// milliseconds each) never stalls the main thread. Requests that arrive while a transaction
// is being written are gathered and committed together in the next one (group commit): one
// flush for many moves, and each is answered only after its transaction is durable.

import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { Reply, Request } from './sqlite-messages.ts';

const port = parentPort!;
const db = new Database((workerData as { file: string }).file);
// WAL lets loads read while a write is in flight; FULL flushes the log at every commit, so an
// acknowledged move survives a killed process and a lost machine alike.
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');
db.exec(`
  CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created_at INTEGER NOT NULL,
    setup TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS events (
    game_id TEXT NOT NULL REFERENCES games (id),
    version INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (game_id, version)
  ) WITHOUT ROWID;
`);

const insertGame = db.prepare('INSERT INTO games (id, created_at, setup) VALUES (?, ?, ?)');
const insertEvent = db.prepare('INSERT INTO events (game_id, version, body) VALUES (?, ?, ?)');
const selectGame = db.prepare<[string], { created_at: number; setup: string }>(
  'SELECT created_at, setup FROM games WHERE id = ?',
);
const selectEvents = db.prepare<[string], { body: string }>(
  'SELECT body FROM events WHERE game_id = ? ORDER BY version',
);

const isConflict = (e: unknown): boolean =>
  e instanceof Error && 'code' in e && String(e.code).startsWith('SQLITE_CONSTRAINT');

/** Runs one write inside the open transaction; a refused write fails alone. */
function write(request: Request): Reply {
  try {
    if (request.op === 'create') {
      insertGame.run(request.id, request.createdAt, request.setup);
    } else if (request.op === 'append') {
      insertEvent.run(request.id, request.version, request.event);
    }
    return { ref: request.ref, ok: true };
  } catch (e) {
    return {
      ref: request.ref,
      ok: false,
      conflict: isConflict(e),
      message: e instanceof Error ? e.message : String(e),
    };
  }
}

function read(request: Request & { op: 'load' }): Reply {
  const game = selectGame.get(request.id);
  if (!game) return { ref: request.ref, ok: true };
  const events = selectEvents.all(request.id).map((row) => row.body);
  return {
    ref: request.ref,
    ok: true,
    game: { createdAt: game.created_at, setup: game.setup, events },
  };
}

let queue: Request[] = [];
let scheduled = false;

function flush(): void {
  scheduled = false;
  const batch = queue;
  queue = [];
  const writes = batch.filter((r) => r.op === 'create' || r.op === 'append');
  let replies: Reply[];
  try {
    replies = writes.length ? db.transaction(() => writes.map(write))() : [];
  } catch (e) {
    // The commit itself failed (disk full, say): nothing in the batch was stored.
    const message = e instanceof Error ? e.message : String(e);
    replies = writes.map((r) => ({ ref: r.ref, ok: false, conflict: false, message }));
  }
  for (const r of replies) port.postMessage(r);
  for (const r of batch) {
    if (r.op === 'load') port.postMessage(read(r));
    else if (r.op === 'close') {
      db.close();
      port.postMessage({ ref: r.ref, ok: true } satisfies Reply);
      port.close();
    }
  }
}

port.on('message', (request: Request) => {
  queue.push(request);
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
});
