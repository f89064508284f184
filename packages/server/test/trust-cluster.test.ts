// The lobby of a cluster (two server processes on a throwaway PostgreSQL and Redis, on
// loopback) under the faults players notice. Redis stopped: every process stays up, hellos,
// seeks, challenges and moves are answered, the lobby says it is reconnecting; Redis back
// empty: each process puts back what its sockets were seeking and offering, and the two
// waiters pair within seconds. The process that commits rated games' ends killed right after
// each: every end is rated once within 10 s by the survivor, and nobody is left busy.

import type { Colour } from '@agon/engine';
import type { Identity } from '@agon/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LobbyClient, newPlayer } from '../scripts/lobby-client.ts';
import {
  freePort,
  type Service,
  skipWithout,
  startPostgres,
  startRedis,
  type TestDatabase,
} from '../scripts/services.ts';
import {
  createGame,
  dataFolder,
  Peer,
  quietMove,
  RATED_BLITZ,
  type Running,
  remove,
  startServer,
} from './harness.ts';

const skip = skipWithout('cluster trust tests', ['postgres', 'redis']);

/** Whether the process of `server` is still running and answers /healthz. */
async function up(server: Running): Promise<boolean> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return false;
  const response = await fetch(`${server.url}healthz`, { signal: AbortSignal.timeout(5000) });
  return response.ok;
}

