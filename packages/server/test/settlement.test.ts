// The settling of lobby games in-process: a settle that throws never keeps the players busy
// (they are freed at once) and is tried again until it succeeds, once; a board that cannot be
// reached is told the end again until it hears it.

import type { PlayerBrief } from '@agon/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Problems } from '../src/common/problems.ts';
import type { GameSetup } from '../src/game/store.ts';
import { type LobbyBoard, MemoryBoard, type Playing } from '../src/lobby/board.ts';
import { Settlement } from '../src/lobby/settlement.ts';
import type { Outcome, PlayerStore, SettledGame } from '../src/player/players.ts';

const brief = (id: string): PlayerBrief => ({
  id,
  name: id,
  rating: { rating: 1500, provisional: true, games: 0 },
});

const GAME = 'gamegamega';
const SETUP: GameSetup = {
  variant: 'standard',
  clock: { initial: 180_000, increment: 2000 },
  seats: {},
  players: { white: 'whiteplayr', black: 'blackplayr' },
  rated: true,
};
const PLAYING: Playing = {
  game: GAME,
  pool: '3+2',
  white: brief('whiteplayr'),
  black: brief('blackplayr'),
  clock: { initial: 180_000, increment: 2000 },
  variant: 'standard',
  rated: true,
  since: 0,
  lasts: 3_600_000,
};
const RESIGNED = { winner: 'white', reason: 'resignation' } as const;
const PLAYED = { plies: 30, berserk: { white: false, black: false } };

/** A store whose settle fails `failures` times, then records each settle it is asked for. */
function failingStore(failures: number) {
  const settled: Outcome[] = [];
  let left = failures;
  const store = {
    settle: async (_id: string, outcome: Outcome): Promise<SettledGame | undefined> => {
      if (left-- > 0) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      settled.push(outcome);
      return { outcome, white: null, black: null };
    },
    players: async () => [],
  } as Partial<PlayerStore> as PlayerStore;
  return { store, settled, tries: () => failures - left };
}

describe('settling a lobby game', () => {
  let now: number;
  beforeEach(() => {
    vi.useFakeTimers();
    now = 1_000_000;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const quiet = () =>
    new Problems(
      () => now,
      60_000,
      () => undefined,
    );

  it('frees both players at once when the settle throws, and settles once later', async () => {
    const board = new MemoryBoard(() => now);
    const { store, settled, tries } = failingStore(3);
    const settlement = new Settlement(store, board, quiet(), () => now);
    await board.reinstate([PLAYING]);
    expect(await board.busy('whiteplayr')).toBe(GAME);
    await settlement.finished(GAME, SETUP, RESIGNED, PLAYED);
    // Not rated yet, but free to seek again.
    expect(settled).toEqual([]);
    expect(await board.busy('whiteplayr')).toBeUndefined();
    expect(await board.busy('blackplayr')).toBeUndefined();
    expect(settlement.pending).toBe(1);
    await vi.advanceTimersByTimeAsync(500 + 1000 + 2000);
    expect(tries()).toBe(4);
    expect(settled).toEqual([{ winner: 'white', aborted: false }]);
    expect(settlement.pending).toBe(0);
    // Nothing more is tried once it succeeded.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(settled).toHaveLength(1);
  });

  it('tells a board that could not be reached of the end until it hears it', async () => {
    const memory = new MemoryBoard(() => now);
    let away = 2;
    const board: LobbyBoard = Object.assign(Object.create(memory) as MemoryBoard, {
      end: async (game: string, players: readonly string[]) => {
        if (away-- > 0) throw new Error('Connection is closed.');
        return memory.end(game, players);
      },
    });
    const { store, settled } = failingStore(0);
    const settlement = new Settlement(store, board, quiet(), () => now);
    await memory.reinstate([PLAYING]);
    await settlement.finished(GAME, SETUP, RESIGNED, PLAYED);
    expect(settled).toHaveLength(1);
    expect(await memory.busy('whiteplayr')).toBe(GAME);
    await vi.advanceTimersByTimeAsync(500 + 1000);
    expect(await memory.busy('whiteplayr')).toBeUndefined();
    expect(settlement.pending).toBe(0);
  });
});
