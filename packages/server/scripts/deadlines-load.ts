// Load test of correspondence deadlines: N rated 1-day correspondence games are stored as the
// lobby leaves them after two moves each (their deadlines spread over the next day), then the
// server is started on them: one process on SQLite, or with `--cluster N` that many processes on
// a throwaway PostgreSQL and Redis (scripts/services.ts), where one process at a time keeps the
// deadlines under their lease. Reports what waiting costs: the store's answers to the keepers'
// two queries on N games (the deadlines' every 5 s, the scan for unsettled games every second),
// each process's memory and CPU per minute while every game waits, and the games each holds in
// memory meanwhile (none should be). Then every process's clock is moved on a day and an hour
// (SIGUSR2, test/clock-jump.mjs) so that every deadline has passed, and it reports how long the
// keeper took to end them all, each process's memory at the peak, and, once they are stopped,
// that each game ended once (two moves and one timeout) and was rated once. Exits non-zero if a
// game did not end exactly so.
//
//   npx tsx packages/server/scripts/deadlines-load.ts [--games 10000] [--idle 60] [--cluster 2]

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DAY_MS } from '@agon/protocol';
import { hashToken, newGameId, newPlayerId, newToken } from '../src/common/secret.ts';
import type { GameSetup } from '../src/game/store.ts';
import { ratingOf } from '../src/player/players.ts';
import { type Running, startServerProcess } from '../src/process.ts';
import { PostgresStore } from '../src/storage/postgres.ts';
import { SqliteStore } from '../src/storage/sqlite.ts';
import { startPostgres, startRedis } from './services.ts';
import { CLUSTER, option, usage } from './workers.ts';

const GAMES = Math.round(option('games', 10_000, 100_000));
const IDLE = option('idle', 60, 600);
const JUMP_MS = DAY_MS + 3_600_000;
/** Games stored at once: PostgreSQL's pool takes ten queries at a time. */
const STORED_AT_ONCE = 10;

/** Milliseconds per call of `work`, over `times` calls. */
async function timed(times: number, work: () => Promise<unknown>): Promise<number> {
  const began = performance.now();
  for (let i = 0; i < times; i++) await work();
  return (performance.now() - began) / times;
}

/** Runs `work` for each of `0..count-1`, `atOnce` at a time. */
async function each(count: number, atOnce: number, work: (i: number) => Promise<void>) {
  for (let i = 0; i < count; i += atOnce) {
    await Promise.all(Array.from({ length: Math.min(atOnce, count - i) }, (_, j) => work(i + j)));
  }
}

