// The routes of players without accounts: POST /api/players makes this device a player (a
// generated name and a token, of which only the hash is kept); /api/me reads and renames the
// player whose token the request carries (Authorization: Bearer); transfer codes move an
// identity to another device; GET /api/players/<id> is anyone's page (docs/lobby.md).

import {
  type ErrorCode,
  type Identity,
  PLAYER_ID,
  type PlayerPage,
  parseNewPlayer,
  parseRename,
  parseTransfer,
  TOKEN,
  TRANSFER_MS,
} from '@agon/protocol';
import { checkNameStrictly } from '@agon/protocol/name-key';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { playerView } from './lobby.ts';
import { createPlayer } from './names.ts';
import { NameTaken, type Player, type PlayerStore } from './players.ts';
import { TokenBucket } from './rate-limit.ts';
import { hashToken, newPlayerId, newToken, newTransferCode } from './secret.ts';

/** The limits on making players and using transfer codes, per address. */
export interface PlayerLimits {
  readonly playersPerMinute: number;
  readonly playerBurst: number;
}

/** How many games the player page lists. */
const PAGE_GAMES = 30;

/** The refusal body every API route answers with. */
const refusal = (code: ErrorCode, message: string) => ({ error: { code, message } });

/**
 * Adds the player routes to `app` over `players`; `addressOf` names a request's client for
 * the per-address limits.
 */
export function registerPlayers(
  app: FastifyInstance,
  players: PlayerStore,
  limits: PlayerLimits,
  addressOf: (request: FastifyRequest) => string,
  now: () => number,
): void {
  const buckets = new Map<string, TokenBucket>();
  /** Takes one creation (or code attempt) from the address's bucket. */
  const allow = (address: string): boolean => {
    const at = now();
    let bucket = buckets.get(address);
    if (!bucket) {
      if (buckets.size > 10_000) {
        for (const [a, b] of buckets) if (b.full(at)) buckets.delete(a);
      }
      bucket = new TokenBucket(limits.playersPerMinute / 60, limits.playerBurst, at);
      buckets.set(address, bucket);
    }
    return bucket.take(at);
  };

  /** The player whose token the request carries, or a 401 already sent. */
  const me = async (request: FastifyRequest, reply: FastifyReply): Promise<Player | undefined> => {
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const player =
      token !== undefined && TOKEN.test(token)
        ? await players.playerByToken(hashToken(token))
        : undefined;
    if (!player) {
      reply
        .status(401)
        .send(refusal('unknown-player', 'no player has this token; make a new identity'));
    }
    return player;
  };

  app.post('/players', async (request, reply) => {
    // The answer carries a token: no cache may keep it.
    reply.header('cache-control', 'no-store');
    const parsed = parseNewPlayer(request.body ?? {});
    if (!parsed.ok) return reply.status(400).send({ error: parsed.error });
    if (!allow(addressOf(request))) {
      return reply.status(429).send(refusal('rate-limited', 'too many new players; wait a minute'));
    }
    const token = newToken();
    const player = await createPlayer(players, parsed.value.language, {
      id: newPlayerId(),
      tokenHash: hashToken(token),
      createdAt: now(),
    });
    return reply.status(201).send({ id: player.id, name: player.name, token } satisfies Identity);
  });

  app.get('/me', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const player = await me(request, reply);
    return player && playerView(player);
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
    return playerView({ ...player, name: name.value });
  });

  app.post('/me/transfer', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const player = await me(request, reply);
    if (!player) return;
    const code = newTransferCode();
    const expiresAt = now() + TRANSFER_MS;
    await players.saveTransfer(hashToken(code), player.id, expiresAt);
    return reply.status(201).send({ code, expiresAt });
  });

  app.post('/players/transfer', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // Counted before the code is read, so guessing codes is as slow as making players.
    if (!allow(addressOf(request))) {
      return reply.status(429).send(refusal('rate-limited', 'too many attempts; wait a minute'));
    }
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

  app.get<{ Params: { id: string } }>('/players/:id', async (request, reply) => {
    const id = request.params.id;
    const player = PLAYER_ID.test(id) ? await players.player(id) : undefined;
    if (!player)
      return reply.status(404).send(refusal('no-such-player', 'there is no such player'));
    const games = await players.recentGames(player.id, PAGE_GAMES);
    return {
      ...playerView(player),
      createdAt: player.createdAt,
      games: games.map((g) => ({
        ...g,
        ratingBefore: g.ratingBefore === null ? null : Math.round(g.ratingBefore),
        ratingAfter: g.ratingAfter === null ? null : Math.round(g.ratingAfter),
      })),
    } satisfies PlayerPage;
  });
}
