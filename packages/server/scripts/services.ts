// Throwaway services on loopback for the tests and `npm run cluster`, each in a temporary
// folder on its own free port, stopped (and the folder removed) by `stop()`: PostgreSQL
// (AGON_TEST_POSTGRES_URL if set, else a fresh cluster when Debian's PostgreSQL is installed;
// it runs as the current user, or as the `postgres` user under root, since it refuses root),
// Redis and HAProxy (Debian's redis-server and haproxy). A suite asks `skipWithout` for the
// services it starts and is skipped, with a word on the console, when one cannot be had.

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A running database: its URL and how to stop it. */
export interface TestDatabase {
  readonly url: string;
  stop(): void;
  /** Stops the server (fast shutdown: connections cut) and keeps its data. */
  halt?(): void;
  /** Starts it again after `halt`, on the same port with the same data. */
  resume?(): void;
}

function binaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const version = readdirSync(root).sort().at(-1);
  const bin = version && join(root, version, 'bin');
  return bin && existsSync(join(bin, 'initdb')) ? bin : undefined;
}

function postgresUser(): { uid: number; gid: number } | undefined {
  try {
    // No such user is an answer, not an error for the console: id's complaint is dropped.
    const id = (flag: string): number =>
      Number(
        execFileSync('id', [flag, 'postgres'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString(),
      );
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

/** Whether `port` of 127.0.0.1 can be listened on now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port nobody listens on now, below Linux's range of ports handed out on demand (32768 and
 * up): a service killed and started again on its port must not find it taken meanwhile by a
 * server started on port 0 or by an outgoing connection.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
  throw new Error('no free port between 20000 and 32000');
}

/**
 * Starts (or names) the database. `stoppable` asks for a throwaway one even when
 * AGON_TEST_POSTGRES_URL names one, for a test that stops it and starts it again; `statements`
 * loads pg_stat_statements (Debian's package has it) for a benchmark that counts queries.
 */
export async function startPostgres(
  options: { stoppable?: boolean; statements?: boolean } = {},
): Promise<TestDatabase> {
  const given = process.env.AGON_TEST_POSTGRES_URL;
  if (given && !options.stoppable) return { url: given, stop: () => undefined };
  const bin = binaries()!;
  // PostgreSQL refuses to run as root: under root it runs as `postgres`, else as the caller.
  const owner = process.getuid?.() === 0 ? postgresUser() : undefined;
  const dir = mkdtempSync(join(tmpdir(), 'agon-pg-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  chmodSync(dir, 0o700);
  const data = join(dir, 'data');
  const run = (command: string, args: string[]): void => {
    execFileSync(join(bin, command), args, { ...owner, stdio: 'ignore', cwd: dir });
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'agon']);
  const port = await freePort();
  const start = (): void =>
    run('pg_ctl', [
      '-D',
      data,
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=200${
        options.statements ? ' -c shared_preload_libraries=pg_stat_statements' : ''
      }`,
      '-l',
      join(dir, 'log'),
      'start',
    ]);
  start();
  return {
    url: `postgres://agon@127.0.0.1:${port}/postgres`,
    halt() {
      run('pg_ctl', ['-D', data, '-w', '-m', 'fast', 'stop']);
    },
    resume: start,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A service run in the foreground as a child process. */
export interface Service {
  readonly port: number;
  /** Ends it (SIGKILL unless told) and removes its folder. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Whether something listens on 127.0.0.1:`port`. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Waits until `port` takes connections, or fails after `ms`. */
export async function waitForPort(port: number, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await listening(port))) {
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function which(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/usr/bin'])) {
    if (dir && existsSync(join(dir, command))) return join(dir, command);
  }
  return undefined;
}

/**
 * A service a test suite starts: PostgreSQL (AGON_TEST_POSTGRES_URL's or a throwaway one), a
 * throwaway PostgreSQL the suite stops and starts again, Redis, HAProxy.
 */
export type TestService = 'postgres' | 'stoppable postgres' | 'redis' | 'haproxy';

/** Why no throwaway PostgreSQL can be started here, and how to get one (or `alternative`). */
function throwawayPostgresMissing(alternative: string): string | undefined {
  if (!binaries()) {
    return `PostgreSQL: no initdb in /usr/lib/postgresql/*/bin (apt-get install postgresql; ${alternative})`;
  }
  if (process.getuid?.() === 0 && !postgresUser()) {
    return `PostgreSQL: it refuses to run as root and there is no postgres user to run it as (apt-get install postgresql makes one; or run the tests as another user; ${alternative})`;
  }
  return undefined;
}

/** Why `service` cannot be had here and how to get it, or undefined when it can. */
function serviceMissing(service: TestService): string | undefined {
  switch (service) {
    case 'postgres':
      if (process.env.AGON_TEST_POSTGRES_URL) return undefined;
      return throwawayPostgresMissing('or set AGON_TEST_POSTGRES_URL to a database');
    case 'stoppable postgres':
      return throwawayPostgresMissing(
        'AGON_TEST_POSTGRES_URL will not do, since these tests stop the database',
      );
    case 'redis':
      return which('redis-server')
        ? undefined
        : 'Redis: no redis-server (apt-get install redis-server)';
    case 'haproxy':
      return which('haproxy') ? undefined : 'HAProxy: no haproxy (apt-get install haproxy)';
  }
}

/**
 * Whether the suite named `suite` must be skipped here for want of one of `services`; if so,
 * it says on the console which are missing and how to get them, so no suite is skipped
 * without a word.
 */
export function skipWithout(suite: string, services: readonly TestService[]): boolean {
  const missing = services.map(serviceMissing).filter((m) => m !== undefined);
  if (missing.length === 0) return false;
  console.warn(`${suite}: skipped, ${missing.join('; ')}`);
  return true;
}

async function foreground(
  command: string,
  args: string[],
  port: number,
  dir: string,
): Promise<ChildProcess> {
  const child = spawn(which(command) ?? command, args, { cwd: dir, stdio: 'ignore' });
  everyService.add(child);
  child.once('exit', () => everyService.delete(child));
  try {
    await waitForPort(port);
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
  return child;
}

const everyService = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of everyService) child.kill('SIGKILL');
});

function ender(child: ChildProcess, dir: string) {
  return async (signal: NodeJS.Signals = 'SIGKILL'): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
}

/** A Redis on a free port (or `port`), keeping nothing on disk. */
export async function startRedis(port?: number): Promise<Service & { url: string }> {
  const p = port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'agon-redis-'));
  const child = await foreground(
    'redis-server',
    ['--port', String(p), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
    p,
    dir,
  );
  return { port: p, url: `redis://127.0.0.1:${p}`, stop: ender(child, dir) };
}

/**
 * HAProxy's configuration for server processes on `ports`: every socket of a game goes to the
 * same process by the game id in its path (consistent hashing, so a process that leaves or
 * comes back moves only its own games), everything else to any process; a process that fails
 * two health checks in a row (GET /healthz every 500 ms) leaves the ring until it passes one.
 */
export function haproxyConfig(
  port: number,
  ports: readonly number[],
  statsSocket?: string,
): string {
  const servers = ports.map((p, i) => `  server agon${i + 1} 127.0.0.1:${p}`).join('\n');
  const stats = statsSocket
    ? `  # asked which processes are in the ring (see startHaproxy)\n  stats socket ${statsSocket}\n`
    : '';
  return `global
  # two file descriptors a connection: within a common open-file limit of 20,000 (ulimit -n)
  maxconn 8000
${stats}
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  timeout http-request 30s
  # a health check may take this long on a busy machine before it counts as failed
  timeout check 2s
  option redispatch
  retries 3
  # the client's address for the servers' per-address limits (they believe it only with
  # AGON_TRUST_PROXY); appended to any X-Forwarded-For the client sent, never replacing it
  option forwardfor

frontend agon
  bind 127.0.0.1:${port}
  acl game_socket path_reg ^/api/games/[^/]+/socket$
  use_backend games if game_socket
  default_backend any

backend games
  # /api/games/<id>: the path up to its third slash, so one game's sockets hash alike
  balance uri path-only depth 3
  hash-type consistent
  option httpchk GET /healthz
  default-server check inter 500ms fall 2 rise 1
${servers}

backend any
  balance roundrobin
  option httpchk GET /healthz
  default-server check inter 500ms fall 2 rise 1
${servers}
`;
}

/** HAProxy in front of server processes, and what it thinks of them. */
export interface Haproxy extends Service {
  readonly url: string;
  /** The configuration file. */
  readonly config: string;
  /**
   * Resolves once HAProxy counts every process in the ring again (its health checks passed
   * since the last restart), or rejects after `timeoutMs`: a test that kills one process after
   * another waits for this, so that HAProxy never has none to send a client to.
   */
  allUp(timeoutMs?: number): Promise<void>;
}

/** HAProxy on a free port (or `port`) in front of the server processes on `ports`. */
export async function startHaproxy(ports: readonly number[], port?: number): Promise<Haproxy> {
  const p = port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'agon-haproxy-'));
  const config = join(dir, 'haproxy.cfg');
  const socket = join(dir, 'stats.sock');
  writeFileSync(config, haproxyConfig(p, ports, socket));
  execFileSync(which('haproxy') ?? 'haproxy', ['-c', '-q', '-f', config]);
  const child = await foreground('haproxy', ['-db', '-f', config], p, dir);
  const allUp = async (timeoutMs = 20_000): Promise<void> => {
    const began = Date.now();
    for (;;) {
      const rows = (await askHaproxy(socket, 'show stat')).split('\n');
      const header = rows[0]?.replace(/^# /, '').split(',') ?? [];
      const status = header.indexOf('status');
      const servers = rows
        .slice(1)
        .map((r) => r.split(','))
        .filter((f) => /^agon\d+$/.test(f[1] ?? ''));
      if (servers.length > 0 && servers.every((f) => f[status] === 'UP')) return;
      if (Date.now() - began > timeoutMs) {
        throw new Error(`HAProxy still counts a process out of the ring after ${timeoutMs} ms`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { port: p, url: `http://127.0.0.1:${p}/`, config, stop: ender(child, dir), allUp };
}

/** Sends one command to HAProxy's stats socket and reads its whole answer. */
function askHaproxy(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const conn = connect(socket, () => conn.end(`${command}\n`));
    conn.setEncoding('utf8');
    conn.on('data', (chunk: string) => {
      answer += chunk;
    });
    conn.on('end', () => resolve(answer));
    conn.on('error', reject);
  });
}

/** A cluster: PostgreSQL, Redis, server processes and HAProxy in front. */
export interface Cluster {
  /** HAProxy's address: the one to give players. */
  readonly url: string;
  /** The server processes (each also reachable on its own). */
  readonly servers: import('../src/process.ts').Running[];
  stop(): Promise<void>;
}

/**
 * Starts a cluster of `count` server processes on loopback: a throwaway PostgreSQL and Redis
 * unless `databaseUrl` / `redisUrl` name running ones, HAProxy on `port` (any free one when
 * 0), every server with `env` added to its environment (and AGON_TRUST_PROXY=1, since HAProxy
 * names each client's address, unless `env` says otherwise) and run as `process` says.
 */
export async function startCluster(options: {
  count: number;
  port?: number;
  databaseUrl?: string;
  redisUrl?: string;
  env?: Record<string, string>;
  process?: import('../src/process.ts').ProcessOptions;
}): Promise<Cluster> {
  const { startServerProcess } = await import('../src/process.ts');
  const stops: (() => Promise<void> | void)[] = [];
  const stop = async (): Promise<void> => {
    for (const s of stops.reverse()) await s();
  };
  try {
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      const db = await startPostgres();
      stops.push(() => db.stop());
      databaseUrl = db.url;
    }
    let redisUrl = options.redisUrl;
    if (!redisUrl) {
      const redis = await startRedis();
      stops.push(() => redis.stop());
      redisUrl = redis.url;
    }
    const data = mkdtempSync(join(tmpdir(), 'agon-cluster-'));
    stops.push(() => rmSync(data, { recursive: true, force: true }));
    const ports = await Promise.all(Array.from({ length: options.count }, () => freePort()));
    const servers = await Promise.all(
      ports.map((port) =>
        startServerProcess(
          data,
          {
            // One proxy in front: the address it appends to X-Forwarded-For is the client's.
            AGON_TRUST_PROXY: '1',
            ...options.env,
            PORT: String(port),
            AGON_DATABASE_URL: databaseUrl!,
            AGON_REDIS_URL: redisUrl!,
          },
          options.process,
        ),
      ),
    );
    stops.push(async () => {
      await Promise.all(servers.map((s) => s.stop()));
    });
    const proxy = await startHaproxy(ports, options.port || undefined);
    stops.push(() => proxy.stop('SIGTERM'));
    return { url: proxy.url, servers, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
