// The Bot API's routes (docs/bot-api.md), in the shape of lichess's so that a bridge written for
// it needs only a base URL and a move notation. POST /api/bot/account/upgrade turns the
// identity whose token the request carries into a bot, for good, while it has played no game;
// GET /api/bot/house lists the house bots anyone may challenge.

import type { HouseBots } from '@agon/protocol';
import type { FastifyInstance } from 'fastify';
import { refusal } from '../common/http-errors.ts';
import { bearer, unknownPlayer } from '../player/auth.ts';
import type { PlayerStore } from '../player/players.ts';
import type { HouseBots as House } from './house.ts';

/** What the Bot API's routes work with. */
interface BotRoutes {
  readonly players: PlayerStore;
  readonly house: House;
}

/** Adds the Bot API's routes to `app`. */
export function registerBots(app: FastifyInstance, { players, house }: BotRoutes): void {
  const me = bearer(players);

  app.get('/bot/house', async (_request, reply) => {
    // Ratings move with every game: a page asks again rather than keep an old answer.
    reply.header('cache-control', 'no-cache');
    return { bots: await house.list() } satisfies HouseBots;
  });

  app.post('/bot/account/upgrade', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const player = await me(request, reply);
    if (!player) return;
    const made = await players.makeBot(player.id);
    if (made === 'played') {
      return reply
        .status(400)
        .send(
          refusal(
            'has-played',
            'this identity has played games; only a new identity can become a bot',
          ),
        );
    }
    // The token's player gone since it was read: answered as any unknown token.
    if (made === 'unknown') return unknownPlayer(reply);
    return { ok: true };
  });
}
