// Who a request is from: the player whose device token it carries, or a 401 saying there is
// none. Every route that acts for a player (players, push, puzzles, tournaments) asks here.

import { TOKEN } from '@agon/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { refusal } from '../common/http-errors.ts';
import { hashToken } from '../common/secret.ts';
import type { Player, PlayerStore } from './players.ts';

/** Answers the player whose token a request carries (Authorization: Bearer), or sends a 401. */
export function bearer(
  players: PlayerStore,
): (request: FastifyRequest, reply: FastifyReply) => Promise<Player | undefined> {
  return async (request, reply) => {
    const token = bearerToken(request);
    const player =
      token !== undefined && TOKEN.test(token)
        ? await players.playerByToken(hashToken(token))
        : undefined;
    if (!player) unknownPlayer(reply);
    return player;
  };
}

/** The token a request carries (Authorization: Bearer), as sent. */
export function bearerToken(request: FastifyRequest): string | undefined {
  return /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
}

/** Sends the 401 of a request whose token names no player. */
export function unknownPlayer(reply: FastifyReply): void {
  reply
    .status(401)
    .send(refusal('unknown-player', 'no player has this token; make a new identity'));
}
