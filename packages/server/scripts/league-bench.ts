// Benchmark of a league's season: N players entered in one league (1,000 by default: about a
// hundred groups and 4,500 games), the season started by the runner with all its games made at
// once, its games ended (a tenth left unfinished), the season finished at its end, and the next
// one started with every player re-entered. On SQLite by default, or `--postgres` on a throwaway
// PostgreSQL (scripts/services.ts). Reports, for each of the runner's three steps, the time it
// took, the store calls it made (each a transaction or a read; a call that writes a season's
// games runs one statement per game inside it on SQLite, one for all on PostgreSQL) and this
// process's memory after it; and the size of the league's page with every group.
//
// With `--cluster N`, the same season in a cluster of N server processes behind HAProxy on a
// throwaway PostgreSQL and Redis (scripts/services.ts), driven from outside only: the players
// made and entered through the HTTP API (each from a network of its own), the servers' clocks
// moved on (test/clock-jump.mjs) to the season's hour and past its end, the games played two
// moves and ended on their sockets. Reports each step's time until the API (or, for the games
// made, the season's row) shows it, PostgreSQL's own counters over it (pg_stat_database), each
// process's CPU and peak memory over it, and what went wrong.
//
//   npx tsx packages/server/scripts/league-bench.ts [--players 1000] [--postgres | --cluster 2]

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Colour } from '@agon/engine';
import {
  DAY_MS,
  LEAGUE_GROUPS_PER_PAGE,
  type LeagueGroup,
  type LeagueView,
  type ServerMessage,
} from '@agon/protocol';
import pg from 'pg';
import WebSocket from 'ws';
import { Problems } from '../src/common/problems.ts';
import { hashToken, newPlayerId, newToken } from '../src/common/secret.ts';
import type { LeagueTerms } from '../src/league/leagues.ts';
import { seasonPage } from '../src/league/season-page.ts';
import { seasonView } from '../src/league/view.ts';
import { PostgresStore } from '../src/storage/postgres.ts';
import { SqliteStore } from '../src/storage/sqlite.ts';
import type { Store } from '../src/storage/store.ts';
import { leagueProcess } from './league-process.ts';
import { fromAddress, newPlayer } from './lobby-client.ts';
import { quietMove } from './quiet-move.ts';
import { startCluster, startPostgres } from './services.ts';
import { Causes, CLUSTER, option, usage } from './workers.ts';

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
    const whole = seasonView(season, await raw.seasonGames(LEAGUE.key, season.number), names);
    const made = Math.round(performance.now() - viewed);
    const bottom = Math.max(...season.groups.map((g) => g.tier));
    const pageOf = seasonPage(whole, bottom, 1);
    const kib = (value: unknown): number => Math.round(JSON.stringify(value).length / 1024);
    console.log(
      `  the league's page: ${kib(whole)} KiB of JSON for every group, read and made in ${made} ms; a page of ten groups sent: ${kib(pageOf.ok && pageOf.value)} KiB`,
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

/**
 * The cluster's league: a season of 7 days that may start every hour, of 14 days a move, so a
 * game left alone is still unfinished at the season's end.
 */
const CLUSTER_LEAGUE: LeagueTerms = {
  key: 'bench',
  name: 'Bench League',
  days: 14,
  seasonDays: 7,
  cron: '0 * * * *',
};
/** Each move of the servers' clocks: past the season's end and the next hour after it. */
const JUMP_MS = CLUSTER_LEAGUE.seasonDays * DAY_MS + 2 * 3_600_000;
/** Games played at once by the clients. */
const GAMES_AT_ONCE = 40;
/** How long a backend may keep its counts before PostgreSQL's statistics show them (PG 15). */
const STATS_SETTLE_MS = 11_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `read` until `done` says yes, or fails after `ms`. */
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read().catch(() => undefined);
    if (v !== undefined && done(v)) return v;
    if (Date.now() > deadline) throw new Error(`not seen within ${ms / 1000} s`);
    await sleep(250);
  }
}