describe.skipIf(skip)('the lobby of a cluster under faults', () => {
  let db: TestDatabase;
  let redis: Service & { url: string };
  let redisPort: number;
  const servers: Running[] = [];
  const data = dataFolder();
  const env = (): Record<string, string> => ({
    AGON_DATABASE_URL: db.url,
    AGON_REDIS_URL: redis.url,
    AGON_PLAYERS_PER_MINUTE: '10000',
    AGON_LOBBY_ACTIONS_PER_MINUTE: '10000',
    AGON_MESSAGES_PER_SECOND: '1000',
    // Each player of these tests names a network of its own (X-Forwarded-For), so rated games
    // are played rated.
    AGON_TRUST_PROXY: '1',
  });

  beforeAll(async () => {
    db = await startPostgres();
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    servers.push(...(await Promise.all([0, 1].map(() => startServer(data, env())))));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
    await redis?.stop();
    db?.stop();
    remove(data);
  });

  let networks = 0;
  /** A new player, on a network of its own, with the lobby open on `server`. */
  async function lobbyPlayer(server: Running): Promise<Identity & { client: LobbyClient }> {
    const address = `198.51.100.${++networks}`;
    const me = await newPlayer(server.url, 'en', address);
    const { client } = await LobbyClient.open(server.url, me.token, { address });
    return { ...me, client };
  }

  it('stays up while Redis is down, says so, and pairs the waiters once it is back empty', async () => {
    // A game in play across both processes, before the outage.
    const created = await createGame(servers[0]!.url, { side: 'white' });
    const { id, token } = created.body as { id: string; token: string };
    const white = await Peer.join(servers[0]!.url, id, token);
    const black = await Peer.join(servers[1]!.url, id);
    const watchers = await Promise.all(servers.map(lobbyPlayer));
    await redis.stop();
    try {
      // Newcomers on both processes: welcomed (the first hello killed a process before).
      const seekers = await Promise.all(servers.map(lobbyPlayer));
      const challenger = await lobbyPlayer(servers[1]!);
      for (const s of seekers) s.client.send({ t: 'seek', pool: '5+3' });
      for (const s of seekers)
        expect(await s.client.next('seeking')).toMatchObject({ pool: '5+3' });
      challenger.client.send({ t: 'challenge', ...RATED_BLITZ });
      // Every page says the lobby is reconnecting.
      for (const w of watchers) await w.client.lobbyWhere((l) => l.status === 'reconnecting');
      // The game goes on: moves are stored in PostgreSQL and read across processes.
      const moves: string[] = [];
      let version = black.state.game.version;
      for (const seat of ['white', 'black', 'white', 'black'] as const) {
        const peer = seat === 'white' ? white.peer : black.peer;
        const move = quietMove(moves);
        peer.send({ t: 'move', seat, move, version });
        expect(await peer.answer(++version)).toBe('event');
        moves.push(move);
      }
      for (const server of servers) expect(await up(server)).toBe(true);

      // Redis back, empty, on the same port.
      const began = Date.now();
      redis = await startRedis(redisPort);
      const paired = await Promise.all(
        seekers.map((s) => s.client.next('paired', undefined, 20_000)),
      );
      expect(paired[0]!.game).toBe(paired[1]!.game);
      const waited = Date.now() - began;
      // The challenge made during the outage is listed on the other process once again.
      await watchers[0]!.client.lobbyWhere(
        (l) => l.status === 'ok' && l.challenges.some((c) => c.by.id === challenger.id),
      );
      console.log(`after Redis came back empty, the two waiters were paired in ${waited} ms`);
      expect(waited).toBeLessThan(10_000);
      for (const p of [...seekers, challenger]) p.client.close();
    } finally {
      for (const w of watchers) w.client.close();
      white.peer.close();
      black.peer.close();
    }
    for (const server of servers) expect(await up(server)).toBe(true);
  }, 120_000);

  it('rates every end its committing process died right after, within 10 s, once', async () => {
    const ask = new pg.Client({ connectionString: db.url });
    await ask.connect();
    try {
      for (let round = 0; round < 6; round++) {
        // Both players' lobby and game on the first process: it commits the end, alone.
        const [a, b] = await Promise.all([lobbyPlayer(servers[0]!), lobbyPlayer(servers[0]!)]);
        a.client.send({ t: 'challenge', ...RATED_BLITZ });
        await b.client.lobbyWhere((l) => l.challenges.some((c) => c.by.id === a.id));
        b.client.send({
          t: 'accept',
          id: b.client.lobby!.challenges.find((c) => c.by.id === a.id)!.id,
        });
        const [pa] = await Promise.all([a.client.next('paired'), b.client.next('paired')]);
        const game = pa.game;
        const peers: Record<Colour, Peer> = {
          white: (await Peer.join(servers[0]!.url, game, a.token)).peer,
          black: (await Peer.join(servers[0]!.url, game, b.token)).peer,
        };
        const moves: string[] = [];
        for (let turn = 0; turn < 4; turn++) {
          const seat: Colour = turn % 2 === 0 ? 'white' : 'black';
          const move = quietMove(moves);
          peers[seat].send({ t: 'move', seat, move, version: turn });
          expect(await peers[seat].answer(turn + 1)).toBe('event');
          moves.push(move);
        }
        peers.black.send({ t: 'resign', seat: 'black' });
        expect(await peers.black.answer(5)).toBe('event');
        const killed = Date.now();
        await servers[0]!.stop('SIGKILL');
        try {
          // Rated in the store by the survivor...
          for (;;) {
            const rows = await ask.query<{ result: string | null }>(
              'SELECT result FROM lobby_games WHERE game_id = $1',
              [game],
            );
            if (rows.rows[0]?.result) {
              expect(rows.rows[0].result).toBe('white');
              break;
            }
            expect(Date.now() - killed).toBeLessThan(10_000);
            await new Promise((r) => setTimeout(r, 100));
          }
          // ...once: each player's rating counted this one game.
          const games = await ask.query<{ games: string }>(
            "SELECT games FROM ratings WHERE player_id = ANY($1) AND class = 'blitz'",
            [[a.id, b.id]],
          );
          expect(games.rows.map((r) => Number(r.games))).toEqual([1, 1]);
          // ...and neither is kept busy: both can seek on the surviving process.
          const again = await Promise.all(
            [a, b].map(async (p) => (await LobbyClient.open(servers[1]!.url, p.token)).client),
          );
          const pools = ['10+5', '15+10'] as const;
          for (const [i, c] of again.entries()) c.send({ t: 'seek', pool: pools[i]! });
          for (const [i, c] of again.entries()) {
            expect(await c.next('seeking')).toMatchObject({ pool: pools[i] });
          }
          console.log(
            `an end whose committer died was rated ${Date.now() - killed} ms after the kill`,
          );
          for (const c of again) {
            c.send({ t: 'unseek' });
            c.close();
          }
        } finally {
          servers[0] = await startServer(data, env());
        }
        for (const p of [a, b]) p.client.close();
      }
    } finally {
      await ask.end();
    }
  }, 240_000);

  /** The pools `server` pairs, as its /healthz says. */
  async function leads(server: Running): Promise<string[]> {
    return ((await (await fetch(`${server.url}healthz`)).json()) as { leads: string[] }).leads;
  }

  it('pairs each pool on one process, and another takes a pool over within seconds of a kill', async () => {
    // Every pool has exactly one leader once both processes have run a wave or two.
    let split: string[][] = [];
    for (const began = Date.now(); ; ) {
      split = await Promise.all(servers.map(leads));
      if (split.flat().length === 5) break;
      expect(Date.now() - began).toBeLessThan(10_000);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(new Set(split.flat()).size).toBe(5);
    // Kill the process that pairs 5+3 and seek there on the other one.
    const leader = split[0]!.includes('5+3') ? 0 : 1;
    const other = 1 - leader;
    await servers[leader]!.stop('SIGKILL');
    const killed = Date.now();
    try {
      const seekers = await Promise.all([0, 1].map(() => lobbyPlayer(servers[other]!)));
      for (const s of seekers) s.client.send({ t: 'seek', pool: '5+3' });
      const paired = await Promise.all(seekers.map((s) => s.client.next('paired')));
      expect(paired[0]!.game).toBe(paired[1]!.game);
      const took = Date.now() - killed;
      console.log(`the pairing of a killed leader's pool resumed ${took} ms after the kill`);
      expect(took).toBeLessThan(10_000);
      expect(await leads(servers[other]!)).toContain('5+3');
      for (const s of seekers) s.client.close();
    } finally {
      servers[leader] = await startServer(data, env());
    }
  }, 120_000);
});
