// Load test of correspondence deadlines in one server process: N rated 1-day correspondence
// games are stored as the lobby leaves them after two moves each (their deadlines spread over
// the next day), then the server is started on them. Reports what waiting costs: the store's
// answers to the keepers' two queries on N games (the deadlines' every 5 s, the scan for
// unsettled games every second), the process's memory and CPU per minute while every game
// waits, and the games it holds in memory meanwhile (none should be). Then the server's clock
// is moved on a day and an hour (SIGUSR2, test/clock-jump.mjs) so that every deadline has
// passed, and it reports how long the keeper took to end them all, its memory at the peak, and,
// once it is stopped, that each game ended once (two moves and one timeout) and was rated.
// Exits non-zero if a game did not end exactly so.
//
//   npx tsx packages/server/scripts/deadlines-load.ts [--games 10000] [--idle 60]

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DAY_MS } from '@agon/protocol';
import { startServerProcess } from '../src/process.ts';
import { hashToken, newGameId, newPlayerId, newToken } from '../src/secret.ts';
import { SqliteStore } from '../src/sqlite-store.ts';
import type { GameSetup } from '../src/store.ts';
import { option, usage } from './workers.ts';

const GAMES = Math.round(option('games', 10_000, 100_000));
const IDLE = option('idle', 60, 600);
const JUMP_MS = DAY_MS + 3_600_000;

/** Milliseconds per call of `work`, over `times` calls. */
async function timed(times: number, work: () => Promise<unknown>): Promise<number> {
  const began = performance.now();
  for (let i = 0; i < times; i++) await work();
  return (performance.now() - began) / times;
}

const data = mkdtempSync(join(tmpdir(), 'agon-deadlines-'));
mkdirSync(join(data, 'data'));
const now = Date.now();
const games: { id: string; white: string; black: string }[] = [];
{
  const store = new SqliteStore(join(data, 'data'));
  const began = performance.now();
  for (let i = 0; i < GAMES; i++) {
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
    games.push({ id, white, black });
  }
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
const server = await startServerProcess(
  join(data, 'data'),
  { AGON_WEB_ROOT: app, AGON_TEST_JUMP_MS: String(JUMP_MS) },
  { preload: [fileURLToPath(new URL('../test/clock-jump.mjs', import.meta.url))] },
);
const health = async (): Promise<{ games: number }> =>
  (await (await fetch(`${server.url}healthz`)).json()) as { games: number };
try {
  const pid = server.process.pid!;
  const start = usage(pid);
  await new Promise((resolve) => setTimeout(resolve, IDLE * 1000));
  const idle = usage(pid);
  const held = (await health()).games;
  console.log(
    `waiting, over ${IDLE} s: ${(((idle.cpuSeconds - start.cpuSeconds) / IDLE) * 60).toFixed(2)} CPU s a minute, RSS ${idle.rssMiB.toFixed(0)} MiB, ${held} games in memory`,
  );

  server.process.kill('SIGUSR2');
  const jumped = performance.now();
  let peak = idle.rssMiB;
  let maxHeld = 0;
  // Each game's white player's page says when it ended; one in fifty is read, the last last.
  const sample = [...games.filter((_, i) => i % 50 === 0), games.at(-1)!];
  const ended = async (g: (typeof games)[number]): Promise<boolean> => {
    const page = (await (await fetch(`${server.url}api/players/${g.white}`)).json()) as {
      games: { result: string | null }[];
    };
    // White is to move after the two moves, and loses on time.
    return page.games[0]?.result === 'loss';
  };
  let left = sample;
  while (left.length > 0) {
    peak = Math.max(peak, usage(pid).rssMiB);
    maxHeld = Math.max(maxHeld, (await health()).games);
    const done = await Promise.all(left.map(ended));
    left = left.filter((_, i) => !done[i]);
    if (performance.now() - jumped > 30 * 60_000) throw new Error(`${left.length} never ended`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const took = (performance.now() - jumped) / 1000;
  console.log(
    `all ${GAMES} deadlines passed at once: ended in ${took.toFixed(1)} s (${(GAMES / took).toFixed(0)} a second), peak RSS ${peak.toFixed(0)} MiB, at most ${maxHeld} games in memory`,
  );
  const end = usage(pid);
  console.log(`CPU while ending them: ${(end.cpuSeconds - idle.cpuSeconds).toFixed(1)} s`);
} finally {
  await server.stop();
}

// Each game ended once: two moves and a timeout, rated.
const store = new SqliteStore(join(data, 'data'));
let wrong = 0;
for (const g of games) {
  const stored = await store.load(g.id);
  const kinds = stored?.events.map((e) => e.kind).join(',');
  if (kinds !== 'move,move,timeout') wrong++;
}
const unsettled = await store.unsettled(Date.now() + 2 * DAY_MS);
console.log(`ended otherwise than once by a timeout: ${wrong}; not rated: ${unsettled.length}`);
await store.close();
rmSync(data, { recursive: true, force: true });
if (wrong > 0 || unsettled.length > 0) process.exit(1);
