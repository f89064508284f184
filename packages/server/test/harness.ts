// The real thing for the online tests: the server as its own process (as `npm start` runs it)
// on a free port with a temporary data folder, and WebSocket clients that queue what they
// receive so a test can wait for the message it expects.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ChallengeTerms,
  type ChallengeView,
  type ClientMessage,
  DAY_MS,
  type Identity,
  type PlayerPage,
  type Presence,
  type ServerMessage,
} from '@agon/protocol';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { Inbox } from '../scripts/inbox.ts';
import { LobbyClient, newPlayer } from '../scripts/lobby-client.ts';
import { type ProcessOptions, type Running, startServerProcess } from '../src/process.ts';

export { quietMove } from '../scripts/quiet-move.ts';
export type { Running } from '../src/process.ts';

let standIn: string | undefined;
// Each test file gets its own copy of this module, so each removes its own stand-in.
afterAll(() => {
  if (standIn) rmSync(standIn, { recursive: true, force: true });
  standIn = undefined;
});

/** A folder with a stand-in for the built app, so the server starts without a build. */
export function fakeApp(): string {
  if (standIn) return standIn;
  const dir = mkdtempSync(join(tmpdir(), 'agon-web-'));
  standIn = dir;
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Agon</title>');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
  return dir;
}

/** A temporary data folder. */
export function dataFolder(): string {
  return mkdtempSync(join(tmpdir(), 'agon-data-'));
}

/** Starts the server with a stand-in for the built app and waits for it to listen. */
export function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  options: ProcessOptions = {},
): Promise<Running> {
  // No schedule: a test sees only the tournaments it makes; no puzzle scan spends its CPU.
  return startServerProcess(
    dataDir,
    { AGON_WEB_ROOT: fakeApp(), AGON_SCHEDULE: 'none', AGON_PUZZLE_SCAN: 'off', ...env },
    options,
  );
}

/** A server of the tests of one `describe`, in a data folder of its own. */
export interface TestServer {
  /** The process (another after `restart`). */
  readonly running: Running;
  readonly url: string;
  /** Kills the process with SIGKILL and starts another on the same folder and environment. */
  restart(): Promise<void>;
}

/**
 * A server started with `env` and `options` in a fresh data folder before the tests of the
 * `describe` it is called in (of the file, outside one); killed after them, the folder removed.
 */
export function serverFor(
  env: Record<string, string> = {},
  options: ProcessOptions = {},
): TestServer {
  let folder: string | undefined;
  let running: Running | undefined;
  beforeAll(async () => {
    folder = dataFolder();
    running = await startServer(folder, env, options);
  });
  afterAll(async () => {
    await running?.stop('SIGKILL');
    if (folder) remove(folder);
  });
  const started = (): Running => {
    if (!running) throw new Error('the server is not started yet');
    return running;
  };
  return {
    get running() {
      return started();
    },
    get url() {
      return started().url;
    },
    async restart() {
      await started().stop('SIGKILL');
      running = await startServer(folder!, env, options);
    },
  };
}

