// Online play across several server processes, for real: a throwaway PostgreSQL, Redis and
// HAProxy on loopback in front of two server processes (scripts/services.ts). Two players on
// different processes with a spectator; SIGKILLs at random moments of a burst of moves; Redis
// and PostgreSQL restarted mid-game, and play going on between processes while Redis is down;
// presence and the watcher cap across processes; the creation limit across processes; the
// lobby's quick pairing and challenges across processes.

import { request } from 'node:http';
import {
  type Colour,
  Game,
  makeMoveText,
  parseApn,
  parseMoveText,
  STANDARD_APN,
} from '@agon/engine';
import type { PoolId } from '@agon/protocol';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LobbyClient, newPlayer } from '../scripts/lobby-client.ts';
import {
  freePort,
  type Haproxy,
  type Service,
  skipWithout,
  startHaproxy,
  startPostgres,
  startRedis,
  type TestDatabase,
} from '../scripts/services.ts';
import { WATCHERS_FULL_CLOSE } from '../src/game/room.ts';
import { PostgresStore } from '../src/storage/postgres.ts';
import { createGame, dataFolder, Peer, type Running, remove, startServer } from './harness.ts';

// Stops PostgreSQL mid-test, so it needs one of its own, not AGON_TEST_POSTGRES_URL's.
const skip = skipWithout('cluster tests', ['stoppable postgres', 'redis', 'haproxy']);

/** Plays move text on the engine's game. */
function play(game: Game, text: string): void {
  const move = parseMoveText(text);
  if (!move.ok || !game.play(move.value).ok) throw new Error(`unplayable ${text}`);
}

/** The engine's game after `moves`, to pick legal moves from. */
function replay(moves: readonly string[]): Game {
  const start = parseApn(STANDARD_APN);
  if (!start.ok) throw new Error(start.error.message);
  const game = new Game(start.value);
  for (const text of moves) play(game, text);
  return game;
}

const randomMove = (game: Game): string => {
  const legal = game.legalMoves();
  return makeMoveText(legal[Math.floor(Math.random() * legal.length)]!);
};

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Asks the server at `url` to create a game from the loopback address `from` (any of
 * 127.0.0.0/8 is this machine), with an X-Forwarded-For of the client's own if given; answers
 * the HTTP status.
 */
