// Challenges over HTTP (docs/bot-api.md, "The API"), for any identity, with no lobby socket:
// made, accepted, declined and canceled through the lobby's own paths (lobby.ts `request`), so
// a challenge to a house bot is taken at once as from the lobby's page, and the addressee hears
// of one on their lobby page or event stream wherever they are.

import {
  type BotChallenge,
  CHALLENGE_ID,
  PLAYER_ID,
  parseBotChallenge,
  parseBotDecline,
} from '@agon/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refusal } from '../common/http-errors.ts';
import type { Lobby, LobbyRequest } from '../lobby/lobby.ts';
import type { Player, PlayerStore } from '../player/players.ts';
import { botChallenge } from './bot-view.ts';
import type { HouseBots } from './house.ts';
import { sendRefusal } from './refusal-status.ts';

/** What the challenge routes work with. */
export interface ChallengeApiContext {
  readonly lobby: Lobby;
  readonly players: PlayerStore;
  readonly house: HouseBots;
  /** Proves the caller's identity and counts the request against their rate (routes.ts). */
  readonly caller: (request: FastifyRequest, reply: FastifyReply) => Promise<Player | undefined>;
  readonly addressOf: (request: FastifyRequest) => string;
}

type Params = { readonly id: string };

/** Adds the challenge routes to `app`. */
export function registerChallengeApi(app: FastifyInstance, context: ChallengeApiContext): void {
  const { lobby, players, house, caller, addressOf } = context;

  /** Asks the lobby `request` for the caller; answers what it did, or sends the refusal. */
  const ask = async (request: FastifyRequest, reply: FastifyReply, asked: LobbyRequest) => {
    reply.header('cache-control', 'no-store');
    const player = await caller(request, reply);
    if (!player) return undefined;
    const done = await lobby.request(player, addressOf(request), asked);
    if (!done.ok) {
      sendRefusal(reply, done.error);
      return undefined;
    }
    return { player, done: done.value };
  };

  app.post<{ Params: Params }>('/challenge/:id', async (request, reply) => {
    const to = request.params.id;
    if (!PLAYER_ID.test(to)) {
      return reply.status(404).send(refusal('no-such-player', 'there is no such player'));
    }
    const terms = parseBotChallenge(request.body);
    if (!terms.ok) return reply.status(400).send({ error: terms.error });
    const asked = await ask(request, reply, { t: 'challenge', to, ...terms.value });
    if (!asked) return reply;
    const made = asked.done.challenge;
    if (!made) {
      return reply.status(409).send(refusal('busy', 'the challenge could not be made; try again'));
    }
    const me = asked.player.id;
    const challenge = botChallenge(made, made.terms, 'created', me);
    if (!house.bot(to)) return { challenge } satisfies { challenge: BotChallenge };
    // A house bot answered at once: the game it started, or its declining (it plays no more
    // live games now).
    const [newest] = await players.recentGames(me, 1, true);
    const game = newest?.opponent.id === to && newest.at >= made.since ? newest.game : undefined;
    return game
      ? { challenge: { ...challenge, status: 'accepted' }, game: { id: game, url: `/g/${game}` } }
      : { challenge: { ...challenge, status: 'declined', declineReason: 'later' } };
  });

  app.post<{ Params: Params }>('/challenge/:id/accept', async (request, reply) => {
    if (!CHALLENGE_ID.test(request.params.id)) return noChallenge(reply);
    const asked = await ask(request, reply, { t: 'accept', id: request.params.id });
    if (!asked) return reply;
    const game = asked.done.game;
    if (!game) {
      // Taken on the board, but the game could not be stored: both players were told.
      const failed = {
        code: 'server-error',
        message: 'the game could not be started; try again',
      } as const;
      return sendRefusal(reply, failed);
    }
    return { ok: true, game: { id: game, url: `/g/${game}` } };
  });

  app.post<{ Params: Params }>('/challenge/:id/decline', async (request, reply) => {
    if (!CHALLENGE_ID.test(request.params.id)) return noChallenge(reply);
    const reason = parseBotDecline(request.body);
    if (!reason.ok) return reply.status(400).send({ error: reason.error });
    const asked = { t: 'decline', id: request.params.id, reason: reason.value } as const;
    return (await ask(request, reply, asked)) ? { ok: true } : reply;
  });

  app.post<{ Params: Params }>('/challenge/:id/cancel', async (request, reply) => {
    if (!CHALLENGE_ID.test(request.params.id)) return noChallenge(reply);
    const asked = await ask(request, reply, { t: 'withdraw', id: request.params.id });
    return asked ? { ok: true } : reply;
  });
}

/** The answer to a challenge id that cannot be one. */
function noChallenge(reply: FastifyReply): FastifyReply {
  return reply.status(404).send(refusal('no-such-challenge', 'there is no challenge with this id'));
}
