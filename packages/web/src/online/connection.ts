// A WebSocket that comes back by itself, shared by a game's page and the lobby: after a drop it
// reconnects with a growing pause and says hello again (with the seat's or the player's token),
// and the server answers with everything, so nothing missed while away is lost. A quiet line is
// probed, so a dead connection that never said goodbye is noticed too.

import { NO_SUCH_GAME_CLOSE } from '@agon/protocol';

/** The state of the line. */
export type LineState = 'connecting' | 'open' | 'closed';

/** What a line is to: where, what it says first, and how it reads what it hears. */
interface LineSpec<In, Out> {
  /** The socket's path on this server, such as `/api/lobby/socket`. */
  readonly path: string;
  /** The first message, sent again on every reconnection (read anew, so it can change). */
  readonly hello: () => Out;
  /** Reads one message; undefined for anything not from our server, which is ignored. */
  readonly parse: (data: unknown) => In | undefined;
}

/** What the connection reports to its owner. */
interface ConnectionEvents<In> {
  readonly message: (message: In) => void;
  readonly state: (state: LineState) => void;
  /** The server said it will never serve this address (an unknown game). */
  readonly gone?: () => void;
}

/** A parser for the protocol's messages: any object with a type `t`, trusted as `T`. */
export function tagged<T extends { readonly t: string }>(data: unknown): T | undefined {
  return typeof data === 'object' && data !== null && typeof (data as T).t === 'string'
    ? (data as T)
    : undefined;
}

const PROBE_MS = 20_000;
const SILENCE_MS = 45_000;
const MAX_PAUSE_MS = 8000;

/** A self-reconnecting socket that speaks `Out` and hears `In`. */
export class Connection<In, Out> {
  private ws: WebSocket | undefined;
  private attempts = 0;
  private lastHeard = 0;
  /** How many messages the line has heard, so an awaited answer is known to have come. */
  private heard = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private awaiting: ReturnType<typeof setTimeout> | undefined;
  private readonly probe: ReturnType<typeof setInterval>;
  private stopped = false;
  private readonly wake = (): void => {
    if (this.ws === undefined && !this.stopped) this.connect();
  };

  /** Connects at once. */
  constructor(
    private readonly spec: LineSpec<In, Out>,
    private readonly events: ConnectionEvents<In>,
  ) {
    this.connect();
    this.probe = setInterval(() => this.check(), PROBE_MS);
    addEventListener('online', this.wake);
  }

  private connect(): void {
    clearTimeout(this.retry);
    this.events.state('connecting');
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${scheme}//${location.host}${this.spec.path}`);
    this.ws = ws;
    ws.onopen = () => {
      this.attempts = 0;
      this.lastHeard = Date.now();
      this.events.state('open');
      this.send(this.spec.hello());
    };
    ws.onmessage = (e) => {
      this.lastHeard = Date.now();
      this.heard++;
      let data: unknown;
      try {
        data = JSON.parse(String(e.data));
      } catch {
        return; // not JSON: not from our server
      }
      const message = this.spec.parse(data);
      if (message !== undefined) this.events.message(message);
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = undefined;
      this.events.state('closed');
      if (e.code === NO_SUCH_GAME_CLOSE) {
        this.stopped = true;
        this.events.gone?.();
      }
      if (this.stopped) return;
      // 0.5 s, 1 s, 2 s ... up to 8 s, with jitter so a restarted server is not stampeded.
      const pause = Math.min(MAX_PAUSE_MS, 500 * 2 ** this.attempts++) * (0.75 + Math.random() / 2);
      this.retry = setTimeout(() => this.connect(), pause);
    };
  }

  private check(): void {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    // A line this quiet is dead even if it never closed: drop it without waiting.
    if (Date.now() - this.lastHeard > SILENCE_MS) this.drop(ws);
    else ws.send('{"t":"ping"}'); // both sockets answer a ping with a pong
  }

  private drop(ws: WebSocket): void {
    ws.onclose = null;
    ws.close();
    this.connect();
  }

  /**
   * An answer is due (a move's acknowledgement): unless the server says something within `ms`,
   * the line is taken for dead and opened again, so the owner learns what became of what it sent
   * in seconds rather than at the next probe.
   */
  expect(ms: number): void {
    const ws = this.ws;
    const heard = this.heard;
    clearTimeout(this.awaiting);
    this.awaiting = setTimeout(() => {
      if (ws !== undefined && this.ws === ws && this.heard === heard) this.drop(ws);
    }, ms);
  }

  /** Sends a message if the line is open; false if it is not. */
  send(message: Out): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /** Closes for good. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    clearTimeout(this.awaiting);
    clearInterval(this.probe);
    removeEventListener('online', this.wake);
    this.ws?.close();
    this.ws = undefined;
  }
}
