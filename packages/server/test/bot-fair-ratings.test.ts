// The fair-rating rules hold for bots as for people (docs/lobby.md, "Fair ratings";
// docs/bot-api.md, "How their games count"): a bot cannot farm a person (a bot playing from the
// person's network plays them unrated; a fresh bot's losses count for its opponent by a sixth),
// and a person cannot farm a bot (a fresh identity's losses lift a house bot's rating by a
// sixth of what they would).

import type { HouseBots, PlayerPage } from '@agon/protocol';
import { describe, expect, it } from 'vitest';
import { LobbyClient, newPlayer } from '../scripts/lobby-client.ts';
import { NEW_RATING, rate, weight } from '../src/player/ratings.ts';
import { Peer, page, quietMove, RATED_BLITZ, serverFor, until } from './harness.ts';
import { newBot } from './ndjson-client.ts';

const server = serverFor({ AGON_TRUST_PROXY: '1' });

/** A request of the Bot API with `token`, from `address` (the server believes the header). */
function call(path: string, token: string, address: string) {
  return fetch(`${server.url}api/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address },
  });
}

/**
 * A new person from `personAddress` challenges the bot (its token, from `botAddress`) to a
 * rated blitz game as White; the bot accepts; each side moves once, and the bot resigns. The
 * person's game as their page lists it once rated.
 */
async function botResigns(
  bot: { readonly id: string; readonly token: string },
  botAddress: string,
  personAddress: string,
) {
  const person = await newPlayer(server.url, 'en', personAddress);
  const { client } = await LobbyClient.open(server.url, person.token, { address: personAddress });
  client.send({ t: 'challenge', to: bot.id, ...RATED_BLITZ });
  const direct = await client.next('direct', (m) => m.challenges.length > 0);
  const accepted = await call(
    `challenge/${direct.challenges[0]!.id}/accept`,
    bot.token,
    botAddress,
  );
  expect(accepted.status).toBe(200);
  const paired = await client.next('paired');
  client.close();
  const { peer, state } = await Peer.join(server.url, paired.game, person.token);
  const first = quietMove([]);
  peer.send({ t: 'move', seat: 'white', move: first, version: state.game.version });
  await peer.event(state.game.version + 1);
  const reply = encodeURIComponent(quietMove([first]));
  expect((await call(`bot/game/${paired.game}/move/${reply}`, bot.token, botAddress)).status).toBe(
    200,
  );
  await peer.event(state.game.version + 2);
  expect((await call(`bot/game/${paired.game}/resign`, bot.token, botAddress)).status).toBe(200);
  peer.close();
  const mine = await until(
    () => page(server.url, person.id),
    (p: PlayerPage) => p.games.some((g) => g.game === paired.game),
    15_000,
  );
  return mine.games.find((g) => g.game === paired.game)!;
}

describe('the fair-rating rules, for bots', () => {
  it("play a bot from the person's own network unrated", async () => {
    const bot = await newBot(server.url, '198.51.100.90');
    const game = await botResigns(bot, '198.51.100.91', '198.51.100.91');
    expect(game.result).toBe('win');
    expect(game.rated).toBe(false);
  });

  it("count a fresh bot's loss for the person by a sixth", async () => {
    const bot = await newBot(server.url, '198.51.100.92');
    const game = await botResigns(bot, '198.51.100.92', '198.51.100.93');
    expect(game).toMatchObject({ result: 'win', rated: true });
    // Both new: what a win over a rated player would give, weighed by the bot's 0 games.
    const [full] = rate(NEW_RATING, NEW_RATING, 1);
    const [part] = rate(NEW_RATING, NEW_RATING, 1, { white: weight(0), black: weight(0) });
    expect(weight(0)).toBeCloseTo(1 / 6);
    expect(game.ratingAfter! - game.ratingBefore!).toBeCloseTo(part.rating - 1500, -0.5);
    expect(part.rating - 1500).toBeLessThan((full.rating - 1500) / 5);
  });

  it("lift a house bot's rating by a sixth when a fresh identity loses to it", async () => {
    const house = async () =>
      ((await (await fetch(`${server.url}api/bot/house`)).json()) as HouseBots).bots[0]!;
    const before = await house();
    const address = '198.51.100.94';
    const person = await newPlayer(server.url, 'en', address);
    const { client } = await LobbyClient.open(server.url, person.token, { address });
    client.send({ t: 'challenge', to: before.id, ...RATED_BLITZ });
    const paired = await client.next('paired');
    client.close();
    const { peer, state } = await Peer.join(server.url, paired.game, person.token);
    peer.send({ t: 'move', seat: 'white', move: quietMove([]), version: state.game.version });
    await peer.event(state.game.version + 2);
    peer.send({ t: 'resign', seat: 'white' });
    await peer.next('state', (m) => m.game.outcome !== null);
    peer.close();
    const after = await until(house, (b) => b.rating.games === before.rating.games + 1, 15_000);
    // The bot's rating as seeded (deviation 150), moved by a sixth of a win over a newcomer.
    const bot = { rating: before.rating.rating, rd: 150, vol: NEW_RATING.vol };
    const weights = { white: weight(before.rating.games), black: weight(0) };
    const [, expected] = rate(NEW_RATING, bot, 0, weights);
    const [, unweighed] = rate(NEW_RATING, bot, 0);
    expect(Math.abs(after.rating.rating - Math.round(expected.rating))).toBeLessThanOrEqual(1);
    expect(after.rating.rating - before.rating.rating).toBeLessThan(
      (unweighed.rating - before.rating.rating) / 3,
    );
  });
});
