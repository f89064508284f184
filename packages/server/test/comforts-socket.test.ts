// Takebacks and quick messages on the wire: a real server process and WebSocket clients, the
// events told to both players and a watcher, the game as a reload sees it, and a flood of
// quick messages refused without harm to the game.

import { type Colour, Game, makeMoveText, parseApn, STANDARD_APN } from '@agon/engine';
import { describe, expect, it } from 'vitest';
import { createGame, Peer, serverFor } from './harness.ts';

type Created = { id: string; seat: Colour; token: string };

describe('takebacks and quick messages with a real server process', () => {
  const server = serverFor({ AGON_MESSAGES_PER_SECOND: '500' });

  /** A game made with `body`, its creator (White), Black and a watcher joined to it. */
  async function seated(body: unknown) {
    const created = await createGame(server.url, body);
    const { id, token } = created.body as Created;
    const white = (await Peer.join(server.url, id, token)).peer;
    const second = await Peer.join(server.url, id);
    const watcher = (await Peer.join(server.url, id)).peer;
    return { id, token, white, black: second.peer, watcher, joined: second.state.game.version };
  }

  it('takes a move back when the opponent agrees, for everyone in the game and after a reload', async () => {
    const { id, token, white, black, watcher, joined } = await seated({
      side: 'white',
      clock: { initial: 300_000, increment: 0 },
    });
    let version = joined;
    const start = parseApn(STANDARD_APN);
    if (!start.ok) throw new Error(start.error.message);
    const game = new Game(start.value);
    const play = async (seat: Colour, peer: Peer): Promise<string> => {
      const move = makeMoveText(game.legalMoves()[0]!);
      game.play(game.legalMoves()[0]!);
      peer.send({ t: 'move', seat, move, version });
      expect(await peer.answer(++version)).toBe('event');
      return move;
    };
    const first = await play('white', white);
    await play('black', black);

    black.send({ t: 'takeback', seat: 'black', action: 'offer' });
    expect((await white.event(++version)).event).toEqual({
      kind: 'takeback-offer',
      seat: 'black',
    });
    white.send({ t: 'takeback', seat: 'white', action: 'accept' });
    version++;
    for (const peer of [white, black, watcher]) {
      const told = await peer.event(version);
      expect(told.event).toEqual({ kind: 'takeback-accept', seat: 'white', undone: 1 });
      expect(told.clock?.running).toBe('black');
    }
    game.undo();
    const reply = await play('black', black);
    // A second asking is declined: nothing moves, and the asker is told.
    black.send({ t: 'takeback', seat: 'black', action: 'offer' });
    expect(await black.answer(++version)).toBe('event');
    black.send({ t: 'takeback', seat: 'black', action: 'accept' });
    expect(await black.error()).toBe('no-takeback-offer');
    white.send({ t: 'takeback', seat: 'white', action: 'decline' });
    expect((await black.event(++version)).event).toEqual({
      kind: 'takeback-decline',
      seat: 'white',
    });
    black.send({ t: 'takeback', seat: 'black', action: 'offer' });
    expect(await black.error()).toBe('no-takeback');

    // A reload sees the game as it is: the move taken back is gone, the one played since kept.
    const again = await Peer.join(server.url, id, token);
    expect(again.state.game.moves).toEqual([first, reply]);
    expect(again.state.game.takebackOffer).toBeNull();
    expect(again.state.game.version).toBe(version);
    for (const peer of [white, black, watcher, again.peer]) peer.close();
  });

  it('tells a quick message to the other side and the watchers, and refuses a flood unharmed', async () => {
    const { id, token, white, black, watcher, joined } = await seated({ side: 'white' });
    let version = joined;

    white.send({ t: 'say', seat: 'white', message: 'good-luck' });
    for (const peer of [white, black, watcher]) {
      expect((await peer.event(version + 1)).event).toEqual({
        kind: 'say',
        seat: 'white',
        message: 'good-luck',
      });
    }
    version++;
    watcher.send({ t: 'say', seat: 'white', message: 'oops' });
    expect(await watcher.error()).toBe('spectator');
    black.send({ t: 'say', seat: 'black', message: 'Have fun' } as never);
    expect(await black.error()).toBe('bad-message');

    // A flood: every one refused, the socket closed after a hundred refusals, nothing stored.
    for (let i = 0; i < 150; i++) white.send({ t: 'say', seat: 'white', message: 'thanks' });
    expect(await white.error()).toBe('too-many-messages');
    expect(await white.whenClosed()).toBe(1008);
    // The game goes on: the other side still says and moves, and a reload shows one message.
    black.send({ t: 'say', seat: 'black', message: 'have-fun' });
    expect(await black.answer(++version)).toBe('event');
    const back = await Peer.join(server.url, id, token);
    expect(back.state.game.said).toEqual([
      { seat: 'white', message: 'good-luck', version: version - 1 },
      { seat: 'black', message: 'have-fun', version },
    ]);
    for (const peer of [black, watcher, back.peer]) peer.close();
  });
});
