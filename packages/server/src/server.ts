// The web server as an app factory: the built browser app as static files, and online play
// (routes.ts) on the same instance, its domains wired to each other here, in one place.
// Callers build it here and listen in `main.ts`.

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { HouseBots } from './bot/house.ts';
import { Thinker } from './bot/thinker.ts';
import type { TrustProxy } from './common/address.ts';
import { newRequestId } from './common/failures.ts';
import { answerClientError, errorAnswer, NOT_FOUND } from './common/http-errors.ts';
import { DEFAULT_LIMITS, type Limits } from './common/limits.ts';
import { type Notifier, paced } from './common/notices.ts';
import { Problems } from './common/problems.ts';
import { Sockets } from './common/sockets.ts';
import { Hub, serverClock } from './game/hub.ts';
import { LocalRelay, type Relay } from './game/relay.ts';
import type { LeagueTerms } from './league/leagues.ts';
import { Runner } from './league/runner.ts';
import { type LobbyBoard, MemoryBoard } from './lobby/board.ts';
import { Lobby } from './lobby/lobby.ts';
import { Settlement } from './lobby/settlement.ts';
import { listingOf, Starter } from './lobby/starter.ts';
import { networkKeys } from './player/networks.ts';
import { VACATION_PLAN, type VacationPlan, vacationsOver } from './player/vacation.ts';
import { TurnDigest } from './push/digest.ts';
import { vapidKeys, WebPush } from './push/push.ts';
import { lazySet, PuzzleCatalog } from './puzzles/catalog.ts';
import { PuzzleScanner, type ScanOptions } from './puzzles/scanner.ts';
import { registerOnline } from './routes.ts';
import { SqliteStore } from './storage/sqlite.ts';
import type { Store } from './storage/store.ts';
import { Director } from './tournament/director.ts';
import { Schedule, type ScheduleEntry } from './tournament/schedule.ts';
import { recordResult, Tournaments } from './tournament/tournaments.ts';

/**
 * What the app may load: only its own files, its own socket and service worker, no framing.
 * Every directive is spelled out (no defaults): the defaults' upgrade-insecure-requests would
 * turn the socket into wss:// on a plain-HTTP server.
 */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  // The build inlines nothing as data: (packages/web/e2e/csp.test.ts would see it).
  imgSrc: ["'self'"],
  fontSrc: ["'self'"],
  // The move sounds are short clips the page synthesises once and plays from blob: URLs.
  mediaSrc: ["'self'", 'blob:'],
  // The game's WebSocket: 'self' covers ws:// and wss:// to this host.
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  // No page may frame the game (a hidden frame could steal a resign click).
  frameAncestors: ["'none'"],
};

/**
 * The threads that search for every house bot game of a process: two, so that a long search
 * of level 9 does not hold up a quick one of level 1, and few, so that the bots leave the
 * machine's other cores to the server.
 */
const SEARCH_THREADS = 2;

/** Sockets kept free of the file limit for the database, the HTTP side and Node itself. */
const FILE_RESERVE = 128;

/** The process's limit on open files (Linux: /proc/self/limits), or undefined when unknown. */
function fileLimit(): number | undefined {
  try {
    const line = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return line ? Number(line[1]) : undefined;
  } catch {
    return undefined;
  }
}

// Where the built app is: packages/web/dist beside this package.
const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** How to build the server. */
export interface ServerOptions {
  /** The folder of the built app (index.html and assets/). */
  readonly webRoot?: string;
  /** Fastify's request log; off by default. */
  readonly logger?: boolean;
  /**
   * The folder of the games database. Without it (and without `store`) games go to a fresh
   * temporary folder that is removed on close: right for tests, wrong for a real server.
   */
  readonly dataDir?: string;
  /**
   * Where games, players and their devices' push subscriptions are kept; the server closes it
   * on close. Overrides `dataDir`.
   */
  readonly store?: Store;
  /**
   * The link to the other server processes (game/redis-relay.ts): the relay of events, presence,
   * the keepers of running clocks and the creation rate limit. Closed with the server. Without
   * it, the process is on its own.
   */
  readonly relay?: Relay;
  /**
   * The lobby's shared state (lobby/redis-board.ts, beside the relay); in memory for one process
   * without it. Closed with the server.
   */
  readonly board?: LobbyBoard;
  /**
   * Which reverse proxies are believed when they name the client's address (X-Forwarded-For);
   * without it the header is ignored and every client is the address it connects from.
   */
  readonly trustProxy?: TrustProxy;
  /** Limits on clients; each one missing is the default. */
  readonly limits?: Partial<Limits>;
  /**
   * How long an HTTP connection may sit idle or take to send a request, in ms (30 s by
   * default), so slow or silent clients cannot hold connections open.
   */
  readonly httpTimeoutMs?: number;
  /**
   * Where notices to players who are away go (notices.ts): by default Web Push to the devices
   * whose subscriptions the store keeps (push.ts). Tests of the games alone pass SILENT.
   */
  readonly notifier?: Notifier;
  /**
   * The recurring tournaments this server makes (tournament/schedule.ts); none by default, so
   * that tests see only the events they make. main.ts passes the default schedule.
   */
  readonly schedule?: readonly ScheduleEntry[];
  /**
   * The leagues this server runs (league/leagues.ts); none by default, as with the schedule.
   * main.ts passes AGON_LEAGUES's, or the default league.
   */
  readonly leagues?: readonly LeagueTerms[];
  /**
   * How this process scans people's finished games for puzzles (puzzles/scanner.ts); without
   * it, as in tests, it scans none (games are queued all the same, for a process that does).
   * main.ts passes the defaults unless AGON_PUZZLE_SCAN=off.
   */
  readonly puzzleScan?: ScanOptions;
  /** How much vacation players get (docs/lobby.md, "Vacation"); VACATION_PLAN if missing. */
  readonly vacation?: VacationPlan;
  /** Web Push's settings. */
  readonly push?: {
    /**
     * Who runs the server, a mailto: or https: address push services may write to
     * (AGON_PUSH_CONTACT).
     */
    readonly contact?: string;
    /**
     * Whether a subscription may name an http:// endpoint on this machine
     * (AGON_PUSH_LOOPBACK=1): only for a push service of the tests' own.
     */
    readonly loopback?: boolean;
  };
}

