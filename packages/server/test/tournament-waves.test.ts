// An arena's wave of pairings in one batch: however many games the director makes at once, the
// players are seated on the board in one call, the games and their notes for the ratings are
// stored in one write, their pairings are logged in one append, and the new games are held in
// memory as made, not read back. A game a busy player could not be seated in is neither stored
// nor logged.

import { afterAll, describe, expect, it } from 'vitest';
import { MemoryBoard, type Playing } from '../src/lobby/board.ts';
import type { Made } from '../src/lobby/starter.ts';
import { Starter } from '../src/lobby/starter.ts';
import { SILENT } from '../src/notices.ts';
import type { NewLobbyGame } from '../src/players.ts';
import { Problems } from '../src/problems.ts';
import { SqliteStore } from '../src/sqlite-store.ts';
import { Director } from '../src/tournament/director.ts';
import type { TournamentEvent, TournamentSetup } from '../src/tournament/log.ts';
import { Tournaments } from '../src/tournament/tournaments.ts';
import { dataFolder, remove } from './harness.ts';

/** A newcomer's rating, as the board lists it. */
const NEW = { rating: 1500, provisional: true, games: 0 };
/** Players of the wave: 40 games. */
const PLAYERS = 80;

const SETUP: TournamentSetup = {
  terms: {
    kind: 'arena',
    name: 'Wave Arena',
    clock: { initial: 60_000, increment: 0 },
    variant: 'standard',
    touchMove: false,
    captorPlacesQueen: false,
    rated: true,
    startsAt: Date.now() - 1000,
    minutes: 30,
    berserk: false,
  },
};

describe("an arena's wave of pairings", () => {
  const data = dataFolder();
  const store = new SqliteStore(data);
  afterAll(async () => {
    await store.close();
    remove(data);
  });

  it('seats, stores and logs a wave of games in one call each', async () => {
    const at = Date.now();
    const ids = Array.from({ length: PLAYERS }, (_, i) => `waver${i}`);
    for (const [i, id] of ids.entries()) {
      await store.createPlayer({
        id,
        name: `Waver ${i}`,
        tokenHash: `wave-hash${i}`,
        createdAt: at,
      });
    }
    await store.createTournament('wavewave', at, SETUP, {
      status: 'running',
      players: PLAYERS,
      endsAt: null,
    });
    const tournaments = new Tournaments(store, Date.now);
    await tournaments.act('wavewave', () => [
      ...ids.map((player): TournamentEvent => ({ kind: 'join', player, from: player, at })),
      { kind: 'start', at },
    ]);

    const board = new MemoryBoard(Date.now);
    // One player is busy in a game elsewhere: their pairing's game is not made.
    const [busy] = await board.seat([
      {
        game: 'elsewhere',
        pool: null,
        white: { id: ids[0]!, name: 'Waver 0', rating: NEW },
        black: { id: 'stranger', name: 'Stranger', rating: NEW },
        clock: { initial: 60_000, increment: 0 },
        variant: 'standard',
        rated: false,
        since: at,
        lasts: 60_000,
      },
    ]);
    expect(busy).toBe(true);

    const seats: (readonly Playing[])[] = [];
    const writes: (readonly NewLobbyGame[])[] = [];
    const appends: (readonly TournamentEvent[])[] = [];
    const held: Made[] = [];
    let loads = 0;
    const seat = board.seat.bind(board);
    board.seat = (games) => {
      seats.push(games);
      return seat(games);
    };
    const counted = new Proxy(store, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (key === 'startGames') writes.push(args[0] as readonly NewLobbyGame[]);
          if (key === 'appendTournament') appends.push(args[2] as readonly TournamentEvent[]);
          if (key === 'load') loads++;
          return value.apply(target, args);
        };
      },
    });
    const problems = new Problems(Date.now);
    const starter = new Starter({
      board,
      players: counted,
      problems,
      now: Date.now,
      hold: async (_game, made) => held.push(made),
      notifier: SILENT,
    });
    const director = new Director({
      store: counted,
      tournaments: new Tournaments(counted, Date.now),
      relay: { lease: async () => true },
      board,
      players: counted,
      games: counted,
      starter,
      notifier: SILENT,
      problems,
      now: Date.now,
    });
    try {
      await director.beat();
    } finally {
      director.stop();
    }

    // The event has its 80 players free: 40 games, one of which the busy player is not seated in.
    expect(seats).toHaveLength(1);
    expect(seats[0]).toHaveLength(40);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toHaveLength(39);
    const paired = appends.filter((events) => events.some((e) => e.kind === 'pair'));
    expect(paired).toHaveLength(1);
    expect(
      paired[0]!.filter((e) => e.kind === 'pair').map((e) => e.kind === 'pair' && e.game),
    ).toEqual(writes[0]!.map((g) => g.started.gameId));
    expect(
      paired[0]!.some((e) => e.kind === 'pair' && (e.white === ids[0] || e.black === ids[0])),
    ).toBe(false);
    // Held as made: not one game read back from the store.
    expect(held.map((m) => m.stored.id)).toEqual(writes[0]!.map((g) => g.started.gameId));
    expect(loads).toBe(0);
    const stored = await store.load(writes[0]![0]!.started.gameId);
    expect(stored?.setup.tournament).toMatchObject({ id: 'wavewave', kind: 'arena', round: 0 });
    const recent = await store.recentGames(writes[0]![0]!.started.white, 5, true);
    expect(recent).toHaveLength(1);
  });
});
