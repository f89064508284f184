// The WebSocket side of online play, kept thin: it holds the sockets (their limits, hello,
// heartbeat and refusals), creates games, and keeps the games in memory, each a `Room`
// (room.ts) that orders its commands, commits each event to the store before anyone hears of
// it and tells its members. Different games never wait for each other except on the store's
// shared commits.

import type { Colour } from '@agon/engine';
import {
  type Checked,
  type Created,
  type CreateRequest,
  MAX_MESSAGE_BYTES,
  NO_SUCH_GAME_CLOSE,
  parseClientMessage,
  type Refusal,
  type ServerMessage,
} from '@agon/protocol';
import { WebSocket } from 'ws';
import { Problems } from './problems.ts';
import { TokenBucket } from './rate-limit.ts';
import { type Member, Room, type RoomContext, type RoomLimits } from './room.ts';
import { hashToken, newGameId, newToken } from './secret.ts';
import type { Shared } from './shared.ts';
import { type GameEvent, type GameSetup, type GameStore, VersionConflict } from './store.ts';
import { type Downtime, restoreTable } from './table.ts';

/** The limits that keep one client from hurting the others. */
export interface Limits extends RoomLimits {
  /** Socket messages per second per connection, on average... */
  readonly messagesPerSecond: number;
  /** ...with bursts up to this many. */
  readonly messageBurst: number;
  /** Refused messages after which the connection is closed (the server's own failures aside). */
  readonly maxRefusals: number;
  /** Games created per minute per client address, on average... */
  readonly gamesPerMinute: number;
  /** ...with bursts up to this many. */
  readonly gameBurst: number;
  /** The largest socket message accepted, in bytes; a larger one closes the connection. */
  readonly maxMessageBytes: number;
  /** Open sockets at most; more are turned away. Kept below the process's file limit. */
  readonly maxConnections: number;
  /** Open sockets from one address at most; more are turned away. */
  readonly maxSocketsPerAddress: number;
  /** How long a socket may stay open without saying hello. */
  readonly helloTimeoutMs: number;
  /** Unsent bytes a client may fall behind by before it is dropped. */
  readonly maxBufferedBytes: number;
}

/** Limits for a public server. */
export const DEFAULT_LIMITS: Limits = {
  messagesPerSecond: 10,
  messageBurst: 40,
  maxRefusals: 100,
  gamesPerMinute: 10,
  gameBurst: 10,
  maxMessageBytes: MAX_MESSAGE_BYTES,
  maxConnections: 20_000,
  maxSocketsPerAddress: 100,
  helloTimeoutMs: 30_000,
  maxBufferedBytes: 1 << 20,
  idleMs: 60_000,
  maxWatchers: 1000,
  presenceMs: 250,
};

/** How often silent sockets are probed; one that missed a probe is closed. */
const HEARTBEAT_MS = 30_000;
/** How often the server notes in the store that it is alive (the precision of a restart's charge). */
const ALIVE_MS = 1000;
/** How often, with other processes (Redis), this one claims the clocks it keeps... */
const KEEP_BEAT_MS = 2000;
/** ...and every how many claims it adopts the running games no process keeps. */
const ADOPT_EVERY = 3;
/** The close code for a socket that never said hello. */
const NO_HELLO_CLOSE = 4408;

/**
 * The server's clock, in ms: the wall clock at start plus monotonic time since, so durations
 * never jump when the wall clock is stepped, and times stored still read as dates (whole ms,
 * as the stores keep them).
 */
export const serverClock = (): number => Math.round(performance.timeOrigin + performance.now());

/** One socket and what it has proved. */
class Connection implements Member {
  room: Room | undefined;
  saidHello = false;
  refusals = 0;
  alive = true;
  readonly bucket: TokenBucket;
  readonly helloTimer: NodeJS.Timeout;

