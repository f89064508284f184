// The routes of notifications (docs/online.md, "Notifications"): GET /api/push/key is the
// server's public VAPID key, which a browser subscribes with; POST /api/me/push keeps this
// device's subscription for the player whose token the request carries, with the language and
// the kinds switched off (posted again when those change); DELETE /api/me/push forgets it.
// An endpoint is an address the server will connect to on a client's word, so one that leads
// to this machine or its networks is refused here (and again at every send, outbound.ts).

import {
  MAX_PUSH_BYTES,
  MAX_PUSH_DEVICES,
  parsePushEndpoint,
  parsePushRequest,
} from '@agon/protocol';
import type { FastifyInstance } from 'fastify';
import { refusal } from '../common/http-errors.ts';
import { forbiddenHost } from '../common/outbound.ts';
import type { Rate } from '../common/rate-limit.ts';
import { type Allowance, limiter } from '../common/rate-limit.ts';
import { bearer } from '../player/auth.ts';
import type { PlayerStore } from '../player/players.ts';
import type { SubscriptionStore } from './subscriptions.ts';

/** What the push routes work with. */
export interface PushRoutes {
  readonly players: PlayerStore;
  readonly subscriptions: SubscriptionStore;
  /** The server's public VAPID key, base64url. */
  readonly key: string;
  /** Whether an http:// endpoint on this machine is taken (the tests' push service). */
  readonly loopback: boolean;
  /** Counts subscriptions on every process together, for their limit. */
  readonly relay: Allowance;
  readonly now: () => number;
}

/**
 * Subscriptions one player may post in a minute: a device posts once, and again for each
 * change of language or kinds, so a player at the settings menu makes a few; a script making
 * hundreds is turned away.
 */
const SUBSCRIPTIONS_PER_MINUTE: Rate = { count: 20, windowMs: 60_000 };

/** Adds the push routes to `app`. */
export function registerPush(app: FastifyInstance, routes: PushRoutes): void {
  const { players, subscriptions, key, loopback, relay, now } = routes;
  const me = bearer(players);
  const allow = limiter(relay, now);

  app.get('/push/key', async () => ({ key }));

  app.post('/me/push', { bodyLimit: MAX_PUSH_BYTES }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const parsed = parsePushRequest(request.body ?? {}, loopback);
    if (!parsed.ok) return reply.status(400).send({ error: parsed.error });
    const player = await me(request, reply);
    if (!player) return;
    const message = 'too many subscriptions; wait a minute';
    if (!(await allow(reply, `push:${player.id}`, SUBSCRIPTIONS_PER_MINUTE, message))) return;
    const { endpoint, keys, language, off } = parsed.value;
    const forbidden = await forbiddenHost(new URL(endpoint).hostname, loopback);
    if (forbidden) {
      return reply
        .status(400)
        .send(
          refusal(
            'bad-subscription',
            `endpoint must be a push service on the public internet: ${forbidden}`,
          ),
        );
    }
    const kept = await subscriptions.subscribe(
      { endpoint, ...keys, player: player.id, language, off, createdAt: now() },
      MAX_PUSH_DEVICES,
    );
    if (!kept) {
      return reply
        .status(409)
        .send(refusal('bad-subscription', 'this endpoint is subscribed with other keys'));
    }
    return reply.status(201).send({ endpoint, language, off });
  });

  // The same answer whether or not there was such a subscription: whether an endpoint is
  // still subscribed says what its push service last answered, which is not the client's to
  // learn (the endpoint may be anyone's address).
  app.delete('/me/push', { bodyLimit: MAX_PUSH_BYTES }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const parsed = parsePushEndpoint(request.body ?? {});
    if (!parsed.ok) return reply.status(400).send({ error: parsed.error });
    const player = await me(request, reply);
    if (!player) return;
    await subscriptions.unsubscribe(player.id, parsed.value.endpoint);
    return reply.status(204).send();
  });
}
