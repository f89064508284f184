// Puzzles from people's games: a finished lobby game is queued as it is settled, scanned in a
// child process, and what the scan finds is served at /api/puzzles/found as people's puzzles.
// The queue is a table: a worker that dies with a game claimed, or a server closed mid-scan,
// leaves the game to be scanned by the next.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Game, parseMoveText, readPuzzle, Searcher, startPosition } from '@agon/engine';
import { emptyHarvest, scanGame } from '@agon/engine/puzzler';
import { type Identity, PUZZLE_ID } from '@agon/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameEvent } from '../src/game/store.ts';
import { shippedSet } from '../src/puzzles/catalog.ts';
import { SCAN_SKIP, type ScanOptions } from '../src/puzzles/scanner.ts';
import type { PuzzleStore } from '../src/puzzles/store.ts';
import { buildServer } from '../src/server.ts';
import { PostgresStore } from '../src/storage/postgres.ts';
import { SqliteStore } from '../src/storage/sqlite.ts';
import { dataFolder, fakeApp, remove, until } from './harness.ts';
import { postgresFor, skipWithout } from './postgres.ts';

/** The finished game the tests scan, and the puzzles a scan of it finds, worked out here. */
const record = JSON.parse(readFileSync(new URL('./people-game.json', import.meta.url), 'utf8')) as {
  moves: string;
};
const game = new Game(startPosition());
const events: GameEvent[] = [
  { kind: 'join', seat: 'white', token: 'white-hash', at: 1 },
  { kind: 'join', seat: 'black', token: 'black-hash', at: 2 },
];
for (const text of record.moves.split(' ')) {
  const seat = game.chooser!;
  const move = parseMoveText(text);
  if (!move.ok || !game.play(move.value).ok) throw new Error(`the record's ${text} is illegal`);
  events.push({ kind: 'move', seat, move: text, spent: 0, at: events.length + 1 });
}
const harvest = emptyHarvest();
scanGame(new Searcher(2), game.initial, game.moves, SCAN_SKIP, harvest);
const expected = harvest.puzzles.map((p) => p.apn).sort();

/** Scans with no poll of its own within a test: a game queued here is scanned at once. */
const SCAN: ScanOptions = {
  leaseMs: 10 * 60_000,
  timeoutMs: 10 * 60_000,
  tries: 3,
  pollMs: 3_600_000,
};

let folder: string | undefined;
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  if (folder) remove(folder);
  folder = undefined;
});

/** A server on `folder`'s database that scans (or not), and two players of it. */
async function start(scan: ScanOptions | undefined, store = new SqliteStore(folder!)) {
  app = await buildServer({ webRoot: fakeApp(), store, puzzleScan: scan });
  const made = async (): Promise<Identity> =>
    (await app!.inject({ method: 'POST', url: '/api/players', payload: {} })).json();
  return { store, players: [await made(), await made()] as const };
}

/** Stores the finished game as a lobby game of the two players, ended and not yet settled. */
async function storeGame(store: SqliteStore, white: string, black: string): Promise<string> {
  const id = `pg${Math.random().toString(36).slice(2, 10)}`;
  // Older than the young games the scan for unsettled ones leaves to their own process.
  const at = Date.now() - 60_000;
  await store.create(id, at, {
    variant: 'standard',
    clock: null,
    seats: { white: 'white-hash', black: 'black-hash' },
    players: { white, black },
    rated: false,
  });
  for (const [i, event] of events.entries()) await store.append(id, i + 1, event);
  await store.recordGame({
    gameId: id,
    white,
    black,
    category: { class: 'correspondence', rules: 'standard' },
    rated: false,
    startedAt: at,
  });
  return id;
}

const found = async () =>
  (await app!.inject('/api/puzzles/found')).json<{ puzzles: Record<string, unknown>[] }>();

