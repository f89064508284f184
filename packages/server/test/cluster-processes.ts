// Three server processes on a throwaway PostgreSQL and Redis, for the tests of what a cluster
// does when one of them dies: each process is known by its relay origin, as Redis names it, so
// a test finds the holder of a lease; a client of the Redis and one of the database let it look.

import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type Service, startPostgres, startRedis, type TestDatabase } from '../scripts/services.ts';
import { ALIVE } from '../src/game/redis-relay.ts';
import type { ProcessOptions } from '../src/process.ts';
import { dataFolder, type Running, remove, startServer, until } from './harness.ts';

/** The processes of a cluster of the tests, and a look into its Redis and database. */
export interface TestCluster {
  readonly servers: Running[];
  /** Each server's relay origin, as its keys in Redis name it. */
  readonly origins: string[];
  readonly looker: Redis;
  readonly ask: pg.Client;
}

/**
 * A cluster of three processes started with `env` and `options` before the tests of the
 * `describe` it is called in, one at a time, and killed after them.
 */
export function clusterFor(env: Record<string, string>, options: ProcessOptions = {}): TestCluster {
  const servers: Running[] = [];
  const origins: string[] = [];
  let db: TestDatabase | undefined;
  let redis: (Service & { url: string }) | undefined;
  let looker: Redis | undefined;
  let ask: pg.Client | undefined;
  let data: string | undefined;

  beforeAll(async () => {
    data = dataFolder(); // unused: everything is in PostgreSQL
    db = await startPostgres();
    redis = await startRedis();
    looker = new Redis(redis.url);
    ask = new pg.Client({ connectionString: db.url });
    await ask.connect();
    const all = {
      AGON_DATABASE_URL: db.url,
      AGON_REDIS_URL: redis.url,
      // Each player names a network of its own (X-Forwarded-For), so rated games are rated.
      AGON_TRUST_PROXY: '1',
      ...env,
    };
    // One at a time, so that the one new key of life in Redis names the process just started.
    for (let i = 0; i < 3; i++) {
      servers.push(await startServer(data, all, options));
      const keys = await until(
        () => looker!.keys(`${ALIVE}*`),
        (k) => k.length === i + 1,
        10_000,
      );
      origins.push(keys.map((k) => k.slice(ALIVE.length)).find((o) => !origins.includes(o))!);
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
    await ask?.end();
    looker?.disconnect();
    await redis?.stop();
    db?.stop();
    if (data) remove(data);
  });

  return {
    servers,
    origins,
    get looker() {
      if (!looker) throw new Error('the cluster is not started yet');
      return looker;
    },
    get ask() {
      if (!ask) throw new Error('the cluster is not started yet');
      return ask;
    },
  };
}