/** A player of the run: who they are and the network they come from. */
interface Entrant {
  readonly id: string;
  readonly token: string;
  readonly address: string;
}

/** How a game is ended: a draw agreed, or the other side resigning. */
type End = 'draw' | Colour;

/**
 * Game `game` played by `white` and `black` on their sockets: a move each, then ended as `end`
 * says. Anything refused or lost goes to `causes`.
 */
function playOut(
  url: string,
  game: string,
  seats: Record<Colour, Entrant>,
  end: End,
  causes: Causes,
): Promise<void> {
  return new Promise((resolve) => {
    let moves: string[] = [];
    let version = -1;
    let acted = -1;
    let offered = false;
    let done = false;
    const sockets = new Map<Colour, WebSocket>();
    const finish = (why?: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (why) causes.add(why);
      for (const ws of sockets.values()) ws.close();
      resolve();
    };
    const timer = setTimeout(() => finish('a game did not end in 60 s'), 60_000);
    const act = (seat: Colour, ws: WebSocket) => {
      if (acted === version) return;
      const toMove: Colour = moves.length % 2 === 0 ? 'white' : 'black';
      let m: object | undefined;
      if (moves.length < 2) {
        if (toMove === seat) m = { t: 'move', seat, move: quietMove(moves), version };
      } else if (end === 'draw') {
        if (seat === 'white' && !offered) {
          offered = true;
          m = { t: 'draw', seat, action: 'offer' };
        }
      } else if (seat !== end) {
        m = { t: 'resign', seat };
      }
      if (!m) return;
      acted = version;
      ws.send(JSON.stringify(m));
    };
    for (const seat of ['white', 'black'] as const) {
      const ws = new WebSocket(`${url.replace(/^http/, 'ws')}api/games/${game}/socket`, {
        headers: fromAddress(seats[seat].address),
      });
      sockets.set(seat, ws);
      ws.on('open', () => ws.send(JSON.stringify({ t: 'hello', token: seats[seat].token })));
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString()) as ServerMessage;
        if (m.t === 'error') return causes.add(`game: ${m.code}`);
        if (m.t === 'state') {
          if (m.you !== seat) return finish(`seated as ${m.you}, not ${seat}`);
          if (m.game.outcome) return finish();
          if (m.game.version > version) {
            moves = [...m.game.moves];
            version = m.game.version;
          }
        } else if (m.t === 'event') {
          if (m.outcome) return finish();
          if (m.version > version) {
            version = m.version;
            if (m.event.kind === 'move') moves.push(m.event.move);
          }
          if (m.event.kind === 'draw-offer' && seat === 'black') {
            ws.send(JSON.stringify({ t: 'draw', seat, action: 'accept' }));
            return;
          }
        } else return;
        act(seat, ws);
      });
      ws.on('error', (e) => finish(`game socket: ${e.message}`));
    }
  });
}

/** Every group of the season `view` shows, read a page at a time from the league's page at `at`. */
async function everyGroup(at: string, view: LeagueView): Promise<LeagueGroup[]> {
  const groups: LeagueGroup[] = [];
  for (const { tier, groups: count } of view.season?.tiers ?? []) {
    for (let page = 1; (page - 1) * LEAGUE_GROUPS_PER_PAGE < count; page++) {
      const r = await fetch(`${at}?tier=${tier}&page=${page}`);
      if (r.status !== 200) throw new Error(`HTTP ${r.status}`);
      groups.push(...((await r.json()) as LeagueView).season!.groups);
    }
  }
  return groups;
}

/** The season's games, each with its players, from its groups. */
function gamesOf(groups: readonly LeagueGroup[]): { game: string; white: string; black: string }[] {
  return groups.flatMap((g) =>
    g.rows.flatMap((row) =>
      row.cells.flatMap((cell, j) =>
        cell?.white ? [{ game: cell.game, white: row.id, black: g.seeds[j]! }] : [],
      ),
    ),
  );
}

