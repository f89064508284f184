// A house bot answers a game of days at a person's pace (docs/bot-api.md, "How they play"): not
// before the moment drawn for the turn, counted from the turn's start, the same on every process
// and over a restart; a server killed while the bot waits has its answer given by the deadlines'
// scan, with nobody's page open.

import type { OngoingGames } from '@agon/protocol';
import { describe, expect, it } from 'vitest';
import { LobbyClient, newPlayer } from '../scripts/lobby-client.ts';
import { paceOf } from '../src/bot/bot-player.ts';
import { Peer, quietMove, RATED_CORRESPONDENCE, serverFor, until } from './harness.ts';

/** The longest wait, short enough for a test: each turn's is between 75 ms and 4.5 s. */
const LONGEST = 4500;
const server = serverFor({ AGON_TRUST_PROXY: '1', AGON_BOT_DAYS_PACE_MS: String(LONGEST) });

const BOT = 'agnhausbta';

/** A new person who challenges the house bot to a game of days as White, and their game. */
async function challenge(address: string) {
  const person = await newPlayer(server.url, 'en', address);
  const { client } = await LobbyClient.open(server.url, person.token, { address });
  client.send({ t: 'challenge', to: BOT, ...RATED_CORRESPONDENCE, side: 'white' });
  const paired = await client.next('paired');
  client.close();
  return { person, game: paired.game };
}

/** The person's games in play, as "Your games" lists them. */
async function ongoing(token: string): Promise<OngoingGames> {
  const response = await fetch(`${server.url}api/me/games`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as OngoingGames;
}

describe("a house bot's pace in a game of days", () => {
  it('answers no sooner than its turn’s drawn wait', async () => {
    const { person, game } = await challenge('198.51.100.80');
    const { peer, state } = await Peer.join(server.url, game, person.token);
    // The bot's turn begins when the server takes the person's move, after it is sent.
    const sent = Date.now();
    peer.send({ t: 'move', seat: 'white', move: quietMove([]), version: state.game.version });
    await peer.event(state.game.version + 1);
    const reply = await peer.event(state.game.version + 2);
    expect(reply.event).toMatchObject({ kind: 'move', seat: 'black' });
    const wait = paceOf(game, 1, 1, LONGEST);
    expect(Date.now() - sent).toBeGreaterThanOrEqual(wait);
    expect(wait).toBeGreaterThanOrEqual(LONGEST / 60);
    peer.close();
  });

  it('answers after a restart in the middle of its wait, with nobody watching', async () => {
    const { person, game } = await challenge('198.51.100.81');
    const { peer, state } = await Peer.join(server.url, game, person.token);
    peer.send({ t: 'move', seat: 'white', move: quietMove([]), version: state.game.version });
    await peer.event(state.game.version + 1);
    peer.close();
    await server.restart();
    // Nobody opens the game: the deadlines' scan loads it when the bot's answer is due.
    const answered = await until(
      () => ongoing(person.token),
      (list) => list.games.some((g) => g.game === game && g.yourTurn),
      30_000,
    );
    expect(answered.games.find((g) => g.game === game)?.moves).toHaveLength(2);
  });
});