  constructor(
    readonly ws: WebSocket,
    readonly address: string,
    private readonly limits: Limits,
    now: number,
  ) {
    this.bucket = new TokenBucket(limits.messagesPerSecond, limits.messageBurst, now);
    // A socket that never says hello holds a file and a slot for nothing.
    this.helloTimer = setTimeout(() => {
      if (!this.saidHello) this.close(NO_HELLO_CLOSE, 'say hello first');
    }, limits.helloTimeoutMs);
    this.helloTimer.unref();
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  send(message: ServerMessage | string): void {
    const ws = this.ws;
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > this.limits.maxBufferedBytes) {
      ws.terminate(); // too far behind to catch up; it reconnects and gets the whole state
      return;
    }
    ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  refuse(error: Refusal): void {
    this.send({ t: 'error', ...error });
    // Only the client's own faults count towards closing it: a full disk is not its doing.
    if (error.code === 'server-error') return;
    if (++this.refusals > this.limits.maxRefusals) this.close(1008, 'too many refusals');
  }

  close(code: number, reason: string): void {
    this.ws.close(code, reason);
  }
}

/** Online play: every game in memory and every socket. */
export class Hub {
  private readonly rooms = new Map<string, Room>();
  private readonly loading = new Map<string, Promise<Room | undefined>>();
  /** Events relayed for games while they were being loaded. */
  private readonly early = new Map<string, { version: number; event?: GameEvent }[]>();
  private readonly connections = new Set<Connection>();
  private readonly perAddress = new Map<string, number>();
  private readonly creators = new Map<string, TokenBucket>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly aliveTimer: NodeJS.Timeout;
  private readonly keepTimer: NodeJS.Timeout | undefined;
  private keeping = false;
  private keepBeats = 0;
  private readonly context: RoomContext;
  /** Failures logged once per burst, shared with the routes. */
  readonly problems: Problems;
  private closing = false;

  /**
   * A hub over `store`; `now` is the clock (`serverClock` unless a test fakes it), and
   * `downtime` the time no server held the games, charged to no one's clock.
   */
  private constructor(
    private readonly store: GameStore,
    private readonly limits: Limits,
    private readonly now: () => number,
    private readonly downtime: Downtime,
    private readonly shared: Shared | undefined,
  ) {
    this.problems = new Problems(now);
    this.context = {
      store,
      now,
      limits,
      problems: this.problems,
      gone: (room) => {
        if (this.rooms.get(room.id) === room) this.rooms.delete(room.id);
      },
      relay: shared,
    };
    // Events other processes commit for games this one also holds (their clients are split).
    shared?.listen({
      event: (id, version, event) => {
        const room = this.rooms.get(id);
        if (room) room.relayed(version, event);
        // Being loaded: kept until the game is in memory, then applied if newer than the load.
        else if (this.loading.has(id)) this.early.get(id)?.push({ version, event });
      },
      reconnected: (announce) => {
        // Redis came back: what was relayed meanwhile is lost. Each game in memory reads what
        // it missed from the store, and tells the others how far it is; who is connected
        // elsewhere is read again too.
        for (const room of this.rooms.values()) {
          if (announce) shared.announce(room.id, room.table.version);
          else {
            room.refresh();
            room.lookAround();
          }
        }
      },
      attendance: (id) => this.rooms.get(id)?.lookAround(),
    });
    this.heartbeat = setInterval(() => this.probe(), HEARTBEAT_MS);
    this.heartbeat.unref();
    this.aliveTimer = setInterval(() => {
      this.store.alive(this.now()).catch((e: unknown) => this.problems.report('storage', e));
      // Connections held by another process end without a word when it is killed: where some
      // are known, they are read again, so those of a dead process age out.
      for (const room of this.rooms.values()) if (room.seesOthers) room.lookAround();
    }, ALIVE_MS);
    this.aliveTimer.unref();
    if (shared) {
      this.keepTimer = setInterval(() => void this.keepClocks(shared), KEEP_BEAT_MS);
      this.keepTimer.unref();
    }
  }

  /**
   * With other processes: claims the running clocks this one holds, lets go of those another
   * keeps (unless it has their clients), and now and then adopts the running games nobody
   * keeps, so that every running clock has a process to flag it and most have only one.
   */
  private async keepClocks(shared: Shared): Promise<void> {
    if (this.keeping || this.closing) return;
    this.keeping = true;
    try {
      const held = [...this.rooms.values()].filter((room) => room.clockRuns);
      const others = await shared.keep(held.map((room) => room.id));
      for (const room of held) if (others?.has(room.id)) room.release();
      if (++this.keepBeats % ADOPT_EVERY === 0) await this.adopt(shared);
    } finally {
      this.keeping = false;
    }
  }

