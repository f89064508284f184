// The tournaments' routes: the list (GET /api/tournaments), an event's page of standings with
// the asking player's part (GET /api/tournaments/:id), making an event of one's own (POST
// /api/tournaments) and a player's actions on one (POST /api/tournaments/:id/me: join, pause,
// resume, withdraw). Every action is checked against the event's latest log, as the lobby checks
// its messages, and counted against the player's limits on every process together.

import { timingSafeEqual } from 'node:crypto';
import {
  parseTournamentAction,
  parseTournamentRequest,
  type Refusal,
  SWISS_PLAYERS_MAX,
  TOURNAMENT_ID,
  type TournamentAction,
  type TournamentList,
} from '@agon/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refusal } from '../common/http-errors.ts';
import type { Rate } from '../common/rate-limit.ts';
import { type Allowance, limiter } from '../common/rate-limit.ts';
import { hashToken, newShortId } from '../common/secret.ts';
import { bearer } from '../player/auth.ts';
import type { NetworkKey } from '../player/networks.ts';
import type { PlayerStore } from '../player/players.ts';
import type { TournamentEvent, TournamentSetup } from './log.ts';
import type { EventState } from './standings.ts';
import type { ListedTournament, TournamentStore, TournamentSummary } from './store.ts';
import { endsAt, joinable } from './timing.ts';
import type { Tournaments } from './tournaments.ts';
import { listingOf, recentPlayers, viewOf } from './view.ts';

/** Finished events the list shows. */
const FINISHED_LISTED = 10;
/** How long a process answers the list from memory: the list changes by the second at most. */
const LIST_FRESH_MS = 2000;
/** How long an event's log may be from memory for a page: pages ask every 2 s. */
const VIEW_FRESH_MS = 1000;
/** Events one player may make in a day... */
const MADE_PER_DAY: Rate = { count: 5, windowMs: 24 * 3_600_000 };
/**
 * ...and have made that have not started yet, per player and per network (a network makes
 * identities at will): each is listed to everyone, and a list of a thousand was 400 KB.
 */
const UPCOMING_PER_PLAYER = 3;
const UPCOMING_PER_NETWORK = 5;
/** Upcoming events the list shows unless asked for more (`?upcoming=N`), and at most. */
const UPCOMING_LISTED = 20;
const UPCOMING_LISTED_MAX = 100;
/** ...and actions on events per minute (joins, pauses, withdrawals). */
const ACTIONS_PER_MINUTE: Rate = { count: 20, windowMs: 60_000 };
/**
 * Tries at a private event's password one network may make, each limit a longer wait than the
 * one before: a few typos are free, a guesser gets 5 a minute, then 15 an hour, then 40 a day.
 * Counted per event and network (a network makes identities at will), and across every event
 * per network, on every process together.
 */
const PASSWORD_TRIES: readonly Rate[] = [
  { count: 5, windowMs: 60_000 },
  { count: 15, windowMs: 3_600_000 },
  { count: 40, windowMs: 24 * 3_600_000 },
];
const PASSWORD_TRIES_EVERYWHERE: Rate = { count: 100, windowMs: 24 * 3_600_000 };
/** How long a process remembers whose a page's token is (a token never changes hands)... */
const ASKER_FRESH_MS = 60_000;
/** ...for this many tokens at most. */
const ASKERS_KEPT = 20_000;
/** The longest body of a request. */
const MAX_BODY_BYTES = 1024;

/** What the routes work with. */
export interface TournamentRoutes {
  readonly store: TournamentStore;
  readonly tournaments: Tournaments;
  readonly players: PlayerStore;
  readonly relay: Allowance;
  readonly addressOf: (request: FastifyRequest) => string;
  readonly network: NetworkKey;
  /** The wall clock (ms since 1970). */
  readonly now: () => number;
}

/** The stored form of an event's password: salted with its id, so equal passwords differ. */
const passwordHash = (id: string, password: string): string => hashToken(`${id}\n${password}`);

