// The routes of notifications (docs/online.md, "Notifications"): GET /api/push/key is the
// server's public VAPID key, which a browser subscribes with; POST /api/me/push keeps this
// device's subscription for the player whose token the request carries, with the language and
// the kinds switched off (posted again when those change); DELETE /api/me/push forgets it.

import {
  MAX_PUSH_BYTES,
  MAX_PUSH_DEVICES,
  parsePushEndpoint,
  parsePushRequest,
} from '@agon/protocol';
import type { FastifyInstance } from 'fastify';
import { bearer, refusal } from './player-routes.ts';
import type { PlayerStore } from './players.ts';
import type { SubscriptionStore } from './subscriptions.ts';

/** What the push routes work with. */
export interface PushRoutes {
  readonly players: PlayerStore;
  readonly subscriptions: SubscriptionStore;
  /** The server's public VAPID key, base64url. */
  readonly key: string;
  /** Whether an http:// endpoint on this machine is taken (the tests' push service). */
  readonly loopback: boolean;
  readonly now: () => number;
}

/** Adds the push routes to `app`. */
export function registerPush(app: FastifyInstance, routes: PushRoutes): void {
  const { players, subscriptions, key, loopback, now } = routes;
  const me = bearer(players);

  app.get('/push/key', async () => ({ key }));

  app.post('/me/push', { bodyLimit: MAX_PUSH_BYTES }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const parsed = parsePushRequest(request.body ?? {}, loopback);
    if (!parsed.ok) return reply.status(400).send({ error: parsed.error });
    const player = await me(request, reply);
    if (!player) return;
    const { endpoint, keys, language, off } = parsed.value;
    await subscriptions.subscribe(
      { endpoint, ...keys, player: player.id, language, off, createdAt: now() },
      MAX_PUSH_DEVICES,
    );
    return reply.status(201).send({ endpoint, language, off });
  });

  app.delete('/me/push', { bodyLimit: MAX_PUSH_BYTES }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const parsed = parsePushEndpoint(request.body ?? {});
    if (!parsed.ok) return reply.status(400).send({ error: parsed.error });
    const player = await me(request, reply);
    if (!player) return;
    if (!(await subscriptions.unsubscribe(player.id, parsed.value.endpoint))) {
      return reply
        .status(404)
        .send(refusal('bad-subscription', 'this device has no subscription of yours'));
    }
    return reply.status(204).send();
  });
}