  /** Loads the games with a running clock that no process keeps (their keeper died). */
  private async adopt(shared: Shared): Promise<void> {
    let running: readonly string[];
    try {
      running = await this.store.running();
    } catch (e) {
      this.problems.report('the games with a running clock could not be listed', e);
      return;
    }
    const missing = running.filter((id) => !this.rooms.has(id) && !this.loading.has(id));
    for (const id of (await shared.unkept(missing)) ?? []) {
      if (this.closing) return;
      await this.open(id, true).catch((e: unknown) => this.problems.report(`game ${id}`, e));
    }
  }

  /**
   * Starts the hub: notes the start in the store and loads every game whose clock was running,
   * so each flag falls on time even if nobody comes back.
   */
  static async start(
    store: GameStore,
    limits: Limits = DEFAULT_LIMITS,
    now: () => number = serverClock,
    shared?: Shared,
  ): Promise<Hub> {
    const previous = await store.lastAlive();
    const started = now();
    await store.alive(started);
    // With no note of life (a new database) nothing is known of the downtime: charge none.
    const hub = new Hub(store, limits, now, { from: previous ?? 0, to: started }, shared);
    // Not fatal: a game the list misses is re-armed when someone opens it.
    const running = await store.running().catch((e: unknown) => {
      hub.problems.report('the games with a running clock could not be listed', e);
      return [];
    });
    for (const id of running) {
      await hub.open(id, true).catch((e: unknown) => hub.problems.report(`game ${id}`, e));
    }
    return hub;
  }

  /** Open sockets. */
  get sockets(): number {
    return this.connections.size;
  }

  /** Games in memory. */
  get games(): number {
    return this.rooms.size;
  }

  /** Why a new socket from `address` is turned away (an HTTP status line), or undefined. */
  turnsAway(address: string): string | undefined {
    if (this.closing || this.connections.size >= this.limits.maxConnections) {
      return '503 Service Unavailable';
    }
    if ((this.perAddress.get(address) ?? 0) >= this.limits.maxSocketsPerAddress) {
      return '429 Too Many Requests';
    }
    return undefined;
  }

  /** Creates a game for the client at `address`, who takes a seat in it. */
  async create(request: CreateRequest, address: string): Promise<Checked<Created>> {
    const now = this.now();
    // Counted across processes when they share a Redis; by this process alone otherwise (or
    // while Redis cannot be reached).
    const counted = await this.shared?.takeCreation(address, this.limits.gamesPerMinute, now);
    if (counted === false || (counted === undefined && !this.takeLocally(address, now))) {
      return {
        ok: false,
        error: { code: 'rate-limited', message: 'too many games created; wait a minute' },
      };
    }
    const seat: Colour =
      request.side === 'random' ? (Math.random() < 0.5 ? 'white' : 'black') : request.side;
    const token = newToken();
    const setup: GameSetup = {
      variant: request.variant,
      clock: request.clock,
      seats: { [seat]: hashToken(token) },
    };
    const id = await this.createWithFreshId(now, setup);
    return { ok: true, value: { id, seat, token } };
  }

  /** Takes a creation from `address`'s own bucket in this process. */
  private takeLocally(address: string, now: number): boolean {
    let bucket = this.creators.get(address);
    if (!bucket) {
      this.forgetCreators(now);
      bucket = new TokenBucket(this.limits.gamesPerMinute / 60, this.limits.gameBurst, now);
      this.creators.set(address, bucket);
    }
    return bucket.take(now);
  }

