// Every route of online play, each domain's registered here under /api, and the WebSocket
// upgrades: /api/games/<id>/socket to the game's socket, /api/lobby/socket to the lobby's, and
// /api/tournaments/<id>/socket to an event's. The game id is in the socket's path so that a
// load balancer can route every socket of one game to the same process.

import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { GAME_ID, type Refusal, TOURNAMENT_ID } from '@agon/protocol';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import type { HouseBots } from './bot/house.ts';
import { registerBots } from './bot/routes.ts';
import { clientAddress, type TrustProxy } from './common/address.ts';
import { NOT_FOUND } from './common/http-errors.ts';
import type { Limits } from './common/limits.ts';
import type { Problems } from './common/problems.ts';
import type { Sockets } from './common/sockets.ts';
import type { ConditionalStore } from './game/conditionals.ts';
import type { Hub } from './game/hub.ts';
import type { Relay } from './game/relay.ts';
import { registerGames } from './game/routes.ts';
import { gameSocket } from './game/socket.ts';
import type { GameStore } from './game/store.ts';
import { type LeagueRoutes, registerLeagues } from './league/routes.ts';
import type { Lobby } from './lobby/lobby.ts';
import { registerLobby } from './lobby/routes.ts';
import type { LobbySettingsStore } from './lobby/settings.ts';
import { lobbySocket } from './lobby/socket.ts';
import { registerNotebooks } from './notebook/routes.ts';
import type { NotebookStore } from './notebook/store.ts';
import type { NetworkKey } from './player/networks.ts';
import type { PlayerStore } from './player/players.ts';
import { registerPlayers } from './player/routes.ts';
import type { VacationPlan, VacationStore } from './player/vacation.ts';
import { registerVacation } from './player/vacation-routes.ts';
import { type PushRoutes, registerPush } from './push/routes.ts';
import { type PuzzleRoutes, registerPuzzles } from './puzzles/routes.ts';
import { registerTournaments, type TournamentRoutes } from './tournament/routes.ts';
import { EventSockets } from './tournament/socket.ts';

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
  readonly settings: LobbySettingsStore;
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
  /** The house bots, which the Bot API lists. */
  readonly house: HouseBots;
  /** The leagues' part: where they are kept, and the leagues this server runs. */
  readonly leagues: Pick<LeagueRoutes, 'store' | 'leagues'>;
  /** Where the players' vacation is kept, and how much they get. */
  readonly vacation: { readonly store: VacationStore; readonly plan: VacationPlan };
  /** Where the players' notebooks and conditional moves are kept. */
  readonly notebooks: NotebookStore & ConditionalStore;
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
    settings,
    games,
    sockets,
    relay,
    problems,
    now,
    network,
    push,
    tournaments,
    puzzles,
    house,
    leagues,
    notebooks,
    vacation,
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
      registerGames(api, { hub, addressOf: (request) => addressOf(request.raw) });
      registerPlayers(api, {
        players,
        games,
        vacations: vacation.store,
        limits,
        relay,
        addressOf: (request) => addressOf(request.raw),
        now,
        problems,
        network,
        tournaments: tournaments.store,
      });
      registerVacation(api, {
        players,
        vacations: vacation.store,
        plan: vacation.plan,
        relay,
        now,
      });
      registerLobby(api, { players, settings, relay, now });
      registerBots(api, {
        players,
        house,
        hub,
        lobby,
        relay,
        problems,
        now,
        addressOf: (request) => addressOf(request.raw),
      });
      registerPush(api, { ...push, players, relay, now });
      registerNotebooks(api, { players, games, notebooks, relay, now });
      registerPuzzles(api, {
        ...puzzles,
        players,
        relay,
        now,
        addressOf: (request) => addressOf(request.raw),
        network,
      });
      registerLeagues(api, { ...leagues, players, relay, now });
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