const samePassword = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * What `action` by `player` (`bot`: a bot's identity) from network `from` at `now` appends to
 * `state`, or why not.
 */
export function decide(
  state: EventState,
  player: string,
  action: TournamentAction,
  from: string,
  now: number,
  bot = false,
): readonly TournamentEvent[] | Refusal {
  const entrant = state.entrant(player);
  const inIt = entrant !== undefined && !entrant.withdrawn;
  switch (action.action) {
    case 'join': {
      if (inIt) return entrant.paused ? [{ kind: 'resume', player, at: now }] : [];
      if (!joinable(state, now)) {
        return { code: 'tournament-closed', message: 'this event no longer takes players' };
      }
      // A bot joins only where the event's maker let bots in (docs/tournaments.md).
      if (bot && state.setup.terms.bots === false) {
        return { code: 'tournament-closed', message: 'this event is for people: no bots' };
      }
      if (
        state.setup.terms.kind === 'swiss' &&
        state.entrants().filter((e) => !e.withdrawn).length >= SWISS_PLAYERS_MAX
      ) {
        return { code: 'tournament-closed', message: `this Swiss is full (${SWISS_PLAYERS_MAX})` };
      }
      const hash = state.setup.password;
      if (
        hash !== undefined &&
        (action.password === undefined ||
          !samePassword(hash, passwordHash(state.id, action.password)))
      ) {
        return { code: 'wrong-password', message: 'this event is private: its password is wrong' };
      }
      return [{ kind: 'join', player, from, at: now }];
    }
    case 'withdraw':
      if (!inIt) return { code: 'tournament-closed', message: 'you are not in this event' };
      return state.finished ? [] : [{ kind: 'withdraw', player, at: now }];
    case 'pause':
    case 'resume': {
      if (!inIt) return { code: 'tournament-closed', message: 'you are not in this event' };
      if (state.finished || entrant.paused === (action.action === 'pause')) return [];
      return [{ kind: action.action, player, at: now }];
    }
  }
}

/**
 * Who asks for the pages: the player a request's token names, or undefined (pages are public:
 * never a 401). A page asks every 2 s, so a player's token is kept a while, by a short hash of
 * the header, never the header itself (it can be 16 KB of junk); a token that names nobody is
 * not kept at all, so junk fills nothing.
 */
export function askers(
  me: ReturnType<typeof bearer>,
  now: () => number,
): { ask(request: FastifyRequest): Promise<string | undefined>; readonly size: number } {
  const kept = new Map<string, { readonly player: string; readonly at: number }>();
  const silent = { status: () => silent, send: () => silent } as unknown as FastifyReply;
  return {
    async ask(request) {
      const header = request.headers.authorization;
      if (!header) return undefined;
      const at = now();
      const key = hashToken(header);
      const known = kept.get(key);
      if (known && at - known.at < ASKER_FRESH_MS) return known.player;
      const player = (await me(request, silent))?.id;
      if (player === undefined) return undefined;
      if (kept.size >= ASKERS_KEPT) kept.clear();
      kept.set(key, { player, at });
      return player;
    },
    get size() {
      return kept.size;
    },
  };
}

/** Adds the tournaments' routes to `app` (under /api). */
export function registerTournaments(app: FastifyInstance, routes: TournamentRoutes): void {
  const { store, tournaments, players, relay, addressOf, network, now } = routes;
  const me = bearer(players);
  let list:
    | { readonly at: number; readonly value: Promise<readonly ListedTournament[]> }
    | undefined;

  const allow = limiter(relay, now);
  const busy = 'too many requests about tournaments; wait a while';
  const asker = askers(me, now);
  const pagePlayers = recentPlayers(players, now);

  /**
   * Whether a join of `player` from network `from` may try the password of `id`, if it is a
   * private event they are not in; the refusal has been sent if not. Every try counts, right
   * or wrong: whoever knows the password needs one.
   */
  const mayTryPassword = async (
    reply: FastifyReply,
    id: string,
    player: string,
    from: string,
  ): Promise<boolean> => {
    const state = await tournaments.get(id, VIEW_FRESH_MS);
    const entrant = state?.entrant(player);
    if (state?.setup.password === undefined || (entrant && !entrant.withdrawn)) return true;
    const message = 'too many tries at this event’s password; wait a while';
    for (const rate of PASSWORD_TRIES) {
      const key = `tournament-password:${rate.windowMs}:${id}:${from}`;
      if (!(await allow(reply, key, rate, message))) return false;
    }
    return allow(reply, `tournament-password:${from}`, PASSWORD_TRIES_EVERYWHERE, message);
  };

  /**
   * Makes the events asked for on this process one at a time, so that two made at once from one
   * player or network cannot both pass the count of those they have upcoming.
   */
  let making: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(make: () => Promise<T>): Promise<T> => {
    const made = making.then(make);
    making = made.catch(() => undefined);
    return made;
  };

  const noSuch = (reply: FastifyReply) =>
    reply.status(404).send(refusal('no-such-tournament', 'no tournament has this id'));

  app.get<{ Querystring: { upcoming?: string } }>('/tournaments', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const at = now();
    if (!list || at - list.at > LIST_FRESH_MS) {
      const value = store.listTournaments(FINISHED_LISTED);
      list = { at, value };
      // A failed read is not kept: the next request asks again.
      value.catch(() => {
        if (list?.value === value) list = undefined;
      });
    }
    const listed = (await list.value).map(listingOf);
    const asked = Number.parseInt(request.query.upcoming ?? '', 10);
    const shown = Number.isSafeInteger(asked)
      ? Math.min(Math.max(asked, 0), UPCOMING_LISTED_MAX)
      : UPCOMING_LISTED;
    const upcoming = listed.filter((t) => t.status === 'upcoming');
    return {
      now: at,
      upcoming: upcoming.slice(0, shown),
      moreUpcoming: Math.max(0, upcoming.length - shown),
      running: listed.filter((t) => t.status === 'running' || t.status === 'ending'),
      finished: listed.filter((t) => t.status === 'finished'),
    } satisfies TournamentList;
  });

  app.get<{ Params: { id: string }; Querystring: { page?: string } }>(
    '/tournaments/:id',
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { id } = request.params;
      if (!TOURNAMENT_ID.test(id)) return noSuch(reply);
      const state = await tournaments.get(id, VIEW_FRESH_MS);
      if (!state) return noSuch(reply);
      const player = await asker.ask(request);
      const page = Number.parseInt(request.query.page ?? '1', 10);
      return viewOf(pagePlayers, state, Number.isSafeInteger(page) ? page : 1, player, now());
    },
  );

  app.post('/tournaments', { bodyLimit: MAX_BODY_BYTES }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const at = now();
    const parsed = parseTournamentRequest(request.body ?? {}, at);
    if (!parsed.ok) return reply.status(400).send({ error: parsed.error });
    const player = await me(request, reply);
    if (!player) return;
    if (!(await allow(reply, `tournament-made:${player.id}`, MADE_PER_DAY, busy))) return;
    const from = network(addressOf(request));
    const { password, ...terms } = parsed.value;
    const id = newShortId();
    const made = await oneAtATime(async () => {
      const upcoming = (await store.listTournaments(0)).filter(
        (t) => t.summary.status === 'upcoming' && t.setup.by !== undefined,
      );
      if (upcoming.filter((t) => t.setup.by === player.id).length >= UPCOMING_PER_PLAYER) {
        return `you have ${UPCOMING_PER_PLAYER} events of your own to come already; make another once one has started`;
      }
      if (upcoming.filter((t) => t.setup.from === from).length >= UPCOMING_PER_NETWORK) {
        return `your network has ${UPCOMING_PER_NETWORK} events of its own to come already; make another once one has started`;
      }
      const setup: TournamentSetup = {
        terms,
        by: player.id,
        from,
        ...(password !== undefined && { password: passwordHash(id, password) }),
      };
      const summary: TournamentSummary = {
        status: 'upcoming',
        players: 1,
        endsAt: endsAt(terms),
        by: { id: player.id, name: player.name },
      };
      await store.createTournament(id, at, setup, summary);
      // Its maker is in it: the first of the players they invite with its link.
      await tournaments.act(id, () => [{ kind: 'join', player: player.id, from, at }]);
      return undefined;
    });
    if (made !== undefined) return reply.status(429).send(refusal('rate-limited', made));
    return reply.status(201).send({ id });
  });

  app.post<{ Params: { id: string } }>(
    '/tournaments/:id/me',
    { bodyLimit: MAX_BODY_BYTES },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { id } = request.params;
      if (!TOURNAMENT_ID.test(id)) return noSuch(reply);
      const parsed = parseTournamentAction(request.body ?? {});
      if (!parsed.ok) return reply.status(400).send({ error: parsed.error });
      const player = await me(request, reply);
      if (!player) return;
      if (!(await allow(reply, `tournament-act:${player.id}`, ACTIONS_PER_MINUTE, busy))) return;
      const from = network(addressOf(request));
      if (parsed.value.action === 'join' && !(await mayTryPassword(reply, id, player.id, from))) {
        return;
      }
      const done = await tournaments.act(id, (state) =>
        decide(state, player.id, parsed.value, from, now(), player.bot === true),
      );
      if (!done) return noSuch(reply);
      if ('refusal' in done) {
        const status = done.refusal.code === 'wrong-password' ? 403 : 409;
        return reply.status(status).send({ error: done.refusal });
      }
      return viewOf(players, done.state, 1, player.id, now());
    },
  );
}
