// Load test on loopback: starts the server as its own process (with a fresh data folder),
// creates N games with two simulated players each, and has every game make a move every
// second for a fixed time. Reports moves relayed per second, the latency from a move's send
// to the opponent's receipt (p50, p99, max), the server's memory and CPU, and every error and
// refusal by its cause. Bounded in games and time, and it talks to 127.0.0.1 only.
//
//   npx tsx packages/server/scripts/load.ts [--games 1000] [--seconds 30] [--interval 1000]
//     [--cluster 2] [--workers 2]
//
// With --cluster N it runs against N server processes on a throwaway PostgreSQL and Redis
// behind HAProxy (scripts/services.ts) instead of one process on SQLite; memory and CPU are
// then per process. The simulated players are spread over --workers processes of this same
// script (the parent only starts the servers, samples them and adds up; scripts/workers.ts).
// Each worker's stalls are reported beside the latencies.

import { fileURLToPath } from 'node:url';
import {
  type Colour,
  Game,
  makeMoveText,
  opposite,
  parseApn,
  parseMoveText,
  STANDARD_APN,
} from '@agon/engine';
import type { ServerMessage } from '@agon/protocol';
import WebSocket from 'ws';
import {
  Causes,
  cpuPercent,
  isWorker,
  type Latencies,
  ms,
  option,
  percentile,
  share,
  stalls,
  startTarget,
  tell,
  usage,
  WORKERS,
  withWorkers,
} from './workers.ts';

const GAMES = option('games', 1000, 5000);
const SECONDS = option('seconds', 30, 600);
const INTERVAL = option('interval', 1000, 60_000);
const SETUP_LIMIT_MS = 120_000;
/** How often a worker sends the parent the latencies measured since its last report. */
const REPORT_MS = 1000;

/** What the parent tells a worker. */
type Order =
  | { readonly t: 'setup'; readonly url: string; readonly games: number }
  | { readonly t: 'go' }
  | { readonly t: 'stop' };

/** What a worker tells the parent. */
type Report =
  | { readonly t: 'ready'; readonly games: number; readonly seconds: number }
  | Latencies
  | {
      readonly t: 'done';
      readonly relayed: number;
      readonly finished: number;
      readonly errors: readonly (readonly [string, number])[];
      readonly lagP99: number;
      readonly lagMax: number;
    };

