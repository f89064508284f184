// An arena's wave of pairings in one batch: however many games the director makes at once, the
// players are seated on the board in one call, the games and their notes for the ratings are
// stored in one write, their pairings are logged in one append, and the new games are held in
// memory as made, not read back. A player busy in a lobby game is left out of the wave, so the
// players ranked beside them are paired with each other; one who withdraws after the wave was
// decided, before it was logged, is not paired, nor seated in a game.

import { describe, expect, it } from 'vitest';
import { arenaTerms } from '../scripts/tournament-client.ts';
import { SILENT } from '../src/common/notices.ts';
import { Problems } from '../src/common/problems.ts';
import type { Made } from '../src/game/hub.ts';
import { MemoryBoard, type Playing } from '../src/lobby/board.ts';
import { Starter } from '../src/lobby/starter.ts';
import type { NewLobbyGame } from '../src/player/players.ts';
import { Director } from '../src/tournament/director.ts';
import type { TournamentEvent, TournamentSetup } from '../src/tournament/log.ts';
import { Tournaments } from '../src/tournament/tournaments.ts';
import { sqliteFor } from './sqlite-store.ts';

/** A newcomer's rating, as the board lists it. */
const NEW = { rating: 1500, provisional: true, games: 0 };
/** Players of the wave: 40 games. */
const PLAYERS = 80;

const SETUP: TournamentSetup = {
  terms: arenaTerms({ name: 'Wave Arena', startsAt: Date.now() - 1000, minutes: 30 }),
};

/** A lobby game of `player`'s, which makes them busy on the board. */
const elsewhere = (player: string, at: number): Playing => ({
  game: `elsewhere-${player}`,
  pool: null,
  white: { id: player, name: player, rating: NEW },
  black: { id: `stranger-${player}`, name: 'Stranger', rating: NEW },
  clock: { initial: 60_000, increment: 0 },
  variant: 'standard',
  rated: false,
  since: at,
  lasts: 60_000,
});

describe("an arena's wave of pairings", () => {
  const store = sqliteFor();

  /** Event `id`, started, with `count` players who joined in order: their ids. */
  async function arena(id: string, count: number, at: number): Promise<string[]> {
    const ids = Array.from({ length: count }, (_, i) => `${id}${i}`);
    for (const [i, player] of ids.entries()) {
      await store.createPlayer({
        id: player,
        name: `Waver ${id} ${i}`,
        tokenHash: `${id}-hash${i}`,
        createdAt: at,
      });
    }
    await store.createTournament(id, at, SETUP, {
      status: 'running',
      players: count,
      endsAt: null,
    });
    await new Tournaments(store, Date.now).act(id, () => [
      ...ids.map((player): TournamentEvent => ({ kind: 'join', player, from: player, at })),
      { kind: 'start', at },
    ]);
    return ids;
  }

  /** A director of the events in `store` over `board`, its games held by `hold`. */
  function directorOf(
    over: typeof store,
    board: MemoryBoard,
    hold: (made: Made) => void = () => undefined,
  ): Director {
    const problems = new Problems(Date.now);
    const starter = new Starter({
      board,
      players: over,
      problems,
      now: Date.now,
      hold: async (_game, made) => hold(made),
      notifier: SILENT,
    });
    return new Director({
      store: over,
      tournaments: new Tournaments(over, Date.now),
      relay: { lease: async () => true },
      board,
      players: over,
      games: over,
      starter,
      notifier: SILENT,
      problems,
      now: Date.now,
    });
  }

  it('seats, stores and logs a wave of games in one call each', async () => {
    const at = Date.now();
    const ids = await arena('wavewave', PLAYERS, at);

    const board = new MemoryBoard(Date.now);
    // One player is busy in a game elsewhere: they are left out of the wave.
    expect(await board.seat([elsewhere(ids[0]!, at)])).toEqual([true]);

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
    const director = directorOf(counted, board, (made) => held.push(made));
    try {
      await director.beat();
    } finally {
      director.stop();
    }

    // The event has 79 of its 80 players free: 39 games.
    expect(seats).toHaveLength(1);
    expect(seats[0]).toHaveLength(39);
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

  it('leaves out a player busy in a lobby game, and pairs the two ranked after them', async () => {
    const at = Date.now();
    // Ranked 1, 2 and 3 by who joined first; the first is in a lobby game.
    const [first, second, third] = await arena('busyone', 3, at);
    const board = new MemoryBoard(Date.now);
    expect(await board.seat([elsewhere(first!, at)])).toEqual([true]);
    const director = directorOf(store, board);
    try {
      await director.beat();
    } finally {
      await director.stop();
    }
    const state = await new Tournaments(store, Date.now).get('busyone', 0);
    expect(state?.playing().map((g) => [g.white, g.black].sort())).toEqual([
      [second, third].sort(),
    ]);
    expect(state?.entrant(first!)?.playing).toBeNull();
  });

  it('never pairs a player who withdrew between the wave being decided and its logging', async () => {
    const at = Date.now();
    // Ranked 1 to 4: the wave pairs the first with the second, the third with the fourth.
    const [first, second, third, fourth] = await arena('leaving', 4, at);
    const board = new MemoryBoard(Date.now);
    // Another process logs the first player's withdrawal once the wave is decided: the director
    // looks its players up between deciding and logging.
    let withdrawn = false;
    const racing = new Proxy(store, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          if (key === 'players' && !withdrawn && (args[0] as string[]).includes(first!)) {
            withdrawn = true;
            await new Tournaments(store, Date.now).act('leaving', () => [
              { kind: 'withdraw', player: first!, at: Date.now() },
            ]);
          }
          return value.apply(target, args);
        };
      },
    });
    const director = directorOf(racing, board);
    try {
      await director.beat();
    } finally {
      await director.stop();
    }
    expect(withdrawn).toBe(true);
    const state = await new Tournaments(store, Date.now).get('leaving', 0);
    expect(state?.entrant(first!)?.withdrawn).toBe(true);
    expect(state?.playing().map((g) => [g.white, g.black].sort())).toEqual([
      [third, fourth].sort(),
    ]);
    // Nobody is left seated in a game outside the event: the withdrawn player and the one they
    // were to meet are free, and only the logged pairing's game was stored.
    expect(await board.busy(first!)).toBeUndefined();
    expect(await board.busy(second!)).toBeUndefined();
    expect(await store.recentGames(first!, 5, true)).toEqual([]);
    expect(await store.recentGames(second!, 5, true)).toEqual([]);
    expect(await board.busy(third!)).toBe(state?.playing()[0]?.game);
  });
});
