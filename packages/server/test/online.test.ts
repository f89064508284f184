// Online play end to end on the wire: a real server process, real WebSocket clients.

import {
  type Colour,
  Game,
  makeMoveText,
  opposite,
  parseApn,
  playLevel,
  Searcher,
  STANDARD_APN,
  seededRandom,
} from '@agon/engine';
import { describe, expect, it } from 'vitest';
import { createGame, dataFolder, Peer, remove, serverFor, startServer } from './harness.ts';

type Created = { id: string; seat: Colour; token: string };

/** A whole game the engine plays against itself at level 2: its moves, and how it ends. */
function wholeGame(): { moves: string[]; game: Game } {
  const start = parseApn(STANDARD_APN);
  if (!start.ok) throw new Error(start.error.message);
  const game = new Game(start.value);
  const searcher = new Searcher(4);
  const random = seededRandom(2);
  while (!game.outcome) {
    const found = playLevel(searcher, game.position, game.history(), 2, random);
    if (!found) throw new Error('no move');
    game.play(found.move);
  }
  return { moves: game.moves.map(makeMoveText), game };
}

/** A game with White (the creator) and Black (who opened the link) both connected. */
async function twoPlayers(url: string, body: unknown = { side: 'white' }) {
  const created = await createGame(url, body);
  expect(created.status).toBe(201);
  const { id, seat, token } = created.body as Created;
  const first = await Peer.join(url, id, token);
  expect(first.state.you).toBe(seat);
  const second = await Peer.join(url, id);
  expect(second.state.you).toBe(opposite(seat));
  expect(second.state.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await first.peer.event(second.state.game.version); // the join
  const byColour = { [seat]: first, [opposite(seat)]: second } as Record<Colour, typeof first>;
  return {
    id,
    white: byColour.white.peer,
    black: byColour.black.peer,
    tokens: {
      white: byColour.white.state.token ?? token,
      black: byColour.black.state.token ?? token,
    },
    version: second.state.game.version,
  };
}

describe('online play with a real server process', () => {
  // Quick enough for a test to play a whole game in a second; the flood test floods harder.
  const server = serverFor({ AGON_MESSAGES_PER_SECOND: '500' });

  it('plays a whole game between two clients while a spectator follows', async () => {
    const { moves, game } = wholeGame();
    const g = await twoPlayers(server.url);
    const watcher = await Peer.join(server.url, g.id);
    expect(watcher.state.you).toBeNull();
    expect(watcher.state.token).toBeUndefined();
    let version = watcher.state.game.version;
    for (const [i, move] of moves.entries()) {
      const seat: Colour = i % 2 === 0 ? 'white' : 'black';
      const mover = seat === 'white' ? g.white : g.black;
      const other = seat === 'white' ? g.black : g.white;
      mover.send({ t: 'move', seat, move, version });
      const [mine, theirs, watched] = await Promise.all([
        mover.event(version + 1),
        other.event(version + 1),
        watcher.peer.event(version + 1),
      ]);
      for (const e of [mine, theirs, watched]) {
        expect(e.event).toEqual({ kind: 'move', seat, move });
        expect(e.version).toBe(version + 1);
      }
      version++;
    }
    const last = await Peer.join(server.url, g.id);
    const outcome = game.outcome!;
    expect(last.state.game.outcome).toEqual({
      winner: outcome.winner ?? null,
      reason: outcome.reason,
    });
    expect(last.state.game.moves).toEqual(moves);
    g.white.send({ t: 'move', seat: 'white', move: 'f1-f2', version });
    expect(await g.white.error()).toBe('game-over');
    for (const p of [g.white, g.black, watcher.peer, last.peer]) p.close();
  });

  it('refuses illegal, out-of-turn, foreign-seat, spectator and stale moves, each by code', async () => {
    const g = await twoPlayers(server.url);
    const watcher = await Peer.join(server.url, g.id);
    const v = g.version;
    g.white.send({ t: 'move', seat: 'white', move: 'f1-f3', version: v });
    expect(await g.white.error()).toBe('illegal-move');
    g.white.send({ t: 'move', seat: 'white', move: 'z9-f2', version: v });
    expect(await g.white.error()).toBe('illegal-move');
    g.black.send({ t: 'move', seat: 'black', move: 'f11-f10', version: v });
    expect(await g.black.error()).toBe('not-your-turn');
    g.black.send({ t: 'move', seat: 'white', move: 'f1-f2', version: v });
    expect(await g.black.error()).toBe('not-your-seat');
    watcher.peer.send({ t: 'move', seat: 'white', move: 'f1-f2', version: v });
    expect(await watcher.peer.error()).toBe('spectator');
    g.white.send({ t: 'move', seat: 'white', move: 'f1-f2', version: v + 5 });
    expect(await g.white.error()).toBe('stale');
    g.white.send({ t: 'move', seat: 'white', move: 'f1-f2', version: v });
    await g.black.event(v + 1);
    // Black answers from the board it saw before White's move: stale.
    g.black.send({ t: 'move', seat: 'black', move: 'f11-f10', version: v });
    expect(await g.black.error()).toBe('stale');
    g.black.send({ t: 'move', seat: 'black', move: 'f11-f10', version: v + 1 });
    expect((await g.white.event(v + 2)).event).toEqual({
      kind: 'move',
      seat: 'black',
      move: 'f11-f10',
    });
    // Nothing refused reached the game.
    const check = await Peer.join(server.url, g.id);
    expect(check.state.game.moves).toEqual(['f1-f2', 'f11-f10']);
    for (const p of [g.white, g.black, watcher.peer, check.peer]) p.close();
  });

  it('refuses malformed and oversized messages without harm, and limits their rate', async () => {
    const g = await twoPlayers(server.url);
    const early = await Peer.open(server.url, g.id);
    early.send({ t: 'sync' });
    expect(await early.error()).toBe('hello-first');
    early.close();
    g.white.send('not json {');
    expect(await g.white.error()).toBe('bad-json');
    g.white.send('[1,2]');
    expect(await g.white.error()).toBe('bad-message');
    g.white.send({ t: 'launch' } as never);
    expect(await g.white.error()).toBe('bad-message');
    g.white.send(JSON.stringify({ t: 'move', seat: 'white', move: 'f1-f2', version: -1 }));
    expect(await g.white.error()).toBe('bad-message');
    g.white.send(JSON.stringify({ t: 'move', seat: 'white', move: 'f1-f2', version: 2, x: 1 }));
    expect(await g.white.error()).toBe('bad-message');
    g.white.send({ t: 'hello' });
    expect(await g.white.error()).toBe('bad-message');
    const unknown = await Peer.open(server.url, 'abcdefghij');
    unknown.send({ t: 'hello' });
    expect(await unknown.error()).toBe('no-such-game');
    expect(await unknown.whenClosed()).toBe(4404);
    // An oversized message closes that socket (1009) and nothing else.
    const big = await Peer.join(server.url, g.id);
    big.peer.send('x'.repeat(100_000));
    expect(await big.peer.whenClosed()).toBe(1009);
    // A flood is cut down to the allowed rate.
    const flood = await Peer.join(server.url, g.id);
    for (let i = 0; i < 1200; i++) flood.peer.send({ t: 'ping' });
    expect(await flood.peer.error()).toBe('rate-limited');
    flood.peer.close();
    // The players never noticed.
    g.white.send({ t: 'move', seat: 'white', move: 'f1-f2', version: g.version });
    expect((await g.black.event(g.version + 1)).event.kind).toBe('move');
    g.white.close();
    g.black.close();
  }, 30_000);

  it('shows a dropped player as gone, and catches them up when they reconnect', async () => {
    const g = await twoPlayers(server.url);
    g.white.send({ t: 'move', seat: 'white', move: 'f1-f2', version: g.version });
    await g.black.event(g.version + 1);
    g.black.ws.terminate();
    await g.white.next('presence', (p) => !p.online.black);
    // White cannot move for Black while Black is away.
    g.white.send({ t: 'move', seat: 'white', move: 'f2-f3', version: g.version + 1 });
    expect(await g.white.error()).toBe('not-your-turn');
    const back = await Peer.join(server.url, g.id, g.tokens.black);
    expect(back.state.you).toBe('black');
    expect(back.state.game.moves).toEqual(['f1-f2']);
    await g.white.next('presence', (p) => p.online.black);
    back.peer.send({ t: 'move', seat: 'black', move: 'f11-f10', version: back.state.game.version });
    expect((await g.white.event(back.state.game.version + 1)).event.kind).toBe('move');
    g.white.close();
    back.peer.close();
  });

  it('resigns, offers, declines and accepts draws, and agrees a rematch with sides swapped', async () => {
    const g = await twoPlayers(server.url);
    const v = g.version;
    g.white.send({ t: 'draw', seat: 'white', action: 'offer' });
    expect((await g.black.event(v + 1)).event).toEqual({ kind: 'draw-offer', seat: 'white' });
    g.white.send({ t: 'draw', seat: 'white', action: 'accept' });
    expect(await g.white.error()).toBe('no-draw-offer');
    g.black.send({ t: 'draw', seat: 'black', action: 'decline' });
    expect((await g.white.event(v + 2)).event.kind).toBe('draw-decline');
    g.black.send({ t: 'rematch', seat: 'black' });
    expect(await g.black.error()).toBe('game-not-over');
    g.black.send({ t: 'draw', seat: 'black', action: 'offer' });
    await g.white.event(v + 3);
    g.white.send({ t: 'draw', seat: 'white', action: 'accept' });
    const drawn = await g.black.event(v + 4);
    expect(drawn.outcome).toEqual({ winner: null, reason: 'agreement' });
    g.white.send({ t: 'rematch', seat: 'white' });
    expect((await g.black.event(v + 5)).event).toEqual({ kind: 'rematch-offer', seat: 'white' });
    g.black.send({ t: 'rematch', seat: 'black' });
    const agreed = await g.white.event(v + 6);
    expect(agreed.event.kind).toBe('rematch');
    const next = (agreed.event as { next: string }).next;
    // Each keeps their token, now for the other colour.
    const formerBlack = await Peer.join(server.url, next, g.tokens.black);
    const formerWhite = await Peer.join(server.url, next, g.tokens.white);
    expect(formerBlack.state.you).toBe('white');
    expect(formerWhite.state.you).toBe('black');
    formerWhite.peer.send({ t: 'resign', seat: 'black' });
    expect((await formerBlack.peer.event(formerWhite.state.game.version + 1)).outcome).toEqual({
      winner: 'white',
      reason: 'resignation',
    });
    for (const p of [g.white, g.black, formerBlack.peer, formerWhite.peer]) p.close();
  });

  it('R16: a link game where the captor places the queen, the owner refused, a watcher told', async () => {
    const g = await twoPlayers(server.url, { side: 'white', captorPlacesQueen: true });
    const { peer: watcher, state } = await Peer.join(server.url, g.id);
    expect(state.game.captorPlacesQueen).toBe(true);
    let version = g.version;
    // White takes Black's queen on f10 (the shortest way the engine finds from the start).
    for (const [seat, move] of [
      ['white', 'h9-g10'],
      ['black', 'f11-f10'],
      ['white', 'd9-e9'],
    ] as const) {
      (seat === 'white' ? g.white : g.black).send({ t: 'move', seat, move, version });
      await watcher.event(++version);
    }
    // Black's turn; Black may not place the queen, White does.
    g.black.send({ t: 'move', seat: 'black', move: 'f10@f6', version });
    expect(await g.black.error()).toBe('captor-chooses');
    g.white.send({ t: 'move', seat: 'white', move: 'f10@f6', version });
    expect((await watcher.event(++version)).event).toEqual({
      kind: 'move',
      seat: 'white',
      move: 'f10@f6',
    });
    // A client that joins later sees the same game, White to move.
    const { peer: late, state: now } = await Peer.join(server.url, g.id);
    expect(now.game).toMatchObject({
      captorPlacesQueen: true,
      moves: ['h9-g10', 'f11-f10', 'd9-e9', 'f10@f6'],
    });
    for (const peer of [g.white, g.black, watcher, late]) peer.close();
  });

  it('ends the game when the side to move runs out of time', async () => {
    const g = await twoPlayers(server.url, {
      side: 'white',
      clock: { initial: 1500, increment: 0 },
    });
    g.white.send({ t: 'move', seat: 'white', move: 'f1-f2', version: g.version });
    const moved = await g.black.event(g.version + 1);
    expect(moved.clock?.running).toBe('black');
    const flagged = await g.white.next('event', (e) => e.version === moved.version + 1, 10_000);
    expect(flagged.event).toEqual({ kind: 'timeout', seat: 'black' });
    expect(flagged.outcome).toEqual({ winner: 'white', reason: 'timeout' });
    expect(flagged.clock?.black).toBe(0);
    g.black.send({ t: 'move', seat: 'black', move: 'f11-f10', version: moved.version });
    expect(await g.black.error()).toBe('game-over');
    g.white.close();
    g.black.close();
  });

  it('limits how many games one address creates', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await createGame(server.url, {})).status);
    expect(statuses).toContain(429);
    expect((await createGame(server.url, { side: 'green' })).status).toBe(400);
  });
});

