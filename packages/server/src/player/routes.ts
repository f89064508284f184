// The routes of players without accounts: POST /api/players makes this device a player (a
// generated name and a token, of which only the hash is kept); /api/me reads and renames the
// player whose token the request carries (Authorization: Bearer); transfer codes move an
// identity to another device; GET /api/players/<id> is anyone's page (docs/lobby.md). Making
// players and trying codes is limited per address, renaming and making codes per player, on
// every process together; a refusal says when to try again (retry-after). Expired codes are purged on a schedule, and a player has at most one live
// code.

import { makeMoveText } from '@agon/engine';
import {
  type Identity,
  type OngoingGame,
  type OngoingGames,
  PLAYER_ID,
  type PlayedTournament,
  type PlayerPage,
  parseNewPlayer,
  parseRename,
  parseTransfer,
  TRANSFER_MS,
} from '@agon/protocol';
import { checkNameStrictly } from '@agon/protocol/name-key';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refusal } from '../common/http-errors.ts';
import type { PlayerLimits } from '../common/limits.ts';
import type { Problems } from '../common/problems.ts';
import { type Allowance, limiter, type Rate } from '../common/rate-limit.ts';
import { hashToken, newPlayerId, newToken, newTransferCode } from '../common/secret.ts';
import type { GameStore } from '../game/store.ts';
import { clockView, outcomeOf, restoreTable } from '../game/table.ts';
import { bearer } from './auth.ts';
import { createPlayer } from './names.ts';
import type { NetworkKey } from './networks.ts';
import { NameTaken, type PlayerStore, playerView } from './players.ts';
import type { VacationStore } from './vacation.ts';

/** How many games the player page lists. */
const PAGE_GAMES = 30;
/** How many tournaments the player page lists, the latest. */
const PAGE_TOURNAMENTS = 20;
/** How many games in play the "your turn" list shows, the newest. */
const ONGOING_GAMES = 50;

/** How often expired transfer codes are purged. */
const PURGE_EVERY_MS = 10 * 60_000;

/** What the player routes work with. */
interface PlayerRoutes {
  readonly players: PlayerStore;
  /** The games, for the state of a player's games in play. */
  readonly games: GameStore;
  /** The players' vacation, for the opponents away in a player's games in play. */
  readonly vacations: Pick<VacationStore, 'awayUntil'>;
  readonly limits: PlayerLimits;
  /** Counts actions on every process together, for the limits. */
  readonly relay: Allowance;
  /** Names a request's client, for the per-address limits. */
  readonly addressOf: (request: FastifyRequest) => string;
  readonly now: () => number;
  readonly problems: Problems;
  /** The key of an address's network: kept with each new player, for the fair-rating rules. */
  readonly network: NetworkKey;
  /** The tournaments a player joined, for their page. */
  readonly tournaments: {
    playedTournaments(player: string, limit: number): Promise<readonly PlayedTournament[]>;
  };
}

