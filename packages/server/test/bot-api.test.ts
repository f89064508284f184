// The Bot API against the real server process: an identity becomes a bot for good while it has
// played no game, its page and every list then mark it as one, and quick pairing stays for
// people. Bad requests get a code and a sentence and change nothing.

import type { Identity, PlayerPage, PlayerView } from '@agon/protocol';
import { describe, expect, it } from 'vitest';
import { LobbyClient, newPlayer } from '../scripts/lobby-client.ts';
import { challengeAccepted, RATED_BLITZ, serverFor } from './harness.ts';

// Each player names a network of its own (X-Forwarded-For), as the fair-rating rules want.
const server = serverFor({ AGON_TRUST_PROXY: '1' });

/** POSTs to the Bot API with a bearer token: the status and the JSON answer. */
async function upgrade(token?: string): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${server.url}api/bot/account/upgrade`, {
    method: 'POST',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  return { status: response.status, json: await response.json() };
}

const pageOf = async (id: string): Promise<PlayerPage> =>
  (await (await fetch(`${server.url}api/players/${id}`)).json()) as PlayerPage;

describe('bot accounts', () => {
  it('turns a new identity into a bot for good, marked on its page and in the lobby', async () => {
    const bot = await newPlayer(server.url, 'en', '198.51.100.20');
    expect((await pageOf(bot.id)).bot).toBeUndefined();
    expect(await upgrade(bot.token)).toEqual({ status: 200, json: { ok: true } });
    // Asking again changes nothing: it stays a bot.
    expect(await upgrade(bot.token)).toEqual({ status: 200, json: { ok: true } });
    expect((await pageOf(bot.id)).bot).toBe(true);
    const me = await fetch(`${server.url}api/me`, {
      headers: { authorization: `Bearer ${bot.token}` },
    });
    expect(((await me.json()) as PlayerView).bot).toBe(true);

    // A bot plays the challenges it takes; the list shows it as a bot to everyone.
    const { client } = await LobbyClient.open(server.url, bot.token, {
      address: '198.51.100.20',
    });
    client.send({ t: 'challenge', ...RATED_BLITZ });
    const person = await newPlayer(server.url, 'en', '198.51.100.21');
    const { client: watcher } = await LobbyClient.open(server.url, person.token, {
      address: '198.51.100.21',
    });
    await watcher.lobbyWhere((l) => l.challenges.some((c) => c.by.id === bot.id));
    expect(watcher.lobby!.challenges.find((c) => c.by.id === bot.id)!.by.bot).toBe(true);

    // Quick pairing is for people.
    client.send({ t: 'seek', pool: '3+2' });
    expect(await client.next('error')).toMatchObject({ code: 'bot-seek' });
    for (const c of [client, watcher]) c.close();
  });

  it('refuses an identity that has played, and a request without a known token', async () => {
    const { players, clients } = await challengeAccepted(
      [server.url, server.url],
      ['198.51.100.30', '198.51.100.31'],
      RATED_BLITZ,
    );
    for (const c of clients) c.close();
    const [played] = players as readonly [Identity, Identity];
    expect(await upgrade(played.token)).toMatchObject({
      status: 400,
      json: { error: { code: 'has-played', message: expect.stringContaining('new identity') } },
    });
    expect((await pageOf(played.id)).bot).toBeUndefined();
    for (const token of [undefined, 'not-a-token', 'A'.repeat(43)]) {
      expect(await upgrade(token)).toMatchObject({
        status: 401,
        json: { error: { code: 'unknown-player' } },
      });
    }
  });
});
