// Load test of an arena: N simulated players on loopback, each made over HTTP on a network of
// its own (X-Forwarded-For, believed by the servers), join one live arena (1+0) before it
// starts. Each follows the event on its socket with its token, as the page does; when a view
// names a game, it opens the game's socket and plays it quickly (a few moves, then one side
// resigns; one game in ten is drawn by agreement after ten moves each), and waits for the view
// that names the next. The run lasts `--minutes` of an arena long enough to pair throughout.
// On one process (SQLite), or with `--cluster N` that many processes on a throwaway PostgreSQL
// and Redis, each player's page and sockets on one of them in turn.
//
// Reports the games played; the pairing delay after a game ends (from the event's log: each
// player's result to their next pairing; and as the players saw it, from the end of their game
// to the view on the socket that names the next one); the time from a game's end to the view
// whose line counts it; the time from opening the event's socket to its first view at N
// players (as the clients measured it, with their own event loops' stalls beside); and each
// server process's CPU seconds over the run and its peak memory.
//
//   npx tsx packages/server/scripts/tournament-load.ts [--players 1000] [--minutes 5]
//     [--cluster 2] [--workers 2]

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Colour } from '@agon/engine';
import { ARENA_MINUTES, type ServerMessage, type TournamentView } from '@agon/protocol';
import WebSocket from 'ws';
import { type Running, startServerProcess } from '../src/process.ts';
import { PostgresStore } from '../src/storage/postgres.ts';
import { SqliteStore } from '../src/storage/sqlite.ts';
import type { TournamentEvent } from '../src/tournament/log.ts';
import { newPlayer } from './lobby-client.ts';
import { quietMove } from './quiet-move.ts';
import { startCluster, startPostgres, startRedis } from './services.ts';
import { act, answered, arenaTerms, followEvent, makeEvent } from './tournament-client.ts';
import {
  Causes,
  CLUSTER,
  Generator,
  isWorker,
  ms,
  option,
  percentile,
  share,
  stalls,
  tell,
  usage,
  WORKERS,
} from './workers.ts';

const PLAYERS = Math.round(option('players', 1000, 10_000));
const MINUTES = option('minutes', 5, 150);
/** Players made or joined at once by a worker. */
const AT_ONCE = 20;

/** The shortest arena that still pairs `MINUTES` and a minute more after its start. */
const ARENA = ARENA_MINUTES.find((m) => m - Math.min(2, m / 10) >= MINUTES + 1) ?? 180;

type Order =
  | {
      readonly t: 'make';
      readonly urls: readonly string[];
      readonly first: number;
      readonly count: number;
    }
  | { readonly t: 'go'; readonly id: string; readonly until: number };

type Report =
  | { readonly t: 'made' }
  | { readonly t: 'joined' }
  | {
      readonly t: 'done';
      readonly reads: readonly number[];
      readonly pairingSeen: readonly number[];
      readonly counted: readonly number[];
      readonly games: number;
      readonly stallP99: number;
      readonly causes: [string, number][];
    };

const sleep = (msecs: number) => new Promise((resolve) => setTimeout(resolve, msecs));

/** How a game is to go, the same for both its players: from its id. */
function planOf(game: string): { plies: number; end: 'draw' | Colour } {
  let h = 0;
  for (const c of game) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  const r = h % 20;
  // A draw is agreed after ten moves each (rated games take no earlier offer).
  if (r < 2) return { plies: 20, end: 'draw' };
  return { plies: 2 + ((h >>> 8) % 5), end: r < 11 ? 'black' : 'white' };
}

// ------------------------------------------------------------------------------------------
// A worker: its share of the players.

interface Simulated {
  readonly id: string;
  readonly token: string;
  readonly address: string;
  readonly url: string;
}