/** The contact push services are given when the operator names none. */
const DEFAULT_PUSH_CONTACT = 'mailto:push@agon.invalid';

/** Builds the server (not yet listening). Throws when the app has not been built. */
export async function buildServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  const root = options.webRoot ?? DEFAULT_WEB_ROOT;
  if (!existsSync(`${root}/index.html`)) {
    throw new Error(`no built app in ${root}: run \`npm run build\` first`);
  }
  const httpTimeout = options.httpTimeoutMs ?? 30_000;
  const answerError = errorAnswer(serverClock);
  const app = Fastify({
    logger: options.logger ?? false,
    connectionTimeout: httpTimeout,
    requestTimeout: httpTimeout,
    keepAliveTimeout: Math.min(5000, httpTimeout),
    // Random, not a counter: a failure's id told to a player says nothing of the traffic.
    genReqId: newRequestId,
    frameworkErrors: answerError,
    clientErrorHandler: answerClientError,
  });
  app.setErrorHandler(answerError);
  // Headers too must arrive in that time (Node's own default is a minute).
  app.server.headersTimeout = httpTimeout;
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS belongs to whatever terminates TLS; on plain HTTP it means nothing.
    strictTransportSecurity: false,
  });
  await app.register(fastifyStatic, {
    root,
    // The build writes .br and .gz beside each file; they go to clients that accept them.
    preCompressed: true,
    // Hashed assets never change under their name; the page itself must be revalidated.
    setHeaders(reply, path) {
      reply.header(
        'cache-control',
        /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // The app's own addresses: a game's link, the page that makes one, the lobby, the player's
  // games, players' pages, the puzzles (a shared puzzle's link, the daily one, the streak).
  for (const path of [
    '/g/:id',
    '/online',
    '/lobby',
    '/games',
    '/p/:id',
    '/me',
    '/puzzles',
    '/puzzles/:id',
    '/tournaments',
    '/t/:id',
    '/leagues',
    '/leagues/:key',
  ]) {
    app.get(path, (_request, reply) => reply.sendFile('index.html'));
  }
  // A page asked for at an address that is none of the app's gets the app, with a 404, and the
  // app says so in its own look; files and the API answer `not-found`.
  app.setNotFoundHandler((request, reply) => {
    const page =
      request.method === 'GET' &&
      (request.headers.accept ?? '').includes('text/html') &&
      !/^\/(api|assets)\//.test(request.url);
    if (!page)
      return reply.code(404).header('cache-control', 'no-store').send({ error: NOT_FOUND });
    reply.code(404).header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });

  const temporary =
    options.store || options.dataDir ? undefined : mkdtempSync(join(tmpdir(), 'agon-games-'));
  const store = options.store ?? new SqliteStore(options.dataDir ?? temporary!);
  const files = fileLimit();
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  // Sockets past the file limit would leave no file for the database or /healthz.
  const safe =
    files === undefined
      ? limits
      : {
          ...limits,
          maxConnections: Math.min(limits.maxConnections, Math.max(1, files - FILE_RESERVE)),
        };
  const relay = options.relay ?? new LocalRelay();
  const board = options.board ?? new MemoryBoard(serverClock);
  const now = serverClock;
  const problems = new Problems(now);
  // The games rate their ends and seat their players through the settlement; the lobby makes
  // games in the hub, and puts back on the board the games the hub holds.
  const tournaments = new Tournaments(store, now);
  const puzzleSet = lazySet();
  const scanner = new PuzzleScanner(
    { store, games: store, set: puzzleSet, problems, now },
    options.puzzleScan,
  );
  const settlement = new Settlement(
    store,
    board,
    problems,
    now,
    (game, setup, outcome, played) =>
      recordResult(tournaments, game, setup, outcome, played, now()),
    (game, _setup, outcome, played) => scanner.queue(game, outcome, played.plies),
  );
  const network = await networkKeys(store);
  const vacationPlan = options.vacation ?? VACATION_PLAN;
  const keys = await vapidKeys(store);
  const webPush = options.notifier
    ? undefined
    : new WebPush({
        store,
        keys,
        contact: options.push?.contact ?? DEFAULT_PUSH_CONTACT,
        problems,
        now,
        loopback: options.push?.loopback === true,
      });
  // A player's turns close together are told once (push/digest.ts), and the notices others
  // can cause at will are paced per player, whoever sends them.
  const digest = new TurnDigest(options.notifier ?? webPush!, relay, now, problems);
  const notifier = paced(digest, relay, now, problems);
  // The house bots are made before the games are loaded, so they take their seats in every
  // game the hub loads from the start; their searches run on their own threads.
  const thinker = new Thinker(SEARCH_THREADS);
  const house = await HouseBots.start(store, {
    thinker,
    problems,
    now,
    claim: (key, ms) => board.claim(key, ms),
    games: safe.houseBotGames,
    pace: safe.botDaysPaceMs,
    wake: (game, at) => store.markDue(game, at),
  });
  // Starting reads the database, so a server that cannot keep games fails here.
  const hub = await Hub.start(store, {
    limits: safe,
    now,
    relay,
    seating: settlement,
    problems,
    notifier,
    opened: (room) => house.attach(room),
    conditionals: store,
    vacations: vacationsOver(store, vacationPlan),
  });
  // In the background: a bot's answer in a game of days waits minutes anyway.
  house.resume((game) => hub.open(game)).catch((e: unknown) => problems.report('house bots', e));
  const lobby = new Lobby({
    board,
    players: store,
    settings: store,
    games: store,
    limits: safe,
    now,
    problems,
    hold: (id, made) => hub.open(id, false, made),
    playing: () =>
      hub.inPlay().flatMap((g) => listingOf(g.id, g.setup, g.players, g.since, now()) ?? []),
    network,
    notifier,
    houseBot: (id) => house.room(id),
    standIn: (rating, unsure) => house.standIn(rating, unsure)?.id,
  });
  // The tournaments pair their games as the lobby does, through the board's busy marks.
  const starter = new Starter({
    board,
    players: store,
    problems,
    now,
    hold: (id, made) => hub.open(id, false, made),
    notifier,
  });
  const director = new Director({
    store,
    tournaments,
    relay,
    board,
    players: store,
    games: store,
    starter,
    notifier,
    problems,
    now,
    houseBot: (id) => house.room(id),
  });
  const schedule = options.schedule?.length
    ? new Schedule(options.schedule, store, relay, problems, now)
    : undefined;
  const leagues = options.leagues ?? [];
  // A league's games are made as the tournaments' are, through the starter.
  const runner = new Runner({
    leagues,
    store,
    relay,
    players: store,
    games: store,
    starter,
    problems,
    now,
  });
  const sockets = new Sockets(safe, now, problems);
  // Healthy while the store is: a broken database makes every game fail.
  app.get('/healthz', async (_request, reply) => {
    // The cause was logged when the store failed; the answer names none of its detail.
    if (store.failure) return reply.status(503).send({ ok: false, error: 'storage' });
    // The pools this process pairs, so an operator (or a test) sees where pairing runs.
    return { ok: true, games: hub.games, sockets: sockets.size, leads: lobby.leads };
  });
  await registerOnline(
    app,
    {
      hub,
      lobby,
      players: store,
      settings: store,
      games: store,
      sockets,
      relay,
      problems,
      now,
      network,
      push: {
        subscriptions: store,
        key: keys.publicKey,
        loopback: options.push?.loopback === true,
      },
      tournaments: { store, tournaments },
      leagues: { store, leagues },
      house,
      vacation: { store, plan: vacationPlan },
      puzzles: { store, catalog: new PuzzleCatalog(puzzleSet, store, now) },
      notebooks: store,
    },
    safe,
    options.trustProxy,
  );
  // Closing: first every socket, so that the listener can close (Fastify's own close waits
  // for every connection, and pages would hold theirs open for as long as they stay); then
  // whatever beats on timers, each waiting for a beat under way, before the games they start
  // or end; then the games; last the services they all use.
  app.addHook('preClose', () => sockets.close());
  app.addHook('onClose', async () => {
    await Promise.all([director.stop(), runner.stop(), scanner.stop(), schedule?.stop()]);
    await lobby.close();
    house.close();
    await hub.close();
    await thinker.close();
    digest.close();
    webPush?.close();
    settlement.close();
    await relay.close();
    await store.close();
    if (temporary) rmSync(temporary, { recursive: true, force: true });
  });
  return app;
}
