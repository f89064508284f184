// The routes of a player's vacation (docs/lobby.md, "Vacation"): GET /api/me/vacation shows
// what is left, the vacation under way and the one booked; POST takes days of it by hand
// ({"days": n}) or books them ahead ({"days": n, "from": ms}); DELETE ends the one under way,
// DELETE /api/me/vacation/booked cancels the booked one. Changes are limited per player, on
// every process together.

import { parseVacation, type VacationView } from '@agon/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refusal } from '../common/http-errors.ts';
import { type Allowance, limiter } from '../common/rate-limit.ts';
import { bearer } from './auth.ts';
import type { PlayerStore } from './players.ts';
import type { VacationPlan, VacationRefusal, VacationStore } from './vacation.ts';

/** How often a player may take or end vacation in an hour: a few changes of plan. */
const CHANGES_PER_HOUR = 10;

/** Why each refusal of the store is, in words. */
const REFUSED: Readonly<Record<VacationRefusal, string>> = {
  'on-vacation': 'you are on vacation already',
  'too-few-days': 'you have fewer vacation days left than that',
  'booked-already': 'you have a vacation booked already; cancel it first',
  'overlaps-vacation': 'those days overlap your vacation under way or booked',
};

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
    const parsed = parseVacation(request.body, now());
    if (!parsed.ok) return reply.status(400).send({ error: parsed.error });
    const key = `vacation:${player.id}`;
    if (!(await allow(reply, key, rate, 'too many changes of vacation; wait an hour'))) return;
    const { days, from } = parsed.value;
    const taken = await vacations.takeVacation(player.id, days, from, now(), plan);
    if (typeof taken === 'string') return reply.status(409).send(refusal(taken, REFUSED[taken]));
    return taken;
  });

  /** A route that ends or cancels: the player's, within the rate, made by `end`. */
  const ending =
    (end: (player: string) => Promise<VacationView>) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<VacationView | undefined> => {
      reply.header('cache-control', 'no-store');
      const player = await me(request, reply);
      if (!player) return;
      const key = `vacation:${player.id}`;
      if (!(await allow(reply, key, rate, 'too many changes of vacation; wait an hour'))) return;
      return end(player.id);
    };
  app.delete(
    '/me/vacation',
    ending((player) => vacations.endVacation(player, now(), plan)),
  );
  app.delete(
    '/me/vacation/booked',
    ending((player) => vacations.cancelBooking(player, now(), plan)),
  );
}
