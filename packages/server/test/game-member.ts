// A game connection for in-process tests of a game (room.ts): it keeps what it is sent.

import type { ServerMessage } from '@agon/protocol';
import type { Member } from '../src/common/sockets.ts';

/** A connection that keeps what it is sent. */
export class FakeMember implements Member {
  open = true;
  readonly received: ServerMessage[] = [];
  closedWith: number | undefined;

  send(message: ServerMessage | string): void {
    this.received.push(typeof message === 'string' ? JSON.parse(message) : message);
  }

  refuse(error: { code: string; message: string }): void {
    this.received.push({ t: 'error', ...error } as ServerMessage);
  }

  close(code: number): void {
    this.closedWith = code;
    this.open = false;
  }

  of<T extends ServerMessage['t']>(t: T): Extract<ServerMessage, { t: T }>[] {
    return this.received.filter((m): m is Extract<ServerMessage, { t: T }> => m.t === t);
  }
}
