// The lobby socket of a page other than the lobby (hello with `watch`): the player hears of a
// challenge addressed to them wherever they are, accepts it from there and is taken to the game,
// while the watching socket neither counts them as in the lobby nor holds anything of theirs.

import type { ChallengeTerms } from '@agon/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBoard } from '../src/lobby/board.ts';
import { BLITZ, LobbyProcess } from './lobby-process.ts';
import { Socket } from './lobby-socket.ts';

/** A casual challenge: the games these tests start are never finished, so none is rated. */
const CASUAL: ChallengeTerms = { ...BLITZ, rated: false };

describe('a watching lobby socket', () => {
  let here: LobbyProcess;

  beforeAll(() => {
    here = new LobbyProcess(new MemoryBoard(Date.now));
  });
  afterAll(() => here.close());

  it('hears a challenge to its player within a beat, and accepting it starts the game', async () => {
    const [a, b] = [await here.player(), await here.player({ watch: true })];
    expect(b.socket.of('welcome')).toEqual([]);
    expect(b.socket.of('direct').at(-1)?.challenges).toEqual([]);
    await here.lobby.act(a.socket, { t: 'challenge', to: b.id, ...CASUAL });
    await here.lobby.show();
    const heard = await b.socket.wait('direct', (m) => m.challenges.length === 1);
    const [sent] = heard.challenges;
    expect(sent).toMatchObject({ by: { id: a.id }, to: { id: b.id } });
    await here.lobby.act(b.socket, { t: 'accept', id: sent!.id });
    const [pa, pb] = await Promise.all([a.socket.wait('paired'), b.socket.wait('paired')]);
    expect(pb).toMatchObject({ game: pa.game, seat: 'black' });
  });

  it('declines from elsewhere, but neither seeks nor counts as in the lobby', async () => {
    const [a, b] = [await here.player(), await here.player({ watch: true })];
    await here.lobby.act(b.socket, { t: 'seek', pool: '5+3' });
    expect(b.socket.of('error').at(-1)?.code).toBe('bad-message');
    await here.lobby.act(a.socket, { t: 'challenge', to: b.id, ...CASUAL });
    await here.lobby.show();
    const { challenges } = await b.socket.wait('direct', (m) => m.challenges.length === 1);
    await here.lobby.act(b.socket, { t: 'decline', id: challenges[0]!.id, reason: 'later' });
    expect(await a.socket.wait('declined')).toMatchObject({ by: { id: b.id }, reason: 'later' });
    expect(here.lobby.size).toBe(2); // a's sockets of both tests, not b's watchers
  });

  it("leaves its player's challenge on the board when it closes", async () => {
    const a = await here.player();
    const watcher = new Socket();
    const b = await here.player();
    await here.lobby.act(a.socket, { t: 'challenge', to: b.id, ...CASUAL });
    await here.lobby.show();
    await b.socket.wait('direct', (m) => m.challenges.length === 1);
    expect(await here.lobby.hello(watcher, a.token, true)).toBe(true);
    watcher.close(1000);
    here.lobby.leave(watcher);
    await here.lobby.show();
    expect(a.socket.of('direct').at(-1)?.challenges).toMatchObject([{ to: { id: b.id } }]);
    expect(b.socket.of('direct').at(-1)?.challenges).toHaveLength(1);
  });
});
