// The server's WebSockets, whatever they are for: the total and per-address limits, the hello
// deadline, the heartbeat, the message rate and the count of refusals live here, once for
// every kind of socket. What a socket's messages are and what they do is its kind's
// `SocketHandler`: `gameSocket` for a game's socket, which routes each message to the game's
// `Room`.

import {
  type Checked,
  type ClientMessage,
  NO_SUCH_GAME_CLOSE,
  parseClientMessage,
  type Refusal,
} from '@agon/protocol';
import { WebSocket } from 'ws';
import type { Hub } from './hub.ts';
import { TokenBucket } from './rate-limit.ts';
import type { Member, Room } from './room.ts';

/** The limits that keep one client's sockets from hurting the others. */
export interface SocketLimits {
  /** Socket messages per second per connection, on average... */
  readonly messagesPerSecond: number;
  /** ...with bursts up to this many. */
  readonly messageBurst: number;
  /** Refused messages after which the connection is closed (the server's own failures aside). */
  readonly maxRefusals: number;
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

/** A message from a client: its type is `t`. */
export interface Tagged {
  readonly t: string;
}

/** The hello of a kind of socket's messages. */
type Hello<In extends Tagged> = Extract<In, { t: 'hello' }>;
/** Its messages after hello (pings are answered for every kind alike). */
type Later<In extends Tagged> = Exclude<In, { t: 'hello' | 'ping' }>;

/** A kind of socket: how its messages read and what they do. One per connection. */
export interface SocketHandler<In extends Tagged> {
  /** Reads one text message, or refuses it with a code. */
  parse(text: string): Checked<In>;
  /** The connection said hello (once; a second is refused before it gets here). */
  hello(connection: Connection, message: Hello<In>): void;
  /** Any other message but a ping, within the message rate. */
  receive(connection: Connection, message: Later<In>): void;
  /** The connection closed. */
  leave(connection: Connection): void;
}

/** How often silent sockets are probed; one that missed a probe is closed. */
const HEARTBEAT_MS = 30_000;
/** The close code for a socket that never said hello. */
const NO_HELLO_CLOSE = 4408;

const isHello = <In extends Tagged>(message: In): message is Hello<In> => message.t === 'hello';

/** One socket and what it has proved. */
export class Connection implements Member {
  saidHello = false;
  /** Whether it answered the last probe. */
  alive = true;
  private refusals = 0;
  readonly bucket: TokenBucket;
  readonly helloTimer: NodeJS.Timeout;

  constructor(
    readonly ws: WebSocket,
    readonly address: string,
    private readonly limits: SocketLimits,
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

  /** Sends a message of any kind of socket (or one already serialised). */
  send(message: Tagged | string): void {
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

/** Every open socket of the server, of every kind. */
export class Sockets {
  private readonly connections = new Set<Connection>();
  private readonly perAddress = new Map<string, number>();
  private readonly heartbeat: NodeJS.Timeout;
  private closing = false;

  /** Sockets under `limits`; `now` is the server's clock (hub.ts's `serverClock`). */
  constructor(
    private readonly limits: SocketLimits,
    private readonly now: () => number,
  ) {
    this.heartbeat = setInterval(() => this.probe(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Open sockets. */
  get size(): number {
    return this.connections.size;
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

  /** Takes a new socket from `address`, its messages handled by `handler`. */
  connect<In extends Tagged>(ws: WebSocket, address: string, handler: SocketHandler<In>): void {
    const connection = new Connection(ws, address, this.limits, this.now());
    this.connections.add(connection);
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    ws.on('message', (data, binary) => this.receive(connection, handler, data, binary));
    ws.on('pong', () => {
      connection.alive = true;
    });
    ws.on('close', () => {
      this.forget(connection);
      handler.leave(connection);
    });
    // A socket error (an oversized message, say) is followed by 'close'; nothing else to do.
    ws.on('error', () => undefined);
  }

  private forget(connection: Connection): void {
    clearTimeout(connection.helloTimer);
    this.connections.delete(connection);
    const left = (this.perAddress.get(connection.address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(connection.address, left);
    else this.perAddress.delete(connection.address);
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

  private receive<In extends Tagged>(
    connection: Connection,
    handler: SocketHandler<In>,
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
    const parsed = handler.parse(data.toString());
    if (!parsed.ok) {
      connection.refuse(parsed.error);
      return;
    }
    const message = parsed.value;
    if (message.t === 'ping') {
      connection.send({ t: 'pong' });
    } else if (isHello(message)) {
      if (connection.saidHello) {
        connection.refuse({ code: 'bad-message', message: 'hello is said once per connection' });
      } else {
        connection.saidHello = true;
        clearTimeout(connection.helloTimer);
        handler.hello(connection, message);
      }
    } else {
      // Neither a ping nor a hello, which is what `Later` leaves.
      handler.receive(connection, message as Later<In>);
    }
  }

  /** Turns new sockets away and closes every open one. */
  close(): void {
    this.closing = true;
    clearInterval(this.heartbeat);
    for (const connection of this.connections) connection.close(1001, 'server closing');
  }
}

/** The handler of one socket of game `id`: its hello joins the game, the rest go to its room. */
export function gameSocket(id: string, hub: Hub): SocketHandler<ClientMessage> {
  let room: Room | undefined;
  return {
    parse: parseClientMessage,
    hello(connection, message) {
      void (async () => {
        let opened: Room | undefined;
        try {
          opened = await hub.open(id);
        } catch (e) {
          // This game alone cannot be read (a corrupt page, say): its clients are told, and
          // every other game goes on.
          hub.problems.report(`game ${id} could not be loaded`, e);
          connection.refuse({ code: 'server-error', message: 'the game could not be loaded' });
          connection.close(1011, 'the game could not be loaded');
          return;
        }
        if (!opened) {
          connection.refuse({ code: 'no-such-game', message: 'there is no game with this link' });
          connection.close(NO_SUCH_GAME_CLOSE, 'no such game');
          return;
        }
        if (await opened.admit(connection, message.token)) room = opened;
      })();
    },
    receive(connection, message) {
      if (!room) {
        connection.refuse({
          code: 'hello-first',
          message: 'say hello before anything else, and wait for the game',
        });
      } else if (message.t === 'sync') {
        room.sync(connection);
      } else {
        room.act(connection, message);
      }
    },
    leave(connection) {
      room?.leave(connection);
    },
  };
}
