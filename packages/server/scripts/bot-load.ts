// Load test of the house bots on loopback: one server process (a fresh data folder, SQLite)
// with N live games of people against the house bots in play for the whole measured time,
// beside the people's load the bots must not slow down. Each of N simulated people challenges
// a house bot (spread over the five) from the lobby to a rated 5+3 game and plays it, a random
// legal move after a pause of 1-3 s on each of its turns, resigns after 10 to 40 of its moves
// (a game of a minute or two) and challenges again. Alongside, P pairs of simulated people play
// each other a move a second (as load.ts's players do), and a pair of fresh people seek one
// pool together every second.
//
// Reports the people's move latency (send -> opponent receipt), the lobby's pairing latency
// (seek -> paired), the bots' reply time (a person's move -> the bot's answer, which includes
// the bot's think time: a person's pause it waits out whatever its search took), the bots'
// moves and games, the server's memory and CPU, and every error by its cause; exits non-zero
// on any error. Run it with --bots 200 and --bots 0 to compare.
//
//   npx tsx packages/server/scripts/bot-load.ts [--bots 200] [--people 100] [--seconds 60]
//     [--workers 2] [--nice]
//
// The CPU is also read per thread (/proc/<pid>/task/*/stat, Linux): the threads the server
// starts after it is ready are the bots' (thinker.ts starts its search threads at the first
// search, each with the thread Node runs its TypeScript loader on; the server's others run from
// the start, and a run without bots starts none), so their own CPU time is the bots' searching,
// read without any help from the server. The bots' work on the main thread (seating them, the
// referee and the relay of their moves) shows only against a run without bots.

import { readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  type Colour,
  Game,
  makeMoveText,
  parseApn,
  parseMoveText,
  STANDARD_APN,
} from '@agon/engine';
import type { ChallengeTerms, HouseBots, ServerMessage } from '@agon/protocol';
import WebSocket from 'ws';
import { thinkTime } from '../src/bot/bot-player.ts';
import { fromAddress, HttpRefusal, LobbyClient, newPlayer } from './lobby-client.ts';
import {
  Causes,
  isWorker,
  ms,
  option,
  percentile,
  share,
  stalls,
  startTarget,
  tell,
  threadTimes,
  usage,
  WORKERS,
  withWorkers,
} from './workers.ts';

const BOTS = Math.round(option('bots', 200, 1000, true));
const PEOPLE = Math.round(option('people', 100, 2000, true));
const SECONDS = option('seconds', 60, 600);
/**
 * `--nice`: the bots' threads run at the lowest priority (nice 19) for the measured time, set on
 * each thread from here, to see what people's games gain if the searches yield the cores.
 */
const NICE = process.argv.includes('--nice');
const SETUP_LIMIT_MS = 120_000;
/** The bots' games: rated, 5+3, the person White so that the person moves first. */
const CLOCK = { initial: 300_000, increment: 3000 };
const TERMS: ChallengeTerms = {
  clock: CLOCK,
  variant: 'standard',
  touchMove: false,
  captorPlacesQueen: false,
  side: 'white',
  rated: true,
};
/** The pool the fresh people seek in. */
const POOL = '5+3';
/** A person's pause before each move against a bot, ms: from PAUSE to three times that. */
const PAUSE = 1000;
/** The fewest and the most of its own moves a person plays in a bot game before resigning. */
const MOVES = [10, 40] as const;
/** The pause before each move of the people playing each other, as load.ts's players. */
const PEOPLE_PAUSE = 1000;
/** A seek whose `paired` has not come this long after it was sent counts as never paired. */
const PAIRING_LIMIT_MS = 5000;

/** What the parent tells a worker: `index` of `count`, and which bots there are. */
type Order =
  | {
      readonly t: 'setup';
      readonly url: string;
      readonly index: number;
      readonly count: number;
      readonly levels: readonly { readonly id: string; readonly level: number }[];
    }
  | { readonly t: 'go' }
  | { readonly t: 'stop' };

