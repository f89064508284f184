// What `agon bot` works out for itself in a game: who chooses the next turn (the captor under
// R16), how long the engine may think on the clock, and how long a 429 or a drop waits.

import {
  Game,
  makeMoveText,
  PASS_MOVE,
  parseApn,
  parseMoveText,
  STANDARD_APN,
  seededRandom,
} from '@agon/engine';
import { describe, expect, it } from 'vitest';
import { AepClient } from '../src/aep-client.ts';
import { Backoff } from '../src/backoff.ts';
import { parseRetryAfter } from '../src/bot-api.ts';
import { DEFAULT_BOT_CONFIG } from '../src/bot-config.ts';
import { replay, searchLimits } from '../src/bot-game.ts';
import { type GameFull, type GameState, parseGameMessage } from '../src/bot-game-message.ts';
import { BIN } from './agon.ts';

const STATE: GameState = {
  moves: [],
  wtime: 60_000,
  btime: 60_000,
  winc: 0,
  binc: 0,
  status: 'started',
  winner: undefined,
  wdraw: false,
  bdraw: false,
};

const FULL: GameFull = {
  id: 'g1',
  variant: 'standard',
  white: { id: 'w', name: 'W' },
  black: { id: 'b', name: 'B' },
  initialFen: 'startpos',
  clocked: true,
  touchMove: false,
  captorPlacesQueen: true,
  state: STATE,
};

// The moves of a seeded random game up to the first turn where a captured queen is placed.
function movesToQueenPlacement(): string[] {
  for (let seed = 1; ; seed++) {
    const start = parseApn(STANDARD_APN);
    if (!start.ok) throw new Error(start.error.message);
    const game = new Game(start.value, { captorPlacesQueen: true });
    const random = seededRandom(seed);
    while (!game.outcome && game.moves.length < 300) {
      if (game.chooser !== game.position.turnColour) return game.moves.map(makeMoveText);
      const moves = game.legalMoves();
      game.play(moves[Math.floor(random() * moves.length)]!);
    }
  }
}

describe('replay', () => {
  it("under R16 makes the captor the chooser of the captured queen's cell", () => {
    const moves = movesToQueenPlacement();
    const r16 = replay(FULL, moves);
    const r10 = replay({ ...FULL, captorPlacesQueen: false }, moves);
    if (!r16.ok || !r10.ok) throw new Error('the moves do not replay');
    const owner = r16.value.position.turnColour;
    expect(r16.value.chooser).not.toBe(owner);
    expect(r10.value.chooser).toBe(owner);
  });

  it('starts the placement variant with guards in hand', () => {
    const game = replay({ ...FULL, variant: 'placement' }, ['@c4']);
    expect(game.ok).toBe(true);
    expect(replay(FULL, ['@c4']).ok).toBe(false);
  });

  it('names the first move that is not legal', () => {
    const game = replay(FULL, ['f1-f2', 'f11-f10', 'f2-f1']);
    expect(game.ok).toBe(false);
    if (!game.ok) expect(game.error.message).toMatch(/^move 3, f2-f1: /);
  });
});

describe('the engine in a game', () => {
  it('answers a legal turn after a pass under touch-move (R15), which AEP cannot send', async () => {
    // A seeded random touch-move game up to a pass and a few turns after it.
    let game: Game | undefined;
    for (let seed = 1; !game; seed++) {
      const start = parseApn(STANDARD_APN);
      if (!start.ok) throw new Error(start.error.message);
      const g = new Game(start.value, { touchMove: true });
      const random = seededRandom(seed);
      let passed = -1;
      while (!g.outcome && g.moves.length < 200 && (passed < 0 || g.moves.length < passed + 3)) {
        if (passed < 0 && g.play(PASS_MOVE).ok) passed = g.moves.length;
        else {
          const moves = g.legalMoves();
          g.play(moves[Math.floor(random() * moves.length)]!);
        }
      }
      if (passed >= 0 && !g.outcome) game = g;
    }
    const engine = await AepClient.start(`"${process.execPath}" "${BIN}" engine`, 1);
    try {
      const { move } = await engine.think(game, { movetime: 200 });
      const parsed = parseMoveText(move);
      expect(parsed.ok && game.legalMoves().includes(parsed.value)).toBe(true);
    } finally {
      await engine.close();
    }
  });
});