/** PostgreSQL's counters of the database, as pg_stat_database keeps them. */
const COUNTERS = [
  'xact_commit',
  'xact_rollback',
  'tup_returned',
  'tup_fetched',
  'tup_inserted',
  'tup_updated',
  'tup_deleted',
] as const;

async function inCluster(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'agon-league-cluster-'));
  const app = join(folder, 'app');
  const leagues = join(folder, 'leagues.json');
  const stops: (() => Promise<void> | void)[] = [
    () => rmSync(folder, { recursive: true, force: true }),
  ];
  try {
    // A stand-in for the built web app, which the server serves but nobody asks for here.
    mkdirSync(app);
    writeFileSync(join(app, 'index.html'), '<!doctype html><title>Agon</title>');
    writeFileSync(leagues, JSON.stringify([CLUSTER_LEAGUE]));
    const db = await startPostgres({ stoppable: true, statements: true });
    stops.push(() => db.stop());
    const cluster = await startCluster({
      count: CLUSTER,
      databaseUrl: db.url,
      env: {
        AGON_WEB_ROOT: app,
        AGON_SCHEDULE: 'none',
        AGON_LEAGUES: leagues,
        AGON_PLAYERS_PER_MINUTE: '100000',
        AGON_SOCKETS_PER_ADDRESS: '100',
        AGON_TEST_JUMP_MS: String(JUMP_MS),
        AGON_VACATION_DAYS: '0',
      },
      process: { preload: [fileURLToPath(new URL('../test/clock-jump.mjs', import.meta.url))] },
    });
    stops.push(cluster.stop);
    const ask = new pg.Client({ connectionString: db.url });
    await ask.connect();
    stops.push(() => ask.end());
    await ask.query('CREATE EXTENSION pg_stat_statements');
    const url = cluster.url;
    const pids = cluster.servers.map((s) => s.process.pid!);
    const causes = new Causes();
    console.log(
      `${PLAYERS} players, ${CLUSTER} processes behind HAProxy on PostgreSQL and Redis; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );

    const view = async (): Promise<LeagueView> => {
      const r = await fetch(`${url}api/leagues/${CLUSTER_LEAGUE.key}`);
      if (r.status !== 200) throw new Error(`HTTP ${r.status}`);
      return (await r.json()) as LeagueView;
    };
    const made = async (season: number): Promise<boolean> =>
      (
        await ask.query<{ made: boolean }>(
          'SELECT made FROM league_seasons WHERE league = $1 AND number = $2',
          [CLUSTER_LEAGUE.key, season],
        )
      ).rows[0]?.made === true;
    const counters = async (): Promise<number[]> => {
      await ask.query('SELECT pg_stat_clear_snapshot()');
      const row = (
        await ask.query<Record<string, string>>(
          `SELECT ${COUNTERS.join(', ')} FROM pg_stat_database WHERE datname = current_database()`,
        )
      ).rows[0]!;
      return COUNTERS.map((c) => Number(row[c]));
    };

    // Each step: its own times, then the counters and each process's CPU and peak memory over
    // it, read once PostgreSQL's statistics have caught up.
    const peak = pids.map(() => 0);
    const sampler = setInterval(() => {
      for (const [i, pid] of pids.entries()) {
        try {
          peak[i] = Math.max(peak[i]!, usage(pid).rssMiB);
        } catch {
          // gone: its output says why
        }
      }
    }, 500);
    stops.push(() => clearInterval(sampler));
    // The statements run most often over a step and the settling after it, by
    // pg_stat_statements (counted as each ends), over the same span as the counters.
    const statements = async (): Promise<string[]> => {
      const { rows } = await ask.query<{ query: string; calls: string; rows: string }>(
        `SELECT query, calls, rows FROM pg_stat_statements
         WHERE query NOT LIKE '%pg_stat%' ORDER BY calls DESC LIMIT 6`,
      );
      const { rows: all } = await ask.query<{ calls: string }>(
        `SELECT sum(calls) AS calls FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat%'`,
      );
      return [
        `${all[0]!.calls} statements, the most frequent:`,
        ...rows.map(
          (r) => `    ${r.calls}× (${r.rows} rows) ${r.query.replace(/\s+/g, ' ').slice(0, 110)}`,
        ),
      ];
    };
    // The rows each table gave to scans (sequential, and by index), by pg_stat_user_tables: where
    // the database's tup_returned went.
    const scanned = async (): Promise<Map<string, { seq: number; index: number }>> => {
      const { rows } = await ask.query<{ relname: string; seq: string; ix: string | null }>(
        'SELECT relname, seq_tup_read AS seq, idx_tup_fetch AS ix FROM pg_stat_user_tables',
      );
      return new Map(
        rows.map((r) => [r.relname, { seq: Number(r.seq), index: Number(r.ix ?? 0) }]),
      );
    };
    const mostScanned = (
      was: Map<string, { seq: number; index: number }>,
      now: Map<string, { seq: number; index: number }>,
    ): string =>
      [...now]
        .map(([table, n]) => ({
          table,
          seq: n.seq - (was.get(table)?.seq ?? 0),
          index: n.index - (was.get(table)?.index ?? 0),
        }))
        .sort((a, b) => b.seq + b.index - (a.seq + a.index))
        .slice(0, 3)
        .map((t) => `${t.table} ${t.seq} by scans, ${t.index} by index`)
        .join('; ');
    let before = {
      counts: await counters(),
      cpu: pids.map((p) => usage(p).cpuSeconds),
      tables: await scanned(),
    };
    const step = async (name: string, work: () => Promise<string>): Promise<void> => {
      peak.fill(0);
      await ask.query('SELECT pg_stat_statements_reset()');
      const began = performance.now();
      const seen = await work();
      const s = ((performance.now() - began) / 1000).toFixed(1);
      await sleep(STATS_SETTLE_MS);
      const most = await statements();
      const after = {
        counts: await counters(),
        cpu: pids.map((p) => usage(p).cpuSeconds),
        tables: await scanned(),
      };
      const db = COUNTERS.map((c, i) => `${c} ${after.counts[i]! - before.counts[i]!}`).join(', ');
      const processes = pids
        .map(
          (_, i) =>
            `${(after.cpu[i]! - before.cpu[i]!).toFixed(1)} CPU s / ${peak[i]!.toFixed(0)} MiB`,
        )
        .join('; ');
      console.log(`${name}: ${s} s (${seen})`);
      console.log(`  PostgreSQL: ${db}`);
      console.log(`  rows read, the most by table: ${mostScanned(before.tables, after.tables)}`);
      console.log(`  ${most.join('\n')}`);
      console.log(`  processes (CPU, peak RSS): ${processes}`);
      before = after;
    };

    await step('idle: the beats and health checks alone', async () => {
      await sleep(10_000);
      return 'for 10 s, the rest of each step beside';
    });
    const players: Entrant[] = [];
    await step(`${PLAYERS} players made and entered`, async () => {
      for (let i = 0; i < PLAYERS; i += AT_ONCE) {
        await Promise.all(
          Array.from({ length: Math.min(AT_ONCE, PLAYERS - i) }, async (_, j) => {
            const k = i + j;
            const address = `10.${(k >> 8) & 255}.${k & 255}.7`;
            try {
              const me = await newPlayer(url, 'en', address);
              const r = await fetch(`${url}api/leagues/${CLUSTER_LEAGUE.key}/me`, {
                method: 'POST',
                headers: {
                  'content-type': 'application/json',
                  authorization: `Bearer ${me.token}`,
                  ...fromAddress(address),
                },
                body: JSON.stringify({ action: 'join' }),
              });
              if (r.status !== 200) causes.add(`join: HTTP ${r.status}`);
              else players.push({ id: me.id, token: me.token, address });
            } catch (e) {
              causes.add(`make: ${e instanceof Error ? e.message : String(e)}`);
            }
          }),
        );
      }
      const v = await view();
      return `${v.league.entered} entered, as the league's page says`;
    });

    const jump = () => {
      for (const s of cluster.servers) s.process.kill('SIGUSR2');
    };
    let season1: LeagueView | undefined;
    await step('season 1 started (clocks moved to its hour)', async () => {
      const began = performance.now();
      jump();
      season1 = await until(view, (v) => v.season?.number === 1, 300_000);
      const shown = ((performance.now() - began) / 1000).toFixed(1);
      await until(
        () => made(1),
        (m) => m,
        600_000,
      );
      return `on the page after ${shown} s; every game made (the season's row says so) at the end`;
    });
    const groups = await everyGroup(`${url}api/leagues/${CLUSTER_LEAGUE.key}`, season1!);
    const games = gamesOf(groups);
    console.log(
      `  ${groups.length} groups in ${Math.max(...groups.map((g) => g.tier))} tiers, ${games.length} games`,
    );

    const byId = new Map(players.map((p) => [p.id, p]));
    const ended = games.filter((_, i) => i % 10 !== 0);
    const ends: End[] = ['draw', 'white', 'black'];
    await step(`${ended.length} games played two moves and ended on their sockets`, async () => {
      for (let i = 0; i < ended.length; i += GAMES_AT_ONCE) {
        await Promise.all(
          ended
            .slice(i, i + GAMES_AT_ONCE)
            .map((g, j) =>
              playOut(
                url,
                g.game,
                { white: byId.get(g.white)!, black: byId.get(g.black)! },
                ends[(i + j) % 3]!,
                causes,
              ),
            ),
        );
      }
      return `${GAMES_AT_ONCE} at a time, a third drawn; ${games.length - ended.length} left unfinished`;
    });

    await step('season 1 finished and season 2 started (clocks moved past its end)', async () => {
      const began = performance.now();
      jump();
      await until(
        view,
        (v) => (v.season?.number === 1 && v.season.finished) || (v.season?.number ?? 0) > 1,
        300_000,
      );
      const finished = ((performance.now() - began) / 1000).toFixed(1);
      const next = await until(view, (v) => v.season?.number === 2, 300_000);
      const started = ((performance.now() - began) / 1000).toFixed(1);
      await until(
        () => made(2),
        (m) => m,
        600_000,
      );
      return `season 1 finished on the page after ${finished} s, season 2 of ${next.season!.tiers.reduce((n, t) => n + t.players, 0)} players in ${next.season!.tiers.reduce((n, t) => n + t.groups, 0)} groups after ${started} s, its games made at the end`;
    });

    const results = await ask.query<{ result: string | null; n: string }>(
      'SELECT result, count(*) AS n FROM league_games WHERE league = $1 AND season = 1 GROUP BY result ORDER BY result',
      [CLUSTER_LEAGUE.key],
    );
    console.log(
      `season 1's games as counted: ${results.rows.map((r) => `${r.result} ${r.n}`).join(', ')}`,
    );
    causes.print('client failures and refusals');
    for (const [i, s] of cluster.servers.entries()) {
      const problems = s
        .output()
        .split('\n')
        .filter((l) => /error|problem|fail/i.test(l));
      const file = join(tmpdir(), `agon-league-cluster-${i + 1}.log`);
      writeFileSync(file, s.output());
      console.log(`process ${i + 1}: ${problems.length} lines of errors (output in ${file})`);
      for (const l of problems.slice(0, 3)) console.log(`  ${l.slice(0, 300)}`);
    }
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

if (CLUSTER) await inCluster();
else await main();
