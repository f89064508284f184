// The lobby of one process, in-process over a real SQLite store: players say hello with their
// token, quick pairing makes one game of two seekers with opposite seats held by their
// identities, a challenge is taken once and never by its owner, a busy player cannot seek, a
// closed socket takes its seek and challenge (even one that closed while its hello or its
// request was being answered), and requests past the limit are refused. Waves and the list's
// changes are driven by the test (pairWave, show) rather than waited for.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../src/common/secret.ts';
import { MemoryBoard } from '../src/lobby/board.ts';
import { BLITZ, LobbyProcess } from './lobby-process.ts';
import { Socket } from './lobby-socket.ts';

let here: LobbyProcess;

beforeAll(() => {
  const limits = {
    lobbyActionsPerMinute: 30,
    lobbyActionBurst: 8,
    botStepInMs: 20_000,
    botTakesChallengeMs: 60_000,
  };
  here = new LobbyProcess(new MemoryBoard(Date.now), { limits });
});
afterAll(() => here.close());

describe('the lobby', () => {
  it('welcomes a player by token and turns an unknown token away', async () => {
    const { id, socket } = await here.player({ name: 'Welcome Heron' });
    const welcome = await socket.wait('welcome');
    expect(welcome.you).toMatchObject({ id, name: 'Welcome Heron' });
    expect(welcome.you.ratings.blitz).toEqual({ rating: 1500, provisional: true, games: 0 });
    expect(welcome.lobby.pools.map((p) => p.id)).toEqual(['1+1', '3+2', '5+3', '10+5', '15+10']);
    const stranger = new Socket();
    expect(await here.lobby.hello(stranger, newToken())).toBe(false);
    expect(stranger.of('error')[0]?.code).toBe('unknown-player');
    expect(stranger.closed).toBe(4401);
  });

  it('pairs two players in the same pool into one stored game, seats held by identity', async () => {
    const a = await here.player();
    const b = await here.player();
    await here.lobby.act(a.socket, { t: 'seek', pool: '3+2' });
    expect(await a.socket.wait('seeking')).toEqual({ t: 'seeking', pool: '3+2' });
    await here.lobby.act(b.socket, { t: 'seek', pool: '3+2' });
    await here.lobby.pairWave();
    const [pa, pb] = await Promise.all([a.socket.wait('paired'), b.socket.wait('paired')]);
    expect(pa.game).toBe(pb.game);
    expect(new Set([pa.seat, pb.seat])).toEqual(new Set(['white', 'black']));
    // No seat's secret travels: the players open the game with their identities.
    expect(pa).toEqual({ t: 'paired', game: pa.game, seat: pa.seat });
    const game = await here.store.load(pa.game);
    expect(game?.setup).toMatchObject({
      clock: { initial: 180_000, increment: 2000 },
      rated: true,
      pool: '3+2',
      players: { [pa.seat]: a.id, [pb.seat]: b.id },
    });
    // Quick pairing is the standard rule book: the owner places a captured queen (R10).
    expect(game?.setup.captorPlacesQueen).toBeUndefined();
    expect(await here.settlement.seatOf(game!.setup, hashToken(a.token))).toBe(pa.seat);
    expect(await here.settlement.seatOf(game!.setup, hashToken(newToken()))).toBeNull();
    // Busy in that game: no second seek.
    await here.lobby.act(a.socket, { t: 'seek', pool: '1+1' });
    const refusal = a.socket.of('error').at(-1);
    expect(refusal?.code).toBe('busy');
    expect(refusal?.message).toContain(pa.game);
    await here.end(pa.game);
    expect(await here.board.busy(a.id)).toBeUndefined();
  });

  it('pairs two players whose seeks share a pool of their ranges, in that pool', async () => {
    const a = await here.player();
    const b = await here.player();
    // "Any blitz" and "5+3 to 10+5": they meet in 5+3, the one pool both accept.
    await here.lobby.act(a.socket, { t: 'seek', pool: '3+2', also: ['5+3'] });
    expect(await a.socket.wait('seeking')).toEqual({ t: 'seeking', pool: '3+2', also: ['5+3'] });
    await here.lobby.act(b.socket, { t: 'seek', pool: '10+5', also: ['5+3'] });
    await b.socket.wait('seeking');
    await here.lobby.pairWave();
    const [pa, pb] = await Promise.all([a.socket.wait('paired'), b.socket.wait('paired')]);
    expect(pa.game).toBe(pb.game);
    const game = await here.store.load(pa.game);
    expect(game?.setup).toMatchObject({
      clock: { initial: 300_000, increment: 3000 },
      pool: '5+3',
    });
  });

  it('keeps the start of a wait when its range changes, and counts who sought in the last hour', async () => {
    const a = await here.player();
    const sought = async () => (await here.board.snapshot()).sought;
    const since = async () =>
      (await here.board.seeks('15+10')).find((x) => x.player === a.id)?.since;
    const before = await sought();
    await here.lobby.act(a.socket, { t: 'seek', pool: '15+10' });
    await a.socket.wait('seeking');
    const began = await since();
    expect(began).toBeDefined();
    await here.lobby.act(a.socket, { t: 'seek', pool: '15+10', also: ['10+5'] });
    await a.socket.wait('seeking', (m) => m.also !== undefined);
    expect(await since()).toBe(began);
    expect((await here.board.seeks('10+5')).map((x) => x.player)).toContain(a.id);
    // One person looking, however often they change their seek.
    expect(await sought()).toBe(before + 1);
    await here.lobby.act(a.socket, { t: 'unseek' });
  });

  it('makes a game of days with weekends off as its challenge said', async () => {
    const owner = await here.player();
    const taker = await here.player();
    const terms = {
      clock: { days: 2 as const },
      variant: 'standard' as const,
      touchMove: false,
      captorPlacesQueen: false,
      side: 'white' as const,
      rated: false,
      weekendsOff: true as const,
    };
    await here.lobby.act(owner.socket, { t: 'challenge', ...terms });
    await here.lobby.show();
    const listed = await taker.socket.wait('changes', (m) =>
      (m.changes.challenges?.add ?? []).some((c) => c.by.id === owner.id),
    );
    const mine = listed.changes.challenges!.add.find((c) => c.by.id === owner.id)!;
    expect(mine.weekendsOff).toBe(true);
    await here.lobby.act(taker.socket, { t: 'accept', id: mine.id });
    const paired = await taker.socket.wait('paired');
    expect((await here.store.load(paired.game))?.setup).toMatchObject({
      days: 2,
      weekendsOff: true,
    });
  });

  it('lets anyone but the owner take an open challenge, once', async () => {
    const owner = await here.player();
    const taker = await here.player();
    const late = await here.player();
    await here.lobby.act(owner.socket, {
      t: 'challenge',
      clock: { initial: 600_000, increment: 5000 },
      variant: 'placement',
      touchMove: true,
      captorPlacesQueen: true,
      side: 'black',
      rated: false,
    });
    await here.lobby.show();
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
    await here.lobby.act(owner.socket, { t: 'accept', id: mine.id });
    expect(owner.socket.of('error').at(-1)?.code).toBe('own-challenge');
    await here.lobby.act(taker.socket, { t: 'accept', id: mine.id });
    await here.lobby.act(late.socket, { t: 'accept', id: mine.id });
    expect(late.socket.of('error').at(-1)?.code).toBe('no-such-challenge');
    const [po, pt] = await Promise.all([owner.socket.wait('paired'), taker.socket.wait('paired')]);
    expect(po).toMatchObject({ game: pt.game, seat: 'black' });
    expect(pt.seat).toBe('white');
    expect((await here.store.load(po.game))?.setup).toMatchObject({
      variant: 'placement',
      touchMove: true,
      captorPlacesQueen: true,
      rated: false,
    });
    // Whoever picks the game to watch from the list sees its rule book too (R16).
    await here.lobby.show();
    await late.socket.wait('changes', (m) =>
      (m.changes.live?.add ?? []).some(
        (g) => g.id === po.game && g.variant === 'placement' && g.captorPlacesQueen,
      ),
    );
    // The list as the changes made it is the list a newcomer is welcomed with.
    const newcomer = await here.player();
    expect(late.socket.list).toEqual((await newcomer.socket.wait('welcome')).lobby);
    await here.end(po.game);
  });

  it('takes a player’s seek and challenge away with their last socket', async () => {
    const a = await here.player();
    const second = new Socket();
    const pool = '15+10';
    await here.lobby.act(a.socket, { t: 'seek', pool });
    await a.socket.wait('seeking');
    const bullet = { clock: { initial: 60_000, increment: 0 }, side: 'random' } as const;
    await here.lobby.act(a.socket, { t: 'challenge', ...BLITZ, ...bullet });
    // A second tab of the same player keeps them there when the first closes.
    expect(await here.lobby.hello(second, a.token)).toBe(true);
    here.lobby.leave(a.socket);
    let snap = await here.board.snapshot();
    expect(snap.seeks.map((s) => s.player)).toContain(a.id);
    here.lobby.leave(second);
    snap = await here.board.snapshot();
    expect(snap.seeks.map((s) => s.player)).not.toContain(a.id);
    expect(snap.challenges.map((c) => c.by.id)).not.toContain(a.id);
    const b = await here.player();
    await here.lobby.act(b.socket, { t: 'seek', pool });
    await here.lobby.pairWave();
    expect(b.socket.of('paired')).toEqual([]);
    expect((await here.board.seeks(pool)).map((s) => s.player)).toEqual([b.id]);
    await here.lobby.act(b.socket, { t: 'unseek' });
  });

  it('lets in no socket that closed while its hello was answered', async () => {
    const { token } = await here.player();
    const before = here.lobby.size;
    const ghost = new Socket();
    const hello = here.lobby.hello(ghost, token);
    ghost.close(1001); // closed before the store answered; leave finds nothing to take out
    here.lobby.leave(ghost);
    expect(await hello).toBe(false);
    expect(here.lobby.size).toBe(before);
    expect(ghost.of('welcome')).toEqual([]);
  });

  it('takes off the board a seek whose socket closed while it was put there', async () => {
    const a = await here.player();
    const seek = here.lobby.act(a.socket, { t: 'seek', pool: '10+5' });
    a.socket.open = false;
    here.lobby.leave(a.socket);
    await seek;
    expect((await here.board.seeks('10+5')).map((s) => s.player)).not.toContain(a.id);
  });

  it('refuses seeks and challenges past the per-player limit, and asks for hello first', async () => {
    const a = await here.player();
    for (let i = 0; i < 12; i++) await here.lobby.act(a.socket, { t: 'seek', pool: '5+3' });
    expect(a.socket.of('error').map((e) => e.code)).toContain('rate-limited');
    await here.lobby.act(a.socket, { t: 'unseek' });
    const silent = new Socket();
    await here.lobby.act(silent, { t: 'seek', pool: '5+3' });
    expect(silent.of('error')[0]?.code).toBe('hello-first');
  });
});