describe("puzzles from people's games", () => {
  it('the record holds a puzzle to find', () => {
    expect(game.outcome).toBeDefined();
    expect(expected.length).toBeGreaterThan(0);
  });

  it('queues a finished game as it is settled, scans it, and serves what it found', async () => {
    folder = dataFolder();
    const { store, players } = await start(SCAN);
    const id = await storeGame(store, players[0].id, players[1].id);
    // The keepers' scan finds the game unsettled, settles it, and so queues it.
    const state = await until(
      () => store.scanState(id),
      (s) => s?.doneAt != null,
      120_000,
    );
    expect(state).toMatchObject({ tries: 0, found: expected.length });
    const set = await until(found, (f) => f.puzzles.length > 0, 30_000);
    expect(set).toMatchObject({ format: 'agon-puzzles', version: 1 });
    expect(set.puzzles.map((p) => p.apn).sort()).toEqual(expected);
    for (const puzzle of set.puzzles) {
      expect(puzzle).toMatchObject({ source: 'people', game: id });
      expect(puzzle.id).toMatch(PUZZLE_ID);
      // In the set's form: the engine's reader takes it, line and all.
      expect(readPuzzle(puzzle), JSON.stringify(puzzle)).toMatchObject({ ok: true });
    }
    // A found puzzle is one to attempt like the set's.
    const attempt = await app!.inject({
      method: 'POST',
      url: '/api/puzzles/attempts',
      headers: { authorization: `Bearer ${players[0].token}` },
      payload: { puzzle: set.puzzles[0]!.id, moves: set.puzzles[0]!.solution },
    });
    expect(attempt.statusCode).toBe(200);
    expect(attempt.json().counted).toBe(true);
    // Queued again (another process settling it too), it is neither scanned nor added twice.
    await store.queueScan(id, Date.now());
    expect(await store.claimScan(Date.now(), 1000)).toBeUndefined();
    expect(await store.finishScan(id, set.puzzles as never, Date.now())).toBe(0);
  }, 180_000);

  it('passes over an aborted or short game', async () => {
    folder = dataFolder();
    const { store, players } = await start(undefined);
    const id = await storeGame(store, players[0].id, players[1].id);
    await store.append(id, events.length + 1, { kind: 'abort', seat: 'white', at: 9e12 });
    const short = `pg${Math.random().toString(36).slice(2, 10)}`;
    await store.create(short, Date.now() - 60_000, {
      variant: 'standard',
      clock: null,
      seats: {},
      players: { white: players[0].id, black: players[1].id },
    });
    await store.append(short, 1, { kind: 'resign', seat: 'white', at: 1 });
    await store.recordGame({
      gameId: short,
      white: players[0].id,
      black: players[1].id,
      category: { class: 'correspondence', rules: 'standard' },
      rated: false,
      startedAt: Date.now() - 60_000,
    });
    // Both are settled by the keepers' scan; neither is queued.
    await until(
      async () => (await store.unsettled(Date.now())).length,
      (n) => n === 0,
      30_000,
    );
    expect(await store.scanState(id)).toBeUndefined();
    expect(await store.scanState(short)).toBeUndefined();
  }, 60_000);

  it('scans a game whose worker died with it claimed, once its lease is over', async () => {
    folder = dataFolder();
    // A process that does not scan settles the game: it waits in the queue.
    const first = await start(undefined);
    const id = await storeGame(first.store, first.players[0].id, first.players[1].id);
    await until(
      () => first.store.scanState(id),
      (s) => s !== undefined,
      30_000,
    );
    // A worker claims it and dies: its lease of a millisecond runs out.
    expect(await first.store.claimScan(Date.now(), 1)).toBe(id);
    await app!.close();
    const next = await start(SCAN, new SqliteStore(folder!));
    const state = await until(
      () => next.store.scanState(id),
      (s) => s?.doneAt != null,
      120_000,
    );
    expect(state).toMatchObject({ tries: 0, found: expected.length });
  }, 180_000);

  it('gives back a game whose scan was under way when its server closed, to the next', async () => {
    folder = dataFolder();
    const first = await start(SCAN);
    const id = await storeGame(first.store, first.players[0].id, first.players[1].id);
    // The scan's child process, held still as soon as it is there: mid-scan, for sure.
    const child = await until(
      async () => scanChild(),
      (pid) => pid !== undefined,
      120_000,
    );
    process.kill(child!, 'SIGSTOP');
    expect(await first.store.scanState(id)).toMatchObject({ doneAt: null, tries: 0 });
    await app!.close();
    expect(scanChild()).toBeUndefined();
    const next = await start(SCAN, new SqliteStore(folder!));
    expect(await next.store.scanState(id)).toMatchObject({ tries: 1 });
    const state = await until(
      () => next.store.scanState(id),
      (s) => s?.doneAt != null,
      120_000,
    );
    expect(state).toMatchObject({ tries: 1, found: expected.length });
  }, 240_000);
});

