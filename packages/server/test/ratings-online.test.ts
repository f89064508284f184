// Ratings on the wire, with a real server process behind a proxy it believes (so that each
// player of the test plays from a network of its own, named by X-Forwarded-For): a rated game
// moves the winner up and the loser down, shown on the finished game and on the players'
// pages; a casual one moves nobody; house rules keep ratings of their own. And the farming run
// of the trust issue moves no rating: fresh identities resigning or agreeing draws before both
// sides moved abort their games, a game between identities of one network is played unrated
// and says so, and a rated game takes no draw before each side has made its first moves.

import { type Colour, Game, makeMoveText, parseApn, STANDARD_APN } from '@agon/engine';
import {
  type ChallengeTerms,
  DRAW_AFTER_MOVES,
  type GameView,
  type Identity,
  type PlayerPage,
} from '@agon/protocol';
import { describe, expect, it } from 'vitest';
import { LobbyClient, newPlayer } from '../scripts/lobby-client.ts';
import { Peer, page, RATED_BLITZ, serverFor } from './harness.ts';

/** A player of the test: its identity, its network and its lobby socket. */
interface Someone extends Identity {
  readonly address: string;
  readonly lobby: LobbyClient;
}

/** Waits until `id`'s game `game` has a result (settling follows the game's last commit). */
async function settled(url: string, id: string, game: string): Promise<PlayerPage> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const p = await page(url, id);
    if (p.games.find((g) => g.game === game)?.result) return p;
    if (Date.now() > deadline) throw new Error(`game ${game} not settled for ${id}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const BLITZ = RATED_BLITZ;
const BULLET: ChallengeTerms = { ...BLITZ, clock: { initial: 60_000, increment: 0 } };

/** A game in play: each seat's socket, the version it is at, and the moves so far. */
interface Playing {
  readonly game: string;
  readonly peers: Record<Colour, Peer>;
  readonly state: GameView;
  version: number;
  readonly engine: Game;
}

describe('ratings of lobby games, on the wire', () => {
  const server = serverFor({
    AGON_MESSAGES_PER_SECOND: '500',
    AGON_TRUST_PROXY: '1',
    AGON_PLAYERS_PER_MINUTE: '1000',
    AGON_LOBBY_ACTIONS_PER_MINUTE: '1000',
  });
  let networks = 0;

  /** A new player on a network of its own (or `address`), with the lobby open. */
  async function someone(address = `198.51.100.${++networks}`): Promise<Someone> {
    const me = await newPlayer(server.url, 'en', address);
    const { client } = await LobbyClient.open(server.url, me.token, { address });
    return { ...me, address, lobby: client };
  }

  /** `taker` accepts `owner`'s challenge on `terms`; both sit down at the game it makes. */
  async function challenge(owner: Someone, taker: Someone, terms: ChallengeTerms) {
    owner.lobby.send({ t: 'challenge', ...terms });
    // The owner's new challenge, not one taken before that a list a moment old still shows.
    const fresh = (c: { by: { id: string }; id: string }) =>
      c.by.id === owner.id && !accepted.has(c.id);
    await taker.lobby.lobbyWhere((l) => l.challenges.some(fresh));
    const id = taker.lobby.lobby!.challenges.find(fresh)!.id;
    accepted.add(id);
    taker.lobby.send({ t: 'accept', id });
    return sitDown([owner, taker]);
  }
  const accepted = new Set<string>();

  /** Both players, told of their pairing, open the game with their identities. */
  async function sitDown(two: readonly Someone[]): Promise<Playing> {
    const paired = await Promise.all(two.map((p) => p.lobby.next('paired')));
    expect(paired[0]!.game).toBe(paired[1]!.game);
    const joined = await Promise.all(
      paired.map((p, i) => Peer.join(server.url, p.game, two[i]!.token)),
    );
    for (const [i, j] of joined.entries()) expect(j.state.you).toBe(paired[i]!.seat);
    const peers = Object.fromEntries(joined.map((j) => [j.state.you, j.peer])) as Record<
      Colour,
      Peer
    >;
    const start = parseApn(STANDARD_APN);
    if (!start.ok) throw new Error(start.error.message);
    const state = joined[0]!.state.game;
    return {
      game: paired[0]!.game,
      peers,
      state,
      version: Math.max(...joined.map((j) => j.state.game.version)),
      engine: new Game(start.value),
    };
  }

  /** Plays `turns` turns, each side the first legal move that neither ends nor repeats. */
  async function play(g: Playing, turns: number): Promise<void> {
    for (let i = 0; i < turns; i++) {
      const seat = g.engine.position.turnColour;
      const legal = g.engine.legalMoves().find((m) => {
        g.engine.play(m);
        const quiet = !g.engine.outcome && g.engine.occurrences() === 1;
        g.engine.undo();
        return quiet;
      })!;
      g.engine.play(legal);
      g.peers[seat].send({ t: 'move', seat, move: makeMoveText(legal), version: g.version });
      expect(await g.peers[seat].answer(++g.version)).toBe('event');
    }
  }

  /** `loser` resigns; answers the game's outcome as the other side heard it. */
  async function resign(g: Playing, loser: Colour) {
    g.peers[loser].send({ t: 'resign', seat: loser });
    const winner: Colour = loser === 'white' ? 'black' : 'white';
    return (await g.peers[winner].event(++g.version)).outcome;
  }

  function close(g: Playing, ...people: Someone[]): void {
    for (const p of Object.values(g.peers)) p.close();
    for (const p of people) p.lobby.close();
  }

  it('moves the winner up and the loser down after a rated game, and shows it on the game', async () => {
    const [a, b] = [await someone(), await someone()];
    for (const p of [a, b]) p.lobby.send({ t: 'seek', pool: '3+2' });
    const g = await sitDown([a, b]);
    expect(g.state.rated).toBe(true);
    expect(g.state.unrated).toBeUndefined();
    await play(g, 4);
    expect(await resign(g, 'black')).toEqual({ winner: 'white', reason: 'resignation' });
    // The finished game shows what it did to each rating.
    const shown = await g.peers.white.next(
      'state',
      (m) => m.game.players.white?.change !== undefined,
    );
    expect(shown.game.players.white!.change).toBeGreaterThan(0);
    expect(shown.game.players.black!.change).toBeLessThan(0);
    // Whoever opens the finished game later sees the same.
    const later = await Peer.join(server.url, g.game);
    expect(later.state.game.players.white!.change).toBe(shown.game.players.white!.change);
    later.peer.close();
    const whiteIs = g.state.players.white!.id === a.id ? a : b;
    const blackIs = whiteIs === a ? b : a;
    const [w, l] = [
      await settled(server.url, whiteIs.id, g.game),
      await settled(server.url, blackIs.id, g.game),
    ];
    expect(w.ratings.blitz.rating).toBeGreaterThan(1500);
    expect(l.ratings.blitz.rating).toBeLessThan(1500);
    expect(w.ratings.blitz.rating - 1500).toBe(shown.game.players.white!.change);
    expect(w.ratings.blitz.games).toBe(1);
    expect(w.ratings.bullet).toEqual({ rating: 1500, provisional: true, games: 0 });
    expect(w.games[0]).toMatchObject({
      game: g.game,
      colour: 'white',
      class: 'blitz',
      rules: 'standard',
      rated: true,
      result: 'win',
      ratingBefore: 1500,
      ratingAfter: w.ratings.blitz.rating,
      opponent: { id: blackIs.id, name: blackIs.name },
    });
    expect(l.games[0]).toMatchObject({ game: g.game, colour: 'black', result: 'loss' });
    close(g, a, b);
  });

  it('moves nobody after a casual challenge played to the end', async () => {
    const [a, b] = [await someone(), await someone()];
    const g = await challenge(a, b, { ...BLITZ, rated: false });
    await play(g, 4);
    await resign(g, 'white');
    for (const p of [a, b]) {
      const after = await settled(server.url, p.id, g.game);
      expect(after.ratings.blitz).toEqual({ rating: 1500, provisional: true, games: 0 });
      expect(after.games[0]).toMatchObject({
        game: g.game,
        rated: false,
        result: p === a ? 'loss' : 'win',
        ratingBefore: null,
        ratingAfter: null,
      });
    }
    close(g, a, b);
  });

  it('keeps a rating of its own for each rule set (R16 here)', async () => {
    const [a, b] = [await someone(), await someone()];
    const g = await challenge(a, b, { ...BLITZ, captorPlacesQueen: true });
    await play(g, 4);
    await resign(g, 'black');
    const won = await settled(server.url, a.id, g.game);
    expect(won.ratings.blitz.games).toBe(0);
    expect(won.others).toEqual([
      { class: 'blitz', rules: 'captor', rating: expect.objectContaining({ games: 1 }) },
    ]);
    expect(won.others[0]!.rating.rating).toBeGreaterThan(1500);
    expect(won.games[0]).toMatchObject({ class: 'blitz', rules: 'captor', result: 'win' });
    close(g, a, b);
  });

  it('moves no rating in the farming run: resignations and draws before both moved abort', async () => {
    const main = await someone();
    // Twelve fresh identities made from one address, each paired with the main identity,
    // each resigning at move 0.
    const farm = '203.0.113.7';
    for (let i = 0; i < 12; i++) {
      const fresh = await someone(farm);
      const g = await challenge(main, fresh, BULLET);
      expect(await resign(g, 'black')).toEqual({ winner: null, reason: 'aborted' });
      close(g, fresh);
    }
    // Eight draws agreed at move 0 between two identities: no draw is offered so early in a
    // rated game, and giving up instead aborts it.
    const [x, y] = [await someone(), await someone()];
    for (let i = 0; i < 8; i++) {
      const g = await challenge(x, y, BULLET);
      g.peers.white.send({ t: 'draw', seat: 'white', action: 'offer' });
      expect(await g.peers.white.error()).toBe('too-early');
      expect(await resign(g, 'white')).toEqual({ winner: null, reason: 'aborted' });
      close(g);
    }
    for (const p of [main, x, y]) {
      const after = await page(server.url, p.id);
      expect(after.ratings.bullet).toEqual({ rating: 1500, provisional: true, games: 0 });
      const mine = await settled(server.url, p.id, after.games[0]!.game);
      expect(mine.games.every((game) => game.result === 'aborted')).toBe(true);
    }
    for (const p of [main, x, y]) p.lobby.close();
  }, 60_000);

  it('plays a rated game between identities of one network unrated, and says why', async () => {
    const main = await someone();
    const fresh = await someone(main.address);
    const g = await challenge(main, fresh, BLITZ);
    expect(g.state.rated).toBe(false);
    expect(g.state.unrated).toBe('same-network');
    await play(g, 4);
    await resign(g, 'black');
    const after = await settled(server.url, main.id, g.game);
    expect(after.ratings.blitz.games).toBe(0);
    expect(after.games[0]).toMatchObject({ rated: false, result: 'win' });
    close(g, main, fresh);
  });

  it('takes no draw offer in a rated game before each side has made its first moves', async () => {
    const [a, b] = [await someone(), await someone()];
    const g = await challenge(a, b, BLITZ);
    await play(g, 2);
    g.peers.white.send({ t: 'draw', seat: 'white', action: 'offer' });
    expect(await g.peers.white.error()).toBe('too-early');
    await play(g, 2 * DRAW_AFTER_MOVES - 2);
    g.peers.white.send({ t: 'draw', seat: 'white', action: 'offer' });
    expect((await g.peers.black.event(++g.version)).event).toEqual({
      kind: 'draw-offer',
      seat: 'white',
    });
    close(g, a, b);
  });
});
