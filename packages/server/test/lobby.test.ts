// The lobby of one process, in-process over a real SQLite store: players say hello with their
// token, quick pairing makes one game of two seekers with opposite seats, a challenge is taken
// once and never by its owner, a busy player cannot seek, a closed socket takes its seek, and
// requests past the limit are refused.

import type { LobbyServerMessage, Refusal } from '@agon/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Lobby, type LobbyMember } from '../src/lobby.ts';
import { MemoryBoard } from '../src/lobby-board.ts';
import { Problems } from '../src/problems.ts';
import { hashToken, newPlayerId, newToken } from '../src/secret.ts';
import { SqliteStore } from '../src/sqlite-store.ts';
import { dataFolder, remove } from './harness.ts';

/** A lobby socket that keeps what it is sent. */
class Socket implements LobbyMember {
  readonly heard: LobbyServerMessage[] = [];
  closed: number | undefined;
  constructor(readonly address = '127.0.0.1') {}
  send(message: LobbyServerMessage | string): void {
    this.heard.push(typeof message === 'string' ? JSON.parse(message) : message);
  }
  refuse(error: Refusal): void {
    this.heard.push({ t: 'error', ...error });
  }
  close(code: number): void {
    this.closed = code;
  }
  /** The messages of kind `t`. */
  of<T extends LobbyServerMessage['t']>(t: T): Extract<LobbyServerMessage, { t: T }>[] {
    return this.heard.filter((m): m is Extract<LobbyServerMessage, { t: T }> => m.t === t);
  }
  /** Waits for a message of kind `t`. */
  async wait<T extends LobbyServerMessage['t']>(
    t: T,
    ms = 3000,
  ): Promise<Extract<LobbyServerMessage, { t: T }>> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.of(t)[0];
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${t} in ${JSON.stringify(this.heard)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

let folder: string;
let store: SqliteStore;
let lobby: Lobby;

beforeAll(() => {
  folder = dataFolder();
  store = new SqliteStore(folder);
  lobby = new Lobby(
    new MemoryBoard(Date.now),
    store,
    store,
    { lobbyActionsPerMinute: 30, lobbyActionBurst: 8 },
    Date.now,
    new Problems(Date.now, 60_000, () => undefined),
    async () => undefined,
  );
});
afterAll(async () => {
  await lobby.close();
  await store.close();
  remove(folder);
});

/** A new player in the store and a socket that said hello as them. */
async function player(name = `Player ${newPlayerId()}`): Promise<{ id: string; socket: Socket }> {
  const id = newPlayerId();
  const token = newToken();
  await store.createPlayer({ id, name, tokenHash: hashToken(token), createdAt: Date.now() });
  const socket = new Socket();
  expect(await lobby.hello(socket, token)).toBe(true);
  return { id, socket };
}

describe('the lobby', () => {
  it('welcomes a player by token and turns an unknown token away', async () => {
    const { id, socket } = await player('Welcome Heron');
    const welcome = await socket.wait('welcome');
    expect(welcome.you).toMatchObject({ id, name: 'Welcome Heron' });
    expect(welcome.you.ratings.blitz).toEqual({ rating: 1500, provisional: true, games: 0 });
    expect(welcome.lobby.pools.map((p) => p.id)).toEqual(['1+1', '3+2', '5+3', '10+5', '15+10']);
    const stranger = new Socket();
    expect(await lobby.hello(stranger, newToken())).toBe(false);
    expect(stranger.of('error')[0]?.code).toBe('unknown-player');
    expect(stranger.closed).toBe(4401);
  });

  it('pairs two players in the same pool into one stored game with opposite seats', async () => {
    const a = await player();
    const b = await player();
    await lobby.act(a.socket, { t: 'seek', pool: '3+2' });
    expect(await a.socket.wait('seeking')).toEqual({ t: 'seeking', pool: '3+2' });
    await lobby.act(b.socket, { t: 'seek', pool: '3+2' });
    const [pa, pb] = await Promise.all([a.socket.wait('paired'), b.socket.wait('paired')]);
    expect(pa.game).toBe(pb.game);
    expect(new Set([pa.seat, pb.seat])).toEqual(new Set(['white', 'black']));
    const game = await store.load(pa.game);
    expect(game?.setup).toMatchObject({
      clock: { initial: 180_000, increment: 2000 },
      rated: true,
      players: { [pa.seat]: a.id, [pb.seat]: b.id },
    });
    // Quick pairing is the standard rule book: the owner places a captured queen (R10).
    expect(game?.setup.captorPlacesQueen).toBeUndefined();
    // The seat token handed out is the one the game keeps.
    expect(game?.setup.seats[pa.seat]).toBe(hashToken(pa.token));
    // Busy in that game: no second seek.
    await lobby.act(a.socket, { t: 'seek', pool: '1+1' });
    const refusal = a.socket.of('error').at(-1);
    expect(refusal?.code).toBe('busy');
    expect(refusal?.message).toContain(pa.game);
    await lobby.ended(pa.game, [a.id, b.id]);
  });

  it('lets anyone but the owner take an open challenge, once', async () => {
    const owner = await player();
    const taker = await player();
    const late = await player();
    await lobby.act(owner.socket, {
      t: 'challenge',
      clock: { initial: 600_000, increment: 5000 },
      variant: 'placement',
      touchMove: true,
      captorPlacesQueen: true,
      side: 'black',
      rated: false,
    });
    // The list is sent at most once a second.
    await new Promise((r) => setTimeout(r, 1200));
    const listed = taker.socket.of('lobby').at(-1)?.lobby.challenges ?? [];
    const mine = listed.find((c) => c.by.id === owner.id);
    expect(mine).toMatchObject({
      class: 'rapid',
      variant: 'placement',
      side: 'black',
      captorPlacesQueen: true,
    });
    await lobby.act(owner.socket, { t: 'accept', id: mine!.id });
    expect(owner.socket.of('error').at(-1)?.code).toBe('own-challenge');
    await lobby.act(taker.socket, { t: 'accept', id: mine!.id });
    await lobby.act(late.socket, { t: 'accept', id: mine!.id });
    expect(late.socket.of('error').at(-1)?.code).toBe('no-such-challenge');
    const [po, pt] = await Promise.all([owner.socket.wait('paired'), taker.socket.wait('paired')]);
    expect(po).toMatchObject({ game: pt.game, seat: 'black' });
    expect(pt.seat).toBe('white');
    expect((await store.load(po.game))?.setup).toMatchObject({
      variant: 'placement',
      touchMove: true,
      captorPlacesQueen: true,
      rated: false,
    });
    // Whoever picks the game to watch from the list sees its rule book too (R16).
    await new Promise((r) => setTimeout(r, 1200));
    const live = late.socket.of('lobby').at(-1)?.lobby.live ?? [];
    expect(live.find((g) => g.id === po.game)).toMatchObject({
      variant: 'placement',
      captorPlacesQueen: true,
    });
    await lobby.ended(po.game, [owner.id, taker.id]);
  });

  it('takes a player’s seek away with their last socket', async () => {
    const a = await player();
    await lobby.act(a.socket, { t: 'seek', pool: '15+10' });
    await a.socket.wait('seeking');
    lobby.leave(a.socket);
    const b = await player();
    await lobby.act(b.socket, { t: 'seek', pool: '15+10' });
    await new Promise((r) => setTimeout(r, 1200));
    expect(b.socket.of('paired')).toEqual([]);
    expect(
      b.socket
        .of('lobby')
        .at(-1)
        ?.lobby.pools.find((p) => p.id === '15+10')?.waiting,
    ).toBe(1);
    await lobby.act(b.socket, { t: 'unseek' });
  });

  it('refuses seeks and challenges past the per-player limit, and asks for hello first', async () => {
    const a = await player();
    for (let i = 0; i < 12; i++) await lobby.act(a.socket, { t: 'seek', pool: '5+3' });
    expect(a.socket.of('error').map((e) => e.code)).toContain('rate-limited');
    await lobby.act(a.socket, { t: 'unseek' });
    const silent = new Socket();
    await lobby.act(silent, { t: 'seek', pool: '5+3' });
    expect(silent.of('error')[0]?.code).toBe('hello-first');
  });
});