/** The pid of this process's puzzle scan child, if one runs. */
function scanChild(): number | undefined {
  try {
    const out = execFileSync('pgrep', ['-P', String(process.pid), '-f', 'scan-child'], {
      encoding: 'utf8',
    });
    return Number(out.trim().split('\n')[0]) || undefined;
  } catch {
    return undefined;
  }
}

/** The queue's contract, held by each store: claims are exclusive, leases end, tries run out. */
function queueContract(
  name: string,
  open: () => Promise<PuzzleStore & { close(): Promise<void> }>,
) {
  it(`claims, finishes and gives up queued games on ${name}`, async () => {
    const store = await open();
    try {
      const [a, b] = [`qa${Date.now()}`, `qb${Date.now()}`];
      await store.queueScan(a, 1);
      await store.queueScan(b, 2);
      await store.queueScan(a, 3);
      const now = Date.now();
      // Two workers at once take one game each, the longest-waiting first between them.
      const claims = await Promise.all([
        store.claimScan(now, 60_000),
        store.claimScan(now, 60_000),
      ]);
      expect(claims.sort()).toEqual([a, b].sort());
      expect(await store.claimScan(now, 60_000)).toBeUndefined();
      // A lease over is claimable again.
      expect(await store.claimScan(now + 60_000, 60_000)).toBe(a);
      // Given back after a failed try: claimable at once; after the last try, given up.
      await store.releaseScan(b, now, 2);
      expect(await store.scanState(b)).toMatchObject({ tries: 1, doneAt: null });
      expect(await store.claimScan(now, 60_000)).toBe(b);
      await store.releaseScan(b, now, 2);
      expect(await store.scanState(b)).toEqual({ tries: 2, doneAt: now, found: null });
      expect(await store.claimScan(now + 120_001, 60_000)).toBe(a);
      // Finished: the puzzles stored once each, by id and by position.
      const puzzle = { ...fromSet(), id: `x${Date.now().toString(36)}`, source: 'people' as const };
      const twin = { ...puzzle, id: `y${Date.now().toString(36)}` };
      expect(await store.finishScan(a, [puzzle, twin, puzzle], now)).toBe(1);
      expect(await store.scanState(a)).toEqual({ tries: 0, doneAt: now, found: 1 });
      expect((await store.foundPuzzles()).filter((p) => p.apn === puzzle.apn)).toEqual([puzzle]);
      expect(await store.claimScan(now + 999_999_999, 60_000)).toBeUndefined();
    } finally {
      await store.close();
    }
  }, 60_000);
}

const fromSet = () => shippedSet()[0]!;

describe('the scan queue', () => {
  queueContract('SQLite', async () => {
    folder = dataFolder();
    return new SqliteStore(folder);
  });
  const skip = skipWithout('puzzle scan queue tests on PostgreSQL', ['postgres']);
  describe.skipIf(skip)('on PostgreSQL', () => {
    const db = postgresFor();
    queueContract('PostgreSQL', () => PostgresStore.open(db.url));
  });
});