/** A worker: simulated players of its share of the games, measured and reported. */
async function worker(): Promise<void> {
  const errors = new Causes();
  const error = (what: string): void => errors.add(what);
  let latencies: number[] = [];
  let relayed = 0;
  let finished = 0;
  let measuring = false;
  const tables: Table[] = [];

  /** One game and its two simulated players. */
  class Table {
    readonly game: Game;
    readonly sockets = new Map<Colour, WebSocket>();
    version = 0;
    sentAt = 0;
    pending = false;
    timer: NodeJS.Timeout | undefined;

    constructor(
      readonly url: string,
      readonly id: string,
      readonly seat: Colour,
      readonly token: string,
    ) {
      const start = parseApn(STANDARD_APN);
      if (!start.ok) throw new Error(start.error.message);
      this.game = new Game(start.value);
    }

    /** Connects both players; resolves once both have the game. */
    async connect(): Promise<void> {
      await Promise.all([this.player(this.seat, this.token), this.player(opposite(this.seat))]);
    }

    private player(expected: Colour, token?: string): Promise<void> {
      const ws = new WebSocket(`${this.url.replace('http', 'ws')}api/games/${this.id}/socket`);
      this.sockets.set(expected, ws);
      return new Promise((resolve, reject) => {
        ws.on('open', () =>
          ws.send(JSON.stringify(token ? { t: 'hello', token } : { t: 'hello' })),
        );
        ws.on('error', (e) => {
          error(`socket: ${e.message}`);
          reject(e);
        });
        ws.on('close', (code) => {
          if (code !== 1000 && code !== 1005) error(`closed ${code}`);
        });
        ws.on('message', (raw) => {
          const m = JSON.parse(raw.toString()) as ServerMessage;
          if (m.t === 'state') {
            if (m.you !== expected) error('wrong seat');
            this.version = Math.max(this.version, m.game.version);
            resolve();
          } else if (m.t === 'error') error(`refused ${m.code}: ${m.message}`);
          else if (m.t === 'event') this.receive(expected, m);
        });
      });
    }

    private receive(me: Colour, m: Extract<ServerMessage, { t: 'event' }>): void {
      if (m.event.kind !== 'move') {
        this.version = Math.max(this.version, m.version);
        return;
      }
      if (m.event.seat === me) return; // the mover's own copy; the opponent's counts
      if (measuring) {
        latencies.push(performance.now() - this.sentAt);
        relayed++;
      }
      this.version = m.version;
      const move = parseMoveText(m.event.move);
      if (!move.ok || !this.game.play(move.value).ok) error('unplayable move relayed');
      this.pending = false;
      if (this.game.outcome) this.end();
    }

    /** Every `INTERVAL` ms the side to move plays a random legal move. */
    play(): void {
      this.timer = setInterval(() => {
        if (this.pending || this.game.outcome) return;
        const legal = this.game.legalMoves();
        const move = legal[Math.floor(Math.random() * legal.length)]!;
        const side = this.game.position.turnColour;
        this.pending = true;
        this.sentAt = performance.now();
        this.sockets.get(side)!.send(
          JSON.stringify({
            t: 'move',
            seat: side,
            move: makeMoveText(move),
            version: this.version,
          }),
        );
      }, INTERVAL);
    }

    end(): void {
      clearInterval(this.timer);
      finished++;
      for (const ws of this.sockets.values()) ws.close(1000);
      // Keep the number of games going: a finished game is replaced by a new one.
      if (measuring) void newTable(this.url).then((t) => t?.play());
    }

    stop(): void {
      clearInterval(this.timer);
      for (const ws of this.sockets.values()) ws.close(1000);
    }
  }

  async function newTable(url: string): Promise<Table | undefined> {
    try {
      const response = await fetch(`${url}api/games`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"side":"white"}',
      });
      if (response.status !== 201) {
        error(`create: HTTP ${response.status}`);
        return undefined;
      }
      const created = (await response.json()) as { id: string; seat: Colour; token: string };
      const table = new Table(url, created.id, created.seat, created.token);
      await table.connect();
      tables.push(table);
      return table;
    } catch (e) {
      error(`setup: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    }
  }

  // The worker's own stalls add to every latency it measures: reported beside them.
  const lag = stalls();
  let reporter: NodeJS.Timeout | undefined;
  process.on('message', (order: Order) => {
    if (order.t === 'setup') {
      void (async () => {
        const began = performance.now();
        for (let i = 0; i < order.games; i += 50) {
          const batch = Math.min(50, order.games - i);
          await Promise.all(Array.from({ length: batch }, () => newTable(order.url)));
        }
        tell<Report>({
          t: 'ready',
          games: tables.length,
          seconds: (performance.now() - began) / 1000,
        });
      })();
    } else if (order.t === 'go') {
      measuring = true;
      lag.enable();
      // Spread the games' first moves over one interval, as real games would be.
      for (const table of tables) setTimeout(() => table.play(), Math.random() * INTERVAL);
      reporter = setInterval(() => {
        tell<Report>({ t: 'latencies', ms: latencies });
        latencies = [];
      }, REPORT_MS);
    } else {
      measuring = false;
      lag.disable();
      clearInterval(reporter);
      tell<Report>({ t: 'latencies', ms: latencies });
      tell<Report>({
        t: 'done',
        relayed,
        finished,
        errors: errors.entries(),
        lagP99: lag.percentile(99) / 1e6,
        lagMax: lag.max / 1e6,
      });
      for (const table of tables) table.stop();
      process.disconnect();
    }
  });
}

/** The parent: starts the servers and the workers, samples the servers, adds up. */
async function parent(): Promise<void> {
  // Every game and socket comes from 127.0.0.1: raise the per-address limits to fit.
  const limits = {
    AGON_GAMES_PER_MINUTE: String(GAMES * 4),
    AGON_SOCKETS_PER_ADDRESS: String(GAMES * 4),
  };
  const target = await startTarget(limits);
  const url = target.url;
  const pids = target.processes.map((p) => p.pid!);
  /** Memory and CPU of every server process. */
  const usages = () => pids.map(usage);
  const latencies: number[] = [];
  await withWorkers<Order, Report>(
    fileURLToPath(import.meta.url),
    target,
    SETUP_LIMIT_MS + SECONDS * 1000 + 30_000,
    async (workers) => {
      const idle = usages();
      for (const [i, w] of workers.entries()) {
        w.order({ t: 'setup', url, games: share(GAMES, WORKERS, i) });
      }
      const ready = await Promise.all(workers.map((w) => w.next('ready')));
      const games = ready.reduce((sum, r) => sum + r.games, 0);
      const setupSeconds = Math.max(...ready.map((r) => r.seconds));
      if (setupSeconds * 1000 > SETUP_LIMIT_MS) throw new Error('setup too slow');
      console.log(
        `${games} games, ${games * 2} sockets ready in ${setupSeconds.toFixed(1)} s, from ${WORKERS} load worker processes`,
      );
      for (const w of workers) w.order({ t: 'go' });
      const before = usages();
      const peakRss = before.map((u) => u.rssMiB);
      const started = performance.now();
      while (performance.now() - started < SECONDS * 1000) {
        await new Promise((r) => setTimeout(r, 1000));
        for (const [i, u] of usages().entries()) peakRss[i] = Math.max(peakRss[i]!, u.rssMiB);
      }
      for (const w of workers) w.order({ t: 'stop' });
      const elapsed = (performance.now() - started) / 1000;
      const after = usages();
      const done = await Promise.all(workers.map((w) => w.next('done')));
      const relayed = done.reduce((sum, d) => sum + d.relayed, 0);
      const sorted = latencies.sort((a, b) => a - b);
      console.log(
        `moves relayed: ${relayed} in ${elapsed.toFixed(1)} s = ${(relayed / elapsed).toFixed(0)}/s`,
      );
      console.log(
        `send -> opponent receipt: p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted[sorted.length - 1] ?? Number.NaN)}`,
      );
      for (const [i, d] of done.entries()) {
        console.log(
          `load worker ${i + 1}'s event-loop stalls: p99 ${ms(d.lagP99)}, max ${ms(d.lagMax)}`,
        );
      }
      const cpu = cpuPercent(before, after, elapsed);
      for (const i of pids.keys()) {
        const name = pids.length > 1 ? `server ${i + 1}` : 'server';
        console.log(
          `${name} memory: ${idle[i]!.rssMiB.toFixed(0)} MiB idle, ${before[i]!.rssMiB.toFixed(0)} MiB with the games, ${peakRss[i]!.toFixed(0)} MiB peak`,
        );
        console.log(`${name} CPU: ${cpu[i]!.toFixed(0)}% of one core`);
      }
      console.log(`games finished and replaced: ${done.reduce((sum, d) => sum + d.finished, 0)}`);
      // Each cause counted on its own: a refusal's code and message, a close code, an HTTP status.
      const errors = Causes.sum(done.map((d) => d.errors));
      errors.print('errors');
      process.exitCode = errors.total === 0 ? 0 : 1;
    },
    (ms) => latencies.push(...ms),
  );
}

if (isWorker) await worker();
else await parent();
