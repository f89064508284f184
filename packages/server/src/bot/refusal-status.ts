// The HTTP status of each refusal the Bot API passes on from the referee and the lobby, as
// lichess answers: a request that cannot be read 400, a player who may not 403, nothing there
// 404, a game or challenge not in a state for it 409, too fast 429, the server's own trouble 5xx.

import type { ErrorCode, Refusal } from '@agon/protocol';
import type { FastifyReply } from 'fastify';

const STATUS: Partial<Record<ErrorCode, number>> = {
  spectator: 403,
  'not-your-seat': 403,
  'not-your-game': 403,
  'not-a-bot': 403,
  'challenges-closed': 403,
  'no-such-game': 404,
  'no-such-player': 404,
  'no-such-challenge': 404,
  'not-your-turn': 409,
  'captor-chooses': 409,
  'game-over': 409,
  stale: 409,
  'waiting-for-opponent': 409,
  'already-offered': 409,
  'no-draw-offer': 409,
  'too-early': 409,
  'no-abort': 409,
  busy: 409,
  'rate-limited': 429,
  'too-many-messages': 429,
  'too-many-challenges': 429,
  'server-error': 500,
  unavailable: 503,
};

/** Answers `error` with its status (400 for a request that is wrong in itself). */
export function sendRefusal(reply: FastifyReply, error: Refusal): FastifyReply {
  const status = STATUS[error.code] ?? 400;
  // Counted per minute (quick messages, challenges waiting): a minute says when to try again.
  if (status === 429) reply.header('retry-after', '60');
  return reply.status(status).send({ error });
}
