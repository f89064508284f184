// A league season's start as its players meet it, against the real server process with its clock
// moved (clock-jump.mjs): a person sitting in the lobby is told once of all their games and taken
// to none of them (they go on for days, wherever the person is), and a bot of the Bot API in the
// league hears each of its games on its event stream, as of any game made for it.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Identity, LobbyServerMessage } from '@agon/protocol';
import { describe, expect, it } from 'vitest';
import { LobbyClient, newPlayer } from '../scripts/lobby-client.ts';
import { dataFolder, JUMP_A_DAY, serverFor } from './harness.ts';
import { botCall, newBot, openStream } from './ndjson-client.ts';

/** A league whose seasons may start every hour, of a day per move. */
const leagues = join(dataFolder(), 'leagues.json');
writeFileSync(
  leagues,
  JSON.stringify([{ key: 'test', name: 'Test League', days: 1, seasonDays: 1, cron: '0 * * * *' }]),
);

const server = serverFor(
  { ...JUMP_A_DAY.env, AGON_LEAGUES: leagues, AGON_TRUST_PROXY: '1' },
  JUMP_A_DAY.options,
);

/** Enters `who` in the league. */
async function enter(who: Identity): Promise<void> {
  const entered = await botCall(server.url, 'POST', 'leagues/test/me', who.token, {
    action: 'join',
  });
  expect(entered.json).toMatchObject({ entered: true });
}

describe('a league season’s start', () => {
  it('tells a person in the lobby once, and a bot of each game on its stream', async () => {
    const people = await Promise.all(
      [1, 2, 3, 4].map((i) => newPlayer(server.url, 'en', `198.51.100.${i}`)),
    );
    const bot = await newBot(server.url, '198.51.100.9');
    for (const who of [...people, bot]) await enter(who);

    const heard: LobbyServerMessage[] = [];
    const { client } = await LobbyClient.open(server.url, people[0]!.token, {
      heard: (m) => heard.push(m),
      lists: false,
      address: '198.51.100.1',
    });
    const events = await openStream(server.url, 'stream/event', bot.token);

    server.running.process.kill('SIGUSR2');
    const season = await client.next('season', () => true, 30_000);
    expect(season.league).toEqual({ key: 'test', name: 'Test League', season: 1 });
    // Five players: four games each, one against each other player.
    expect(season.games).toHaveLength(4);
    const mine = (await botCall(server.url, 'GET', 'me/games', people[0]!.token)).json as {
      games: { game: string }[];
    };
    expect(new Set(season.games.map((g) => g.game))).toEqual(
      new Set(mine.games.map((g) => g.game)),
    );

    // The bot hears each of its four games, with its opponent and its days.
    const started = new Set<string>();
    while (started.size < 4) {
      const line = await events.next('gameStart', () => true, 30_000);
      const game = line.game as { gameId: string; opponent: { id: string } };
      expect(people.map((p) => p.id)).toContain(game.opponent.id);
      started.add(game.gameId);
    }
    const theirs = (await botCall(server.url, 'GET', 'me/games', bot.token)).json as {
      games: { game: string }[];
    };
    expect(started).toEqual(new Set(theirs.games.map((g) => g.game)));

    // The person was sent to no game: the season's one message came instead of a pairing.
    client.send({ t: 'ping' });
    await client.next('pong');
    expect(heard.filter((m) => m.t === 'paired')).toEqual([]);
    expect(heard.filter((m) => m.t === 'season')).toHaveLength(1);
    events.close();
    client.close();
  });
});