async function worker(): Promise<void> {
  const causes = new Causes();
  const players: Simulated[] = [];
  const reads: number[] = [];
  const pairingSeen: number[] = [];
  const counted: number[] = [];
  let games = 0;
  const loop = stalls();

  const inBatches = async (work: (p: Simulated) => Promise<void>) => {
    for (let i = 0; i < players.length; i += AT_ONCE) {
      await Promise.all(players.slice(i, i + AT_ONCE).map(work));
    }
  };

  /** Plays `game` as `p` to its end; answers whether it ended. */
  const play = (p: Simulated, game: string): Promise<boolean> =>
    new Promise((resolve) => {
      const ws = new WebSocket(`${p.url.replace(/^http/, 'ws')}api/games/${game}/socket`, {
        headers: { 'x-forwarded-for': p.address },
      });
      const plan = planOf(game);
      let seat: Colour | null = null;
      let moves: string[] = [];
      let version = 0;
      let acted = -1;
      let ended = false;
      let done = false;
      const finish = (ended: boolean) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        ws.close();
        resolve(ended);
      };
      const timer = setTimeout(() => {
        causes.add('a game did not end in 90 s');
        finish(false);
      }, 90_000);
      const send = (m: object) => ws.send(JSON.stringify(m));
      const step = () => {
        if (!seat || acted === version) return;
        const toMove: Colour = moves.length % 2 === 0 ? 'white' : 'black';
        if (moves.length < plan.plies) {
          if (toMove !== seat) return;
          acted = version;
          send({ t: 'move', seat, move: quietMove(moves), version });
        } else if (!ended && (plan.end === 'draw' ? toMove === seat : plan.end === seat)) {
          ended = true;
          send(plan.end === 'draw' ? { t: 'draw', seat, action: 'offer' } : { t: 'resign', seat });
        }
      };
      ws.on('open', () => send({ t: 'hello', token: p.token }));
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString()) as ServerMessage;
        if (m.t === 'state') {
          seat = m.you;
          moves = [...m.game.moves];
          version = m.game.version;
          if (m.game.outcome) return finish(true);
        } else if (m.t === 'event') {
          version = m.version;
          if (m.event.kind === 'move') moves.push(m.event.move);
          if (m.outcome) return finish(true);
          if (m.event.kind === 'draw-offer' && m.event.seat !== seat && seat) {
            send({ t: 'draw', seat, action: 'accept' });
            return;
          }
        } else if (m.t === 'error') {
          causes.add(`game: ${m.code}`);
        }
        step();
      });
      ws.on('error', (e) => causes.add(`game socket: ${e.message}`));
      ws.on('close', () => finish(false));
    });

  /**
   * One player's life in the event until `until`, as the page lives it: the event followed on
   * its socket, each game it names played at once.
   */
  const live = (p: Simulated, id: string, until: number): Promise<void> =>
    new Promise((resolve) => {
      let latest: TournamentView | undefined;
      let last: string | null = null;
      let endedAt: number | null = null;
      let counting: { readonly before: number; readonly endedAt: number } | null = null;
      let playing = false;
      let rejoining = false;
      const opened = performance.now();
      const consider = async (): Promise<void> => {
        const you = latest?.you;
        if (!you || playing || Date.now() >= until) return;
        if (counting && (you.standing?.games ?? 0) > counting.before) {
          counted.push(Date.now() - counting.endedAt);
          counting = null;
        }
        if (you.paused && !rejoining) {
          causes.add('paused (a game called off)');
          rejoining = true;
          await act(p.url, p.token, id, { action: 'join' }, p.address).catch(() => undefined);
          rejoining = false;
        }
        if (!you.game || you.game === last) return;
        if (endedAt !== null) pairingSeen.push(Date.now() - endedAt);
        last = you.game;
        const before = you.standing?.games ?? 0;
        playing = true;
        const ended = await play(p, you.game);
        playing = false;
        if (ended) {
          endedAt = Date.now();
          games++;
          counting = { before, endedAt };
        }
        // The views sent meanwhile may count the game or name the next one already.
        await consider();
      };
      const ws = followEvent(
        p.url,
        id,
        (view) => {
          if (latest === undefined) reads.push(performance.now() - opened);
          latest = view;
          void consider();
        },
        {
          token: p.token,
          address: p.address,
          failed: (why) => causes.add(`event socket: ${why}`),
        },
      );
      ws.on('close', () => {
        if (Date.now() < until) causes.add('event socket closed');
      });
      setTimeout(
        () => {
          ws.close();
          resolve();
        },
        Math.max(0, until - Date.now()),
      );
    });

  process.on('message', (order: Order) => {
    if (order.t === 'make') {
      void (async () => {
        const made: Simulated[] = Array.from({ length: order.count });
        for (let i = 0; i < order.count; i += AT_ONCE) {
          await Promise.all(
            Array.from({ length: Math.min(AT_ONCE, order.count - i) }, async (_, j) => {
              const n = order.first + i + j;
              const url = order.urls[n % order.urls.length]!;
              const address = `10.${(n >> 8) & 255}.${n & 255}.${1 + (n >> 16)}`;
              const who = await newPlayer(url, 'en', address);
              made[i + j] = { id: who.id, token: who.token, address, url };
            }),
          );
        }
        players.push(...made);
        tell<Report>({ t: 'made' });
      })();
      return;
    }
    void (async () => {
      await inBatches(async (p) => {
        for (let attempt = 0; ; attempt++) {
          try {
            answered(await act(p.url, p.token, order.id, { action: 'join' }, p.address));
            return;
          } catch (e) {
            causes.add(`join: ${(e as Error).message}`);
            if (attempt >= 5) return;
          }
        }
      });
      tell<Report>({ t: 'joined' });
      loop.reset();
      loop.enable();
      await Promise.all(players.map((p) => live(p, order.id, order.until)));
      loop.disable();
      const done: Report = {
        t: 'done',
        reads,
        pairingSeen,
        counted,
        games,
        stallP99: loop.percentile(99) / 1e6,
        causes: causes.entries(),
      };
      // Gone once the report is through (a long one takes a while).
      process.send!(done, () => process.exit(0));
    })();
  });
}

