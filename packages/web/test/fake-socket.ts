// The browser around a page's socket, for unit tests: a WebSocket the test plays the server
// through (it keeps what the page sends), and the globals the page's connection reads.

import { vi } from 'vitest';

/** A WebSocket class whose sockets keep the `Sent` messages and can be made to hear `Heard`. */
export function fakeSocket<Sent, Heard>() {
  return class FakeSocket {
    static readonly OPEN = 1;
    static last: FakeSocket | undefined;
    readonly readyState = FakeSocket.OPEN;
    readonly sent: Sent[] = [];
    onopen: (() => void) | null = null;
    onmessage: ((e: { data: string }) => void) | null = null;
    onclose: ((e: { code: number }) => void) | null = null;
    constructor() {
      FakeSocket.last = this;
    }
    send(text: string): void {
      this.sent.push(JSON.parse(text) as Sent);
    }
    close(): void {}
    hear(m: Heard): void {
      this.onmessage?.({ data: JSON.stringify(m) });
    }
  };
}

/** Puts `socket` in place of WebSocket, on a page at http://localhost (vi.unstubAllGlobals ends it). */
export function stubBrowser(socket: unknown): void {
  vi.stubGlobal('WebSocket', socket);
  vi.stubGlobal('location', { protocol: 'http:', host: 'localhost' });
  vi.stubGlobal('addEventListener', () => undefined);
  vi.stubGlobal('removeEventListener', () => undefined);
}
