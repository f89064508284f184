// Starts the web server: PORT and HOST from the environment, games kept in AGON_DATA (default
// ./data), the URL printed once listening. SIGINT and SIGTERM close it cleanly within seconds
// (docs/online.md, "Stopping"); even SIGKILL loses no acknowledged move, since each is committed
// before it is acknowledged.

import type { AddressInfo } from 'node:net';
import { parseTrustProxy } from './common/address.ts';
import { limitsFromEnv, setting } from './common/limits.ts';
import { Problems } from './common/problems.ts';
import { RedisRelay } from './game/redis-relay.ts';
import { leaguesFromEnv } from './league/leagues.ts';
import { RedisBoard } from './lobby/redis-board.ts';
import { vacationFromEnv } from './player/vacation.ts';
import { DEFAULT_SCAN } from './puzzles/scanner.ts';
import { buildServer } from './server.ts';
import { PostgresStore } from './storage/postgres.ts';
import { scheduleFromEnv } from './tournament/schedule.ts';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = process.env.AGON_DATA ?? 'data';
// A shared Postgres instead of the SQLite file, for several server processes.
const databaseUrl = process.env.AGON_DATABASE_URL || undefined;
// A Redis shared by the server processes: the relay of moves and the creation rate limit.
const redisUrl = process.env.AGON_REDIS_URL || undefined;
// AGON_SCHEDULE: the recurring tournaments, a JSON file's path, or "none" (tournament/schedule.ts).
// Another build of the app (the tests serve a stand-in page); packages/web/dist by default.
const webRoot = process.env.AGON_WEB_ROOT || undefined;
const redisProblems = new Problems(Date.now);
/** The longest a SIGTERM or SIGINT waits for the server to close before the process ends. */
const CLOSE_LIMIT_MS = 10_000;

// No promise of the server is left to reject unheard (the sockets watch what their handlers
// start, every timer catches its own, and the lint refuses a floating promise or a `void` in
// src/). Should one still slip through, it is a bug to log with its stack, not a reason to end
// every game and socket of the process, which is Node's default.
process.on('unhandledRejection', (reason) => {
  console.error('a promise rejected unheard (a bug):', reason);
});

try {
  // Behind a reverse proxy: whose X-Forwarded-For names the client (unset: nobody's).
  const trust = process.env.AGON_TRUST_PROXY;
  const trustProxy = trust ? parseTrustProxy(trust) : undefined;
  // Redis down means an error at every reconnection attempt: logged once a minute.
  const report = (what: string, e: unknown): void => redisProblems.report(what, e);
  const relay = redisUrl ? new RedisRelay(redisUrl, report) : undefined;
  // Without Redis the server still serves, each process on its own until Redis answers.
  if (relay && !(await relay.ready(10_000))) {
    console.error('Redis (AGON_REDIS_URL) does not answer; starting without it for now');
  }
  const app = await buildServer({
    webRoot,
    dataDir,
    store: databaseUrl ? await PostgresStore.open(databaseUrl) : undefined,
    relay,
    // The lobby in the same Redis, its entries tagged by the relay's process.
    board: relay && redisUrl ? new RedisBoard(redisUrl, relay.origin, report) : undefined,
    trustProxy,
    httpTimeoutMs: setting(process.env, 'AGON_HTTP_TIMEOUT_MS'),
    limits: limitsFromEnv(process.env),
    schedule: scheduleFromEnv(process.env, Date.now()),
    // AGON_LEAGUES: "none", or a JSON file of leagues (docs/leagues.md); the default league if unset.
    leagues: leaguesFromEnv(process.env),
    // AGON_PUZZLE_SCAN=off: this process scans no games for puzzles (others of a cluster may).
    puzzleScan: process.env.AGON_PUZZLE_SCAN === 'off' ? undefined : DEFAULT_SCAN,
    // AGON_VACATION_DAYS: the vacation days a player earns a year and starts with (0: none).
    vacation: vacationFromEnv(process.env),
    push: {
      contact: process.env.AGON_PUSH_CONTACT || undefined,
      loopback: process.env.AGON_PUSH_LOOPBACK === '1',
    },
  });
  await app.listen({ port, host });
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  // PORT=0 takes any free port: print the one the system gave.
  const actual = (app.server.address() as AddressInfo).port;
  console.log(`Agon is ready: http://${shown.includes(':') ? `[${shown}]` : shown}:${actual}/`);
  let closing = false;
  const close = (): void => {
    if (closing) return;
    closing = true;
    // Every socket is closed within seconds (server.ts); should anything else hold the close
    // up (a request still under way), the process goes anyway and frees the data folder's lock
    // for the next one: every acknowledged move is already on disk.
    setTimeout(() => {
      console.error(`closing took over ${CLOSE_LIMIT_MS / 1000} s; exiting without waiting`);
      process.exit(1);
    }, CLOSE_LIMIT_MS).unref();
    app.close().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e instanceof Error ? e.message : e);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
