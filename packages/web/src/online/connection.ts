// A WebSocket to one game that comes back by itself: after a drop it reconnects with a
// growing pause, says hello again with the seat token, and the server answers with the whole
// game, so nothing missed while away is lost. A quiet line is probed, so a dead connection
// that never said goodbye is noticed too.

import { type ClientMessage, NO_SUCH_GAME_CLOSE, type ServerMessage } from '@agon/protocol';

/** The state of the line. */
export type LineState = 'connecting' | 'open' | 'closed';

/** What the connection reports to its owner. */
export interface ConnectionEvents {
  /** The socket is open; the owner says hello. */
  readonly open: () => void;
  readonly message: (message: ServerMessage) => void;
  readonly state: (state: LineState) => void;
  /** The server said it will never serve this game (unknown id). */
  readonly gone: () => void;
}

const PROBE_MS = 20_000;
const SILENCE_MS = 45_000;
const MAX_PAUSE_MS = 8000;

/** A self-reconnecting socket to game `id`. */
export class Connection {
  private ws: WebSocket | undefined;
  private attempts = 0;
  private lastHeard = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private readonly probe: ReturnType<typeof setInterval>;
  private stopped = false;
  private readonly wake = (): void => {
    if (this.ws === undefined && !this.stopped) this.connect();
  };

  /** Connects at once. */
  constructor(
    private readonly id: string,
    private readonly events: ConnectionEvents,
  ) {
    this.connect();
    this.probe = setInterval(() => this.check(), PROBE_MS);
    addEventListener('online', this.wake);
  }

  private connect(): void {
    clearTimeout(this.retry);
    this.events.state('connecting');
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${scheme}//${location.host}/api/games/${this.id}/socket`);
    this.ws = ws;
    ws.onopen = () => {
      this.attempts = 0;
      this.lastHeard = Date.now();
      this.events.state('open');
      this.events.open();
    };
    ws.onmessage = (e) => {
      this.lastHeard = Date.now();
      try {
        this.events.message(JSON.parse(String(e.data)) as ServerMessage);
      } catch {
        // Not JSON: not from our server; ignore it.
      }
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = undefined;
      this.events.state('closed');
      if (e.code === NO_SUCH_GAME_CLOSE) {
        this.stopped = true;
        this.events.gone();
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
    if (Date.now() - this.lastHeard > SILENCE_MS) {
      // A line this quiet is dead even if it never closed: drop it without waiting.
      ws.onclose = null;
      ws.close();
      this.connect();
    } else this.send({ t: 'ping' });
  }

  /** Sends a message if the line is open; false if it is not. */
  send(message: ClientMessage): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /** Closes for good. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    clearInterval(this.probe);
    removeEventListener('online', this.wake);
    this.ws?.close();
    this.ws = undefined;
  }
}
