// The server's WebSockets, whatever they are for: the total and per-address limits, the hello
// deadline, the heartbeat, the message rate and the count of refusals live here, once for
// every kind of socket. What a socket's messages are and what they do is its kind's
// `SocketHandler`: a game's (game/socket.ts), the lobby's (lobby/socket.ts) or an event's
// (tournament/socket.ts).

import { type Checked, RESTART_CLOSE, type Refusal, type ServerMessage } from '@agon/protocol';
import { WebSocket } from 'ws';
import type { SocketLimits } from './limits.ts';
import type { Problems } from './problems.ts';
import { TokenBucket } from './rate-limit.ts';

/** A connection as a game sees it (game/room.ts): the face every socket shows a room. */
export interface Member {
  /** Whether it is still connected. */
  readonly open: boolean;
  /** Sends a message (or one already serialised, when many members get the same). */
  send(message: ServerMessage | string): void;
  /** Sends a refusal; the connection keeps its own count of its own faults. */
  refuse(error: Refusal): void;
  /** Closes the connection with a WebSocket close code. */
  close(code: number, reason: string): void;
}

/** A message from a client: its type is `t`. */
export interface Tagged {
  readonly t: string;
}

/** The hello of a kind of socket's messages. */
type Hello<In extends Tagged> = Extract<In, { t: 'hello' }>;
/** Its messages after hello (pings are answered for every kind alike). */
type Later<In extends Tagged> = Exclude<In, { t: 'hello' | 'ping' }>;

/**
 * A kind of socket: how its messages read and what they do. One per connection. What `hello`
 * and `receive` start may run on (a promise): the sockets watch it, so a failure is logged and
 * answered, never left to reject unhandled.
 */
export interface SocketHandler<In extends Tagged> {
  /** Reads one text message, or refuses it with a code. */
  parse(text: string): Checked<In>;
  /** The connection said hello (once; a second is refused before it gets here). */
  hello(connection: Connection, message: Hello<In>): Promise<unknown> | undefined;
  /** Any other message but a ping, within the message rate. */
  receive(connection: Connection, message: Later<In>): Promise<unknown> | undefined;
  /** The connection closed. */
  leave(connection: Connection): void;
}

/** How often silent sockets are probed; one that missed a probe is closed. */
const HEARTBEAT_MS = 30_000;
/** The close code for a socket that never said hello. */
const NO_HELLO_CLOSE = 4408;
/** How long a closing server waits for its clients to answer the close. */
const CLOSE_GRACE_MS = 2000;

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
  /** Told when the last socket is gone, once closing. */
  private drained: (() => void) | undefined;

  /**
   * Sockets under `limits`; `now` is the server's clock (hub.ts's `serverClock`); what goes
   * wrong in a handler is told to `problems`.
   */
  constructor(
    private readonly limits: SocketLimits,
    private readonly now: () => number,
    private readonly problems: Problems,
  ) {
    this.heartbeat = setInterval(() => this.probe(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Open sockets. */
  get size(): number {
    return this.connections.size;
  }

  /** Why a new socket from `address` is turned away (an HTTP status and a refusal), or undefined. */
  turnsAway(address: string): { readonly status: number; readonly error: Refusal } | undefined {
    if (this.closing || this.connections.size >= this.limits.maxConnections) {
      return {
        status: 503,
        error: { code: 'unavailable', message: 'the server takes no more sockets just now' },
      };
    }
    if ((this.perAddress.get(address) ?? 0) >= this.limits.maxSocketsPerAddress) {
      return {
        status: 429,
        error: { code: 'rate-limited', message: 'too many sockets from this address' },
      };
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
      try {
        handler.leave(connection);
      } catch (e) {
        this.problems.report('socket', e, true);
      }
    });
    // A socket error (an oversized message, say) is followed by 'close'; nothing else to do.
    ws.on('error', () => undefined);
    // Upgraded while the server began to close: it goes the way of the others.
    if (this.closing) connection.close(RESTART_CLOSE, 'server restarting');
  }

  private forget(connection: Connection): void {
    clearTimeout(connection.helloTimer);
    this.connections.delete(connection);
    const left = (this.perAddress.get(connection.address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(connection.address, left);
    else this.perAddress.delete(connection.address);
    if (this.connections.size === 0) this.drained?.();
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
        this.watch(connection, () => handler.hello(connection, message));
      }
    } else {
      // Neither a ping nor a hello, which is what `Later` leaves.
      this.watch(connection, () => handler.receive(connection, message as Later<In>));
    }
  }

  /**
   * Runs what a handler does with a message, and whatever it starts to the end: a failure (a
   * bug, or a service away that nothing caught) is logged with its stack and the client is told
   * the server could not do it, and the process goes on.
   */
  private watch(connection: Connection, work: () => Promise<unknown> | undefined): void {
    const failed = (e: unknown): void => {
      this.problems.report('socket', e, true);
      connection.refuse({ code: 'server-error', message: 'the server could not do that now' });
    };
    try {
      work()?.catch(failed);
    } catch (e) {
      failed(e);
    }
  }

  /**
   * Turns new sockets away and closes every open one with RESTART_CLOSE, so that pages come
   * back to the next server; answers once all are gone. A client that does not answer the
   * close within `graceMs` (a dead line, a stalled tab) is cut off rather than waited for:
   * until the last socket is gone the process cannot exit and let go of its data folder.
   */
  async close(graceMs = CLOSE_GRACE_MS): Promise<void> {
    this.closing = true;
    clearInterval(this.heartbeat);
    if (this.connections.size === 0) return;
    const gone = new Promise<void>((resolve) => {
      this.drained = resolve;
    });
    for (const connection of this.connections) connection.close(RESTART_CLOSE, 'server restarting');
    const grace = setTimeout(() => {
      for (const connection of this.connections) connection.ws.terminate();
    }, graceMs);
    await gone;
    clearTimeout(grace);
  }
}