/** Adds the player routes to `app`. */
export function registerPlayers(app: FastifyInstance, routes: PlayerRoutes): void {
  const { players, games, limits, relay, addressOf, now, problems, network } = routes;
  const perMinute = (count: number): Rate => ({ count, windowMs: 60_000 });
  const perHour = (count: number): Rate => ({ count, windowMs: 3_600_000 });
  /**
   * Counts one action of `key` against `rate`: true if allowed; otherwise the refusal is sent,
   * 429 with the seconds to wait in retry-after.
   */
  const allow = limiter(relay, now);
  const purge = setInterval(() => {
    players.purgeTransfers(now()).catch((e: unknown) => problems.report('storage', e));
  }, PURGE_EVERY_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  const me = bearer(players);

  app.post('/players', async (request, reply) => {
    // The answer carries a token: no cache may keep it.
    reply.header('cache-control', 'no-store');
    const parsed = parseNewPlayer(request.body ?? {});
    if (!parsed.ok) return reply.status(400).send({ error: parsed.error });
    const address = `players:${addressOf(request)}`;
    const rate = perMinute(limits.playersPerMinute);
    if (!(await allow(reply, address, rate, 'too many new players; wait a minute'))) return;
    const token = newToken();
    const player = await createPlayer(players, parsed.value.language, {
      id: newPlayerId(),
      tokenHash: hashToken(token),
      createdAt: now(),
      createdFrom: network(addressOf(request)),
    });
    return reply.status(201).send({ id: player.id, name: player.name, token } satisfies Identity);
  });

  app.get('/me', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const player = await me(request, reply);
    return player && playerView(player, now());
  });

  app.patch('/me', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const parsed = parseRename(request.body ?? {});
    if (!parsed.ok) return reply.status(400).send({ error: parsed.error });
    // The browser's rules again, and the reserved words in what the name looks like.
    const name = checkNameStrictly(parsed.value.name);
    if (!name.ok) return reply.status(400).send({ error: name.error });
    const player = await me(request, reply);
    if (!player) return;
    const rate = perHour(limits.renamesPerHour);
    if (!(await allow(reply, `rename:${player.id}`, rate, 'too many renames; wait a while'))) {
      return;
    }
    try {
      await players.rename(player.id, name.value);
    } catch (e) {
      if (!(e instanceof NameTaken)) throw e;
      return reply
        .status(409)
        .send(
          refusal('name-taken', `another player is called "${name.value}" or a look-alike of it`),
        );
    }
    return playerView({ ...player, name: name.value }, now());
  });

  app.post('/me/transfer', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const player = await me(request, reply);
    if (!player) return;
    const rate = perHour(limits.transfersPerHour);
    const key = `transfer:${player.id}`;
    if (!(await allow(reply, key, rate, 'too many transfer codes; wait a while'))) return;
    const code = newTransferCode();
    const expiresAt = now() + TRANSFER_MS;
    await players.saveTransfer(hashToken(code), player.id, expiresAt);
    return reply.status(201).send({ code, expiresAt });
  });

  app.post('/players/transfer', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // Counted before the code is read, so guessing codes is as slow as making players.
    const address = `players:${addressOf(request)}`;
    const rate = perMinute(limits.playersPerMinute);
    if (!(await allow(reply, address, rate, 'too many attempts; wait a minute'))) return;
    const parsed = parseTransfer(request.body ?? {});
    if (!parsed.ok) return reply.status(400).send({ error: parsed.error });
    const id = await players.takeTransfer(hashToken(parsed.value.code), now());
    const player = id === undefined ? undefined : await players.player(id);
    if (!player) {
      return reply
        .status(400)
        .send(refusal('bad-code', 'this code is unknown, used or expired; make a new one'));
    }
    const token = newToken();
    await players.addToken(player.id, hashToken(token));
    return { id: player.id, name: player.name, token } satisfies Identity;
  });

  app.get('/me/games', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const player = await me(request, reply);
    if (!player) return;
    const listed = await players.recentGames(player.id, ONGOING_GAMES, true);
    const at = now();
    const away = await routes.vacations.awayUntil(
      [...new Set(listed.map((g) => g.opponent.id))],
      at,
    );
    const ongoing = await Promise.all(
      listed.map(async (g): Promise<OngoingGame | undefined> => {
        const stored = await games.load(g.game);
        if (!stored) return undefined;
        const t = restoreTable(stored, at);
        // Ended, and only not yet rated: no longer a game to play.
        if (outcomeOf(t)) return undefined;
        const tournament = t.setup.tournament;
        return {
          game: g.game,
          colour: g.colour,
          opponent: g.opponent,
          class: g.class,
          rules: g.rules,
          rated: g.rated,
          at: g.at,
          variant: t.setup.variant,
          captorPlacesQueen: t.game.captorPlacesQueen,
          moves: t.game.moves.map(makeMoveText),
          yourTurn: (t.game.chooser ?? t.game.position.turnColour) === g.colour,
          clock: clockView(t, at),
          ...(tournament && {
            tournament: {
              id: tournament.id,
              name: tournament.name,
              ...(tournament.schedule && { schedule: tournament.schedule }),
            },
          }),
          ...(t.setup.league && {
            league: { id: t.setup.league.key, name: t.setup.league.name },
          }),
          ...(away[g.opponent.id] !== undefined && { opponentAway: away[g.opponent.id] }),
        };
      }),
    );
    // Before the first moves, the time left is until the game is called off unplayed.
    const left = (g: OngoingGame): number =>
      g.clock?.running ? g.clock[g.clock.running] : (g.clock?.first ?? Number.POSITIVE_INFINITY);
    return {
      games: ongoing
        .filter((g) => g !== undefined)
        .sort((a, b) => Number(b.yourTurn) - Number(a.yourTurn) || left(a) - left(b)),
    } satisfies OngoingGames;
  });

  app.get<{ Params: { id: string } }>('/players/:id', async (request, reply) => {
    const id = request.params.id;
    const known = PLAYER_ID.test(id);
    // The games are read before the ratings: a game settled between the two reads then shows
    // its rating already counted, never a result whose rating is missing.
    const games = known ? await players.recentGames(id, PAGE_GAMES) : [];
    const player = known ? await players.player(id) : undefined;
    if (!player)
      return reply.status(404).send(refusal('no-such-player', 'there is no such player'));
    const played = await routes.tournaments.playedTournaments(id, PAGE_TOURNAMENTS);
    return {
      ...playerView(player, now()),
      createdAt: player.createdAt,
      tournaments: played,
      games: games.map((g) => ({
        ...g,
        ratingBefore: g.ratingBefore === null ? null : Math.round(g.ratingBefore),
        ratingAfter: g.ratingAfter === null ? null : Math.round(g.ratingAfter),
      })),
    } satisfies PlayerPage;
  });
}