describe('parseGameMessage', () => {
  it('reads a gameFull with its rules and state', () => {
    const message = parseGameMessage({
      type: 'gameFull',
      id: 'g1',
      variant: { key: 'placement', name: 'Placement' },
      white: { id: 'w', name: 'W', rating: 1500 },
      black: { id: 'b', name: 'B', rating: 1500, title: 'BOT' },
      initialFen: 'startpos',
      clock: { initial: 60_000, increment: 0 },
      touchMove: false,
      captorPlacesQueen: true,
      state: {
        type: 'gameState',
        moves: '@c4 @d5',
        wtime: 1,
        btime: 2,
        winc: 0,
        binc: 0,
        status: 'started',
        bdraw: true,
      },
    });
    expect(message).toMatchObject({
      ok: true,
      value: {
        type: 'gameFull',
        variant: 'placement',
        clocked: true,
        captorPlacesQueen: true,
        state: { moves: ['@c4', '@d5'], wtime: 1, btime: 2, bdraw: true, wdraw: false },
      },
    });
  });

  it('refuses a state without moves, and names other types', () => {
    expect(parseGameMessage({ type: 'gameState', status: 'started' }).ok).toBe(false);
    expect(parseGameMessage({ type: 'chatLine', text: 'hi' })).toEqual({
      ok: true,
      value: { type: 'other', name: 'chatLine' },
    });
    expect(parseGameMessage([1]).ok).toBe(false);
  });
});

describe('searchLimits', () => {
  const engine = DEFAULT_BOT_CONFIG.engine;

  it('keeps the configured movetime when the clock allows it', () => {
    expect(searchLimits(engine, STATE, 'white', true)).toEqual({
      movetime: 1000,
      depth: undefined,
    });
  });

  it("thinks less as its own clock runs down, not the opponent's", () => {
    const short = { ...STATE, wtime: 6000, btime: 600_000 };
    const white = searchLimits(engine, short, 'white', true).movetime;
    expect(white).toBeLessThan(engine.movetime);
    expect(white).toBeLessThan(6000 / 4);
    expect(searchLimits(engine, short, 'black', true).movetime).toBe(1000);
  });

  it('uses the increment, and never less than a few ms at the last second', () => {
    const low = { ...STATE, wtime: 3000, winc: 2000 };
    expect(searchLimits(engine, low, 'white', true).movetime).toBeGreaterThan(
      searchLimits(engine, { ...low, winc: 0 }, 'white', true).movetime,
    );
    expect(searchLimits(engine, { ...STATE, wtime: 0 }, 'white', true).movetime).toBeGreaterThan(0);
  });

  it('takes the configured time and depth in a game of days', () => {
    const deep = { ...engine, movetime: 5000, depth: 4 };
    expect(searchLimits(deep, { ...STATE, wtime: 2_147_483_647 }, 'white', false)).toEqual({
      movetime: 5000,
      depth: 4,
    });
  });
});

describe('waiting', () => {
  it('reads retry-after as seconds or a date, a minute when it is missing or bad', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Thu, 01 Jan 2025 00:00:30 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBe(60);
    expect(parseRetryAfter('soon', now)).toBe(60);
    expect(parseRetryAfter('99999999', now)).toBe(3600);
  });

  it('backs off doubling from 1 s to a 60 s cap, each wait in the upper half, and resets', () => {
    for (const r of [0, 0.5, 0.999]) {
      const backoff = new Backoff(() => r);
      const waits = Array.from({ length: 10 }, () => backoff.next());
      const ceilings = [1, 2, 4, 8, 16, 32, 60, 60, 60, 60].map((s) => s * 1000);
      waits.forEach((w, i) => {
        expect(w).toBeGreaterThanOrEqual(ceilings[i]! / 2);
        expect(w).toBeLessThanOrEqual(ceilings[i]!);
      });
      backoff.reset();
      expect(backoff.next()).toBeLessThanOrEqual(1000);
    }
  });

  it('draws different waits for different bots at the same failure', () => {
    const waits = new Set([0.1, 0.6].map((r) => new Backoff(() => r).next()));
    expect(waits.size).toBe(2);
  });
});
