// The cost of upcoming events to an idle server: stores 1,000 players' events starting 29 days
// ahead (each with its maker joined), starts the server on them, and prints the CPU it uses
// over 30 s once settled (from /proc/<pid>/stat) and the size of the tournaments list.
//   node --import tsx scripts/idle-events.ts [events] [seconds]

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServerProcess } from '../src/process.ts';
import { SqliteStore } from '../src/storage/sqlite.ts';
import { Tournaments } from '../src/tournament/tournaments.ts';

const EVENTS = Number(process.argv[2] ?? 1000);
const SECONDS = Number(process.argv[3] ?? 30);
const MAKERS = 200;

const data = mkdtempSync(join(tmpdir(), 'agon-idle-'));
const web = mkdtempSync(join(tmpdir(), 'agon-web-'));
writeFileSync(join(web, 'index.html'), '<!doctype html><title>Agon</title>');
mkdirSync(join(web, 'assets'));

const store = new SqliteStore(data);
const at = Date.now();
const startsAt = at + 29 * 86_400_000;
for (let i = 0; i < MAKERS; i++) {
  await store.createPlayer({
    id: `maker${i}`,
    name: `Maker ${i}`,
    tokenHash: `h${i}`,
    createdAt: at,
  });
}
const tournaments = new Tournaments(store, Date.now);
for (let i = 0; i < EVENTS; i++) {
  const by = `maker${i % MAKERS}`;
  const id = `idle${String(i).padStart(6, '0')}`;
  await store.createTournament(
    id,
    at,
    {
      terms: {
        kind: 'arena',
        name: `Idle Arena ${i}`,
        clock: { initial: 180_000, increment: 2000 },
        variant: 'standard',
        touchMove: false,
        captorPlacesQueen: false,
        rated: true,
        startsAt: startsAt + i * 60_000,
        minutes: 60,
        berserk: true,
      },
      by,
    },
    {
      status: 'upcoming',
      players: 1,
      endsAt: startsAt + i * 60_000 + 3_600_000,
      by: { id: by, name: by },
    },
  );
  await tournaments.act(id, () => [{ kind: 'join', player: by, from: by, at }]);
}
await store.close();

const server = await startServerProcess(data, {
  AGON_WEB_ROOT: web,
  AGON_SCHEDULE: 'none',
  AGON_PUZZLE_SCAN: 'off',
});
const ticks = (): number => {
  const fields = readFileSync(`/proc/${server.process.pid}/stat`, 'utf8')
    .split(') ')[1]!
    .split(' ');
  // utime and stime, fields 14 and 15 of the whole line.
  return Number(fields[11]) + Number(fields[12]);
};
try {
  await sleep(5000);
  const before = ticks();
  await sleep(SECONDS * 1000);
  const used = (ticks() - before) / 100;
  const list = await (await fetch(`${server.url}api/tournaments`)).text();
  console.log(
    `${EVENTS} upcoming events: ${((100 * used) / SECONDS).toFixed(1)} % of a core over ${SECONDS} s idle; list ${(list.length / 1024).toFixed(1)} KB`,
  );
} finally {
  await server.stop();
  rmSync(data, { recursive: true, force: true });
  rmSync(web, { recursive: true, force: true });
}
