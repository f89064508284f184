// The Bot API in a cluster: three server processes on a throwaway PostgreSQL and Redis, and a
// bot whose streams are held by one process while the requests go to the others, as a load
// balancer would send them. The lobby's board and the hub's relay carry what happens to the
// process that holds the stream.

import { describe, expect, it } from 'vitest';
import { newPlayer } from '../scripts/lobby-client.ts';
import { skipWithout } from '../scripts/services.ts';
import { clusterFor } from './cluster-processes.ts';
import { botCall, newBot, openStream } from './ndjson-client.ts';

const skip = skipWithout('cluster Bot API tests', ['postgres', 'redis']);

describe.skipIf(skip)('the Bot API in a cluster', () => {
  const { servers } = clusterFor({});

  it('tells a stream on one process of what is done through the others', async () => {
    const [a, b, c] = servers.map((s) => s.url) as [string, string, string];
    const bot = await newBot(a, '198.51.100.70');
    const person = await newPlayer(b, 'en', '198.51.100.71');
    const events = await openStream(a, 'stream/event', bot.token);

    // Challenged through B, accepted through C: the stream on A hears both.
    const terms = { clock: { limit: 300, increment: 3 }, color: 'black' };
    const made = await botCall(b, 'POST', `challenge/${bot.id}`, person.token, terms);
    expect(made.status).toBe(200);
    const id = made.json.challenge.id as string;
    expect((await events.next('challenge')).challenge).toMatchObject({ id, direction: 'in' });
    const taken = await botCall(c, 'POST', `challenge/${id}/accept`, bot.token);
    expect(taken.status).toBe(200);
    const game = taken.json.game.id as string;
    expect((await events.next('gameStart')).game).toMatchObject({ gameId: game, color: 'white' });

    // The game stream on A sees a move made through B.
    const moves = await openStream(a, `bot/game/stream/${game}`, bot.token);
    await moves.next('gameFull');
    expect(await botCall(b, 'POST', `bot/game/${game}/move/f1-f2`, bot.token)).toMatchObject({
      status: 200,
    });
    expect((await moves.next('gameState')).moves).toBe('f1-f2');
    // Its resignation through C ends the game on A's streams.
    expect(await botCall(c, 'POST', `bot/game/${game}/resign`, bot.token)).toMatchObject({
      status: 200,
    });
    expect(await moves.next('gameState')).toMatchObject({ status: 'aborted' });
    await expect.poll(() => moves.ended).toBe(0);
    expect((await events.next('gameFinish')).game).toMatchObject({
      gameId: game,
      status: { name: 'aborted' },
    });
    events.close();
  });
});
