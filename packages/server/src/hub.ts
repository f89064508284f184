// The WebSocket side of online play, kept thin: it turns socket messages into commands for the
// referee, commits each resulting event to the store before anyone hears of it, applies it to
// the table and tells every client of that game. Commands for one game run one at a time in
// arrival order (a queue per game); different games never wait for each other except on the
// store's shared commits.

import { type Colour, makeMoveText } from '@agon/engine';
import {
  type Checked,
  type ClientMessage,
  type Created,
  type CreateRequest,
  type GameView,
  MAX_MESSAGE_BYTES,
  NO_SUCH_GAME_CLOSE,
  type Presence,
  parseClientMessage,
  type Refusal,
  type ServerMessage,
} from '@agon/protocol';
import { WebSocket } from 'ws';
import { TokenBucket } from './rate-limit.ts';
import { type Command, decide } from './referee.ts';
import { hashToken, newGameId, newToken } from './secret.ts';
import { type GameEvent, type GameSetup, type GameStore, VersionConflict } from './store.ts';
import {
  applyEvent,
  clockView,
  outcomeOf,
  publicEvent,
  restoreTable,
  runningClock,
  type Table,
  timeLeft,
} from './table.ts';

/** The limits that keep one client from hurting the others. */
export interface Limits {
  /** Socket messages per second per connection, on average... */
  readonly messagesPerSecond: number;
  /** ...with bursts up to this many. */
  readonly messageBurst: number;
  /** Refused messages after which the connection is closed. */
  readonly maxRefusals: number;
  /** Games created per minute per client address, on average... */
  readonly gamesPerMinute: number;
  /** ...with bursts up to this many. */
  readonly gameBurst: number;
  /** The largest socket message accepted, in bytes; a larger one closes the connection. */
  readonly maxMessageBytes: number;
  /** Open sockets at most; more are turned away. */
  readonly maxConnections: number;
  /** Unsent bytes a client may fall behind by before it is dropped. */
  readonly maxBufferedBytes: number;
  /** How long a game nobody is connected to stays in memory. */
  readonly idleMs: number;
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
  maxBufferedBytes: 1 << 20,
  idleMs: 60_000,
};

/** How often silent sockets are probed; one that missed a probe is closed. */
const HEARTBEAT_MS = 30_000;

/** One socket and what it has proved. */
interface Client {
  readonly ws: WebSocket;
  readonly bucket: TokenBucket;
  live: Live | undefined;
  /** The seat its token proved, or null for a watcher. */
  seat: Colour | null;
  saidHello: boolean;
  refusals: number;
  alive: boolean;
}

/** A game in memory with its clients. */
interface Live {
  readonly table: Table;
  readonly clients: Set<Client>;
  /** The tail of this game's command queue. */
  queue: Promise<void>;
  alarm: NodeJS.Timeout | undefined;
  idle: NodeJS.Timeout | undefined;
}

/** Online play: every game in memory and every socket. */
export class Hub {
  private readonly live = new Map<string, Live>();
  private readonly loading = new Map<string, Promise<Live | undefined>>();
  private readonly clients = new Set<Client>();
  private readonly creators = new Map<string, TokenBucket>();
  private readonly heartbeat: NodeJS.Timeout;
  private closing = false;

