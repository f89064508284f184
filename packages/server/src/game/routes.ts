// Online play's routes on the server: POST /api/games creates a game, and
// /api/games/<id>/socket upgrades to the game's WebSocket. The game id is in the socket's path
// so that a load balancer can route every socket of one game to the same process. The lobby's
// socket is /api/lobby/socket, an event's /api/tournaments/<id>/socket, and the players'
// routes are player-routes.ts's.

import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  GAME_ID,
  MAX_CREATE_BYTES,
  parseCreateRequest,
  type Refusal,
  TOURNAMENT_ID,
} from '@agon/protocol';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { clientAddress, type TrustProxy } from '../common/address.ts';
import { NOT_FOUND } from '../common/http-errors.ts';
import type { Limits } from '../common/limits.ts';
import type { Problems } from '../common/problems.ts';
import type { Sockets } from '../common/sockets.ts';
import type { Lobby } from '../lobby/lobby.ts';
import { lobbySocket } from '../lobby/socket.ts';
import type { NetworkKey } from '../player/networks.ts';
import type { PlayerStore } from '../player/players.ts';
import { registerPlayers } from '../player/routes.ts';
import { type PushRoutes, registerPush } from '../push/routes.ts';
import { type PuzzleRoutes, registerPuzzles } from '../puzzles/routes.ts';
import { registerTournaments, type TournamentRoutes } from '../tournament/routes.ts';
import { EventSockets } from '../tournament/socket.ts';
import type { Hub } from './hub.ts';
import type { Relay } from './relay.ts';
import { gameSocket } from './socket.ts';
import type { GameStore } from './store.ts';

const SOCKET_PATH = /^\/api\/games\/([^/?#]+)\/socket(?:\?.*)?$/;
const LOBBY_PATH = /^\/api\/lobby\/socket(?:\?.*)?$/;
const EVENT_PATH = /^\/api\/tournaments\/([^/?#]+)\/socket(?:\?.*)?$/;

/** Ends an upgrade request that gets no socket with `status` and `error`, as the API refuses. */
function turnAway(socket: Duplex, status: number, error: Refusal): void {
  const body = JSON.stringify({ error });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** What the online routes are served by. */
export interface Online {
  readonly hub: Hub;
  readonly lobby: Lobby;
  readonly players: PlayerStore;
  readonly games: GameStore;
  readonly sockets: Sockets;
  readonly relay: Relay;
  readonly problems: Problems;
  readonly now: () => number;
  readonly network: NetworkKey;
  /** The push routes' part: where subscriptions are kept, the public key, loopback endpoints. */
  readonly push: Omit<PushRoutes, 'players' | 'relay' | 'now'>;
  /** The tournaments' part: where they are kept, and this process's states of them. */
  readonly tournaments: Pick<TournamentRoutes, 'store' | 'tournaments'>;
  /** The puzzles' part: where attempts and ratings are kept, and the puzzles known. */
  readonly puzzles: Pick<PuzzleRoutes, 'store' | 'catalog'>;
}

/**
 * Adds the online routes to `app`, served by `online`; `trust` says which proxies' word on the
 * client's address (X-Forwarded-For) is believed for the per-address limits.
 */
export async function registerOnline(
  app: FastifyInstance,
  {
    hub,
    lobby,
    players,
    games,
    sockets,
    relay,
    problems,
    now,
    network,
    push,
    tournaments,
    puzzles,
  }: Online,
  limits: Limits,
  trust?: TrustProxy,
): Promise<void> {
  const addressOf = (request: IncomingMessage): string =>
    clientAddress(request.socket.remoteAddress ?? '', request.headers['x-forwarded-for'], trust);
  const events = new EventSockets({ tournaments: tournaments.tournaments, players, problems, now });
  const upgrades = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes });
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = request.url ?? '';
    const id = SOCKET_PATH.exec(url)?.[1];
    const event = EVENT_PATH.exec(url)?.[1];
    const toLobby = LOBBY_PATH.test(url);
    const toGame = id !== undefined && GAME_ID.test(id);
    const toEvent = event !== undefined && TOURNAMENT_ID.test(event);
    if (!toLobby && !toGame && !toEvent) return turnAway(socket, 404, NOT_FOUND);
    const address = addressOf(request);
    const refusal = sockets.turnsAway(address);
    if (refusal) return turnAway(socket, refusal.status, refusal.error);
    upgrades.handleUpgrade(request, socket, head, (ws) => {
      if (toLobby) sockets.connect(ws, address, lobbySocket(lobby));
      else if (toEvent) sockets.connect(ws, address, events.handler(event));
      else sockets.connect(ws, address, gameSocket(id!, hub));
    });
  });
  // The sockets themselves are closed by the server (server.ts), before the games they serve.
  app.addHook('onClose', async () => {
    events.stop();
    upgrades.close();
  });

  await app.register(
    async (api) => {
      api.post('/games', { bodyLimit: MAX_CREATE_BYTES }, async (request, reply) => {
        // The answer carries a seat token: no cache may keep it.
        reply.header('cache-control', 'no-store');
        const parsed = parseCreateRequest(request.body ?? {});
        if (!parsed.ok) return reply.status(400).send({ error: parsed.error });
        const created = await hub.create(parsed.value, addressOf(request.raw));
        if (!created.ok) return reply.status(429).send({ error: created.error });
        return reply.status(201).send(created.value);
      });
      registerPlayers(api, {
        players,
        games,
        limits,
        relay,
        addressOf: (request) => addressOf(request.raw),
        now,
        problems,
        network,
        tournaments: tournaments.store,
      });
      registerPush(api, { ...push, players, relay, now });
      registerPuzzles(api, {
        ...puzzles,
        players,
        relay,
        now,
        addressOf: (request) => addressOf(request.raw),
        network,
      });
      registerTournaments(api, {
        ...tournaments,
        players,
        relay,
        addressOf: (request) => addressOf(request.raw),
        network,
        now,
      });
    },
    { prefix: '/api' },
  );
}