/** What a worker tells the parent. */
type Report =
  | { readonly t: 'ready'; readonly bots: number; readonly pairs: number }
  | {
      readonly t: 'done';
      /** The people's moves: send -> the opponent's receipt, ms. */
      readonly relayed: readonly number[];
      /** Seek -> paired, ms, and the seeks never paired. */
      readonly pairings: readonly number[];
      readonly unpaired: number;
      /** A person's move -> the bot's answer, ms, by the bot's place in the roster. */
      readonly replies: readonly (readonly number[])[];
      /** How the bots' games ended, by reason. */
      readonly endings: readonly (readonly [string, number])[];
      readonly errors: readonly (readonly [string, number])[];
      readonly lagP99: number;
      readonly lagMax: number;
    };

/** The moment the last move of one side was sent: shared by the two seats of a pair. */
interface Sent {
  at: number;
}

/** How a seat plays: its pause before each move, and what it does with the other's answer. */
interface Style {
  pause(): number;
  /** How many moves of its own it plays in a game before it resigns; without, to the end. */
  moves?(): number;
  /** The other side's move arrived `ms` after this side's last was sent. */
  heard(ms: number): void;
}

/** Failures of a seat, counted by the worker. */
type Fail = (what: string) => void;

/**
 * One seat of a game, played over the game's socket: on its turn a random legal move after its
 * pause. The board is kept from the server's events alone, so it is the server's.
 */
class Seat {
  private readonly game: Game;
  private version = 0;
  private plies = 0;
  private me: Colour | null = null;
  /** Whether it plays yet: not before both seats of its game are taken. */
  private playing = false;
  /** The ply at which this seat last moved or planned to: one move a turn. */
  private movedAt = -1;
  private timer: NodeJS.Timeout | undefined;
  /** Its own moves so far, and how many it plays before resigning. */
  private mine = 0;
  private readonly resignAt: number;
  private finish: (reason: string) => void = () => undefined;
  /** How the game ended for this seat: its outcome's reason, or why the seat left it. */
  readonly ended: Promise<string>;

  private constructor(
    private readonly ws: WebSocket,
    private readonly style: Style,
    private readonly sent: Sent,
    private readonly fail: Fail,
  ) {
    const start = parseApn(STANDARD_APN);
    if (!start.ok) throw new Error(start.error.message);
    this.game = new Game(start.value);
    this.resignAt = style.moves?.() ?? Number.POSITIVE_INFINITY;
    this.ended = new Promise((resolve) => {
      this.finish = (reason) => {
        clearTimeout(this.timer);
        this.finish = () => undefined;
        resolve(reason);
      };
    });
  }

