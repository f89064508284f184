// An arena in a cluster whose director dies: three server processes on a throwaway PostgreSQL
// and Redis, six players spread over them (each player's pages and game sockets on one process),
// an arena of 1+0 that pairs them in three games. One game is played to its end and counted;
// a second is resigned and the process holding the `tournaments` lease is killed with SIGKILL
// at once, while the third is in play. Another process takes the lease within seconds; the
// survivors' standings keep every result counted before the kill, count the game resigned
// around it and the game in play at it once each, as the games' stored outcomes say; the new
// director pairs the freed players again; and nobody is ever in two games at once.

import type { Colour } from '@agon/engine';
import type { Identity, Standing, TournamentRequest, TournamentView } from '@agon/protocol';
import { describe, expect, it } from 'vitest';
import { newPlayer } from '../scripts/lobby-client.ts';
import { skipWithout } from '../scripts/services.ts';
import { act, answered, arenaTerms, makeEvent, readEvent } from '../scripts/tournament-client.ts';
import type { TournamentEvent } from '../src/tournament/log.ts';
import { clusterFor } from './cluster-processes.ts';
import { Peer, quietMove, until } from './harness.ts';

const skip = skipWithout('cluster tournament tests', ['postgres', 'redis']);

const ARENA: TournamentRequest = arenaTerms({ name: 'Cluster Arena', startsAt: 0, minutes: 5 });

/** A player of the test, the network it plays from, and the process it was given. */
interface Someone extends Identity {
  readonly address: string;
  readonly server: number;
}

/** A game as its players' own views name it, with a socket for each seat once opened. */
interface Table {
  readonly game: string;
  readonly seats: Record<Colour, Someone>;
  peers?: Record<Colour, Peer>;
}

/** What a line of the standings says of the score (not the names, read afresh each time). */
const scoreOf = (l: Standing) => ({ id: l.player.id, score: l.score, games: l.games });