  /** Stores a new game under an unused id (a clash of 50 random bits is all but impossible). */
  private async createWithFreshId(now: number, setup: GameSetup): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const id = newGameId();
      try {
        await this.store.create(id, now, setup);
        return id;
      } catch (e) {
        if (!(e instanceof VersionConflict) || attempt >= 3) throw e;
      }
    }
  }

  /** Forgets the buckets of addresses that have not created a game lately. */
  private forgetCreators(now: number): void {
    if (this.creators.size < 10_000) return;
    for (const [address, bucket] of this.creators) {
      if (bucket.full(now)) this.creators.delete(address);
    }
  }

  /** Takes a new socket from `address` for game `id`; the client must say hello first. */
  connect(ws: WebSocket, id: string, address: string): void {
    const connection = new Connection(ws, address, this.limits, this.now());
    this.connections.add(connection);
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    ws.on('message', (data, binary) => this.receive(connection, id, data, binary));
    ws.on('pong', () => {
      connection.alive = true;
    });
    ws.on('close', () => this.leave(connection));
    // A socket error (an oversized message, say) is followed by 'close'; nothing else to do.
    ws.on('error', () => undefined);
  }

  private leave(connection: Connection): void {
    clearTimeout(connection.helloTimer);
    this.connections.delete(connection);
    const left = (this.perAddress.get(connection.address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(connection.address, left);
    else this.perAddress.delete(connection.address);
    connection.room?.leave(connection);
  }

  private probe(): void {
    for (const connection of this.connections) {
      if (!connection.alive) connection.ws.terminate();
      else {
        connection.alive = false;
        connection.ws.ping();
      }
    }
  }

  private receive(
    connection: Connection,
    id: string,
    data: WebSocket.RawData,
    binary: boolean,
  ): void {
    if (!connection.bucket.take(this.now())) {
      connection.refuse({ code: 'rate-limited', message: 'too many messages; slow down' });
      return;
    }
    if (binary) {
      connection.refuse({ code: 'bad-message', message: 'messages are JSON text' });
      return;
    }
    const parsed = parseClientMessage(data.toString());
    if (!parsed.ok) {
      connection.refuse(parsed.error);
      return;
    }
    const message = parsed.value;
    if (message.t === 'ping') {
      connection.send({ t: 'pong' });
    } else if (message.t === 'hello') {
      if (connection.saidHello) {
        connection.refuse({ code: 'bad-message', message: 'hello is said once per connection' });
      } else {
        connection.saidHello = true;
        clearTimeout(connection.helloTimer);
        void this.hello(connection, id, message.token);
      }
    } else if (!connection.room) {
      connection.refuse({
        code: 'hello-first',
        message: 'say hello before anything else, and wait for the game',
      });
    } else if (message.t === 'sync') {
      connection.room.sync(connection);
    } else {
      connection.room.act(connection, message);
    }
  }

  private async hello(
    connection: Connection,
    id: string,
    token: string | undefined,
  ): Promise<void> {
    let room: Room | undefined;
    try {
      room = await this.open(id);
    } catch (e) {
      // This game alone cannot be read (a corrupt page, say): its clients are told, and every
      // other game goes on.
      this.problems.report(`game ${id} could not be loaded`, e);
      connection.refuse({ code: 'server-error', message: 'the game could not be loaded' });
      connection.close(1011, 'the game could not be loaded');
      return;
    }
    if (!room) {
      connection.refuse({ code: 'no-such-game', message: 'there is no game with this link' });
      connection.close(NO_SUCH_GAME_CLOSE, 'no such game');
      return;
    }
    if (await room.admit(connection, token)) connection.room = room;
  }

  /** The game in memory, loading it from the store on first use; `noted`: its clock runs. */
  private open(id: string, noted = false): Promise<Room | undefined> {
    const room = this.rooms.get(id);
    if (room) return Promise.resolve(room);
    let loading = this.loading.get(id);
    if (!loading) {
      loading = this.store
        .load(id)
        .then((stored) => {
          if (!stored || this.closing) return undefined;
          const table = restoreTable(stored, this.now(), this.downtime);
          const room = new Room(table, this.context, noted);
          this.rooms.set(id, room);
          for (const { version, event } of this.early.get(id) ?? []) room.relayed(version, event);
          return room;
        })
        .finally(() => {
          this.loading.delete(id);
          this.early.delete(id);
        });
      this.early.set(id, []);
      this.loading.set(id, loading);
    }
    return loading;
  }

  /** Closes every socket and waits for the commands under way. */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.heartbeat);
    clearInterval(this.aliveTimer);
    clearInterval(this.keepTimer);
    for (const connection of this.connections) connection.close(1001, 'server closing');
    const rooms = [...this.rooms.values()];
    this.rooms.clear();
    await Promise.all([...rooms.map((r) => r.close()), ...this.loading.values()]);
  }
}