  /**
   * Opens the socket of game `id` at `url` from `address` and takes a seat (with `token`, or the
   * open one); answers once the server has sent the game.
   */
  static async join(
    url: string,
    id: string,
    token: string | undefined,
    address: string | undefined,
    style: Style,
    sent: Sent,
    fail: Fail,
  ): Promise<Seat> {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}api/games/${id}/socket`, {
      headers: fromAddress(address),
    });
    const seat = new Seat(ws, style, sent, fail);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => {
        ws.send(JSON.stringify(token === undefined ? { t: 'hello' } : { t: 'hello', token }));
      });
      ws.once('error', reject);
      ws.on('message', (raw) => {
        const m = JSON.parse(raw.toString()) as ServerMessage;
        if (m.t === 'state') resolve();
        seat.hear(m);
      });
      ws.on('close', (code) => {
        reject(new Error(`closed ${code} before the game came`));
        if (code !== 1000 && code !== 1005) fail(`game socket closed ${code}`);
        seat.finish(`closed ${code}`);
      });
    });
    return seat;
  }

  private hear(m: ServerMessage): void {
    if (m.t === 'state') {
      if (this.me === null) {
        this.me = m.you;
        for (const text of m.game.moves) this.play(text);
      }
      this.version = Math.max(this.version, m.game.version);
      if (m.game.outcome) this.finish(m.game.outcome.reason);
      else this.consider();
    } else if (m.t === 'event') {
      this.version = Math.max(this.version, m.version);
      if (m.event.kind === 'move') {
        if (m.event.seat !== this.me && this.sent.at > 0) {
          this.style.heard(performance.now() - this.sent.at);
          this.sent.at = 0;
        }
        this.play(m.event.move);
      }
      if (m.outcome) this.finish(m.outcome.reason);
      else this.consider();
    } else if (m.t === 'error') {
      this.fail(`refused ${m.code}: ${m.message}`);
      this.finish(`refused ${m.code}`);
    }
  }

  private play(text: string): void {
    const move = parseMoveText(text);
    if (!move.ok || !this.game.play(move.value).ok) this.fail('unplayable move relayed');
    this.plies++;
  }

  /** On this seat's turn, plans its move (or its resignation) after its pause, once a turn. */
  private consider(): void {
    if (
      !this.playing ||
      this.me === null ||
      this.game.chooser !== this.me ||
      this.movedAt === this.plies
    )
      return;
    this.movedAt = this.plies;
    this.timer = setTimeout(() => {
      if (this.mine++ >= this.resignAt) {
        this.ws.send(JSON.stringify({ t: 'resign', seat: this.me }));
        return;
      }
      const legal = this.game.legalMoves();
      const move = legal[Math.floor(Math.random() * legal.length)]!;
      this.sent.at = performance.now();
      this.ws.send(
        JSON.stringify({
          t: 'move',
          seat: this.me,
          move: makeMoveText(move),
          version: this.version,
        }),
      );
    }, this.style.pause());
  }

  /** Starts playing, once both seats are taken (a move before is refused). */
  start(): void {
    this.playing = true;
    this.consider();
  }

  /** Leaves the game: the socket closes, no move is planned. */
  close(reason: string): void {
    this.finish(reason);
    this.ws.close(1000);
  }
}

/** A worker: its share of the bots' people, of the pairs and of the fresh seekers. */
async function worker(): Promise<void> {
  const errors = new Causes();
  const fail: Fail = (what) => errors.add(what);
  const endings = new Causes();
  const relayed: number[] = [];
  const pairings: number[] = [];
  const replies: number[][] = [];
  let unpaired = 0;
  let measuring = false;
  let running = true;
  const seats = new Set<Seat>();
  const lobbies = new Set<LobbyClient>();
  const timers: NodeJS.Timeout[] = [];
  const lag = stalls();

  /**
   * Plays the seats of one game (both taken) until it ends for one of them (or the run does),
   * answering how; the others leave it too.
   */
  async function played(...game: Seat[]): Promise<string> {
    for (const seat of game) seats.add(seat);
    for (const seat of game) seat.start();
    const reason = await Promise.race(game.map((seat) => seat.ended));
    for (const seat of game) {
      seats.delete(seat);
      seat.close(reason);
    }
    return reason;
  }

  /**
   * A person from `address` playing the house bot `bot` (roster place `k`) game after game; the
   * first game's start is told to `seated`.
   */
  async function person(url: string, address: string, bot: string, k: number, seated: () => void) {
    const style: Style = {
      pause: () => PAUSE * (1 + 2 * Math.random()),
      // Games a minute or two long, as quick ones against a bot are, so they end and start anew
      // all through the run (a random mover rarely ends one otherwise).
      moves: () => MOVES[0] + Math.floor(Math.random() * (MOVES[1] - MOVES[0] + 1)),
      heard: (ms) => {
        if (measuring) replies[k]!.push(ms);
      },
    };
    let first = true;
    let me: { token: string } | undefined;
    while (running) {
      try {
        me ??= await newPlayer(url, 'en', address);
        const { client } = await LobbyClient.open(url, me.token, { lists: false, address });
        lobbies.add(client);
        client.send({ t: 'challenge', to: bot, ...TERMS });
        const paired = await client.next('paired').finally(() => {
          lobbies.delete(client);
          client.close();
        });
        const seat = await Seat.join(url, paired.game, me.token, address, style, { at: 0 }, fail);
        if (first) seated();
        first = false;
        const reason = await played(seat);
        if (running) endings.add(reason);
      } catch (e) {
        if (!running) return;
        fail(e instanceof HttpRefusal ? `new player: ${e.message}` : `challenge: ${String(e)}`);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  /** A pair of people playing each other game after game, a move a second each. */
  async function pair(url: string, seated: () => void) {
    const style: Style = {
      pause: () => PEOPLE_PAUSE,
      heard: (ms) => {
        if (measuring) relayed.push(ms);
      },
    };
    let first = true;
    while (running) {
      try {
        const response = await fetch(`${url}api/games`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"side":"white"}',
        });
        if (response.status !== 201) throw new Error(`create: HTTP ${response.status}`);
        const made = (await response.json()) as { id: string; token: string };
        const sent: Sent = { at: 0 };
        const white = await Seat.join(url, made.id, made.token, undefined, style, sent, fail);
        const black = await Seat.join(url, made.id, undefined, undefined, style, sent, fail);
        if (first) seated();
        first = false;
        await played(white, black);
      } catch (e) {
        if (!running) return;
        fail(`people's game: ${e instanceof Error ? e.message : String(e)}`);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  /** Two fresh people from `addresses` seeking the pool together; each pairing timed. */
  async function seekers(url: string, addresses: readonly [string, string]) {
    try {
      const clients = await Promise.all(
        addresses.map(async (address) => {
          const me = await newPlayer(url, 'en', address);
          const { client } = await LobbyClient.open(url, me.token, { lists: false, address });
          lobbies.add(client);
          return client;
        }),
      );
      const asked = clients.map((client) => {
        const began = performance.now();
        client.send({ t: 'seek', pool: POOL });
        return client
          .next('paired', () => true, PAIRING_LIMIT_MS)
          .then(
            () => pairings.push(performance.now() - began),
            (e: unknown) => {
              if (!running) return;
              // A refusal is an error; a pairing that did not come in time, a slow one.
              if (String(e).includes('refused')) fail(`seek: ${String(e)}`);
              else unpaired++;
            },
          )
          .finally(() => {
            lobbies.delete(client);
            client.close();
          });
      });
      await Promise.all(asked);
    } catch (e) {
      if (running) fail(e instanceof HttpRefusal ? `new player: ${e.message}` : `seek: ${e}`);
    }
  }