const data = mkdtempSync(join(tmpdir(), 'agon-deadlines-'));
mkdirSync(join(data, 'data'));
const stops: (() => Promise<void> | void)[] = [
  () => rmSync(data, { recursive: true, force: true }),
];
let wrong = 0;
try {
  let env: Record<string, string> = {};
  let open = async (): Promise<SqliteStore | PostgresStore> => new SqliteStore(join(data, 'data'));
  if (CLUSTER) {
    const db = await startPostgres();
    stops.push(() => db.stop());
    const redis = await startRedis();
    stops.push(() => redis.stop());
    env = { AGON_DATABASE_URL: db.url, AGON_REDIS_URL: redis.url };
    open = () => PostgresStore.open(db.url);
  }
  const where = CLUSTER ? `${CLUSTER} processes, PostgreSQL and Redis` : 'one process, SQLite';
  console.log(`${GAMES} games, ${where}`);

  const now = Date.now();
  const games: { id: string; white: string; black: string }[] = [];
  {
    const store = await open();
    const began = performance.now();
    await each(GAMES, STORED_AT_ONCE, async (i) => {
      const [white, black] = [newPlayerId(), newPlayerId()];
      for (const [id, n] of [
        [white, 2 * i],
        [black, 2 * i + 1],
      ] as const) {
        await store.createPlayer({
          id,
          name: `Correspondent ${n}`,
          tokenHash: hashToken(newToken()),
          createdAt: now - 2 * DAY_MS,
        });
      }
      const id = newGameId();
      // Black's move ends somewhere in the last day: the deadlines spread over the next one.
      const moved = now - Math.floor((DAY_MS * i) / GAMES) - 1000;
      const setup: GameSetup = {
        variant: 'standard',
        clock: null,
        days: 1,
        seats: { white: hashToken(newToken()), black: hashToken(newToken()) },
        players: { white, black },
        rated: true,
      };
      await store.create(id, moved - 60_000, setup);
      await store.append(id, 1, {
        kind: 'move',
        seat: 'white',
        move: 'f1-f2',
        spent: 0,
        at: moved - 30_000,
      });
      await store.append(id, 2, {
        kind: 'move',
        seat: 'black',
        move: 'f11-f10',
        spent: 0,
        at: moved,
      });
      await store.markDue(id, moved + DAY_MS);
      await store.recordGame({
        gameId: id,
        white,
        black,
        category: { class: 'correspondence', rules: 'standard' },
        rated: true,
        startedAt: moved - 60_000,
      });
      games[i] = { id, white, black };
    });
    console.log(`${GAMES} games stored in ${((performance.now() - began) / 1000).toFixed(1)} s`);
    const due = await timed(100, () => store.due(Date.now(), 500));
    const unsettled = await timed(100, () => store.unsettled(Date.now()));
    console.log(
      `keeper's queries on ${GAMES} waiting games: due ${due.toFixed(2)} ms (12 a minute), unsettled ${unsettled.toFixed(2)} ms (60 a minute)`,
    );
    await store.close();
  }

  // The pages are not what is measured: a stand-in for the built app will do.
  const app = join(data, 'app');
  mkdirSync(join(app, 'assets'), { recursive: true });
  writeFileSync(join(app, 'index.html'), '<!doctype html><title>Agon</title>');
  const servers: Running[] = [];
  const stopServers = async (): Promise<void> => {
    await Promise.all(servers.map((s) => s.stop()));
  };
  stops.push(stopServers);
  servers.push(
    ...(await Promise.all(
      Array.from({ length: CLUSTER || 1 }, () =>
        startServerProcess(
          join(data, 'data'),
          { ...env, AGON_WEB_ROOT: app, AGON_TEST_JUMP_MS: String(JUMP_MS) },
          { preload: [fileURLToPath(new URL('../test/clock-jump.mjs', import.meta.url))] },
        ),
      ),
    )),
  );
  const held = (server: Running): Promise<number> =>
    fetch(`${server.url}healthz`)
      .then((r) => r.json())
      .then((h) => (h as { games: number }).games);
  const pids = servers.map((s) => s.process.pid!);
  const start = pids.map(usage);
  await new Promise((resolve) => setTimeout(resolve, IDLE * 1000));
  const idle = pids.map(usage);
  const idleHeld = await Promise.all(servers.map(held));
  for (const [i, u] of idle.entries()) {
    console.log(
      `process ${i + 1} waiting, over ${IDLE} s: ${(((u.cpuSeconds - start[i]!.cpuSeconds) / IDLE) * 60).toFixed(2)} CPU s a minute, RSS ${u.rssMiB.toFixed(0)} MiB, ${idleHeld[i]} games in memory`,
    );
  }

  for (const pid of pids) process.kill(pid, 'SIGUSR2');
  const jumped = performance.now();
  const peak = idle.map((u) => u.rssMiB);
  const maxHeld = servers.map(() => 0);
  // Each game's white player's page says when it ended; one in fifty is read, the last last,
  // from each process in turn.
  const sample = [...games.filter((_, i) => i % 50 === 0), games.at(-1)!];
  const ended = async (g: (typeof games)[number], i: number): Promise<boolean> => {
    const server = servers[i % servers.length]!;
    const page = (await (await fetch(`${server.url}api/players/${g.white}`)).json()) as {
      games: { result: string | null }[];
    };
    // White is to move after the two moves, and loses on time.
    return page.games[0]?.result === 'loss';
  };
  let left = sample;
  while (left.length > 0) {
    for (const [i, pid] of pids.entries()) peak[i] = Math.max(peak[i]!, usage(pid).rssMiB);
    for (const [i, n] of (await Promise.all(servers.map(held))).entries()) {
      maxHeld[i] = Math.max(maxHeld[i]!, n);
    }
    const done = await Promise.all(left.map(ended));
    left = left.filter((_, i) => !done[i]);
    if (performance.now() - jumped > 30 * 60_000) throw new Error(`${left.length} never ended`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const took = (performance.now() - jumped) / 1000;
  console.log(
    `all ${GAMES} deadlines passed at once: ended in ${took.toFixed(1)} s (${(GAMES / took).toFixed(0)} a second)`,
  );
  const end = pids.map(usage);
  for (const [i, u] of end.entries()) {
    console.log(
      `process ${i + 1} while ending them: ${(u.cpuSeconds - idle[i]!.cpuSeconds).toFixed(1)} CPU s, peak RSS ${peak[i]!.toFixed(0)} MiB, at most ${maxHeld[i]} games in memory`,
    );
  }
  await stopServers();

  // Each game ended once: two moves and a timeout, rated once.
  const store = await open();
  await each(GAMES, STORED_AT_ONCE, async (i) => {
    const stored = await store.load(games[i]!.id);
    if (stored?.events.map((e) => e.kind).join(',') !== 'move,move,timeout') wrong++;
  });
  let ratedOtherwise = 0;
  const category = { class: 'correspondence', rules: 'standard' } as const;
  for (let i = 0; i < GAMES; i += 500) {
    const ids = games.slice(i, i + 500).flatMap((g) => [g.white, g.black]);
    for (const p of await store.players(ids))
      if (ratingOf(p, category).games !== 1) ratedOtherwise++;
  }
  const unsettled = await store.unsettled(Date.now() + 2 * DAY_MS);
  console.log(
    `ended otherwise than once by a timeout: ${wrong}; not rated: ${unsettled.length}; players rated other than once: ${ratedOtherwise}`,
  );
  await store.close();
  wrong += unsettled.length + ratedOtherwise;
} finally {
  for (const stop of stops.reverse()) await stop();
}
if (wrong > 0) process.exit(1);
