// How many rated puzzle attempts a second one server process takes on SQLite: players made
// first, then each sends its first attempts at puzzles of the set, many at once over HTTP, as
// the page does. Run: npx tsx packages/server/scripts/puzzle-bench.ts [players] [each] [at once]

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Identity } from '@agon/protocol';
import { shippedSet } from '../src/puzzles/catalog.ts';
import { ATTEMPTS_PER_MINUTE } from '../src/puzzles/routes.ts';
import { buildServer } from '../src/server.ts';

const players = Number(process.argv[2] ?? 200);
// Within the limit a player has a minute, so that every attempt is taken.
const each = Math.min(Number(process.argv[3] ?? ATTEMPTS_PER_MINUTE), ATTEMPTS_PER_MINUTE);
const parallel = Number(process.argv[4] ?? 32);

const web = mkdtempSync(join(tmpdir(), 'agon-bench-web-'));
const data = mkdtempSync(join(tmpdir(), 'agon-bench-data-'));
writeFileSync(join(web, 'index.html'), '<title>Agon</title>');
const app = await buildServer({ webRoot: web, dataDir: data, limits: { playersPerMinute: 1e6 } });
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/`;
const set = shippedSet();

/** Runs `jobs` with `parallel` at a time. */
async function pool<T>(jobs: readonly (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await jobs[i]!();
      }
    }),
  );
  return results;
}

const made = await pool(
  Array.from({ length: players }, () => async () => {
    const r = await fetch(`${url}players`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return (await r.json()) as Identity;
  }),
);
const jobs = made.flatMap((me, p) =>
  Array.from({ length: each }, (_, k) => async () => {
    const puzzle = set[(p * 7 + k) % set.length]!;
    const r = await fetch(`${url}puzzles/attempts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${me.token}` },
      // Two in three solved, the rest given up at once.
      body: JSON.stringify({ puzzle: puzzle.id, moves: (p + k) % 3 ? puzzle.solution : [] }),
    });
    await r.arrayBuffer();
    return r.status;
  }),
);
const started = performance.now();
const statuses = await pool(jobs);
const seconds = (performance.now() - started) / 1000;
const ok = statuses.filter((s) => s === 200).length;
console.log(
  `${ok} of ${jobs.length} attempts taken in ${seconds.toFixed(1)} s: ${(ok / seconds).toFixed(0)} attempts/s ` +
    `(${players} players, ${parallel} at once, SQLite)`,
);
await app.close();
rmSync(web, { recursive: true, force: true });
rmSync(data, { recursive: true, force: true });
