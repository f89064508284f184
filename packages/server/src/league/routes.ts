// The leagues' routes: the list (GET /api/leagues), a league's page with a page of its latest
// season's crosstables (GET /api/leagues/:key?tier=N&page=P), and the asking player's entry in
// one (GET and POST /api/leagues/:key/me: join, or leave, which opts out of the next seasons).

import {
  type LeagueEntry,
  type LeagueListing,
  type LeagueView,
  parseLeagueAction,
  parseLeagueKey,
  parseLeaguePageAsked,
} from '@agon/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { refusal } from '../common/http-errors.ts';
import { type Allowance, limiter, type Rate } from '../common/rate-limit.ts';
import { bearer, bearerToken } from '../player/auth.ts';
import type { PlayerStore } from '../player/players.ts';
import type { LeagueTerms } from './leagues.ts';
import { seasonPage, seatOf, type WholeSeason } from './season-page.ts';
import type { LeagueMember, LeagueStore } from './store.ts';
import { listingOf, seasonView } from './view.ts';

/** Joins and leaves one player may make a minute. */
const ACTIONS_PER_MINUTE: Rate = { count: 20, windowMs: 60_000 };
/** The longest body of a request. */
const MAX_BODY_BYTES = 256;
/**
 * How long a process answers a league's page from memory: its games last days, and a season of
 * a thousand players is a few thousand games and names to read for every page that asks. What is
 * kept is the whole season, the same for everyone; each request cuts its page from it.
 */
const VIEW_FRESH_MS = 5000;

/** What the routes work with. */
export interface LeagueRoutes {
  readonly leagues: readonly LeagueTerms[];
  readonly store: LeagueStore;
  readonly players: PlayerStore;
  readonly relay: Allowance;
  /** The wall clock (ms since 1970). */
  readonly now: () => number;
}

/** A league's listing and its latest season's every group, the same for every asker. */
interface Whole {
  readonly now: number;
  readonly league: LeagueListing;
  readonly season: WholeSeason | null;
}

/** A player's entry as they see it. */
const entryOf = (member: LeagueMember | undefined): LeagueEntry => ({
  entered: member?.active ?? false,
  tier: member?.tier ?? null,
});

/** Adds the leagues' routes to `app` (under /api). */
export function registerLeagues(app: FastifyInstance, routes: LeagueRoutes): void {
  const { leagues, store, players, relay, now } = routes;
  const me = bearer(players);
  const allow = limiter(relay, now);

  /** The league an address names; the refusal has been sent if none. */
  const leagueOf = (key: string, reply: FastifyReply): LeagueTerms | undefined => {
    const read = parseLeagueKey(key);
    if (!read.ok) {
      reply.status(400).send(refusal(read.error.code, read.error.message));
      return undefined;
    }
    const terms = leagues.find((l) => l.key === read.value);
    if (!terms) reply.status(404).send(refusal('not-found', 'no league has this key'));
    return terms;
  };

  const listing = async (terms: LeagueTerms): Promise<LeagueListing> => {
    const [members, latest] = await Promise.all([
      store.leagueMembers(terms.key),
      store.latestSeason(terms.key),
    ]);
    return listingOf(terms, members, latest);
  };

  app.get('/leagues', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { now: now(), leagues: await Promise.all(leagues.map(listing)) };
  });

  /** A league's whole view as read lately, by league: shared by the pages that ask meanwhile. */
  const views = new Map<string, { readonly at: number; readonly value: Promise<Whole> }>();
  const read = async (terms: LeagueTerms): Promise<Whole> => {
    const [league, latest] = await Promise.all([listing(terms), store.latestSeason(terms.key)]);
    if (!latest) return { now: now(), league, season: null };
    const games = await store.seasonGames(terms.key, latest.number);
    const ids = latest.groups.flatMap((g) => g.players);
    const names = new Map((await players.players(ids)).map((p) => [p.id, p.name]));
    return { now: now(), league, season: seasonView(latest, games, names) };
  };

  const whole = (terms: LeagueTerms): Promise<Whole> => {
    const at = now();
    const kept = views.get(terms.key);
    if (kept && at - kept.at <= VIEW_FRESH_MS) return kept.value;
    const value = read(terms);
    views.set(terms.key, { at, value });
    // A failed read is not kept: the next request asks again.
    value.catch(() => {
      if (views.get(terms.key)?.value === value) views.delete(terms.key);
    });
    return value;
  };

  app.get<{ Params: { key: string } }>('/leagues/:key', async (request, reply) => {
    const terms = leagueOf(request.params.key, reply);
    if (!terms) return;
    const asked = parseLeaguePageAsked(request.query);
    if (!asked.ok) return reply.status(400).send(refusal(asked.error.code, asked.error.message));
    // The page is anyone's to read; a token, if sent, must name a player, whose group is found.
    const named = bearerToken(request) !== undefined;
    const player = named ? await me(request, reply) : undefined;
    if (named && !player) return;
    reply.header('cache-control', 'no-store');
    const { now: at, league, season } = await whole(terms);
    if (!season) return { now: at, league, season: null, you: null } satisfies LeagueView;
    const you = player ? seatOf(season, player.id) : undefined;
    // Left out, the tier is the asker's (else League 1) and the page the one with their group.
    const tier = asked.value.tier ?? you?.tier ?? 1;
    const page = asked.value.page ?? (you?.tier === tier ? you.page : 1);
    const shown = seasonPage(season, tier, page);
    if (!shown.ok) return reply.status(404).send(refusal(shown.error.code, shown.error.message));
    return { now: at, league, season: shown.value, you: you ?? null } satisfies LeagueView;
  });

  app.get<{ Params: { key: string } }>('/leagues/:key/me', async (request, reply) => {
    const terms = leagueOf(request.params.key, reply);
    if (!terms) return;
    const player = await me(request, reply);
    if (!player) return;
    return entryOf(await store.leagueMember(terms.key, player.id));
  });

  app.post<{ Params: { key: string } }>(
    '/leagues/:key/me',
    { bodyLimit: MAX_BODY_BYTES },
    async (request, reply) => {
      const terms = leagueOf(request.params.key, reply);
      if (!terms) return;
      const player = await me(request, reply);
      if (!player) return;
      const busy = 'too many requests about leagues; wait a while';
      if (!(await allow(reply, `league-act:${player.id}`, ACTIONS_PER_MINUTE, busy))) return;
      const action = parseLeagueAction(request.body);
      if (!action.ok)
        return reply.status(400).send(refusal(action.error.code, action.error.message));
      if (action.value.action === 'join') await store.enterLeague(terms.key, player.id, now());
      else await store.leaveLeague(terms.key, player.id);
      // The player's page asks again at once: its count of entries is theirs to see changed.
      views.delete(terms.key);
      return entryOf(await store.leagueMember(terms.key, player.id));
    },
  );
}
