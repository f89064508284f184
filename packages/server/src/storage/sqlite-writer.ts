// The SQLite side of the store, run in a worker thread so that the disk's flush (fsync, a few
// milliseconds each) never stalls the main thread. Requests that arrive while a transaction
// is being written are gathered and committed together in the next one (group commit): one
// flush for many moves, and each is answered only after its transaction is durable. Each
// write runs in a savepoint of its own, so one that fails half-way leaves nothing behind while
// the batch's other writes commit. No one request can end the thread: a failed write or an
// unreadable game is answered as an error.

import { chmodSync, existsSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { MIGRATIONS, newerSchema } from './migrations.ts';
import type { Reply, Request } from './sqlite-messages.ts';
import { SqliteSql } from './sqlite-sql.ts';
import { call, copyError, isRead, repositories } from './store.ts';

const port = parentPort!;
// No wait for a lock: the one connection never contends with itself, and another process
// holding the file is refused at once rather than after seconds.
const file = (workerData as { file: string }).file;
const db = new Database(file, { timeout: 0 });
// The database keeps the server's secrets (the networks' key, the push keys): readable by the
// server's user alone. Set before the log is made, which SQLite then makes alike.
for (const own of [file, `${file}-wal`]) if (existsSync(own)) chmodSync(own, 0o600);
// Exclusive locking: the first write takes a lock on the file that this connection keeps until
// it closes or its process dies, so a second server on the same data is refused at start
// rather than fighting the first over the games. (In this mode WAL keeps its index in memory.)
db.pragma('locking_mode = EXCLUSIVE');
try {
  // WAL lets loads read while a write is in flight; FULL flushes the log at every commit, so an
  // acknowledged move survives a killed process and a lost machine alike.
  db.pragma('journal_mode = WAL');
  db.exec('BEGIN IMMEDIATE; COMMIT');
} catch (e) {
  if (e instanceof Error && 'code' in e && String(e.code).startsWith('SQLITE_BUSY')) {
    throw new Error('another server process is using it; only one may (check AGON_DATA)');
  }
  throw e;
}
db.pragma('synchronous = FULL');
const sql = new SqliteSql(db);
await migrate();
const made = repositories(sql, sql);

/**
 * Brings the database up to this server's schema, each pending step in a transaction with the
 * version it makes. A database from before versions (0) already has the games, so the first
 * step creates only what is missing.
 */
async function migrate(): Promise<void> {
  const version = db.pragma('user_version', { simple: true }) as number;
  const newer = newerSchema(version);
  if (newer) throw new Error(`it was ${newer}`);
  for (const [i, step] of MIGRATIONS.entries()) {
    if (i < version) continue;
    db.exec('BEGIN');
    try {
      await step(sql);
      db.pragma(`user_version = ${i + 1}`);
      db.exec('COMMIT');
    } catch (e) {
      db.exec('ROLLBACK');
      throw e;
    }
  }
}

type Call = Request & { op: 'call' };

const isWrite = (r: Request): r is Call => r.op === 'call' && !isRead(r.domain, r.method);

/** Answers one call; a failed one (a refused write, a corrupt page) fails alone. */
async function answer(r: Call): Promise<Reply> {
  try {
    return { ref: r.ref, ok: true, value: await call(made, r.domain, r.method, r.args) };
  } catch (e) {
    return { ref: r.ref, ok: false, error: copyError(e) };
  }
}

/** Runs one write in a savepoint of the open transaction, rolled back alone if it fails. */
async function write(r: Call): Promise<Reply> {
  db.exec('SAVEPOINT write');
  const reply = await answer(r);
  if (!reply.ok) db.exec('ROLLBACK TO write');
  db.exec('RELEASE write');
  return reply;
}

let queue: Request[] = [];
let scheduled = false;

async function flush(): Promise<void> {
  const batch = queue;
  queue = [];
  const writes = batch.filter(isWrite);
  let replies: Reply[] = [];
  if (writes.length) {
    try {
      db.exec('BEGIN');
      for (const r of writes) replies.push(await write(r));
      db.exec('COMMIT');
    } catch (e) {
      // The commit itself failed (disk full, say): nothing in the batch was stored. A rollback
      // that fails too leaves that failure to be told by the next request, not this thread's end.
      try {
        if (db.inTransaction) db.exec('ROLLBACK');
      } catch {}
      const error = copyError(e);
      replies = writes.map((r) => ({ ref: r.ref, ok: false, error }));
    }
  }
  for (const r of replies) port.postMessage(r);
  for (const r of batch) {
    if (r.op === 'close') {
      db.close();
      port.postMessage({ ref: r.ref, ok: true } satisfies Reply);
      port.close();
      return;
    }
    if (!isWrite(r)) port.postMessage(await answer(r));
  }
  scheduled = false;
  if (queue.length) schedule();
}

function schedule(): void {
  scheduled = true;
  setImmediate(flush);
}

port.on('message', (request: Request) => {
  queue.push(request);
  if (!scheduled) schedule();
});
