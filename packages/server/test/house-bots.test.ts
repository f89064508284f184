// The house bots against the real server process: listed by the Bot API, marked as bots, they
// take a challenge at once (several live games at once), answer a person's moves with the engine's, and their games are
// settled and rated as people's are; a server killed in the middle of a game seats its bot
// again when it starts, and the bot moves on.

import type { ChallengeTerms, HouseBots, HouseBotView, PlayerPage } from '@agon/protocol';
import { describe, expect, it } from 'vitest';
import { LobbyClient, newPlayer } from '../scripts/lobby-client.ts';
import {
  Peer,
  page,
  quietMove,
  RATED_BLITZ,
  RATED_CORRESPONDENCE,
  serverFor,
  until,
} from './harness.ts';

// A game of days is answered at once here; its person's pace is house-bots-pace.test.ts's.
const server = serverFor({ AGON_TRUST_PROXY: '1', AGON_BOT_DAYS_PACE_MS: '1' });

async function house(): Promise<readonly HouseBotView[]> {
  const answer = (await (await fetch(`${server.url}api/bot/house`)).json()) as HouseBots;
  return answer.bots;
}

/**
 * A new person from `address` who challenges the house bot `bot` on `terms` (rated blitz) as
 * White: the game the bot accepted, and the person's socket in it.
 */
async function challenge(bot: string, address: string, terms: ChallengeTerms = RATED_BLITZ) {
  const person = await newPlayer(server.url, 'en', address);
  const { client } = await LobbyClient.open(server.url, person.token, { address });
  client.send({ t: 'challenge', to: bot, ...terms });
  const paired = await client.next('paired');
  client.close();
  const { peer, state } = await Peer.join(server.url, paired.game, person.token);
  return { person, game: paired.game, peer, state };
}

/** The person (White) moves quietly at `version` and waits for the bot's answer after it. */
async function moveAndHearBack(peer: Peer, moves: readonly string[], version: number) {
  peer.send({ t: 'move', seat: 'white', move: quietMove(moves), version });
  const mine = await peer.event(version + 1);
  expect(mine.event).toMatchObject({ kind: 'move', seat: 'white' });
  const reply = await peer.event(version + 2);
  expect(reply.event).toMatchObject({ kind: 'move', seat: 'black' });
  return reply;
}

describe('house bots', () => {
  it('are listed with their levels and ratings, and marked as bots', async () => {
    const bots = await house();
    expect(bots.map((b) => [b.name, b.level, b.rating.rating])).toEqual([
      ['Agon Bot 1', 1, 800],
      ['Agon Bot 3', 3, 1020],
      ['Agon Bot 5', 5, 1260],
      ['Agon Bot 7', 7, 1660],
      ['Agon Bot 9', 9, 1830],
    ]);
    expect(bots.every((b) => b.rating.provisional)).toBe(true);
    expect((await page(server.url, bots[0]!.id)).bot).toBe(true);
  });

  it('take a challenge at once, answer each move, and the game is rated when the person resigns', async () => {
    const [bot] = await house();
    const { person, game, peer, state } = await challenge(bot!.id, '198.51.100.40');
    expect(state.you).toBe('white');
    expect(state.game.players.black).toMatchObject({ id: bot!.id, bot: true });
    const first = await moveAndHearBack(peer, [], state.game.version);
    const moves = [quietMove([]), (first.event as { move: string }).move];
    await moveAndHearBack(peer, moves, first.version);

    peer.send({ t: 'resign', seat: 'white' });
    const end = await peer.next(
      'state',
      (m) => m.game.outcome !== null && !!m.game.players.white?.change,
    );
    expect(end.game.outcome).toMatchObject({ winner: 'black', reason: 'resignation' });
    peer.close();

    // Rated as people's games are: both ratings moved, the bot's from its starting 800.
    const mine = await until(
      () => page(server.url, person.id),
      (p: PlayerPage) => p.games.some((g) => g.game === game && g.result === 'loss'),
      15_000,
    );
    const played = mine.games.find((g) => g.game === game)!;
    // The person's list of games marks their opponent as a bot.
    expect(played).toMatchObject({ rated: true, opponent: { id: bot!.id, bot: true } });
    expect(played.ratingAfter!).toBeLessThan(played.ratingBefore!);
    const after = (await house()).find((b) => b.id === bot!.id)!;
    expect(after.rating.rating).toBeGreaterThan(800);
    expect(after.rating.games).toBe(1);
  });

  it('accept a rematch after the game, and open it with the other colour', async () => {
    const [bot] = await house();
    const { person, peer, state } = await challenge(bot!.id, '198.51.100.46');
    await moveAndHearBack(peer, [], state.game.version);
    peer.send({ t: 'resign', seat: 'white' });
    await peer.next('state', (m) => m.game.outcome !== null);
    peer.send({ t: 'rematch', seat: 'white' });
    const agreed = await peer.next(
      'event',
      (m) => m.event.kind === 'rematch' && m.event.seat === 'black',
    );
    peer.close();
    const next = (agreed.event as { next: string }).next;
    // The bot is White in the rematch, and moves first.
    const again = await Peer.join(server.url, next, person.token);
    expect(again.state.you).toBe('black');
    expect(again.state.game.players.white).toMatchObject({ id: bot!.id, bot: true });
    if (again.state.game.moves.length === 0) await again.peer.event(again.state.game.version + 1);
    again.peer.close();
  });

  it('sit down again after a restart in the middle of a game, and move on', async () => {
    // Level 9 thinks for 1.2 s: the server is killed while the bot's answer is due.
    const bot = (await house()).at(-1)!;
    const { person, game, peer, state } = await challenge(bot.id, '198.51.100.41');
    const mine = quietMove([]);
    peer.send({ t: 'move', seat: 'white', move: mine, version: state.game.version });
    await peer.event(state.game.version + 1);
    peer.close();

    await server.restart();
    // The restarted server seats the bot as it loads the game, and the bot answers the move
    // (unless it had before the kill).
    const back = await Peer.join(server.url, game, person.token);
    const answered = state.game.version + 2;
    if (back.state.game.version < answered) await back.peer.event(answered);
    const again = await Peer.join(server.url, game, person.token);
    again.peer.close();
    const now = again.state;
    expect(now.game.moves).toHaveLength(2);
    expect(now.game.moves[0]).toBe(mine);
    await moveAndHearBack(back.peer, now.game.moves, answered);
    back.peer.close();
  });

  it('play a game of days as soon as the person has moved', async () => {
    const [, , bot] = await house();
    const { peer, state } = await challenge(bot!.id, '198.51.100.42', RATED_CORRESPONDENCE);
    await moveAndHearBack(peer, [], state.game.version);
    peer.close();
  });

  it('play several live games at once, one bot against several people', async () => {
    const [, , , bot] = await house();
    const games = [];
    for (const address of ['198.51.100.43', '198.51.100.44', '198.51.100.45']) {
      games.push(await challenge(bot!.id, address));
    }
    for (const { state } of games) {
      expect(state.game.players.black).toMatchObject({ id: bot!.id });
      expect(state.game.outcome).toBeNull();
    }
    // Each game goes on: the bot answers a move in the last while the others wait.
    const { peer, state } = games.at(-1)!;
    await moveAndHearBack(peer, [], state.game.version);
    for (const game of games) game.peer.close();
  });
});
