// A player of the lobby as a program plays it, for the tests and the lobby load script: made
// over HTTP (POST /api/players), then its lobby socket, which says hello with the token and
// keeps what it is sent until taken. The list (whole in the welcome, then its changes every
// second while it changes) is not kept but as it stands, so thousands of clients that never
// read it hold no backlog.

import {
  applyLobbyChanges,
  type Identity,
  type LobbyClientMessage,
  type LobbyServerMessage,
  type LobbyView,
} from '@agon/protocol';
import WebSocket from 'ws';
import { Inbox } from './inbox.ts';

/** How every change to the list begins on the wire (the server writes `t` first). */
const LIST = '{"t":"changes"';

/** A message the lobby sends, by its type. */
type Of<T extends LobbyServerMessage['t']> = Extract<LobbyServerMessage, { t: T }>;

/** An HTTP refusal or failure while making a player, with its status. */
export class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The header that names a client's address to a server that believes its proxy
 * (AGON_TRUST_PROXY): how a test plays players from different networks on one machine.
 */
export const fromAddress = (address: string | undefined): Record<string, string> =>
  address === undefined ? {} : { 'x-forwarded-for': address };

/**
 * Makes a new player on the server at `url` (from `address`, if given); throws HttpRefusal
 * when refused.
 */
export async function newPlayer(url: string, language = 'en', address?: string): Promise<Identity> {
  const response = await fetch(`${url}api/players`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...fromAddress(address) },
    body: JSON.stringify({ language }),
  });
  const body = (await response.json()) as Identity | { error: { code: string; message: string } };
  if (response.status !== 201 || 'error' in body) {
    const why = 'error' in body ? `${body.error.code}: ${body.error.message}` : 'no identity';
    throw new HttpRefusal(response.status, `HTTP ${response.status} ${why}`);
  }
  return body;
}

/** One lobby socket that said hello as a player. */
export class LobbyClient {
  private readonly inbox = new Inbox<LobbyServerMessage>();
  /** The list as the lobby's messages made it (the welcome's, and the changes since). */
  lobby: LobbyView | undefined;
  /** Told each time the list changes. */
  private readonly watchers = new Set<() => void>();

  private constructor(
    private readonly ws: WebSocket,
    /** Hears every message as it arrives, before it is kept. */
    heard: ((message: LobbyServerMessage) => void) | undefined,
    /** Whether the lists after the welcome are read. */
    lists: boolean,
  ) {
    ws.on('message', (data) => {
      // Thousands of load clients would spend their time reading lists nobody looks at.
      if (!lists && data.toString('utf8', 0, LIST.length) === LIST) return;
      const message = JSON.parse(data.toString()) as LobbyServerMessage;
      heard?.(message);
      if (message.t === 'welcome') this.lobby = message.lobby;
      if (message.t === 'changes' && this.lobby) {
        this.lobby = applyLobbyChanges(this.lobby, message.changes);
      }
      if (message.t === 'welcome' || message.t === 'changes') {
        for (const watcher of [...this.watchers]) watcher();
      }
      if (message.t !== 'changes') this.inbox.push(message);
    });
    ws.on('close', (code) => {
      this.inbox.close(code);
      for (const watcher of [...this.watchers]) watcher();
    });
    ws.on('error', () => undefined);
  }

  /**
   * Opens the lobby socket of the server at `url` (from `address`, if given) and says hello
   * with `token`; answers once welcomed. Rejects if the socket cannot open or is refused.
   * `heard` hears every message as it arrives; without `lists` the lists after the welcome are
   * not even read.
   */
  static async open(
    url: string,
    token: string,
    {
      heard,
      lists = true,
      address,
    }: { heard?: (m: LobbyServerMessage) => void; lists?: boolean; address?: string } = {},
  ): Promise<{ client: LobbyClient; welcome: Of<'welcome'> }> {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}api/lobby/socket`, {
      headers: fromAddress(address),
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const client = new LobbyClient(ws, heard, lists);
    client.send({ t: 'hello', token });
    const answer = await client.next('welcome', () => true);
    return { client, welcome: answer };
  }

  /** Sends a lobby message. */
  send(message: LobbyClientMessage): void {
    this.ws.send(JSON.stringify(message));
  }

  /**
   * Waits for the next message of type `t` that passes `test`, dropping those before it; an
   * error that comes first rejects with its code.
   */
  async next<T extends Exclude<LobbyServerMessage['t'], 'changes'>>(
    t: T,
    test: (m: Of<T>) => boolean = () => true,
    timeout = 15_000,
  ): Promise<Of<T>> {
    const found: LobbyServerMessage = await this.inbox.take(
      (m): m is LobbyServerMessage => m.t === 'error' || (m.t === t && test(m as Of<T>)),
      t,
      timeout,
    );
    if (found.t === 'error' && t !== 'error') {
      throw new Error(`refused ${found.code} (${found.message}) waiting for ${t}`);
    }
    return found as Of<T>;
  }

  /** The close code, once closed. */
  get closed(): number | undefined {
    return this.inbox.closed;
  }

  /** How many kept messages of type `t` have not been taken yet. */
  unread(t: Exclude<LobbyServerMessage['t'], 'changes'>): number {
    return this.inbox.count((m) => m.t === t);
  }

  /** Waits until the list passes `test` (checked as each change arrives); answers the ms it took. */
  lobbyWhere(test: (lobby: LobbyView) => boolean, timeout = 15_000): Promise<number> {
    const began = Date.now();
    return new Promise((resolve, reject) => {
      const check = (): void => {
        if (this.lobby && test(this.lobby)) {
          done();
          resolve(Date.now() - began);
        } else if (this.closed !== undefined) {
          done();
          reject(new Error(`the socket closed with the list ${this.describe()}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`the list still ${this.describe()} after ${timeout} ms`));
      }, timeout);
      const done = (): void => {
        clearTimeout(timer);
        this.watchers.delete(check);
      };
      this.watchers.add(check);
      check();
    });
  }

  private describe(): string {
    return `${JSON.stringify(this.lobby).slice(0, 500)}…`;
  }

  /** Closes the socket. */
  close(): void {
    this.ws.close();
  }
}
