// The game's own HTTP route: POST /api/games creates a game by link (its socket is upgraded in
// routes.ts, beside the others).

import { MAX_CREATE_BYTES, parseCreateRequest } from '@agon/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Hub } from './hub.ts';

/** What the game route works with. */
interface GameRoutes {
  readonly hub: Hub;
  /** The client's address, for the creation rate per address. */
  readonly addressOf: (request: FastifyRequest) => string;
}

/** Adds the game route to `app`. */
export function registerGames(app: FastifyInstance, { hub, addressOf }: GameRoutes): void {
  app.post('/games', { bodyLimit: MAX_CREATE_BYTES }, async (request, reply) => {
    // The answer carries a seat token: no cache may keep it.
    reply.header('cache-control', 'no-store');
    const parsed = parseCreateRequest(request.body ?? {});
    if (!parsed.ok) return reply.status(400).send({ error: parsed.error });
    const created = await hub.create(parsed.value, addressOf(request));
    if (!created.ok) return reply.status(429).send({ error: created.error });
    return reply.status(201).send(created.value);
  });
}