/** Creates a game over HTTP; answers the status and the JSON body. */
export async function createGame(
  url: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${url}api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * Calls the API of the server at `url` as player `p` (their token as Bearer), with `init`'s
 * method and body (JSON): the status and the answer's JSON.
 */
export async function playerCall<T>(
  url: string,
  p: { readonly token: string },
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${url}api/${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${p.token}`,
      ...(init.body !== undefined && { 'content-type': 'application/json' }),
    },
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** Reads `read` until `test` passes on it, for up to `ms`; answers the value that passed. */
export async function until<T>(
  read: () => Promise<T>,
  test: (value: T) => boolean,
  ms: number,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (test(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value).slice(0, 400)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A player's page (GET /api/players/:id). */
export async function page(url: string, id: string): Promise<PlayerPage> {
  return (await (await fetch(`${url}api/players/${id}`)).json()) as PlayerPage;
}

/** Two players of the lobby paired by a challenge, their lobby sockets still open. */
export interface Challenged {
  /** The challenger, then the taker. */
  readonly players: readonly [Identity, Identity];
  readonly clients: readonly [LobbyClient, LobbyClient];
  /** The challenge as the taker saw it listed. */
  readonly listed: ChallengeView;
  readonly game: string;
}

/**
 * Makes two new players, each on a network of its own (`addresses`, believed by a server with
 * AGON_TRUST_PROXY, so their rated games are rated): the first challenges with `terms` in the
 * lobby at `urls[0]`, the second accepts in the lobby at `urls[1]`.
 */
export async function challengeAccepted(
  urls: readonly [string, string],
  addresses: readonly [string, string],
  terms: ChallengeTerms,
): Promise<Challenged> {
  const players = (await Promise.all(urls.map((url, i) => newPlayer(url, 'en', addresses[i])))) as [
    Identity,
    Identity,
  ];
  const clients = (await Promise.all(
    players.map(
      async (p, i) => (await LobbyClient.open(urls[i]!, p.token, { address: addresses[i] })).client,
    ),
  )) as [LobbyClient, LobbyClient];
  const [challenger, taker] = clients;
  challenger.send({ t: 'challenge', ...terms });
  await taker.lobbyWhere((l) => l.challenges.some((c) => c.by.id === players[0].id));
  const listed = taker.lobby!.challenges.find((c) => c.by.id === players[0].id)!;
  taker.send({ t: 'accept', id: listed.id });
  const [paired] = await Promise.all([challenger.next('paired'), taker.next('paired')]);
  return { players, clients, listed, game: paired.game };
}

/** A WebSocket client of one game that keeps every message until a test takes it. */
export class Peer {
  private readonly inbox = new Inbox<ServerMessage>();
  private readonly counts = new Map<string, number>();
  /** Who is connected, as the last state or presence message said (taken or not). */
  presence: Presence | undefined;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as ServerMessage;
      this.counts.set(message.t, (this.counts.get(message.t) ?? 0) + 1);
      if (message.t === 'presence') this.presence = message;
      else if (message.t === 'state') this.presence = message.game;
      this.inbox.push(message);
    });
    ws.on('close', (code) => this.inbox.close(code));
    ws.on('error', () => undefined);
  }

  /** Opens a socket to game `id` on the server at `url`. */
  static open(url: string, id: string): Promise<Peer> {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}api/games/${id}/socket`);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new Peer(ws)));
      ws.once('error', reject);
    });
  }

  /** Opens a socket and says hello; answers the peer and the state it was sent. */
  static async join(
    url: string,
    id: string,
    token?: string,
  ): Promise<{ peer: Peer; state: Extract<ServerMessage, { t: 'state' }> }> {
    const peer = await Peer.open(url, id);
    peer.send(token === undefined ? { t: 'hello' } : { t: 'hello', token });
    return { peer, state: await peer.next('state') };
  }

  /** The game as one joining it now is shown it, the socket closed again: a game to poll. */
  static async seen(
    url: string,
    id: string,
    token?: string,
  ): Promise<Extract<ServerMessage, { t: 'state' }>['game']> {
    const { peer, state } = await Peer.join(url, id, token);
    peer.close();
    return state.game;
  }

  /** Sends a message of the protocol (or any text, to test refusals). */
  send(message: ClientMessage | string): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Waits for the next message of type `t` that passes `test`, dropping those before it. */
  next<T extends ServerMessage['t']>(
    t: T,
    test: (m: Extract<ServerMessage, { t: T }>) => boolean = () => true,
    timeout = 15_000,
  ): Promise<Extract<ServerMessage, { t: T }>> {
    return this.take(
      (m): m is Extract<ServerMessage, { t: T }> =>
        m.t === t && test(m as Extract<ServerMessage, { t: T }>),
      t,
      timeout,
    );
  }

  /** Waits for the first message that passes `test`, dropping those before it. */
  private take<M extends ServerMessage>(
    test: (m: ServerMessage) => m is M,
    what: string,
    timeout: number,
  ): Promise<M> {
    return this.inbox.take(test, what, timeout);
  }

  /** The close code, once closed. */
  get closed(): number | undefined {
    return this.inbox.closed;
  }

  /** Waits for the answer to an action: 'event' once `version` is made, else a refusal's code. */
  async answer(version: number): Promise<string> {
    const m = await this.take(
      (m): m is Extract<ServerMessage, { t: 'event' | 'error' }> =>
        (m.t === 'event' && m.version === version) || m.t === 'error',
      'answer',
      15_000,
    );
    return m.t === 'error' ? m.code : 'event';
  }

  /** How many messages of type `t` have arrived, taken or not. */
  received(t: ServerMessage['t']): number {
    return this.counts.get(t) ?? 0;
  }

  /** Waits for the event that makes `version`. */
  event(version: number): Promise<Extract<ServerMessage, { t: 'event' }>> {
    return this.next('event', (m) => m.version === version);
  }

  /** Waits for the next error and answers its code. */
  async error(): Promise<string> {
    return (await this.next('error')).code;
  }

  /** Waits until the presence this peer was last told passes `test`; answers the ms it took. */
  async presenceWhere(test: (p: Presence) => boolean, timeout = 30_000): Promise<number> {
    const began = Date.now();
    while (!(this.presence && test(this.presence))) {
      if (Date.now() - began > timeout) {
        throw new Error(`presence still ${JSON.stringify(this.presence)} after ${timeout} ms`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    return Date.now() - began;
  }

  /** Waits until the socket is closed; answers the close code. */
  async whenClosed(timeout = 15_000): Promise<number> {
    const deadline = Date.now() + timeout;
    while (this.closed === undefined && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    if (this.closed === undefined) throw new Error('the socket stayed open');
    return this.closed;
  }

  /** Closes the socket. */
  close(): void {
    this.ws.close();
  }
}

/** Removes a temporary folder. */
export function remove(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** A rated blitz challenge (3+2) in which the challenger takes White. */
export const RATED_BLITZ: ChallengeTerms = {
  clock: { initial: 180_000, increment: 2000 },
  variant: 'standard',
  touchMove: false,
  captorPlacesQueen: false,
  side: 'white',
  rated: true,
};

/** A rated correspondence challenge of a day a move, in which the challenger takes White. */
export const RATED_CORRESPONDENCE: ChallengeTerms = { ...RATED_BLITZ, clock: { days: 1 } };

/**
 * How to start a server whose clocks each SIGUSR2 moves on by a day and an hour
 * (test/clock-jump.mjs), past any deadline of a day, as if that long had passed while it ran.
 */
export const JUMP_A_DAY: {
  readonly env: Record<string, string>;
  readonly options: ProcessOptions;
} = {
  // With no vacation days, so a deadline passed is lost as it was before vacation.
  env: { AGON_TEST_JUMP_MS: String(DAY_MS + 3_600_000), AGON_VACATION_DAYS: '0' },
  options: { preload: [fileURLToPath(new URL('./clock-jump.mjs', import.meta.url))] },
};
