// Load test of the lobby's quick pairing on loopback: N players arrive evenly over a span of
// seconds, each made over HTTP (POST /api/players), opening the lobby socket (hello with its
// token) and seeking one of the five pools at random; every player stays on the lobby page,
// so the list goes to all of them. Reports the pairs made, the players never paired (the odd
// one out of a pool is expected), duplicates (a player paired twice, a game given to more or
// other than two opposite seats: must be none), the pairing latency from the seek's send to
// the `paired` receipt (p50, p99, max) and the times to make a player and be welcomed, the
// servers' memory and CPU, each worker's event-loop stalls, and every refusal by its cause.
// Exits non-zero on a duplicate, a refusal, a pairing told to one side only or a player still
// arriving at the end.
//
//   npx tsx packages/server/scripts/lobby-load.ts [--players 2000] [--seconds 30] [--linger 5]
//     [--cluster 2] [--workers 2]
//
// --linger is how long to wait after the last seek for the last pairs. The servers and the
// worker processes are scripts/workers.ts's, as for the game load script.

import { fileURLToPath } from 'node:url';
import { POOLS, type PoolId } from '@agon/protocol';
import { HttpRefusal, LobbyClient, newPlayer } from './lobby-client.ts';
import {
  Causes,
  cpuPercent,
  isWorker,
  ms,
  option,
  percentile,
  stalls,
  startTarget,
  tell,
  usage,
  WORKERS,
  withWorkers,
} from './workers.ts';

const PLAYERS = Math.round(option('players', 2000, 10_000));
const SECONDS = option('seconds', 30, 600);
const LINGER = option('linger', 5, 60);

/** What the parent tells a worker: go at `at` (epoch ms), taking every `step`th from `first`. */
type Order =
  | {
      readonly t: 'go';
      readonly url: string;
      readonly at: number;
      readonly first: number;
      readonly step: number;
    }
  | { readonly t: 'stop' };

/** A pairing as a player heard it. */
interface Heard {
  readonly player: string;
  readonly pool: PoolId;
  readonly game: string;
  readonly seat: string;
}

/** What a worker tells the parent at the end. */
type Report = {
  readonly t: 'done';
  /** Players that sent their seek. */
  readonly seeking: number;
  /** Every `paired` heard, and the players (by pool) that sought and heard none. */
  readonly paired: readonly Heard[];
  readonly unpaired: readonly PoolId[];
  readonly latencies: readonly number[];
  /** How long making each player took, and then the lobby's welcome. */
  readonly made: readonly number[];
  readonly welcomed: readonly number[];
  /** Players whose arrival was still under way at the end. */
  readonly pending: number;
  readonly causes: readonly (readonly [string, number])[];
  readonly lagP99: number;
};

/** A worker: its share of the players, each arriving at its moment. */
async function worker(): Promise<void> {
  const causes = new Causes();
  const clients: LobbyClient[] = [];
  const sought = new Map<string, PoolId>();
  const paired: Heard[] = [];
  const latencies: number[] = [];
  const made: number[] = [];
  const welcomed: number[] = [];
  let pending = 0;
  const timers: NodeJS.Timeout[] = [];
  const lag = stalls();

  /** One player: made, in the lobby, seeking; the pairing's latency measured on receipt. */
  async function arrive(url: string): Promise<void> {
    const pool = POOLS[Math.floor(Math.random() * POOLS.length)]!.id;
    let id: string;
    let sentAt = 0;
    pending++;
    try {
      const began = performance.now();
      const me = await newPlayer(url);
      made.push(performance.now() - began);
      id = me.id;
      const { client } = await LobbyClient.open(url, me.token, {
        heard: (m) => {
          if (m.t === 'paired') {
            latencies.push(performance.now() - sentAt);
            paired.push({ player: id, pool, game: m.game, seat: m.seat });
          } else if (m.t === 'error') causes.add(`refused ${m.code}: ${m.message}`);
        },
        lists: false,
      });
      welcomed.push(performance.now() - began - made.at(-1)!);
      clients.push(client);
      sentAt = performance.now();
      client.send({ t: 'seek', pool });
      sought.set(id, pool);
    } catch (e) {
      causes.add(e instanceof HttpRefusal ? `new player: ${e.message}` : `lobby: ${String(e)}`);
    }
    pending--;
  }

  process.on('message', (order: Order) => {
    if (order.t === 'go') {
      lag.enable();
      const spacing = (SECONDS * 1000) / PLAYERS;
      for (let k = order.first; k < PLAYERS; k += order.step) {
        const delay = order.at + k * spacing - Date.now();
        timers.push(setTimeout(() => void arrive(order.url), Math.max(0, delay)));
      }
      return;
    }
    lag.disable();
    for (const timer of timers) clearTimeout(timer);
    const heard = new Set(paired.map((p) => p.player));
    tell<Report>({
      t: 'done',
      seeking: sought.size,
      paired,
      unpaired: [...sought].filter(([id]) => !heard.has(id)).map(([, pool]) => pool),
      latencies,
      made,
      welcomed,
      pending,
      causes: causes.entries(),
      lagP99: lag.percentile(99) / 1e6,
    });
    for (const client of clients) client.close();
    process.disconnect();
  });
}