function createFrom(url: string, from: string, forwardedFor?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ side: 'white' });
    const req = request(
      `${url}api/games`,
      {
        method: 'POST',
        localAddress: from,
        headers: {
          'content-type': 'application/json',
          ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
        },
      },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

/** Waits, if need be, until the creation count's minute has ten seconds or more to run. */
async function earlyInMinute(): Promise<void> {
  const into = Date.now() % 60_000;
  if (into > 50_000) await sleep(60_500 - into);
}

describe.skipIf(skip)('a cluster of two server processes', () => {
  let db: TestDatabase;
  let redis: Service & { url: string };
  let proxy: Haproxy;
  const ports: number[] = [];
  const servers: Running[] = [];
  const data = dataFolder(); // unused: the games are in PostgreSQL

  const env = (port: number): Record<string, string> => ({
    PORT: String(port),
    AGON_DATABASE_URL: db.url,
    AGON_REDIS_URL: redis.url,
    AGON_MESSAGES_PER_SECOND: '1000',
    AGON_SOCKETS_PER_ADDRESS: '1000',
    AGON_GAMES_PER_MINUTE: '1000',
    // Hundreds of players made and seeking from this one address.
    AGON_PLAYERS_PER_MINUTE: '10000',
    AGON_LOBBY_ACTIONS_PER_MINUTE: '10000',
  });
  const start = async (i: number): Promise<void> => {
    servers[i] = await startServer(data, env(ports[i]!));
  };

  beforeAll(async () => {
    db = await startPostgres({ stoppable: true });
    redis = await startRedis();
    ports.push(await freePort(), await freePort());
    await Promise.all([start(0), start(1)]);
    proxy = await startHaproxy(ports);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s?.stop('SIGKILL')));
    await proxy?.stop();
    await redis?.stop();
    db?.stop();
    remove(data);
  });

  /** Joins through `url`, retrying while a process is down or restarting. */
  async function join(url: string, id: string, token?: string) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        return await Peer.join(url, id, token);
      } catch (e) {
        if (Date.now() > deadline) throw e;
        await sleep(100);
      }
    }
  }

  it('two players on different processes play a game to the end, a spectator sees every move', async () => {
    const created = await createGame(proxy.url, { side: 'white' });
    const { id, token } = created.body as { id: string; token: string };
    // Forced onto different processes: each player straight to its own.
    const white = await join(servers[0]!.url, id, token);
    const black = await join(servers[1]!.url, id);
    expect(black.state.you).toBe('black');
    const watcher = await join(proxy.url, id);
    let version = black.state.game.version;
    // The join committed on the second process reaches the first through Redis.
    if (white.state.game.version < version) await white.peer.event(version);
    const peers = { white: white.peer, black: black.peer };
    const game = replay([]);
    const played: string[] = [];
    for (let ply = 0; ply < 40 && !game.outcome; ply++) {
      const side: Colour = game.position.turnColour;
      const text = randomMove(game);
      peers[side].send({ t: 'move', seat: side, move: text, version });
      version++;
      for (const peer of [white.peer, black.peer, watcher.peer]) {
        const event = await peer.event(version);
        expect(event.event).toMatchObject({ kind: 'move', move: text });
      }
      play(game, text);
      played.push(text);
    }
    if (!game.outcome) {
      white.peer.send({ t: 'resign', seat: 'white' });
      version++;
      for (const peer of [white.peer, black.peer, watcher.peer]) {
        expect((await peer.event(version)).outcome).not.toBeNull();
      }
    }
    const seen = await join(proxy.url, id);
    expect(seen.state.game.moves).toEqual(played);
    expect(seen.state.game.outcome).not.toBeNull();
    for (const peer of [white.peer, black.peer, watcher.peer, seen.peer]) peer.close();
  }, 120_000);

  /**
   * Plays through HAProxy: each turn the side to move sends a random legal move and waits for
   * its answer. A socket cut (its process killed) or a refusal makes both players reconnect
   * and read the game afresh, which must hold every move acknowledged so far. Returns when
   * `done()` says so, resigning if the game is not over by then.
   */
  async function playThrough(
    id: string,
    tokens: Record<Colour, string>,
    done: () => boolean,
    turnsAcrossCuts: number[] = [],
  ) {
    const began = Date.now();
    const peers = {} as Record<Colour, Peer>;
    const acked: string[] = [];
    let version = 0;
    let game = replay([]);
    let reconnects = 0;
    const connect = async (side: Colour): Promise<void> => {
      peers[side]?.close();
      const joined = await join(proxy.url, id, tokens[side]);
      expect(joined.state.you).toBe(side);
      let moves = joined.state.game.moves;
      // A process that loaded the game a moment before the last commit hears of it through
      // Redis right after: wait for it rather than read a view a moment old.
      const catchUp = Date.now() + 10_000;
      while (moves.length < acked.length && Date.now() < catchUp) {
        peers[side] = joined.peer;
        joined.peer.send({ t: 'sync' });
        moves = (await joined.peer.next('state')).game.moves;
        if (moves.length < acked.length) await sleep(100);
      }
      // Every acknowledged move is there, in order.
      expect(moves.slice(0, acked.length)).toEqual(acked);
      peers[side] = joined.peer;
    };
    const resync = async (): Promise<void> => {
      reconnects++;
      const deadline = Date.now() + 30_000;
      for (;;) {
        try {
          await connect('white');
          await connect('black');
          peers.black.send({ t: 'sync' });
          const state = await peers.black.next('state');
          version = state.game.version;
          acked.splice(0, acked.length, ...state.game.moves);
          game = replay(state.game.moves);
          return;
        } catch (e) {
          // A kill in the middle of the resync itself cuts a socket again: start it over. A
          // failed expectation (an acknowledged move missing) is never retried.
          if ((e as Error).name === 'AssertionError' || Date.now() > deadline) throw e;
          await sleep(100);
        }
      }
    };
    await connect('white');
    await connect('black');
    await resync();
    reconnects = 0;
    let lastAck = Date.now();
    let cut = false;
    while (!game.outcome && !done()) {
      const side: Colour = game.position.turnColour;
      const text = randomMove(game);
      peers[side].send({ t: 'move', seat: side, move: text, version });
      let answer: string;
      try {
        answer = await peers[side].answer(version + 1);
      } catch {
        answer = 'cut';
      }
      if (answer === 'event') {
        // A turn that spanned a cut: the time the mover's clock was charged for it, the
        // reconnection included.
        if (cut) turnsAcrossCuts.push(Date.now() - lastAck);
        cut = false;
        lastAck = Date.now();
        acked.push(text);
        play(game, text);
        version++;
      } else {
        cut = true;
        await resync();
      }
    }
    if (!game.outcome) {
      for (;;) {
        peers.white.send({ t: 'resign', seat: 'white' });
        const answer = await peers.white.answer(version + 1).catch(() => 'cut');
        if (answer === 'event') break;
        await resync();
      }
    }
    const seen = await join(proxy.url, id);
    expect(seen.state.game.moves).toEqual(acked);
    expect(seen.state.game.outcome).not.toBeNull();
    // The clocks (no increment) were never charged more than the time the game took, crashes
    // and takeovers included, nor given time back.
    const clock = seen.state.game.clock;
    if (clock && acked.length > 1) {
      const spent = 2 * clock.initial - clock.white - clock.black;
      expect(spent).toBeGreaterThanOrEqual(0);
      expect(spent).toBeLessThanOrEqual(Date.now() - began + 1000);
    }
    seen.peer.close();
    peers.white.close();
    peers.black.close();
    return { moves: acked.length, reconnects };
  }

  it('survives ten SIGKILLs of a server process at random moments of a burst of moves', async () => {
    let kills = 0;
    let hits = 0;
    let abandoned = false;
    let killing = true;
    /** Open sockets of each process, from its /healthz. */
    const sockets = async (): Promise<number[]> =>
      Promise.all(
        servers.map(async (s) => {
          try {
            const health = (await (await fetch(`${s.url}healthz`)).json()) as { sockets: number };
            return health.sockets;
          } catch {
            return 0;
          }
        }),
      );
    const killer = (async () => {
      while (kills < 10 && !abandoned) {
        await sleep(200 + Math.random() * 800);
        // The process holding the players' sockets (the game's owner on the ring).
        const counts = await sockets();
        const i =
          counts[0]! === counts[1]! ? Math.round(Math.random()) : counts[0]! > counts[1]! ? 0 : 1;
        if (counts[i]! > 0) hits++;
        await servers[i]!.stop('SIGKILL');
        kills++;
        await start(i);
        // The next kill waits until HAProxy has the restarted process back in its ring: killing
        // the other one before that left it no process to send a new game to (a 503), which
        // only happened on a busy machine, where a restart takes a second or more.
        await proxy.allUp();
      }
      // HAProxy sees the last one back before the game ends.
      await sleep(600);
      killing = false;
    })();
    let moves = 0;
    let reconnects = 0;
    let games = 0;
    const turnsAcrossCuts: number[] = [];
    try {
      // A game that ends by the rules before the kills are done is followed by another.
      while (killing) {
        // A kill can cut off the request that creates a game too: then it is made again.
        const created = await createGame(proxy.url, {
          side: 'white',
          clock: { initial: 3_600_000, increment: 0 },
        }).catch(() => undefined);
        if (created?.status !== 201) {
          await sleep(100);
          continue;
        }
        const { id, token } = created.body as { id: string; token: string };
        // Black's seat is taken before play. A kill that cuts off the answer to that join
        // loses its token with it (the seat is taken, the token was never received): such a
        // game cannot be played on, so another is made.
        const black = await join(proxy.url, id);
        black.peer.close();
        if (black.state.you !== 'black' || black.state.token === undefined) continue;
        const tokens = { white: token, black: black.state.token };
        const result = await playThrough(id, tokens, () => !killing, turnsAcrossCuts);
        moves += result.moves;
        reconnects += result.reconnects;
        games++;
      }
    } finally {
      // A failure must not leave the killer at work during the tests that follow.
      abandoned = true;
      await killer;
    }
    expect(kills).toBe(10);
    expect(reconnects).toBeGreaterThan(0);
    console.log(
      `10 kills (${hits} of the players' process): ${games} games, ${moves} moves acknowledged, ${reconnects} reconnections`,
    );
    const sorted = turnsAcrossCuts.sort((a, b) => a - b);
    console.log(
      `turns across a cut (send, cut, reconnect, move again; charged to the mover): ${sorted.length}, median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms`,
    );
  }, 240_000);

  /**
   * A game on `server` (created through `via`) whose clock runs: both players join there,
   * White moves, and the players stay connected for the caller to close.
   */
  async function clockRunning(via: string, server: string, initial: number) {
    const created = await createGame(via, { side: 'white', clock: { initial, increment: 0 } });
    const { id, token } = created.body as { id: string; token: string };
    const white = await join(server, id, token);
    const black = await join(server, id);
    const version = black.state.game.version;
    white.peer.send({ t: 'move', seat: 'white', move: randomMove(replay([])), version });
    expect(await white.peer.answer(version + 1)).toBe('event');
    return { id, white: white.peer, black: black.peer };
  }

  /** Two players of a new game, white on the first process and black on the second. */
  async function split() {
    const created = await createGame(proxy.url, { side: 'white' });
    const { id, token } = created.body as { id: string; token: string };
    const white = await join(servers[0]!.url, id, token);
    const black = await join(servers[1]!.url, id);
    const version = black.state.game.version;
    if (white.state.game.version < version) await white.peer.event(version);
    const tokens = { white: token, black: black.state.token! };
    return {
      id,
      peers: { white: white.peer, black: black.peer },
      tokens,
      version,
      game: replay([]),
    };
  }

  it('shows presence across processes: each player the other, and gone once gone', async () => {
    const { id, peers, tokens } = await split();
    // Each player's process learns of the other's connection through Redis.
    await peers.white.presenceWhere((p) => p.online.black);
    await peers.black.presenceWhere((p) => p.online.white);
    const watcher = await join(servers[1]!.url, id);
    await peers.white.presenceWhere((p) => p.watchers === 1);
    watcher.peer.close();
    await peers.white.presenceWhere((p) => p.watchers === 0);
    // Black leaves cleanly: its process says so at once.
    peers.black.close();
    const left = await peers.white.presenceWhere((p) => !p.online.black);
    const back = await join(servers[1]!.url, id, tokens.black);
    await peers.white.presenceWhere((p) => p.online.black);
    // Black's process is killed: nothing is said, its connections age out in Redis.
    await servers[1]!.stop('SIGKILL');
    const killed = await peers.white.presenceWhere((p) => !p.online.black);
    back.peer.close();
    await start(1);
    expect(peers.white.presence?.online.white).toBe(true);
    console.log(
      `presence across processes: a player who left shown gone after ${left} ms, one whose process was killed after ${killed} ms`,
    );
    peers.white.close();
  }, 120_000);

  it('adopts a running clock whose keeper was killed: its flag falls with nobody connected', async () => {
    // Both players on the first process, which alone holds the game (the second started
    // before the game existed, and nobody connects to it there).
    const { id, white, black } = await clockRunning(proxy.url, servers[0]!.url, 3000);
    white.close();
    black.close();
    // Black's three seconds run out with nobody connected, and the keeper is killed first.
    const killed = Date.now();
    await servers[0]!.stop('SIGKILL');
    const store = await PostgresStore.open(db.url);
    try {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const stored = await store.load(id);
        if (stored?.events.at(-1)?.kind === 'timeout') break;
        expect(Date.now()).toBeLessThan(deadline);
        await sleep(200);
      }
      console.log(
        `a killed keeper's game flagged by the other process ${Date.now() - killed} ms after the kill (3 s left on the clock)`,
      );
    } finally {
      await store.close();
      await start(0);
    }
    const seen = await join(proxy.url, id);
    expect(seen.state.game.outcome).toEqual({ winner: 'white', reason: 'timeout' });
    seen.peer.close();
  }, 120_000);

  it('gives up its claims on running clocks when a keeper stops cleanly', async () => {
    const { id, white, black } = await clockRunning(proxy.url, servers[1]!.url, 600_000);
    white.close();
    black.close();
    const looker = new Redis(redis.url);
    try {
      // The process holding the game claims it at its next beat (every 2 s)...
      const key = `agon:keeper:${id}`;
      const deadline = Date.now() + 15_000;
      while ((await looker.get(key)) === null) {
        expect(Date.now()).toBeLessThan(deadline);
        await sleep(100);
      }
      // ...and gives the claim up as it stops, rather than leave it to lapse 10 s later.
      await servers[1]!.stop('SIGTERM');
      expect(await looker.get(key)).toBeNull();
    } finally {
      looker.disconnect();
      await start(1);
    }
  }, 120_000);

  it('leaves a running clock to its keeper: a process that loaded it at start lets it go', async () => {
    // Servers, a database and a Redis of their own, so that no other test's running games are
    // counted.
    const own = await startRedis();
    const name = `agon_keep_${Date.now()}`;
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const env = {
      AGON_DATABASE_URL: db.url.replace(/\/[^/]*$/, `/${name}`),
      AGON_REDIS_URL: own.url,
    };
    let [a, b] = (await Promise.all([0, 1].map(() => startServer(data, env)))) as [
      Running,
      Running,
    ];
    const open: Peer[] = [];
    try {
      const { id, white, black } = await clockRunning(a.url, a.url, 600_000);
      open.push(white, black);
      const games = async (server: Running): Promise<number> =>
        ((await (await fetch(`${server.url}healthz`)).json()) as { games: number }).games;
      // The first process keeps the game once it has claimed it (every 2 s)...
      const looker = new Redis(own.url);
      try {
        const deadline = Date.now() + 15_000;
        while ((await looker.get(`agon:keeper:${id}`)) === null) {
          expect(Date.now()).toBeLessThan(deadline);
          await sleep(100);
        }
      } finally {
        looker.disconnect();
      }
      // ...so the second, restarted, loads it with every running game and then lets it go.
      await b.stop('SIGKILL');
      b = await startServer(data, env);
      expect(await games(b)).toBe(1);
      const deadline = Date.now() + 15_000;
      while ((await games(b)) > 0) {
        expect(Date.now()).toBeLessThan(deadline);
        await sleep(200);
      }
      expect(await games(a)).toBe(1);
    } finally {
      for (const peer of open) peer.close();
      await Promise.all([a, b].map((s) => s.stop('SIGKILL')));
      await own.stop();
      const admin = new pg.Client({ connectionString: db.url });
      await admin.connect();
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);

  it('caps the watchers of a game across processes', async () => {
    // Servers of their own, with room for two watchers a game.
    const own = await startRedis();
    const capped = await Promise.all(
      [0, 1].map(() =>
        startServer(data, {
          AGON_DATABASE_URL: db.url,
          AGON_REDIS_URL: own.url,
          AGON_WATCHERS_PER_GAME: '2',
        }),
      ),
    );
    const open: Peer[] = [];
    try {
      const [a, b] = capped as [Running, Running];
      const created = await createGame(a.url, { side: 'white' });
      const { id, token } = created.body as { id: string; token: string };
      const white = await join(a.url, id, token);
      const black = await join(b.url, id);
      open.push(white.peer, black.peer);
      const first = await join(b.url, id);
      const second = await join(a.url, id);
      open.push(first.peer, second.peer);
      // Both processes know of both watchers...
      await white.peer.presenceWhere((p) => p.watchers === 2);
      await first.peer.presenceWhere((p) => p.watchers === 2);
      // ...so a third is turned away on either.
      for (const server of [a, b]) {
        const late = await Peer.open(server.url, id);
        late.send({ t: 'hello' });
        expect(await late.error()).toBe('too-many-watchers');
        expect(await late.whenClosed()).toBe(WATCHERS_FULL_CLOSE);
      }
      // One leaves on the other process: a place is free again here.
      first.peer.close();
      await white.peer.presenceWhere((p) => p.watchers === 1);
      const third = await join(a.url, id);
      open.push(third.peer);
      expect(third.state.you).toBeNull();
    } finally {
      for (const peer of open) peer.close();
      await Promise.all(capped.map((s) => s.stop('SIGKILL')));
      await own.stop();
    }
  }, 120_000);

  /** Waits until both processes' fields are in the game's presence hash in Redis. */
  async function presenceWritten(id: string): Promise<void> {
    const looker = new Redis(redis.url);
    try {
      const deadline = Date.now() + 15_000;
      while (Object.keys(await looker.hgetall(`agon:presence:${id}`)).length < 2) {
        expect(Date.now()).toBeLessThan(deadline);
        await sleep(100);
      }
    } finally {
      looker.disconnect();
    }
  }

  it('keeps accepting moves while Redis restarts, and relaying recovers', async () => {
    const { peers, game, ...rest } = await split();
    let version = rest.version;
    const turn = async (everyone = true): Promise<void> => {
      const side: Colour = game.position.turnColour;
      const text = randomMove(game);
      peers[side].send({ t: 'move', seat: side, move: text, version });
      expect(await peers[side].answer(++version)).toBe('event');
      if (everyone) {
        const other = side === 'white' ? peers.black : peers.white;
        expect((await other.event(version)).event).toMatchObject({ move: text });
      }
      play(game, text);
    };
    await turn();
    await turn();
    // Both processes have written who is connected to them before Redis goes.
    await presenceWritten(rest.id);
    await redis.stop('SIGKILL');
    // The process that holds the mover needs no Redis to accept the move.
    await turn(false);
    redis = await startRedis(redis.port);
    // The other process reads what it missed once Redis is back, and tells its player.
    const other = game.position.turnColour === 'white' ? peers.white : peers.black;
    await other.event(version);
    for (let i = 0; i < 4; i++) await turn();
    // The restart lost every process's presence; each wrote its own again on finding its key
    // of life gone.
    await presenceWritten(rest.id);
    peers.white.close();
    peers.black.close();
  }, 120_000);

  it('goes on relaying moves between processes through the store while Redis is down', async () => {
    const { peers, game, ...rest } = await split();
    let version = rest.version;
    /** One move; the opponent, on the other process, must see it within `ms`. */
    const turn = async (ms: number): Promise<void> => {
      const side: Colour = game.position.turnColour;
      const text = randomMove(game);
      peers[side].send({ t: 'move', seat: side, move: text, version });
      expect(await peers[side].answer(++version)).toBe('event');
      const other = side === 'white' ? peers.black : peers.white;
      const seen = await other.next('event', (m) => m.version === version, ms);
      expect(seen.event).toMatchObject({ move: text });
      play(game, text);
    };
    await turn(2000);
    await redis.stop('SIGKILL');
    // Each process, deaf to the other, reads the games its players are in from the store.
    for (let i = 0; i < 6; i++) await turn(2500);
    redis = await startRedis(redis.port);
    for (let i = 0; i < 4; i++) await turn(2500);
    peers.white.close();
    peers.black.close();
  }, 120_000);

  it('refuses moves while PostgreSQL is down, and none acknowledged is lost', async () => {
    const created = await createGame(proxy.url, { side: 'white' });
    const { id, token } = created.body as { id: string; token: string };
    const white = await join(proxy.url, id, token);
    const black = await join(proxy.url, id);
    const peers = { white: white.peer, black: black.peer };
    let version = black.state.game.version;
    const game = replay([]);
    const acked: string[] = [];
    const send = async (): Promise<{ answer: string; text: string }> => {
      const side: Colour = game.position.turnColour;
      const text = randomMove(game);
      peers[side].send({ t: 'move', seat: side, move: text, version });
      return { answer: await peers[side].answer(version + 1), text };
    };
    for (let i = 0; i < 2; i++) {
      const { answer, text } = await send();
      expect(answer).toBe('event');
      acked.push(text);
      play(game, text);
      version++;
    }
    db.halt!();
    try {
      for (let i = 0; i < 3; i++) {
        const { answer } = await send();
        expect(answer).toBe('server-error');
      }
    } finally {
      db.resume!();
    }
    // Back: the pool reconnects at the next query.
    const deadline = Date.now() + 20_000;
    while (acked.length < 4) {
      const { answer, text } = await send();
      if (answer === 'event') {
        acked.push(text);
        play(game, text);
        version++;
      } else {
        expect(answer).toBe('server-error');
        expect(Date.now()).toBeLessThan(deadline);
        await sleep(200);
      }
    }
    peers.white.close();
    peers.black.close();
    const seen = await join(proxy.url, id);
    expect(seen.state.game.moves).toEqual(acked);
    seen.peer.close();
  }, 120_000);

  it('counts the creation limit across processes', async () => {
    // A Redis of its own, so the other tests' games do not count.
    const own = await startRedis();
    const limited = await Promise.all(
      [0, 1].map(() =>
        startServer(data, {
          AGON_DATABASE_URL: db.url,
          AGON_REDIS_URL: own.url,
          AGON_GAMES_PER_MINUTE: '3',
        }),
      ),
    );
    try {
      // The count is per minute of the clock: not across a minute's turn.
      await earlyInMinute();
      const [a, b] = limited as [Running, Running];
      const statuses: number[] = [];
      for (const server of [a, a, b, b, a]) {
        statuses.push((await createGame(server.url, { side: 'white' })).status);
      }
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
      // Without AGON_TRUST_PROXY a client's own X-Forwarded-For is not believed.
      expect(await createFrom(a.url, '127.0.0.1', '203.0.113.9')).toBe(429);
      expect(await createFrom(b.url, '127.0.0.1', '203.0.113.10')).toBe(429);
    } finally {
      await Promise.all(limited.map((s) => s.stop('SIGKILL')));
      await own.stop();
    }
  }, 120_000);

  it('counts creations per real client address behind HAProxy (X-Forwarded-For)', async () => {
    const own = await startRedis();
    const ownPorts = [await freePort(), await freePort()];
    const limited = await Promise.all(
      ownPorts.map((port) =>
        startServer(data, {
          PORT: String(port),
          AGON_DATABASE_URL: db.url,
          AGON_REDIS_URL: own.url,
          AGON_GAMES_PER_MINUTE: '3',
          AGON_TRUST_PROXY: '1',
        }),
      ),
    );
    const front = await startHaproxy(ownPorts);
    try {
      await earlyInMinute();
      // One client (127.0.0.2) through HAProxy, its creations sent round robin to both
      // processes: the limit is its own, counted across them...
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push(await createFrom(front.url, '127.0.0.2'));
      expect(statuses).toEqual([201, 201, 201, 429]);
      // ...and naming another address itself does not help: HAProxy appends the real one.
      expect(await createFrom(front.url, '127.0.0.2', '203.0.113.9')).toBe(429);
      expect(await createFrom(front.url, '127.0.0.2', '203.0.113.9, 127.0.0.3')).toBe(429);
      // Another client behind the same proxy has a limit of its own.
      expect(await createFrom(front.url, '127.0.0.3')).toBe(201);
    } finally {
      await front.stop();
      await Promise.all(limited.map((s) => s.stop('SIGKILL')));
      await own.stop();
    }
  }, 120_000);

  /** A new player whose lobby socket is on `server` (directly, not through HAProxy). */
  async function lobbyPlayer(server: Running) {
    const me = await newPlayer(server.url);
    const { client } = await LobbyClient.open(server.url, me.token);
    return { id: me.id, token: me.token, client };
  }

  /**
   * 100 players, half with their lobby socket on each process, seek in `pools` (by turns): every
   * one is paired exactly once, each game has two players on opposite seats, and each player's
   * identity takes their seat in the stored game.
   */
  async function pairHundred(pools: readonly PoolId[]): Promise<void> {
    const seekers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => lobbyPlayer(servers[i % 2]!)),
    );
    for (const [i, s] of seekers.entries())
      s.client.send({ t: 'seek', pool: pools[i % pools.length]! });
    const paired = await Promise.all(
      seekers.map((s) => s.client.next('paired', undefined, 30_000)),
    );
    // Once nobody waits any more, no pairing can follow: anything more for anyone (a second
    // game) came with the pairing waves before.
    await seekers[0]!.client.lobbyWhere((l) =>
      l.pools.every((p) => !pools.includes(p.id) || p.waiting === 0),
    );
    for (const s of seekers) expect(s.client.unread('paired')).toBe(0);
    const games = new Map<string, { seat: string; token: string; pool: PoolId }[]>();
    for (const [i, p] of paired.entries()) {
      const seat = { seat: p.seat, token: seekers[i]!.token, pool: pools[i % pools.length]! };
      games.set(p.game, [...(games.get(p.game) ?? []), seat]);
    }
    expect(games.size).toBe(50);
    for (const seats of games.values()) {
      expect(seats.map((s) => s.seat).sort()).toEqual(['black', 'white']);
      // Paired within the pool both sought in.
      expect(seats[0]!.pool).toBe(seats[1]!.pool);
    }
    const joined = await Promise.all(
      [...games].flatMap(([game, seats]) => seats.map((s) => join(proxy.url, game, s.token))),
    );
    const seats = [...games.values()].flat();
    for (const [i, j] of joined.entries()) {
      expect(j.state.you).toBe(seats[i]!.seat);
      j.peer.close();
    }
    for (const s of seekers) s.client.close();
  }

  it('pairs 100 seekers spread over both processes exactly once each, in one pool and in two', async () => {
    await pairHundred(['3+2']);
    await pairHundred(['1+1', '10+5']);
  }, 120_000);

  it('drops a killed process’s challenges from the other’s list within the expiry', async () => {
    const here = await lobbyPlayer(servers[0]!);
    const there = await Promise.all([lobbyPlayer(servers[1]!), lobbyPlayer(servers[1]!)]);
    const terms = {
      clock: { initial: 300_000, increment: 0 },
      variant: 'standard',
      touchMove: false,
      captorPlacesQueen: false,
      side: 'random',
      rated: false,
    } as const;
    for (const p of [here, ...there]) p.client.send({ t: 'challenge', ...terms });
    const owners =
      (ids: readonly string[]) => (lobby: { challenges: readonly { by: { id: string } }[] }) => {
        const listed = new Set(lobby.challenges.map((c) => c.by.id));
        return ids.every((id) => listed.has(id));
      };
    await here.client.lobbyWhere(owners([here.id, ...there.map((p) => p.id)]));
    await servers[1]!.stop('SIGKILL');
    try {
      const gone = await here.client.lobbyWhere(
        (lobby) => !lobby.challenges.some((c) => there.some((p) => p.id === c.by.id)),
        10_000,
      );
      // This process's own challenge stays.
      expect(owners([here.id])(here.client.lobby!)).toBe(true);
      console.log(`a killed process's challenges left the other's list ${gone} ms after the kill`);
    } finally {
      here.client.close();
      await start(1);
    }
  }, 120_000);

  it('takes a seek out of the pool as soon as its socket closes', async () => {
    const watcher = await lobbyPlayer(servers[0]!);
    const seeker = await lobbyPlayer(servers[1]!);
    const waiting = (n: number) => (lobby: { pools: readonly { id: string; waiting: number }[] }) =>
      lobby.pools.find((p) => p.id === '15+10')?.waiting === n;
    seeker.client.send({ t: 'seek', pool: '15+10' });
    await seeker.client.next('seeking');
    await watcher.client.lobbyWhere(waiting(1));
    seeker.client.close();
    // The next list (at most a second later, and the news through Redis) shows it gone.
    const gone = await watcher.client.lobbyWhere(waiting(0), 2500);
    // A newcomer in that pool waits alone rather than meet the one who left: the pool lists one
    // waiter, so there is nobody to pair with.
    const late = await lobbyPlayer(servers[0]!);
    late.client.send({ t: 'seek', pool: '15+10' });
    await late.client.next('seeking');
    await watcher.client.lobbyWhere(waiting(1));
    expect(late.client.unread('paired')).toBe(0);
    console.log(`a closed socket's seek left the other process's list after ${gone} ms`);
    late.client.send({ t: 'unseek' });
    for (const p of [watcher, late]) p.client.close();
  }, 60_000);
});
