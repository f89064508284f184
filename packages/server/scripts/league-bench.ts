// Benchmark of a league's season: N players entered in one league (1,000 by default: about a
// hundred groups and 4,500 games), the season started by the runner with all its games made at
// once, its games ended (a tenth left unfinished), the season finished at its end, and the next
// one started with every player re-entered. On SQLite by default, or `--postgres` on a throwaway
// PostgreSQL (scripts/services.ts). Reports, for each of the runner's three steps, the time it
// took, the store calls it made (each a transaction or a read; a call that writes a season's
// games runs one statement per game inside it on SQLite, one for all on PostgreSQL) and this
// process's memory after it; and the size of the league's page with every group.
//
//   npx tsx packages/server/scripts/league-bench.ts [--players 1000] [--postgres]

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DAY_MS } from '@agon/protocol';
import { Problems } from '../src/common/problems.ts';
import { hashToken, newPlayerId, newToken } from '../src/common/secret.ts';
import type { LeagueTerms } from '../src/league/leagues.ts';
import { seasonView } from '../src/league/view.ts';
import { PostgresStore } from '../src/storage/postgres.ts';
import { SqliteStore } from '../src/storage/sqlite.ts';
import type { Store } from '../src/storage/store.ts';
import { leagueProcess } from './league-process.ts';
import { startPostgres } from './services.ts';
import { option } from './workers.ts';

const PLAYERS = Math.round(option('players', 1000, 20_000));
const POSTGRES = process.argv.includes('--postgres');
/** Players stored at once while setting up. */
const AT_ONCE = 20;

const LEAGUE: LeagueTerms = {
  key: 'bench',
  name: 'Bench League',
  days: 3,
  seasonDays: 56,
  cron: '0 12 * * *',
};

/** The store, with a count of the calls made through it by method. */
function counted(store: Store): { readonly store: Store; readonly calls: Map<string, number> } {
  const calls = new Map<string, number>();
  const proxy = new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== 'function' || typeof name !== 'string') return value;
      return (...args: unknown[]) => {
        calls.set(name, (calls.get(name) ?? 0) + 1);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store: proxy, calls };
}

const mib = (bytes: number) => Math.round(bytes / 1048576);

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'agon-league-bench-'));
  const db = POSTGRES ? await startPostgres({ stoppable: true }) : undefined;
  const raw: Store = db ? await PostgresStore.open(db.url) : new SqliteStore(folder);
  let clock = Date.UTC(2026, 0, 1, 8);
  const now = () => clock;
  const { store, calls } = counted(raw);
  const problems = new Problems(now, 60_000, (line) => console.error(line));
  const { runner } = leagueProcess([LEAGUE], store, problems, now);
  try {
    console.log(`${PLAYERS} players on ${db ? 'PostgreSQL' : 'SQLite'}: setting up…`);
    for (let i = 0; i < PLAYERS; i += AT_ONCE) {
      await Promise.all(
        Array.from({ length: Math.min(AT_ONCE, PLAYERS - i) }, async (_, j) => {
          const id = newPlayerId();
          const k = i + j;
          await raw.createPlayer({
            id,
            name: `Bench ${k} ${id}`,
            tokenHash: hashToken(newToken()),
            createdAt: clock,
            createdFrom: `net-${k}`,
          });
          await raw.seedRatings(id, {
            correspondence: { rating: 1000 + ((k * 7919) % 1500), rd: 60, vol: 0.06 },
          });
          await raw.enterLeague(LEAGUE.key, id, clock);
        }),
      );
    }

    const step = async (name: string, work: () => Promise<void>): Promise<void> => {
      calls.clear();
      const began = performance.now();
      await work();
      const ms = Math.round(performance.now() - began);
      const total = [...calls.values()].reduce((a, b) => a + b, 0);
      const by = [...calls].map(([m, n]) => `${m} ${n}`).join(', ');
      const { rss, heapUsed } = process.memoryUsage();
      console.log(
        `${name}: ${ms} ms, ${total} store calls (${by}); rss ${mib(rss)} MiB, heap ${mib(heapUsed)} MiB`,
      );
    };

    clock = Date.UTC(2026, 0, 1, 12);
    await step('season started (groups, games made)', () => runner.beat());
    const season = (await raw.latestSeason(LEAGUE.key))!;
    const games = await raw.seasonGames(LEAGUE.key, season.number);
    const sizes = season.groups.map((g) => g.players.length);
    console.log(
      `  ${season.groups.length} groups in ${Math.max(...season.groups.map((g) => g.tier))} tiers (${Math.min(...sizes)} to ${Math.max(...sizes)} players), ${games.length} games`,
    );

    // What the league's page reads and sends (GET /api/leagues/:key, before its cache).
    const viewed = performance.now();
    const all = season.groups.flatMap((g) => g.players);
    const names = new Map((await raw.players(all)).map((p) => [p.id, p.name]));
    const page = JSON.stringify(
      seasonView(season, await raw.seasonGames(LEAGUE.key, season.number), names),
    );
    console.log(
      `  the league's page: ${Math.round(page.length / 1024)} KiB of JSON, read and made in ${Math.round(performance.now() - viewed)} ms`,
    );

    // The players' part, not the league's: nine games in ten end, a third of them drawn.
    const ended = games.filter((_, i) => i % 10 !== 0);
    const began = performance.now();
    for (let i = 0; i < ended.length; i += AT_ONCE) {
      await Promise.all(
        ended.slice(i, i + AT_ONCE).map((g, j) =>
          raw.settle(
            g.game,
            {
              winner: (i + j) % 3 === 0 ? null : (i + j) % 3 === 1 ? 'white' : 'black',
              aborted: false,
            },
            clock + DAY_MS,
          ),
        ),
      );
    }
    console.log(
      `  ${ended.length} games ended and rated in ${Math.round(performance.now() - began)} ms`,
    );

    clock = season.endsAt;
    await step('season finished (standings, tiers, results kept)', () => runner.beat());
    clock = season.endsAt + DAY_MS;
    await step('next season started (re-entries)', () => runner.beat());
    const next = (await raw.latestSeason(LEAGUE.key))!;
    console.log(
      `  season ${next.number}: ${next.groups.flatMap((g) => g.players).length} players in ${next.groups.length} groups`,
    );
  } finally {
    await runner.stop();
    await raw.close();
    await db?.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