  let url = '';
  let index = 0;
  process.on('message', (order: Order) => {
    if (order.t === 'setup') {
      ({ url, index } = order);
      for (const _ of order.levels) replies.push([]);
      const bots = share(BOTS, order.count, index);
      const pairs = share(PEOPLE, order.count, index);
      let seated = 0;
      const ready = (): void => {
        if (++seated === bots + pairs) tell<Report>({ t: 'ready', bots, pairs });
      };
      if (bots + pairs === 0) tell<Report>({ t: 'ready', bots, pairs });
      // The people arrive over a few seconds rather than in one burst, 20 a second.
      for (let i = 0; i < bots; i++) {
        const n = index + order.count * i;
        const k = n % order.levels.length;
        const address = `198.18.${n >> 8}.${n & 255}`;
        timers.push(
          setTimeout(() => void person(url, address, order.levels[k]!.id, k, ready), i * 50),
        );
      }
      for (let i = 0; i < pairs; i++) timers.push(setTimeout(() => void pair(url, ready), i * 50));
    } else if (order.t === 'go') {
      measuring = true;
      lag.enable();
      // One pair of fresh seekers a second over all the workers, each its turn, at a random
      // moment in its second: the lobby pairs in waves (a quarter second apart), and arrivals
      // at one phase of them would make the median that phase's.
      let second = 0;
      const stream = setInterval(() => {
        if (second % WORKERS === index) {
          const n = 2 * second;
          const at = (m: number) => `198.19.${m >> 8}.${m & 255}`;
          const seek = setTimeout(
            () => void seekers(url, [at(n), at(n + 1)]),
            Math.random() * 1000,
          );
          timers.push(seek);
        }
        second++;
      }, 1000);
      timers.push(stream);
    } else {
      measuring = false;
      running = false;
      lag.disable();
      for (const timer of timers) clearTimeout(timer);
      tell<Report>({
        t: 'done',
        relayed,
        pairings,
        unpaired,
        replies,
        endings: endings.entries(),
        errors: errors.entries(),
        lagP99: lag.percentile(99) / 1e6,
        lagMax: lag.max / 1e6,
      });
      for (const seat of seats) seat.close('stopped');
      for (const client of lobbies) client.close();
      process.disconnect();
    }
  });
}

