// The lobby's own HTTP routes: /api/me/settings reads and changes a player's lobby settings
// (whom challenges come from, the waiting list; docs/lobby.md), changes limited per player on
// every process together.

import { type LobbySettings, parseSettings } from '@agon/protocol';
import type { FastifyInstance } from 'fastify';
import { type Allowance, limiter } from '../common/rate-limit.ts';
import { bearer } from '../player/auth.ts';
import type { PlayerStore } from '../player/players.ts';
import type { LobbySettingsStore } from './settings.ts';

/** Changes of settings one player may make a minute: a person clicking, never a script. */
const SETTINGS_PER_MINUTE = 30;

/** What the lobby's routes work with. */
interface LobbyRoutes {
  readonly players: PlayerStore;
  readonly settings: LobbySettingsStore;
  readonly relay: Allowance;
  readonly now: () => number;
}

/** Adds the lobby's routes to `app`. */
export function registerLobby(app: FastifyInstance, routes: LobbyRoutes): void {
  const { settings, relay, now } = routes;
  const me = bearer(routes.players);
  const allow = limiter(relay, now);

  app.get('/me/settings', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const player = await me(request, reply);
    return player && (await settings.settings(player.id));
  });

  app.patch('/me/settings', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const parsed = parseSettings(request.body ?? {});
    if (!parsed.ok) return reply.status(400).send({ error: parsed.error });
    const player = await me(request, reply);
    if (!player) return;
    const rate = { count: SETTINGS_PER_MINUTE, windowMs: 60_000 };
    const key = `settings:${player.id}`;
    if (!(await allow(reply, key, rate, 'too many changes of settings; wait a minute'))) return;
    const changed = { ...(await settings.settings(player.id)), ...parsed.value };
    await settings.saveSettings(player.id, changed);
    return changed satisfies LobbySettings;
  });
}