  /** A hub over `store`; `now` is the clock (ms since 1970), replaceable in tests. */
  constructor(
    private readonly store: GameStore,
    private readonly limits: Limits = DEFAULT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {
    this.heartbeat = setInterval(() => this.probe(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Open sockets. */
  get connections(): number {
    return this.clients.size;
  }

  /** Games in memory. */
  get games(): number {
    return this.live.size;
  }

  /** Creates a game for the client at `address`, who takes a seat in it. */
  async create(request: CreateRequest, address: string): Promise<Checked<Created>> {
    const now = this.now();
    let bucket = this.creators.get(address);
    if (!bucket) {
      this.forgetCreators(now);
      bucket = new TokenBucket(this.limits.gamesPerMinute / 60, this.limits.gameBurst, now);
      this.creators.set(address, bucket);
    }
    if (!bucket.take(now)) {
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

  /** Takes a new socket for game `id`; the client must say hello first. */
  connect(ws: WebSocket, id: string): void {
    const client: Client = {
      ws,
      bucket: new TokenBucket(this.limits.messagesPerSecond, this.limits.messageBurst, this.now()),
      live: undefined,
      seat: null,
      saidHello: false,
      refusals: 0,
      alive: true,
    };
    this.clients.add(client);
    ws.on('message', (data, binary) => this.receive(client, id, data, binary));
    ws.on('pong', () => {
      client.alive = true;
    });
    ws.on('close', () => this.leave(client));
    // A socket error (an oversized message, say) is followed by 'close'; nothing else to do.
    ws.on('error', () => undefined);
  }

  private probe(): void {
    for (const client of this.clients) {
      if (!client.alive) client.ws.terminate();
      else {
        client.alive = false;
        client.ws.ping();
      }
    }
  }

  private send(client: Client, message: ServerMessage | string): void {
    const ws = client.ws;
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > this.limits.maxBufferedBytes) {
      ws.terminate(); // too far behind to catch up; it reconnects and gets the whole state
      return;
    }
    ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  private refuse(client: Client, error: Refusal): void {
    this.send(client, { t: 'error', ...error });
    if (++client.refusals > this.limits.maxRefusals) client.ws.close(1008, 'too many refusals');
  }

  private receive(client: Client, id: string, data: WebSocket.RawData, binary: boolean): void {
    if (!client.bucket.take(this.now())) {
      this.refuse(client, { code: 'rate-limited', message: 'too many messages; slow down' });
      return;
    }
    if (binary) {
      this.refuse(client, { code: 'bad-message', message: 'messages are JSON text' });
      return;
    }
    const parsed = parseClientMessage(data.toString());
    if (!parsed.ok) {
      this.refuse(client, parsed.error);
      return;
    }
    const message = parsed.value;
    if (message.t === 'ping') {
      this.send(client, { t: 'pong' });
    } else if (message.t === 'hello') {
      if (client.saidHello) {
        this.refuse(client, { code: 'bad-message', message: 'hello is said once per connection' });
      } else {
        client.saidHello = true;
        void this.hello(client, id, message.token);
      }
    } else if (!client.live) {
      this.refuse(client, {
        code: 'hello-first',
        message: 'say hello before anything else, and wait for the game',
      });
    } else if (message.t === 'sync') {
      this.send(client, this.stateFor(client.live, client.seat));
    } else {
      const live = client.live;
      this.enqueue(live, () => this.command(live, client, message));
    }
  }

  /** Runs `work` after everything already queued for this game. */
  private enqueue(live: Live, work: () => Promise<void>): void {
    live.queue = live.queue.then(work).catch((e: unknown) => {
      console.error(`game ${live.table.id}:`, e);
    });
  }

  private async hello(client: Client, id: string, token: string | undefined): Promise<void> {
    let live: Live | undefined;
    try {
      live = await this.open(id);
    } catch (e) {
      console.error(`game ${id}: could not load`, e);
      this.refuse(client, { code: 'server-error', message: 'the game could not be loaded' });
      return;
    }
    if (!live) {
      this.refuse(client, { code: 'no-such-game', message: 'there is no game with this link' });
      client.ws.close(NO_SUCH_GAME_CLOSE, 'no such game');
      return;
    }
    const game = live;
    this.enqueue(game, async () => {
      if (client.ws.readyState !== WebSocket.OPEN) return;
      const hash = token === undefined ? undefined : hashToken(token);
      let seat: Colour | null =
        hash === undefined
          ? null
          : game.table.seats.white === hash
            ? 'white'
            : game.table.seats.black === hash
              ? 'black'
              : null;
      let given: string | undefined;
      if (seat === null) {
        // Whoever opens the link first takes the free seat; later visitors watch.
        const fresh = newToken();
        const ruling = decide(game.table, { t: 'join', token: hashToken(fresh) }, this.now());
        if (ruling.ok && (await this.commit(game, ruling.event, client))) {
          seat = ruling.event.kind === 'join' ? ruling.event.seat : null;
          given = fresh;
        }
      }
      client.seat = seat;
      client.live = game;
      game.clients.add(client);
      if (game.idle) clearTimeout(game.idle);
      game.idle = undefined;
      this.send(client, this.stateFor(game, seat, given));
      this.broadcastPresence(game);
    });
  }

  /** The game in memory, loading it from the store on first use. */
  private open(id: string): Promise<Live | undefined> {
    const live = this.live.get(id);
    if (live) return Promise.resolve(live);
    let loading = this.loading.get(id);
    if (!loading) {
      loading = this.store
        .load(id)
        .then((stored) => {
          if (!stored || this.closing) return undefined;
          const game: Live = {
            table: restoreTable(stored, this.now()),
            clients: new Set(),
            queue: Promise.resolve(),
            alarm: undefined,
            idle: undefined,
          };
          this.live.set(id, game);
          this.arm(game);
          return game;
        })
        .finally(() => this.loading.delete(id));
      this.loading.set(id, loading);
    }
    return loading;
  }

  private async command(
    live: Live,
    client: Client,
    message: Exclude<ClientMessage, { t: 'hello' | 'sync' | 'ping' }>,
  ): Promise<void> {
    // A clock that ran out ends the game before anything after it is looked at.
    await this.flag(live);
    const by = client.seat;
    const command: Command =
      message.t === 'rematch' ? { ...message, by, next: newGameId() } : { ...message, by };
    const ruling = decide(live.table, command, this.now());
    if (!ruling.ok) {
      this.refuse(client, ruling.error);
      return;
    }
    if (ruling.event.kind === 'rematch') {
      const t = live.table;
      const setup: GameSetup = {
        variant: t.setup.variant,
        clock: t.setup.clock,
        seats: { white: t.seats.black, black: t.seats.white },
        previous: t.id,
      };
      try {
        await this.store.create(ruling.event.next, ruling.event.at, setup);
      } catch (e) {
        console.error(`game ${t.id}: could not create the rematch`, e);
        this.refuse(client, { code: 'server-error', message: 'the rematch could not be stored' });
        return;
      }
    }
    await this.commit(live, ruling.event, client);
  }

  /** Stores the event, then applies it and tells every client; false if storing failed. */
  private async commit(live: Live, event: GameEvent, cause?: Client): Promise<boolean> {
    const table = live.table;
    try {
      await this.store.append(table.id, table.version + 1, event);
    } catch (e) {
      console.error(`game ${table.id}: could not store version ${table.version + 1}`, e);
      if (cause) {
        this.refuse(cause, { code: 'server-error', message: 'the server could not store that' });
      }
      if (e instanceof VersionConflict) this.evict(live, 1012);
      return false;
    }
    applyEvent(table, event);
    const now = this.now();
    const text = JSON.stringify({
      t: 'event',
      version: table.version,
      event: publicEvent(event),
      clock: clockView(table, now),
      outcome: outcomeOf(table) ?? null,
    } satisfies ServerMessage);
    for (const client of live.clients) this.send(client, text);
    this.arm(live);
    return true;
  }

  /** Sets the alarm for the running clock, so a flag falls even if nobody moves. */
  private arm(live: Live): void {
    if (live.alarm) clearTimeout(live.alarm);
    live.alarm = undefined;
    const side = runningClock(live.table);
    if (side === undefined) return;
    const left = timeLeft(live.table, side, this.now());
    live.alarm = setTimeout(() => this.enqueue(live, () => this.flag(live)), Math.max(0, left) + 1);
  }

  private async flag(live: Live): Promise<void> {
    const ruling = decide(live.table, { t: 'flag' }, this.now());
    if (!ruling.ok) return;
    if (await this.commit(live, ruling.event)) this.rest(live);
  }

  private presence(live: Live): Presence {
    let white = false;
    let black = false;
    let watchers = 0;
    for (const c of live.clients) {
      if (c.seat === 'white') white = true;
      else if (c.seat === 'black') black = true;
      else watchers++;
    }
    return { online: { white, black }, watchers };
  }

  private broadcastPresence(live: Live): void {
    const text = JSON.stringify({ t: 'presence', ...this.presence(live) } satisfies ServerMessage);
    for (const client of live.clients) this.send(client, text);
  }

  private stateFor(live: Live, you: Colour | null, token?: string): ServerMessage {
    const t = live.table;
    const game: GameView = {
      id: t.id,
      variant: t.setup.variant,
      version: t.version,
      moves: t.game.moves.map(makeMoveText),
      seats: { white: t.seats.white !== undefined, black: t.seats.black !== undefined },
      clock: clockView(t, this.now()),
      drawOffer: t.drawOffer ?? null,
      rematchOffer: t.rematchOffer ?? null,
      outcome: outcomeOf(t) ?? null,
      next: t.next ?? null,
      ...this.presence(live),
    };
    return token === undefined ? { t: 'state', game, you } : { t: 'state', game, you, token };
  }

  private leave(client: Client): void {
    this.clients.delete(client);
    const live = client.live;
    if (!live) return;
    live.clients.delete(client);
    this.broadcastPresence(live);
    this.rest(live);
  }

  /**
   * Lets a game nobody watches leave memory after a while; one whose clock runs stays, so its
   * flag still falls on time.
   */
  private rest(live: Live): void {
    if (live.clients.size > 0 || runningClock(live.table) || live.idle) return;
    live.idle = setTimeout(() => {
      live.idle = undefined;
      if (live.clients.size === 0 && !runningClock(live.table)) this.evict(live, 1001);
    }, this.limits.idleMs);
    live.idle.unref();
  }

  /** Drops a game from memory; its clients reconnect and load it afresh. */
  private evict(live: Live, code: number): void {
    if (live.alarm) clearTimeout(live.alarm);
    if (live.idle) clearTimeout(live.idle);
    if (this.live.get(live.table.id) === live) this.live.delete(live.table.id);
    for (const client of live.clients) client.ws.close(code, 'reload the game');
  }

  /** Closes every socket and waits for the commands under way. */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.heartbeat);
    for (const client of this.clients) client.ws.close(1001, 'server closing');
    const queues = [...this.live.values()].map((l) => l.queue);
    for (const live of this.live.values()) {
      if (live.alarm) clearTimeout(live.alarm);
      if (live.idle) clearTimeout(live.idle);
    }
    this.live.clear();
    await Promise.all([...queues, ...this.loading.values()]);
  }
}
