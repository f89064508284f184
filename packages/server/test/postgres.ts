// A throwaway PostgreSQL server for the store tests: AGON_TEST_POSTGRES_URL if set, else a
// fresh cluster in a temporary folder when Debian's PostgreSQL is installed (it runs as the
// `postgres` user, since it refuses root). Without either, the Postgres tests are skipped.

import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A running database: its URL and how to stop it. */
export interface TestDatabase {
  readonly url: string;
  stop(): void;
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
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Whether a database can be had here, and if not, why. */
export function postgresMissing(): string | undefined {
  if (process.env.AGON_TEST_POSTGRES_URL) return undefined;
  if (!binaries()) return 'PostgreSQL is not installed (apt-get install postgresql)';
  if (process.getuid?.() !== 0 || !postgresUser()) return 'needs root and a postgres user';
  return undefined;
}

/** Starts (or names) the database. */
export async function startPostgres(): Promise<TestDatabase> {
  const given = process.env.AGON_TEST_POSTGRES_URL;
  if (given) return { url: given, stop: () => undefined };
  const bin = binaries()!;
  const user = postgresUser()!;
  const dir = mkdtempSync(join(tmpdir(), 'agon-pg-'));
  chownSync(dir, user.uid, user.gid);
  chmodSync(dir, 0o700);
  const data = join(dir, 'data');
  const asPostgres = (command: string, args: string[]): void => {
    execFileSync(join(bin, command), args, {
      uid: user.uid,
      gid: user.gid,
      stdio: 'ignore',
      cwd: dir,
    });
  };
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'agon']);
  const port = await freePort();
  asPostgres('pg_ctl', [
    '-D',
    data,
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on`,
    'start',
  ]);
  return {
    url: `postgres://agon@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
