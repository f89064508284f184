// The SQLite side of the store, run in a worker thread so that the disk's flush (fsync, a few
// milliseconds each) never stalls the main thread. Requests that arrive while a transaction
// is being written are gathered and committed together in the next one (group commit): one
// flush for many moves, and each is answered only after its transaction is durable. No one
// request can end the thread: a failed write or an unreadable game is answered as an error.

import { chmodSync, existsSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { puzzleHandlers } from './puzzles/sqlite.ts';
import {
  PLAYER_READS,
  type PlayerAnswers,
  type PlayerJob,
  type Reply,
  type Request,
} from './sqlite-messages.ts';
import { isNameTaken, playerHandlers } from './sqlite-players.ts';
import { migrate } from './sqlite-schema.ts';
import { tournamentHandlers } from './tournament/sqlite.ts';

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
migrate(db);
const players = { ...playerHandlers(db), ...tournamentHandlers(db), ...puzzleHandlers(db) };

const insertGame = db.prepare('INSERT INTO games (id, created_at, setup) VALUES (?, ?, ?)');
const insertEvent = db.prepare('INSERT INTO events (game_id, version, body) VALUES (?, ?, ?)');
const markGame = db.prepare('UPDATE games SET clock_runs = ? WHERE id = ?');
const markDue = db.prepare('UPDATE games SET due_at = ? WHERE id = ?');
const selectDue = db.prepare<[number, number], { id: string }>(
  'SELECT id FROM games WHERE due_at <= ? ORDER BY due_at LIMIT ?',
);
const setAlive = db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('alive', ?)");
const selectGame = db.prepare<[string], { created_at: number; setup: string }>(
  'SELECT created_at, setup FROM games WHERE id = ?',
);
const selectEvents = db.prepare<[string], { body: string }>(
  'SELECT body FROM events WHERE game_id = ? ORDER BY version',
);
const selectRunning = db.prepare<[], { id: string }>('SELECT id FROM games WHERE clock_runs = 1');
// Two counts, each on its own partial index; a correspondence game's clock is never noted as
// running, so no game is counted twice.
const countInPlay = db.prepare<[], { n: number }>(
  `SELECT (SELECT count(*) FROM games WHERE clock_runs = 1)
        + (SELECT count(*) FROM games WHERE due_at IS NOT NULL) AS n`,
);
const selectAlive = db.prepare<[], { value: number }>("SELECT value FROM meta WHERE key = 'alive'");

const isConflict = (e: unknown): boolean =>
  e instanceof Error && 'code' in e && String(e.code).startsWith('SQLITE_CONSTRAINT');

const failure = (ref: number, e: unknown): Reply => ({
  ref,
  ok: false,
  ...(isConflict(e) ? { taken: isNameTaken(e) ? 'name' : 'version' } : {}),
  message: e instanceof Error ? e.message : String(e),
});

const isPlayerJob = (r: Request): r is Request & PlayerJob => r.op in players;

type Write = Request & ({ op: 'create' | 'append' | 'mark' | 'mark-due' | 'alive' } | PlayerJob);
const isWrite = (r: Request): r is Write =>
  r.op === 'create' ||
  r.op === 'append' ||
  r.op === 'mark' ||
  r.op === 'mark-due' ||
  r.op === 'alive' ||
  (isPlayerJob(r) && !PLAYER_READS.has(r.op));

/** Answers a request about players with its handler. */
function answer(request: Request & PlayerJob): Reply {
  const handler = players[request.op] as (job: PlayerJob) => PlayerAnswers[keyof PlayerAnswers];
  return { ref: request.ref, ok: true, value: handler(request) };
}

/** Runs one write inside the open transaction; a refused write fails alone. */
function write(request: Write): Reply {
  try {
    if (isPlayerJob(request)) return answer(request);
    if (request.op === 'create') {
      insertGame.run(request.id, request.createdAt, request.setup);
    } else if (request.op === 'append') {
      insertEvent.run(request.id, request.version, request.event);
    } else if (request.op === 'mark') {
      markGame.run(request.running ? 1 : 0, request.id);
    } else if (request.op === 'mark-due') {
      markDue.run(request.at, request.id);
    } else {
      setAlive.run(request.at);
    }
    return { ref: request.ref, ok: true };
  } catch (e) {
    return failure(request.ref, e);
  }
}

/** Answers one read; an unreadable game (a corrupt page, say) fails that request alone. */
function read(request: Request): Reply {
  try {
    if (isPlayerJob(request)) return answer(request);
    if (request.op === 'running') {
      return { ref: request.ref, ok: true, ids: selectRunning.all().map((r) => r.id) };
    }
    if (request.op === 'in-play') {
      return { ref: request.ref, ok: true, count: countInPlay.get()?.n ?? 0 };
    }
    if (request.op === 'due') {
      const ids = selectDue.all(request.at, request.limit).map((r) => r.id);
      return { ref: request.ref, ok: true, ids };
    }
    if (request.op === 'last-alive') {
      return { ref: request.ref, ok: true, at: selectAlive.get()?.value };
    }
    if (request.op !== 'load') throw new Error(`${request.op} is not a read`);
    const game = selectGame.get(request.id);
    if (!game) return { ref: request.ref, ok: true };
    const events = selectEvents.all(request.id).map((row) => row.body);
    return {
      ref: request.ref,
      ok: true,
      game: { createdAt: game.created_at, setup: game.setup, events },
    };
  } catch (e) {
    return failure(request.ref, e);
  }
}

let queue: Request[] = [];
let scheduled = false;

function flush(): void {
  scheduled = false;
  const batch = queue;
  queue = [];
  const writes = batch.filter(isWrite);
  let replies: Reply[];
  try {
    replies = writes.length ? db.transaction(() => writes.map(write))() : [];
  } catch (e) {
    // The commit itself failed (disk full, say): nothing in the batch was stored.
    const message = e instanceof Error ? e.message : String(e);
    replies = writes.map((r) => ({ ref: r.ref, ok: false, message }));
  }
  for (const r of replies) port.postMessage(r);
  for (const r of batch) {
    if (r.op === 'close') {
      db.close();
      port.postMessage({ ref: r.ref, ok: true } satisfies Reply);
      port.close();
    } else if (!isWrite(r)) {
      port.postMessage(read(r));
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
