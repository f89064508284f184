// The lobby socket of a page other than the lobby (hello with `watch`): the player hears of a
// challenge addressed to them wherever they are, accepts it from there and is taken to the game,
// while the watching socket neither counts them as in the lobby nor holds anything of theirs.

import type { ChallengeTerms } from '@agon/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Problems } from '../src/common/problems.ts';
import { hashToken, newPlayerId, newToken } from '../src/common/secret.ts';
import { MemoryBoard } from '../src/lobby/board.ts';
import { Lobby } from '../src/lobby/lobby.ts';
import { SqliteStore } from '../src/storage/sqlite.ts';
import { dataFolder, remove } from './harness.ts';
import { Socket } from './lobby-socket.ts';

const BLITZ: ChallengeTerms = {
  clock: { initial: 300_000, increment: 3000 },
  variant: 'standard',
  touchMove: false,
  captorPlacesQueen: false,
  side: 'white',
  rated: false,
};

describe('a watching lobby socket', () => {
  let folder: string;
  let store: SqliteStore;
  let lobby: Lobby;

  beforeAll(() => {
    folder = dataFolder();
    store = new SqliteStore(folder);
    lobby = new Lobby({
      board: new MemoryBoard(Date.now),
      players: store,
      games: store,
      limits: { lobbyActionsPerMinute: 60, lobbyActionBurst: 20 },
      now: Date.now,
      problems: new Problems(Date.now, 60_000, () => undefined),
      hold: async () => undefined,
      playing: () => [],
      network: (address) => address,
    });
  });
  afterAll(async () => {
    await lobby.close();
    await store.close();
    remove(folder);
  });

  /** A new player in the store and a socket that said hello as them (`watch`: from elsewhere). */
  async function player(watch = false) {
    const id = newPlayerId();
    const token = newToken();
    await store.createPlayer({
      id,
      name: `Player ${id}`,
      tokenHash: hashToken(token),
      createdAt: Date.now(),
    });
    const socket = new Socket();
    expect(await lobby.hello(socket, token, watch)).toBe(true);
    return { id, token, socket };
  }

  it('hears a challenge to its player within a beat, and accepting it starts the game', async () => {
    const [a, b] = [await player(), await player(true)];
    expect(b.socket.of('welcome')).toEqual([]);
    expect(b.socket.of('direct').at(-1)?.challenges).toEqual([]);
    await lobby.act(a.socket, { t: 'challenge', to: b.id, ...BLITZ });
    await lobby.show();
    const heard = await b.socket.wait('direct', (m) => m.challenges.length === 1);
    const [sent] = heard.challenges;
    expect(sent).toMatchObject({ by: { id: a.id }, to: { id: b.id } });
    await lobby.act(b.socket, { t: 'accept', id: sent!.id });
    const [pa, pb] = await Promise.all([a.socket.wait('paired'), b.socket.wait('paired')]);
    expect(pb).toMatchObject({ game: pa.game, seat: 'black' });
  });

  it('declines from elsewhere, but neither seeks nor counts as in the lobby', async () => {
    const [a, b] = [await player(), await player(true)];
    await lobby.act(b.socket, { t: 'seek', pool: '5+3' });
    expect(b.socket.of('error').at(-1)?.code).toBe('bad-message');
    await lobby.act(a.socket, { t: 'challenge', to: b.id, ...BLITZ });
    await lobby.show();
    const { challenges } = await b.socket.wait('direct', (m) => m.challenges.length === 1);
    await lobby.act(b.socket, { t: 'decline', id: challenges[0]!.id, reason: 'later' });
    expect(await a.socket.wait('declined')).toMatchObject({ by: { id: b.id }, reason: 'later' });
    expect(lobby.size).toBe(2); // a's sockets of both tests, not b's watchers
  });

  it("leaves its player's challenge on the board when it closes", async () => {
    const a = await player();
    const watcher = new Socket();
    const b = await player();
    await lobby.act(a.socket, { t: 'challenge', to: b.id, ...BLITZ });
    await lobby.show();
    await b.socket.wait('direct', (m) => m.challenges.length === 1);
    expect(await lobby.hello(watcher, a.token, true)).toBe(true);
    watcher.close(1000);
    lobby.leave(watcher);
    await lobby.show();
    expect(a.socket.of('direct').at(-1)?.challenges).toMatchObject([{ to: { id: b.id } }]);
    expect(b.socket.of('direct').at(-1)?.challenges).toHaveLength(1);
  });
});
