// The lobby of one process, in-process over a real SQLite store: players say hello with their
// token, quick pairing makes one game of two seekers with opposite seats held by their
// identities, a challenge is taken once and never by its owner, a busy player cannot seek, a
// closed socket takes its seek and challenge (even one that closed while its hello or its
// request was being answered), and requests past the limit are refused. Waves and the list's
// changes are driven by the test (pairWave, show) rather than waited for.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SILENT } from '../src/common/notices.ts';
import { Problems } from '../src/common/problems.ts';
import { hashToken, newPlayerId, newToken } from '../src/common/secret.ts';
import { MemoryBoard } from '../src/lobby/board.ts';
import { Lobby } from '../src/lobby/lobby.ts';
import { Settlement } from '../src/lobby/settlement.ts';
import { SqliteStore } from '../src/storage/sqlite.ts';
import { dataFolder, remove } from './harness.ts';
import { Socket } from './lobby-socket.ts';

let folder: string;
let store: SqliteStore;
let lobby: Lobby;
let board: MemoryBoard;

beforeAll(() => {
  folder = dataFolder();
  store = new SqliteStore(folder);
  board = new MemoryBoard(Date.now);
  const problems = new Problems(Date.now, 60_000, () => undefined);
  lobby = new Lobby({
    board,
    players: store,
    games: store,
    limits: { lobbyActionsPerMinute: 30, lobbyActionBurst: 8 },
    now: Date.now,
    problems,
    hold: async () => undefined,
    playing: () => [],
    // Each socket of these tests its own network, so the fair-rating rules stay out of the way.
    network: (address) => address,
    notifier: SILENT,
  });
  // What the games' rooms do at an end, without rooms: rate and free.
  settlement = new Settlement(store, board, problems, Date.now);
});
let settlement: Settlement;
afterAll(async () => {
  await lobby.close();
  await store.close();
  remove(folder);
});

/** A new player in the store and a socket that said hello as them. */
async function player(name = `Player ${newPlayerId()}`) {
  const id = newPlayerId();
  const token = newToken();
  await store.createPlayer({ id, name, tokenHash: hashToken(token), createdAt: Date.now() });
  const socket = new Socket();
  expect(await lobby.hello(socket, token)).toBe(true);
  return { id, token, socket };
}

/** Ends lobby game `game` as aborted, so its players are free. */
async function end(game: string): Promise<void> {
  const stored = await store.load(game);
  const unplayed = { plies: 0, berserk: { white: false, black: false } };
  await settlement.finished(game, stored!.setup, { winner: null, reason: 'aborted' }, unplayed);
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

  it('pairs two players in the same pool into one stored game, seats held by identity', async () => {
    const a = await player();
    const b = await player();
    await lobby.act(a.socket, { t: 'seek', pool: '3+2' });
    expect(await a.socket.wait('seeking')).toEqual({ t: 'seeking', pool: '3+2' });
    await lobby.act(b.socket, { t: 'seek', pool: '3+2' });
    await lobby.pairWave();
    const [pa, pb] = await Promise.all([a.socket.wait('paired'), b.socket.wait('paired')]);
    expect(pa.game).toBe(pb.game);
    expect(new Set([pa.seat, pb.seat])).toEqual(new Set(['white', 'black']));
    // No seat's secret travels: the players open the game with their identities.
    expect(pa).toEqual({ t: 'paired', game: pa.game, seat: pa.seat });
    const game = await store.load(pa.game);
    expect(game?.setup).toMatchObject({
      clock: { initial: 180_000, increment: 2000 },
      rated: true,
      pool: '3+2',
      players: { [pa.seat]: a.id, [pb.seat]: b.id },
    });
    // Quick pairing is the standard rule book: the owner places a captured queen (R10).
    expect(game?.setup.captorPlacesQueen).toBeUndefined();
    expect(await settlement.seatOf(game!.setup, hashToken(a.token))).toBe(pa.seat);
    expect(await settlement.seatOf(game!.setup, hashToken(newToken()))).toBeNull();
    // Busy in that game: no second seek.
    await lobby.act(a.socket, { t: 'seek', pool: '1+1' });
    const refusal = a.socket.of('error').at(-1);
    expect(refusal?.code).toBe('busy');
    expect(refusal?.message).toContain(pa.game);
    await end(pa.game);
    expect(await board.busy(a.id)).toBeUndefined();
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
    await lobby.show();
    const listed = await taker.socket.wait('changes', (m) =>
      (m.changes.challenges?.add ?? []).some((c) => c.by.id === owner.id),
    );
    const mine = listed.changes.challenges!.add.find((c) => c.by.id === owner.id)!;
    expect(mine).toMatchObject({
      class: 'rapid',
      variant: 'placement',
      side: 'black',
      captorPlacesQueen: true,
    });
    await lobby.act(owner.socket, { t: 'accept', id: mine.id });
    expect(owner.socket.of('error').at(-1)?.code).toBe('own-challenge');
    await lobby.act(taker.socket, { t: 'accept', id: mine.id });
    await lobby.act(late.socket, { t: 'accept', id: mine.id });
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
    await lobby.show();
    await late.socket.wait('changes', (m) =>
      (m.changes.live?.add ?? []).some(
        (g) => g.id === po.game && g.variant === 'placement' && g.captorPlacesQueen,
      ),
    );
    // The list as the changes made it is the list a newcomer is welcomed with.
    const newcomer = await player();
    expect(late.socket.list).toEqual((await newcomer.socket.wait('welcome')).lobby);
    await end(po.game);
  });

  it('takes a player’s seek and challenge away with their last socket', async () => {
    const a = await player();
    const second = new Socket();
    const pool = '15+10';
    await lobby.act(a.socket, { t: 'seek', pool });
    await a.socket.wait('seeking');
    await lobby.act(a.socket, {
      t: 'challenge',
      clock: { initial: 60_000, increment: 0 },
      variant: 'standard',
      touchMove: false,
      captorPlacesQueen: false,
      side: 'random',
      rated: true,
    });
    // A second tab of the same player keeps them there when the first closes.
    expect(await lobby.hello(second, a.token)).toBe(true);
    lobby.leave(a.socket);
    let snap = await board.snapshot();
    expect(snap.seeks.map((s) => s.player)).toContain(a.id);
    lobby.leave(second);
    snap = await board.snapshot();
    expect(snap.seeks.map((s) => s.player)).not.toContain(a.id);
    expect(snap.challenges.map((c) => c.by.id)).not.toContain(a.id);
    const b = await player();
    await lobby.act(b.socket, { t: 'seek', pool });
    await lobby.pairWave();
    expect(b.socket.of('paired')).toEqual([]);
    expect((await board.seeks(pool)).map((s) => s.player)).toEqual([b.id]);
    await lobby.act(b.socket, { t: 'unseek' });
  });

  it('lets in no socket that closed while its hello was answered', async () => {
    const { token } = await player();
    const before = lobby.size;
    const ghost = new Socket();
    const hello = lobby.hello(ghost, token);
    ghost.close(1001); // closed before the store answered; leave finds nothing to take out
    lobby.leave(ghost);
    expect(await hello).toBe(false);
    expect(lobby.size).toBe(before);
    expect(ghost.of('welcome')).toEqual([]);
  });

  it('takes off the board a seek whose socket closed while it was put there', async () => {
    const a = await player();
    const seek = lobby.act(a.socket, { t: 'seek', pool: '10+5' });
    a.socket.open = false;
    lobby.leave(a.socket);
    await seek;
    expect((await board.seeks('10+5')).map((s) => s.player)).not.toContain(a.id);
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