/** The load average of the machine: 1, 5 and 15 minutes. */
const loadAverage = (): string =>
  readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** The parent: starts the server and the workers, samples the server, adds up. */
async function parent(): Promise<void> {
  // Every client comes from 127.0.0.1: the per-address limits are raised to fit, and the bots'
  // people name addresses of their own (believed through AGON_TRUST_PROXY), one each, as people
  // at home would. Their games are rated (a house bot plays from no network, docs/bot-api.md).
  const target = await startTarget({
    AGON_TRUST_PROXY: '1',
    AGON_HOUSE_BOT_GAMES: String(Math.max(2 * BOTS, 1)),
    AGON_GAMES_PER_MINUTE: String((PEOPLE + 10) * 10),
    AGON_SOCKETS_PER_ADDRESS: String((PEOPLE + BOTS + 10) * 4),
    AGON_PLAYERS_PER_MINUTE: '1000',
    AGON_LOBBY_ACTIONS_PER_MINUTE: '1000',
  });
  const pid = target.processes[0]!.pid!;
  if (target.processes.length > 1) throw new Error('the bots are measured on one process only');
  const { bots } = (await (await fetch(`${target.url}api/bot/house`)).json()) as HouseBots;
  const levels = bots.map((b) => ({ id: b.id, level: b.level }));
  // The server's own threads: every thread started after these is a search thread.
  const own = new Set(threadTimes(pid).keys());
  const idle = usage(pid);
  await withWorkers<Order, Report>(
    fileURLToPath(import.meta.url),
    target,
    SETUP_LIMIT_MS + SECONDS * 1000 + 30_000,
    async (workers) => {
      const began = performance.now();
      for (const [index, w] of workers.entries()) {
        w.order({ t: 'setup', url: target.url, index, count: WORKERS, levels });
      }
      const ready = await Promise.all(workers.map((w) => w.next('ready')));
      const setup = (performance.now() - began) / 1000;
      if (setup * 1000 > SETUP_LIMIT_MS) throw new Error('setup too slow');
      const loadBefore = loadAverage();
      console.log(
        `${ready.reduce((s, r) => s + r.bots, 0)} bot games (spread over ${levels.length} house bots), ${ready.reduce((s, r) => s + r.pairs, 0)} games of pairs of people and a pair of fresh people seeking ${POOL} every second, for ${SECONDS} s; set up in ${setup.toFixed(1)} s, from ${WORKERS} load worker processes`,
      );
      if (NICE) {
        for (const tid of threadTimes(pid).keys()) if (!own.has(tid)) setPriority(tid, 19);
      }
      for (const w of workers) w.order({ t: 'go' });
      const before = usage(pid);
      const threadsBefore = threadTimes(pid);
      let peak = before.rssMiB;
      const started = performance.now();
      while (performance.now() - started < SECONDS * 1000) {
        await new Promise((r) => setTimeout(r, 1000));
        peak = Math.max(peak, usage(pid).rssMiB);
      }
      for (const w of workers) w.order({ t: 'stop' });
      const elapsed = (performance.now() - started) / 1000;
      const after = usage(pid);
      const threadsAfter = threadTimes(pid);
      const loadAfter = loadAverage();
      const done = await Promise.all(workers.map((w) => w.next('done')));

      const sorted = (v: readonly number[]) => [...v].sort((a, b) => a - b);
      const spread = (v: readonly number[]) =>
        `p50 ${ms(percentile(v, 50))}, p99 ${ms(percentile(v, 99))}, max ${ms(v.at(-1) ?? Number.NaN)}`;
      const relayed = sorted(done.flatMap((d) => d.relayed));
      console.log(`load average ${loadBefore} at the start, ${loadAfter} at the end`);
      console.log(
        `people's moves relayed: ${relayed.length}; send -> opponent receipt: ${spread(relayed)}`,
      );
      const pairings = sorted(done.flatMap((d) => d.pairings));
      const unpaired = done.reduce((s, d) => s + d.unpaired, 0);
      console.log(
        `fresh seekers paired: ${pairings.length}, not within ${PAIRING_LIMIT_MS / 1000} s: ${unpaired}; seek -> paired: ${spread(pairings)}`,
      );
      // The think time is a person's pause the bot waits out whatever its search took (the
      // clock here is long enough for it never to be cut short): the rest is waiting.
      const thinks = levels.map((b) => thinkTime(b.level, CLOCK.initial, CLOCK.increment));
      const replies = sorted(done.flatMap((d) => d.replies.flat()));
      const beyond = sorted(
        done.flatMap((d) => d.replies.flatMap((v, k) => v.map((r) => r - thinks[k]!))),
      );
      console.log(
        `bot moves: ${replies.length}${replies.length ? `; a person's move -> the bot's answer (its think time included): ${spread(replies)}; beyond its think time: ${spread(beyond)}` : ''}`,
      );
      for (const [k, bot] of replies.length ? levels.entries() : []) {
        const v = sorted(done.flatMap((d) => d.replies[k] ?? []));
        console.log(
          `  level ${bot.level} (think time ${thinks[k]} ms): ${v.length} moves, ${spread(v)}`,
        );
      }
      Causes.sum(done.map((d) => d.endings)).print('bot games ended (then challenged anew)');
      for (const [i, d] of done.entries()) {
        console.log(
          `load worker ${i + 1}'s event-loop stalls: p99 ${ms(d.lagP99)}, max ${ms(d.lagMax)}`,
        );
      }
      const percent = (seconds: number) => `${((seconds / elapsed) * 100).toFixed(0)}%`;
      const spent = (tid: number) => (threadsAfter.get(tid) ?? 0) - (threadsBefore.get(tid) ?? 0);
      const search = [...threadsAfter.keys()].filter((tid) => !own.has(tid));
      const searchCpu = search.reduce((s, tid) => s + spent(tid), 0);
      const total = after.cpuSeconds - before.cpuSeconds;
      console.log(
        `server memory: ${idle.rssMiB.toFixed(0)} MiB idle, ${before.rssMiB.toFixed(0)} MiB with the games, ${peak.toFixed(0)} MiB peak`,
      );
      console.log(
        `server CPU: ${percent(total)} of one core; main thread ${percent(spent(pid))}, the bots' ${search.length} threads${NICE ? ' (nice 19)' : ''} ${percent(searchCpu)}${search.length ? ` (${search.map((tid) => percent(spent(tid))).join(', ')})` : ''}, its other threads ${percent(total - spent(pid) - searchCpu)}`,
      );
      console.log(
        `the bots' threads' share of the server's CPU: ${total > 0 ? ((searchCpu / total) * 100).toFixed(0) : 0}%`,
      );
      const errors = Causes.sum(done.map((d) => d.errors));
      if (unpaired) errors.add(`seeks not paired within ${PAIRING_LIMIT_MS / 1000} s`, unpaired);
      errors.print('errors');
      process.exitCode = errors.total === 0 ? 0 : 1;
    },
  );
}

if (isWorker) await worker();
else await parent();