/** The parent: starts the servers and the workers, samples the servers, adds up. */
async function parent(): Promise<void> {
  // Every player comes from 127.0.0.1: raise the per-address limits to fit.
  const target = await startTarget({
    AGON_PLAYERS_PER_MINUTE: String(PLAYERS * 4),
    AGON_SOCKETS_PER_ADDRESS: String(PLAYERS * 4),
    AGON_LOBBY_ACTIONS_PER_MINUTE: '1000',
  });
  const pids = target.processes.map((p) => p.pid!);
  const usages = () => pids.map(usage);
  await withWorkers<Order, Report>(
    fileURLToPath(import.meta.url),
    target,
    (SECONDS + LINGER) * 1000 + 120_000,
    async (workers) => {
      const idle = usages();
      const peak = idle.map((u) => u.rssMiB);
      // A moment for the workers to start, then the arrivals begin together.
      const at = Date.now() + 2000;
      for (const [i, w] of workers.entries())
        w.order({ t: 'go', url: target.url, at, first: i, step: WORKERS });
      const end = at + (SECONDS + LINGER) * 1000;
      await new Promise((r) => setTimeout(r, at - Date.now()));
      const before = usages();
      while (Date.now() < end) {
        await new Promise((r) => setTimeout(r, Math.min(1000, Math.max(0, end - Date.now()))));
        for (const [i, u] of usages().entries()) peak[i] = Math.max(peak[i]!, u.rssMiB);
      }
      const after = usages();
      for (const w of workers) w.order({ t: 'stop' });
      const done = await Promise.all(workers.map((w) => w.next('done')));

      const seeking = done.reduce((sum, d) => sum + d.seeking, 0);
      const heard = done.flatMap((d) => d.paired);
      const perPlayer = new Map<string, number>();
      const perGame = new Map<string, Heard[]>();
      for (const h of heard) {
        perPlayer.set(h.player, (perPlayer.get(h.player) ?? 0) + 1);
        perGame.set(h.game, [...(perGame.get(h.game) ?? []), h]);
      }
      const twice = [...perPlayer.values()].filter((n) => n > 1).length;
      // A game given to more than two, or to two on one seat or from two pools, is a duplicate;
      // one only one of whose players heard of it by the end was told late or not at all.
      const games = [...perGame.values()];
      const wrong = games.filter(
        (hs) =>
          hs.length > 2 ||
          (hs.length === 2 && (hs[0]!.seat === hs[1]!.seat || hs[0]!.pool !== hs[1]!.pool)),
      ).length;
      const halfTold = games.filter((hs) => hs.length === 1).length;
      const unpaired = done.flatMap((d) => d.unpaired);
      const byPool = POOLS.map((p) => `${p.id} ${unpaired.filter((u) => u === p.id).length}`);
      const sorted = (of: (d: Report) => readonly number[]) =>
        done.flatMap(of).sort((a, b) => a - b);
      const spread = (v: readonly number[]) =>
        `p50 ${ms(percentile(v, 50))}, p99 ${ms(percentile(v, 99))}, max ${ms(v.at(-1) ?? Number.NaN)}`;
      const pending = done.reduce((sum, d) => sum + d.pending, 0);

      console.log(
        `${seeking} of ${PLAYERS} players seeking over ${SECONDS} s, from ${WORKERS} load worker processes${pids.length > 1 ? `, ${pids.length} server processes` : ''}; ${pending} still arriving at the end`,
      );
      console.log(`new player (POST /api/players): ${spread(sorted((d) => d.made))}`);
      console.log(`then welcomed in the lobby: ${spread(sorted((d) => d.welcomed))}`);
      console.log(`pairs made: ${perGame.size} (${heard.length} players paired)`);
      console.log(
        `never paired ${LINGER} s after the last seek: ${unpaired.length} (${byPool.join(', ')})`,
      );
      console.log(
        `duplicates: ${twice} players paired twice, ${wrong} games not one pair of opposite seats`,
      );
      console.log(`games only one of whose players heard of them by the end: ${halfTold}`);
      console.log(`seek -> paired: ${spread(sorted((d) => d.latencies))}`);
      for (const [i, d] of done.entries()) {
        console.log(`load worker ${i + 1}'s event-loop stalls: p99 ${ms(d.lagP99)}`);
      }
      const cpu = cpuPercent(before, after, SECONDS + LINGER);
      for (const i of pids.keys()) {
        const name = pids.length > 1 ? `server ${i + 1}` : 'server';
        console.log(
          `${name}: memory ${idle[i]!.rssMiB.toFixed(0)} MiB idle, ${peak[i]!.toFixed(0)} MiB peak, ${after[i]!.rssMiB.toFixed(0)} MiB at the end; CPU ${cpu[i]!.toFixed(0)}% of one core`,
        );
      }
      const causes = Causes.sum(done.map((d) => d.causes));
      causes.print('refusals and failures');
      process.exitCode =
        twice === 0 && wrong === 0 && causes.total === 0 && pending === 0 && halfTold === 0 ? 0 : 1;
    },
  );
}

if (isWorker) await worker();
else await parent();