// ------------------------------------------------------------------------------------------
// The parent: the servers, the event, the workers, the figures.

/** Each player's delays from a result to their next pairing, from the event's log. */
function pairingDelays(events: readonly TournamentEvent[]): number[] {
  const endedAt = new Map<string, number>();
  const delays: number[] = [];
  for (const e of events) {
    if (e.kind === 'result') {
      for (const p of [e.white, e.black]) endedAt.set(p, e.at);
    } else if (e.kind === 'pair') {
      for (const p of [e.white, e.black]) {
        const ended = endedAt.get(p);
        if (ended !== undefined) delays.push(e.at - ended);
        endedAt.delete(p);
      }
    }
  }
  return delays;
}

const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const spread = (values: readonly number[]): string => {
  const s = sorted(values);
  return `p50 ${ms(percentile(s, 50))}, p99 ${ms(percentile(s, 99))}, max ${ms(s.at(-1) ?? Number.NaN)} (${s.length})`;
};

async function parent(): Promise<void> {
  let stopping = false;
  // The pages are not what is measured: a stand-in for the built app will do.
  const app = mkdtempSync(join(tmpdir(), 'agon-app-'));
  mkdirSync(join(app, 'assets'));
  writeFileSync(join(app, 'index.html'), '<!doctype html><title>Agon</title>');
  const stops: (() => Promise<void> | void)[] = [
    () => rmSync(app, { recursive: true, force: true }),
  ];
  const env = {
    AGON_WEB_ROOT: app,
    AGON_TRUST_PROXY: '1',
    AGON_SCHEDULE: 'none',
    AGON_PLAYERS_PER_MINUTE: '100000',
    AGON_SOCKETS_PER_ADDRESS: '100',
  };
  try {
    let servers: Running[];
    let load: (id: string) => Promise<readonly TournamentEvent[]>;
    let stopServers: () => Promise<void>;
    if (CLUSTER) {
      const db = await startPostgres();
      stops.push(() => db.stop());
      const redis = await startRedis();
      stops.push(() => redis.stop());
      const cluster = await startCluster({
        count: CLUSTER,
        databaseUrl: db.url,
        redisUrl: redis.url,
        env,
      });
      stops.push(cluster.stop);
      servers = cluster.servers;
      stopServers = async () => {
        await Promise.all(servers.map((s) => s.stop()));
      };
      load = async (id) => {
        const store = await PostgresStore.open(db.url);
        try {
          return (await store.loadTournament(id))?.events ?? [];
        } finally {
          await store.close();
        }
      };
    } else {
      const data = mkdtempSync(join(tmpdir(), 'agon-tournament-'));
      stops.push(() => rmSync(data, { recursive: true, force: true }));
      const server = await startServerProcess(data, env);
      servers = [server];
      let stopped: Promise<void> | undefined;
      stopServers = () => {
        stopped ??= server.stop();
        return stopped;
      };
      stops.push(stopServers);
      load = async (id) => {
        const store = new SqliteStore(data);
        try {
          return (await store.loadTournament(id))?.events ?? [];
        } finally {
          await store.close();
        }
      };
    }
    const urls = servers.map((s) => s.url);
    const where = CLUSTER ? `${CLUSTER} processes, PostgreSQL and Redis` : 'one process, SQLite';
    console.log(
      `${PLAYERS} players, ${where}; an arena of ${ARENA} min (1+0), measured over ${MINUTES} min, ${WORKERS} client workers`,
    );

    const workers = Array.from(
      { length: WORKERS },
      () => new Generator<Order, Report>(fileURLToPath(import.meta.url)),
    );
    stops.push(() => {
      for (const w of workers) w.child.kill('SIGKILL');
    });
    let first = 0;
    const madeAt = performance.now();
    for (const [i, w] of workers.entries()) {
      const count = share(PLAYERS, WORKERS, i);
      w.order({ t: 'make', urls, first, count });
      first += count;
    }
    await Promise.all(workers.map((w) => w.next('made')));
    console.log(`${PLAYERS} players made in ${((performance.now() - madeAt) / 1000).toFixed(1)} s`);

    // The event, made by one who then leaves it; it starts once everyone has joined.
    const maker = await newPlayer(urls[0]!, 'en', '192.0.2.1');
    const startsAt = Date.now() + 30_000 + PLAYERS * 20;
    const { id } = answered(
      await makeEvent(
        urls[0]!,
        maker.token,
        arenaTerms({ name: 'Load Arena', startsAt, minutes: ARENA }),
        '192.0.2.1',
      ),
    );
    answered(await act(urls[0]!, maker.token, id, { action: 'withdraw' }, '192.0.2.1'));
    const until = startsAt + MINUTES * 60_000;
    const joinedAt = performance.now();
    for (const w of workers) w.order({ t: 'go', id, until });
    await Promise.all(workers.map((w) => w.next('joined')));
    console.log(
      `${PLAYERS} joins in ${((performance.now() - joinedAt) / 1000).toFixed(1)} s; the arena starts in ${((startsAt - Date.now()) / 1000).toFixed(0)} s`,
    );

    const pids = servers.map((s) => s.process.pid!);
    // A process that dies says why, and the run stops.
    const died = new Promise<never>((_, reject) => {
      for (const [i, s] of servers.entries()) {
        s.process.once('exit', (code, signal) => {
          if (stopping) return;
          reject(
            new Error(`process ${i + 1} exited (${code ?? signal}):\n${s.output().slice(-4000)}`),
          );
        });
      }
    });
    died.catch(() => undefined);
    while (Date.now() < startsAt) await sleep(200);
    const start = pids.map(usage);
    const peak = start.map((u) => u.rssMiB);
    const sampler = setInterval(() => {
      try {
        for (const [i, pid] of pids.entries()) peak[i] = Math.max(peak[i]!, usage(pid).rssMiB);
      } catch {
        // A process gone: its exit says why.
      }
    }, 1000);
    const reports = await Promise.race([
      Promise.all(workers.map((w) => w.next('done'))),
      died,
    ]).finally(() => clearInterval(sampler));
    const end = pids.map(usage);
    const seconds = (Date.now() - startsAt) / 1000;

    stopping = true;
    const events = (await (async () => {
      if (!CLUSTER) await stopServers();
      return load(id);
    })()) as TournamentEvent[];
    const inRun = events.filter((e) => e.at <= until);
    const results = inRun.filter((e) => e.kind === 'result');
    const calledOff = results.filter((e) => e.kind === 'result' && e.absent !== undefined);
    const draws = results.filter((e) => e.kind === 'result' && e.winner === null && !e.absent);
    console.log(
      `games ended in ${(seconds / 60).toFixed(1)} min: ${results.length} (${(results.length / (seconds / 60)).toFixed(0)} a minute; ${draws.length} drawn, ${calledOff.length} called off); pairings ${inRun.filter((e) => e.kind === 'pair').length}`,
    );
    const all = <K extends 'reads' | 'pairingSeen' | 'counted'>(k: K) =>
      reports.flatMap((r) => r[k]);
    console.log(
      `pairing delay, a result to the next pairing (log): ${spread(pairingDelays(inRun))}`,
    );
    console.log(
      `pairing delay as the players saw it (the event's socket): ${spread(all('pairingSeen'))}`,
    );
    console.log(`a game's end to its player's line counting it: ${spread(all('counted'))}`);
    console.log(
      `the event's socket, opened to its first view (${PLAYERS} players): ${spread(all('reads'))}`,
    );
    for (const [i, u] of end.entries()) {
      console.log(
        `process ${i + 1}: ${(u.cpuSeconds - start[i]!.cpuSeconds).toFixed(1)} CPU s over ${seconds.toFixed(0)} s, peak RSS ${peak[i]!.toFixed(0)} MiB`,
      );
    }
    console.log(
      `client workers' event-loop stalls, p99: ${reports.map((r) => ms(r.stallP99)).join(', ')}; games the clients finished: ${reports.reduce((s, r) => s + r.games, 0)}`,
    );
    const causes = Causes.sum(reports.map((r) => r.causes));
    causes.print('failures and refusals');
    // What the servers printed (their problems among it), kept for a look after the run.
    for (const [i, s] of servers.entries()) {
      const file = join(tmpdir(), `agon-tournament-load-${i + 1}.log`);
      writeFileSync(file, s.output());
      console.log(`process ${i + 1}'s output: ${file}`);
    }
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

if (isWorker) await worker();
else await parent();
