// A lobby socket for in-process tests of the lobby: it keeps what it is sent, follows the list
// as its messages make it, and waits for a message of a kind.

import type { LobbyServerMessage, LobbyView, Refusal } from '@agon/protocol';
import { applyLobbyChanges } from '@agon/protocol';
import type { LobbyMember } from '../src/lobby/members.ts';

type Of<T extends LobbyServerMessage['t']> = Extract<LobbyServerMessage, { t: T }>;

/** A lobby socket that keeps what it is sent, and the list as its messages make it. */
export class Socket implements LobbyMember {
  private static made = 0;
  readonly heard: LobbyServerMessage[] = [];
  closed: number | undefined;
  open = true;
  list: LobbyView | undefined;
  private readonly waiting = new Set<() => void>();
  constructor(readonly address = `127.0.0.${++Socket.made}`) {}
  send(message: LobbyServerMessage | string): void {
    const m: LobbyServerMessage = typeof message === 'string' ? JSON.parse(message) : message;
    this.heard.push(m);
    if (m.t === 'welcome') this.list = m.lobby;
    if (m.t === 'changes' && this.list) this.list = applyLobbyChanges(this.list, m.changes);
    for (const w of [...this.waiting]) w();
  }
  refuse(error: Refusal): void {
    this.send({ t: 'error', ...error });
  }
  close(code: number): void {
    this.closed = code;
    this.open = false;
  }
  /** The messages of kind `t`. */
  of<T extends LobbyServerMessage['t']>(t: T): Of<T>[] {
    return this.heard.filter((m): m is Of<T> => m.t === t);
  }
  /** The first message of kind `t` passing `test`, as soon as it arrives. */
  wait<T extends LobbyServerMessage['t']>(t: T, test: (m: Of<T>) => boolean = () => true) {
    return new Promise<Of<T>>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${t} in ${JSON.stringify(this.heard).slice(-800)}`)),
        5000,
      );
      const check = (): void => {
        const found = this.of(t).find(test);
        if (!found) return;
        clearTimeout(timer);
        this.waiting.delete(check);
        resolve(found);
      };
      this.waiting.add(check);
      check();
    });
  }
}
