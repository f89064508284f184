// The Bot API's routes (docs/bot-api.md), in the shape of lichess's so that a bridge written for
// it needs only a base URL and a move notation. POST /api/bot/account/upgrade turns the
// identity whose token the request carries into a bot, for good, while it has played no game;
// GET /api/bot/house lists the house bots anyone may challenge, GET /api/bot/online the bots
// with an event stream open. The streams (GET /api/stream/event, GET /api/bot/game/stream/{id}),
// a bot's game commands (bot-commands.ts) and the challenges over HTTP (challenge-api.ts) are
// counted per player on every process together; the rest of /api/bot/* is for bots only.

import type { BotOnline, HouseBots } from '@agon/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refusal } from '../common/http-errors.ts';
import type { Problems } from '../common/problems.ts';
import { type Allowance, limiter, type Rate } from '../common/rate-limit.ts';
import type { Hub } from '../game/hub.ts';
import type { Lobby } from '../lobby/lobby.ts';
import { bearer, bearerToken, unknownPlayer } from '../player/auth.ts';
import type { Player, PlayerStore } from '../player/players.ts';
import { type BotCheck, registerBotCommands } from './bot-commands.ts';
import { registerChallengeApi } from './challenge-api.ts';
import { EventStream } from './event-stream.ts';
import type { HouseBots as House } from './house.ts';
import { Streams } from './ndjson.ts';

/**
 * A bot's commands in all its games together: nine bullet games at once (its streams' cap) at a
 * move a second each and their draws and chat, never a flood. At 50 in 10 s a bot's moves in a
 * few fast games at once met 429s.
 */
const COMMANDS: Rate = { count: 300, windowMs: 10_000 };
/** Challenges made, accepted, declined and canceled by one player. */
const CHALLENGES: Rate = { count: 20, windowMs: 60_000 };
/** Streams one player opens: a bridge reconnecting, never a loop. */
const STREAM_OPENS: Rate = { count: 30, windowMs: 60_000 };
/** The streams one player may hold open at once on a process: its event stream and its games. */
const STREAMS_PER_PLAYER = 10;

/** What the Bot API's routes work with. */
interface BotRoutes {
  readonly players: PlayerStore;
  readonly house: House;
  readonly hub: Hub;
  readonly lobby: Lobby;
  readonly relay: Allowance;
  readonly problems: Problems;
  readonly now: () => number;
  readonly addressOf: (request: FastifyRequest) => string;
}

/** Adds the Bot API's routes to `app`. */
export function registerBots(app: FastifyInstance, routes: BotRoutes): void {
  const { players, house, hub, lobby, relay, problems, now, addressOf } = routes;
  const me = bearer(players);
  const allow = limiter(relay, now);
  const streams = new Streams(STREAMS_PER_PLAYER);
  /** The bots with an event stream open here, with how many. */
  const online = new Map<string, { readonly bot: BotOnline; count: number }>();
  app.addHook('preClose', async () => streams.close());

  /** The player of the request's token, counted against `rate` under `kind`. */
  const counted =
    (kind: string, rate: Rate) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<Player | undefined> => {
      const player = await me(request, reply);
      if (!player) return undefined;
      const message = `too many ${kind} requests; wait a little`;
      return (await allow(reply, `bot-${kind}:${player.id}`, rate, message)) ? player : undefined;
    };

  /** As `counted`, for a bot only: a person's token is refused, as lichess refuses it. */
  const botOnly =
    (kind: string, rate: Rate): BotCheck =>
    async (request, reply) => {
      const player = await counted(kind, rate)(request, reply);
      if (!player) return undefined;
      if (!player.bot) {
        const why = 'this is for bot accounts: POST /api/bot/account/upgrade first';
        reply.status(403).send(refusal('not-a-bot', why));
        return undefined;
      }
      return { player, token: bearerToken(request)! };
    };

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

  app.get('/bot/online', async (_request, reply) => {
    reply.header('cache-control', 'no-store').type('application/x-ndjson');
    return [...online.values()].map(({ bot }) => `${JSON.stringify(bot)}\n`).join('');
  });

  app.get('/stream/event', async (request, reply) => {
    const player = await counted('stream', STREAM_OPENS)(request, reply);
    if (!player) return reply;
    const stream = streams.start(player.id, reply);
    if (!stream) return reply;
    if (player.bot) {
      const here = online.get(player.id) ?? {
        bot: { id: player.id, username: player.name, title: 'BOT' },
        count: 0,
      };
      here.count++;
      online.set(player.id, here);
      stream.onEnd(() => {
        if (--here.count === 0) online.delete(player.id);
      });
    }
    const context = { lobby, hub, players, problems, now };
    const token = bearerToken(request)!;
    new EventStream(stream, player, token, addressOf(request), context).start();
    return reply;
  });

  // Lichess's bridges send their bodies as forms: read here, for these routes alone.
  app.register(async (forms) => {
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    registerBotCommands(forms, {
      hub,
      problems,
      now,
      command: botOnly('command', COMMANDS),
      streaming: botOnly('stream', STREAM_OPENS),
      streams,
    });
    registerChallengeApi(forms, {
      lobby,
      players,
      house,
      caller: counted('challenge', CHALLENGES),
      addressOf,
    });
  });
}
