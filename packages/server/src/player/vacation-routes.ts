// The routes of a player's vacation (docs/lobby.md, "Vacation"): GET /api/me/vacation shows
// what is left and the vacation under way, POST takes days of it by hand ({"days": n}), DELETE
// ends it. Taking and ending are limited per player, on every process together.

import { parseVacation } from '@agon/protocol';
import type { FastifyInstance } from 'fastify';
import { refusal } from '../common/http-errors.ts';
import { type Allowance, limiter } from '../common/rate-limit.ts';
import { bearer } from './auth.ts';
import type { PlayerStore } from './players.ts';
import type { VacationPlan, VacationStore } from './vacation.ts';

/** How often a player may take or end vacation in an hour: a few changes of plan. */
const CHANGES_PER_HOUR = 10;

/** What the vacation routes work with. */
export interface VacationRoutes {
  readonly players: PlayerStore;
  readonly vacations: VacationStore;
  readonly plan: VacationPlan;
  readonly relay: Allowance;
  readonly now: () => number;
}

/** Adds the vacation routes to `app`. */
export function registerVacation(app: FastifyInstance, routes: VacationRoutes): void {
  const { vacations, plan, now } = routes;
  const me = bearer(routes.players);
  const allow = limiter(routes.relay, now);
  const rate = { count: CHANGES_PER_HOUR, windowMs: 3_600_000 };

  app.get('/me/vacation', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const player = await me(request, reply);
    return player && vacations.vacation(player.id, now(), plan);
  });

  app.post('/me/vacation', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const player = await me(request, reply);
    if (!player) return;
    const parsed = parseVacation(request.body);
    if (!parsed.ok) return reply.status(400).send({ error: parsed.error });
    const key = `vacation:${player.id}`;
    if (!(await allow(reply, key, rate, 'too many changes of vacation; wait an hour'))) return;
    const taken = await vacations.takeVacation(player.id, parsed.value.days, now(), plan);
    if (taken === 'on-vacation') {
      return reply.status(409).send(refusal('on-vacation', 'you are on vacation already'));
    }
    if (taken === 'too-few-days') {
      return reply
        .status(409)
        .send(refusal('too-few-days', 'you have fewer vacation days left than that'));
    }
    return taken;
  });

  app.delete('/me/vacation', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const player = await me(request, reply);
    if (!player) return;
    const key = `vacation:${player.id}`;
    if (!(await allow(reply, key, rate, 'too many changes of vacation; wait an hour'))) return;
    return vacations.endVacation(player.id, now(), plan);
  });
}