describe('a server killed with SIGKILL mid-game', () => {
  it('comes back with every acknowledged move, and the game goes on', async () => {
    const data = dataFolder();
    let server = await startServer(data);
    try {
      const g = await twoPlayers(server.url, {
        side: 'white',
        clock: { initial: 600_000, increment: 5000 },
      });
      const { moves } = wholeGame();
      let version = g.version;
      const acknowledged: string[] = [];
      for (const [i, move] of moves.slice(0, 20).entries()) {
        const seat: Colour = i % 2 === 0 ? 'white' : 'black';
        (seat === 'white' ? g.white : g.black).send({ t: 'move', seat, move, version });
        await (seat === 'white' ? g.black : g.white).event(version + 1);
        acknowledged.push(move);
        version++;
      }
      // One more move is sent and the server is killed at once: it either made it or not.
      g.white.send({ t: 'move', seat: 'white', move: moves[20]!, version });
      await server.stop('SIGKILL');
      server = await startServer(data);
      const white = await Peer.join(server.url, g.id, g.tokens.white);
      const black = await Peer.join(server.url, g.id, g.tokens.black);
      const after = white.state.game.moves;
      expect(after.slice(0, 20)).toEqual(acknowledged);
      expect(after.length === 20 || after[20] === moves[20]).toBe(true);
      expect(white.state.you).toBe('white');
      expect(black.state.you).toBe('black');
      // Clocks came back as they were: each side has had its increments, less its time.
      expect(white.state.game.clock?.white).toBeGreaterThan(600_000);
      version = white.state.game.version;
      const i = after.length;
      const seat: Colour = i % 2 === 0 ? 'white' : 'black';
      (seat === 'white' ? white : black).peer.send({ t: 'move', seat, move: moves[i]!, version });
      const event = await (seat === 'white' ? black : white).peer.event(version + 1);
      expect(event.event).toEqual({ kind: 'move', seat, move: moves[i]! });
      white.peer.close();
      black.peer.close();
    } finally {
      await server.stop('SIGKILL');
      remove(data);
    }
  });
});
