// Ratings on the wire, with a real server process: two players paired by quick pairing play a
// rated game to the end over the game sockets, and their pages show the winner up and the
// loser down, with the ratings before and after in their game lists; a casual challenge
// played to the end moves neither. (An aborted game moving nothing is the store's contract,
// test/players.test.ts; its 30 s wait is test/room.test.ts's, with a fake clock.)

import { type Colour, Game, makeMoveText, parseApn, STANDARD_APN } from '@agon/engine';
import type { Identity, PlayerPage } from '@agon/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LobbyClient, newPlayer } from '../scripts/lobby-client.ts';
import { dataFolder, Peer, type Running, remove, startServer } from './harness.ts';

/** A player of the test: its identity and lobby socket. */
interface Someone extends Identity {
  readonly lobby: LobbyClient;
}

/** A player's page. */
async function page(url: string, id: string): Promise<PlayerPage> {
  return (await (await fetch(`${url}api/players/${id}`)).json()) as PlayerPage;
}

/** Waits until `id`'s newest game has a result (settling follows the game's last commit). */
async function settled(url: string, id: string, game: string): Promise<PlayerPage> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const p = await page(url, id);
    if (p.games.find((g) => g.game === game)?.result) return p;
    if (Date.now() > deadline) throw new Error(`game ${game} not settled for ${id}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('ratings of lobby games, on the wire', () => {
  let data: string;
  let server: Running;
  let a: Someone;
  let b: Someone;
  beforeAll(async () => {
    data = dataFolder();
    server = await startServer(data, { AGON_MESSAGES_PER_SECOND: '500' });
    const someone = async (): Promise<Someone> => {
      const me = await newPlayer(server.url);
      return { ...me, lobby: (await LobbyClient.open(server.url, me.token)).client };
    };
    [a, b] = [await someone(), await someone()];
  });
  afterAll(async () => {
    for (const p of [a, b]) p?.lobby.close();
    await server?.stop('SIGKILL');
    remove(data);
  });

  /**
   * A and B meet in the lobby as `meet` has them; both are paired into one game, in which each
   * side makes a move and then `loser` resigns. Answers the game and who played which side.
   */
  async function playOut(
    meet: () => Promise<void>,
    loser: Colour,
  ): Promise<{ game: string; white: Someone; black: Someone }> {
    await meet();
    const paired = await Promise.all([a.lobby.next('paired'), b.lobby.next('paired')]);
    expect(paired[0].game).toBe(paired[1].game);
    // Each takes their seat with their identity: a lobby game has no seat token of its own.
    const joined = await Promise.all(
      paired.map((p, i) => Peer.join(server.url, p.game, [a, b][i]!.token)),
    );
    for (const [i, j] of joined.entries()) expect(j.state.you).toBe(paired[i]!.seat);
    const peers = Object.fromEntries(joined.map((j) => [j.state.you, j.peer])) as Record<
      Colour,
      Peer
    >;
    let version = Math.max(...joined.map((j) => j.state.game.version));
    const start = parseApn(STANDARD_APN);
    if (!start.ok) throw new Error(start.error.message);
    const engine = new Game(start.value);
    for (const seat of ['white', 'black'] as const) {
      const move = makeMoveText(engine.legalMoves()[0]!);
      engine.play(engine.legalMoves()[0]!);
      peers[seat].send({ t: 'move', seat, move, version });
      expect(await peers[seat].answer(++version)).toBe('event');
    }
    peers[loser].send({ t: 'resign', seat: loser });
    const ended = await peers.white.event(++version);
    expect(ended.outcome).toEqual({
      winner: loser === 'white' ? 'black' : 'white',
      reason: 'resignation',
    });
    for (const p of Object.values(peers)) p.close();
    const whiteIs = paired[0].seat === 'white' ? a : b;
    return { game: paired[0].game, white: whiteIs, black: whiteIs === a ? b : a };
  }

  it('moves the winner up and the loser down after a rated game from quick pairing', async () => {
    const { game, white, black } = await playOut(async () => {
      for (const p of [a, b]) p.lobby.send({ t: 'seek', pool: '3+2' });
    }, 'black');
    const [w, l] = [
      await settled(server.url, white.id, game),
      await settled(server.url, black.id, game),
    ];
    expect(w.ratings.blitz.rating).toBeGreaterThan(1500);
    expect(l.ratings.blitz.rating).toBeLessThan(1500);
    expect(w.ratings.blitz.games).toBe(1);
    expect(w.ratings.bullet).toEqual({ rating: 1500, provisional: true, games: 0 });
    expect(w.games[0]).toMatchObject({
      game,
      colour: 'white',
      class: 'blitz',
      rated: true,
      result: 'win',
      ratingBefore: 1500,
      ratingAfter: w.ratings.blitz.rating,
      opponent: { id: black.id, name: black.name },
    });
    expect(l.games[0]).toMatchObject({
      game,
      colour: 'black',
      result: 'loss',
      ratingBefore: 1500,
      ratingAfter: l.ratings.blitz.rating,
    });
  });

  it('moves nobody after a casual challenge played to the end', async () => {
    const before = { a: await page(server.url, a.id), b: await page(server.url, b.id) };
    const { game } = await playOut(async () => {
      a.lobby.send({
        t: 'challenge',
        clock: { initial: 180_000, increment: 2000 },
        variant: 'standard',
        touchMove: false,
        captorPlacesQueen: false,
        side: 'white',
        rated: false,
      });
      await b.lobby.lobbyWhere((l) => l.challenges.some((c) => c.by.id === a.id));
      b.lobby.send({
        t: 'accept',
        id: b.lobby.lobby!.challenges.find((c) => c.by.id === a.id)!.id,
      });
    }, 'white');
    for (const p of [a, b]) {
      const after = await settled(server.url, p.id, game);
      expect(after.ratings).toEqual(before[p === a ? 'a' : 'b'].ratings);
      expect(after.games[0]).toMatchObject({
        game,
        rated: false,
        result: p === a ? 'loss' : 'win',
        ratingBefore: null,
        ratingAfter: null,
      });
    }
  });
});