describe.skipIf(skip)('an arena in a cluster', () => {
  const cluster = clusterFor({ AGON_PLAYERS_PER_MINUTE: '600' });
  const { servers, origins } = cluster;
  const dead = new Set<number>();

  /** The address of the process `p` uses: their own, or the next alive once it is dead. */
  const urlOf = (p: Someone): string => {
    for (let i = 0; i < servers.length; i++) {
      const k = (p.server + i) % servers.length;
      if (!dead.has(k)) return servers[k]!.url;
    }
    throw new Error('no process left');
  };

  const view = async (id: string, p: Someone): Promise<TournamentView> =>
    answered(await readEvent(urlOf(p), id, p.token));

  /** The event's log as stored. */
  const logOf = async (id: string): Promise<TournamentEvent[]> =>
    (
      await cluster.ask.query<{ body: string }>(
        'SELECT body FROM tournament_events WHERE tournament_id = $1 ORDER BY version',
        [id],
      )
    ).rows.map((r) => JSON.parse(r.body) as TournamentEvent);

  /** The games `players` are in, as their own views say, with the seats their sheets give. */
  async function tables(id: string, players: readonly Someone[]): Promise<Table[]> {
    const views = await Promise.all(players.map((p) => view(id, p)));
    const found = new Map<string, Table>();
    for (const [i, v] of views.entries()) {
      const game = v.you?.game;
      if (!game) continue;
      const entry = v.you!.sheet.find((e) => e.game === game)!;
      const table = found.get(game) ?? { game, seats: {} as Record<Colour, Someone> };
      table.seats[entry.colour!] = players[i]!;
      found.set(game, table);
    }
    return [...found.values()];
  }

  /** Opens both seats' sockets, each on its player's process, and plays a move each. */
  async function open(table: Table): Promise<void> {
    const { game, seats } = table;
    const white = await Peer.join(urlOf(seats.white), game, seats.white.token);
    const black = await Peer.join(urlOf(seats.black), game, seats.black.token);
    const version = white.state.game.version;
    const first = quietMove([]);
    white.peer.send({ t: 'move', seat: 'white', move: first, version });
    await black.peer.event(version + 1);
    black.peer.send({ t: 'move', seat: 'black', move: quietMove([first]), version: version + 1 });
    await white.peer.event(version + 2);
    table.peers = { white: white.peer, black: black.peer };
  }

  /** `loser` resigns `table`'s game on a socket of their process (reopened if it died). */
  async function resign(table: Table, loser: Colour, reopen = false): Promise<void> {
    const player = table.seats[loser];
    if (reopen || !table.peers) {
      for (const peer of Object.values(table.peers ?? {})) peer.close();
      const joined = await until(
        () => Peer.join(urlOf(player), table.game, player.token).catch(() => undefined),
        (j) => j !== undefined && j.state.game.outcome === null,
        20_000,
      );
      joined!.peer.send({ t: 'resign', seat: loser });
      await joined!.peer.next('state', (m) => m.game.outcome !== null);
      joined!.peer.close();
      return;
    }
    table.peers[loser].send({ t: 'resign', seat: loser });
    await table.peers[loser].next('state', (m) => m.game.outcome !== null);
  }

  it('keeps every result and goes on pairing when the director is killed mid-event', async () => {
    const players: Someone[] = [];
    for (let i = 0; i < 6; i++) {
      const server = i % 3;
      const address = `10.77.${i + 1}.1`;
      players.push({ ...(await newPlayer(servers[server]!.url, 'en', address)), address, server });
    }
    const [maker] = players as [Someone];
    const made = answered(
      await makeEvent(
        urlOf(maker),
        maker.token,
        { ...ARENA, startsAt: Date.now() + 2000 },
        maker.address,
      ),
    );
    const id = made.id;
    for (const p of players.slice(1)) {
      answered(await act(urlOf(p), p.token, id, { action: 'join' }, p.address));
    }

    // Once it starts, the six are paired in three games.
    await until(
      () => Promise.all(players.map((p) => view(id, p))),
      (vs) => vs.every((v) => v.you?.game),
      20_000,
    );
    const [a, b, c] = (await tables(id, players)) as [Table, Table, Table];
    expect([a, b, c].every((t) => t?.seats.white && t.seats.black)).toBe(true);
    for (const t of [a, b, c]) await open(t);

    // The first game ends and is counted on every process.
    await resign(a, 'black');
    const counted = await until(
      () => Promise.all(players.map((p) => view(id, p))),
      (vs) =>
        vs.every((v) => {
          const line = v.standings.find((l) => l.player.id === a.seats.white.id);
          return line?.games === 1 && line.score === 2;
        }),
      15_000,
    );
    const before = counted[0]!.standings.map(scoreOf);

    // The second is resigned, and at once the director is killed with the third in play.
    const holder = await cluster.looker.get('agon:lease:tournaments');
    const k = origins.indexOf(holder!);
    expect(k).toBeGreaterThanOrEqual(0);
    await resign(b, 'white');
    await servers[k]!.stop('SIGKILL');
    dead.add(k);
    const killedAt = Date.now();

    // Another process takes the lease.
    const next = await until(
      () => cluster.looker.get('agon:lease:tournaments'),
      (o) => o !== null && o !== holder,
      15_000,
    );
    expect(origins.filter((_, i) => i !== k)).toContain(next);

    // The survivors count the first game as before, and the second once.
    const afterKill = await until(
      () => Promise.all(players.map((p) => view(id, p))),
      (vs) =>
        vs.every((v) => {
          const line = v.standings.find((l) => l.player.id === b.seats.black.id);
          return line?.games === 1 && line.score === 2;
        }),
      30_000,
    );
    const bIds = [b.seats.white.id, b.seats.black.id];
    for (const v of afterKill) {
      const lines = v.standings.map(scoreOf);
      expect(lines.filter((l) => !bIds.includes(l.id))).toEqual(
        before.filter((l) => !bIds.includes(l.id)),
      );
      expect(lines.find((l) => l.id === b.seats.white.id)).toMatchObject({ score: 0, games: 1 });
    }

    // The game in play at the kill is finished on a survivor and counts.
    await resign(c, 'black', true);
    for (const t of [a, b]) for (const peer of Object.values(t.peers ?? {})) peer.close();
    await until(
      () => Promise.all(players.map((p) => view(id, p))),
      (vs) =>
        vs.every((v) => v.standings.find((l) => l.player.id === c.seats.white.id)?.games === 1),
      30_000,
    );

    // The new director pairs freed players again.
    const paired = await until(
      () => logOf(id),
      (log) => log.some((e) => e.kind === 'pair' && e.at > killedAt),
      30_000,
    );
    const again = paired.filter((e) => e.kind === 'pair' && e.at > killedAt);
    expect(again.length).toBeGreaterThan(0);
    const views = await until(
      () => Promise.all(players.map((p) => view(id, p))),
      (vs) => vs.some((v) => v.you?.game && ![a, b, c].some((t) => t.game === v.you?.game)),
      15_000,
    );
    expect(views.filter((v) => v.you?.game).length).toBeGreaterThanOrEqual(2);

    // The log against the games' stored outcomes: each ended game once, as it ended.
    const log = await logOf(id);
    const results = log.filter(
      (e): e is Extract<TournamentEvent, { kind: 'result' }> => e.kind === 'result',
    );
    const resulted = results.map((r) => r.game);
    expect(new Set(resulted).size).toBe(resulted.length);
    const stored = await cluster.ask.query<{ id: string; result: string | null }>(
      `SELECT g.id, l.result FROM games g JOIN lobby_games l ON l.game_id = g.id
        WHERE g.setup->'tournament'->>'id' = $1`,
      [id],
    );
    const ended = stored.rows.filter((r) => r.result !== null);
    for (const t of [a, b, c]) expect(ended.map((r) => r.id)).toContain(t.game);
    for (const row of ended) {
      const result = results.find((r) => r.game === row.id);
      expect(result, `the result of ${row.id}`).toBeDefined();
      if (row.result === 'aborted') expect(result!.absent).toBeDefined();
      else expect(result!.winner ?? 'draw').toBe(row.result);
    }
    expect(results.find((r) => r.game === a.game)?.winner).toBe('white');
    expect(results.find((r) => r.game === b.game)?.winner).toBe('black');
    expect(results.find((r) => r.game === c.game)?.winner).toBe('white');
    // Every game paired was stored, and none twice.
    const pairs = log.filter((e) => e.kind === 'pair').map((e) => (e as { game: string }).game);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const game of pairs) expect(stored.rows.map((r) => r.id)).toContain(game);

    // Nobody in two games at once, in the log's order...
    const inGame = new Map<string, string>();
    for (const e of log) {
      if (e.kind === 'pair') {
        for (const p of [e.white, e.black]) {
          expect(inGame.get(p), `${p} paired in ${e.game}`).toBeUndefined();
          inGame.set(p, e.game);
        }
      } else if (e.kind === 'result') {
        for (const p of [e.white, e.black]) if (inGame.get(p) === e.game) inGame.delete(p);
      }
    }
    // ...nor in the stored games: at most one game without a result per player.
    const unended = await cluster.ask.query<{ player_id: string; n: string }>(
      `SELECT p.player_id, COUNT(*) AS n FROM game_players p
        JOIN lobby_games l ON l.game_id = p.game_id
        WHERE l.result IS NULL AND p.player_id = ANY($1) GROUP BY p.player_id`,
      [players.map((p) => p.id)],
    );
    for (const row of unended.rows) expect(Number(row.n), row.player_id).toBe(1);
  }, 180_000);
});
