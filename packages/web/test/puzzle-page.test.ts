// The puzzle page's newer logic, without a browser: the daily choice, the storm's clock and
// difficulty, R16 puzzles where the solver places the queen they captured, and the rating's
// trip to the server degrading to the device.

import {
  judgeAttempt,
  type Move,
  makeApn,
  makeMoveText,
  moveFrom,
  type Puzzle,
  QUEEN_BIT,
  replayPuzzle,
  seededRandom,
  startPosition,
} from '@agon/engine';
import type { PuzzleAttemptReply } from '@agon/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComputerPlayer } from '../src/lib/engine-client.ts';
import { dailyPuzzle, pickStormPuzzle, stormRating } from '../src/puzzles/picker.ts';
import { PuzzleSession, REPLY_PAUSE_MS } from '../src/puzzles/session.ts';
import {
  afterStormPuzzle,
  clockText,
  STORM_MS,
  STORM_PENALTY_MS,
  startStorm,
  stormLeft,
  tickStorm,
} from '../src/puzzles/storm.ts';
import { type Fetch, PuzzleSync, queuedAttempts } from '../src/puzzles/sync.ts';

/** Puzzles every 10 points from 500 to 2490. */
const SET: Puzzle[] = Array.from({ length: 200 }, (_, i) => ({
  id: `q${i}`,
  apn: '',
  solution: [],
  goal: 'win',
  themes: ['capture'],
  rating: 500 + 10 * i,
}));

/** A local storage in memory, for the page's records. */
function memoryStorage(): Map<string, string> {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  });
  return store;
}

describe('the puzzle of the day', () => {
  it('is the same for a date whatever order the set is in, and among the middling puzzles', () => {
    const day = '2026-12-04';
    const shuffled = [...SET].sort(() => seededRandom(3)() - 0.5).reverse();
    expect(dailyPuzzle(shuffled, day)?.id).toBe(dailyPuzzle(SET, day)?.id);
    for (let d = 1; d <= 28; d++) {
      const p = dailyPuzzle(SET, `2026-02-${String(d).padStart(2, '0')}`)!;
      expect(p.rating).toBeGreaterThanOrEqual(1200);
      expect(p.rating).toBeLessThanOrEqual(2000);
    }
  });

  it('differs across dates', () => {
    const month = Array.from(
      { length: 30 },
      (_, d) => dailyPuzzle(SET, `2026-11-${String(d + 1).padStart(2, '0')}`)!.id,
    );
    expect(new Set(month).size).toBeGreaterThan(20);
  });
});

describe('a storm', () => {
  it('counts three minutes down on the clock it is given', () => {
    const run = startStorm(1_000);
    expect(stormLeft(run, 1_000)).toBe(STORM_MS);
    expect(stormLeft(run, 61_000)).toBe(STORM_MS - 60_000);
    expect(clockText(stormLeft(run, 1_000))).toBe('3:00');
    expect(clockText(stormLeft(run, 61_500))).toBe('2:00');
    expect(clockText(stormLeft(run, 1_000 + STORM_MS - 9_001))).toBe('0:10');
    expect(tickStorm(run, 1_000 + STORM_MS - 1).over).toBe(false);
    expect(tickStorm(run, 1_000 + STORM_MS).over).toBe(true);
    expect(stormLeft(run, 1_000 + STORM_MS + 5_000)).toBe(0);
  });

  it('scores a solve and builds the combo; a miss costs ten seconds and breaks it', () => {
    let run = startStorm(0);
    run = afterStormPuzzle(run, true, 5_000);
    run = afterStormPuzzle(run, true, 9_000);
    expect(run).toMatchObject({ score: 2, combo: 2, bestCombo: 2, misses: 0, penalty: 0 });
    run = afterStormPuzzle(run, false, 12_000);
    expect(run).toMatchObject({ score: 2, combo: 0, bestCombo: 2, misses: 1 });
    expect(stormLeft(run, 12_000)).toBe(STORM_MS - 12_000 - STORM_PENALTY_MS);
    run = afterStormPuzzle(run, true, 15_000);
    expect(run).toMatchObject({ score: 3, combo: 1, bestCombo: 2 });
  });

  it('ends when a miss takes the last seconds, and then counts nothing more', () => {
    let run = startStorm(0);
    run = afterStormPuzzle(run, false, STORM_MS - 5_000);
    expect(run.over).toBe(true);
    expect(afterStormPuzzle(run, true, STORM_MS - 4_000).score).toBe(0);
  });

  it('starts easy and aims higher after each solve, never showing a puzzle twice', () => {
    expect(stormRating(0)).toBeLessThan(800);
    const seen = new Set<string>();
    const ratings: number[] = [];
    for (let solved = 0; solved < 20; solved++) {
      const p = pickStormPuzzle(SET, solved, seen, seededRandom(solved + 1))!;
      expect(seen.has(p.id)).toBe(false);
      seen.add(p.id);
      ratings.push(p.rating);
      expect(Math.abs(p.rating - stormRating(solved))).toBeLessThanOrEqual(100);
    }
    expect(ratings.at(-1)!).toBeGreaterThan(ratings[0]! + 500);
  });
});

/** An engine that is never asked: a storm's wrong move and a wrong queen cell need no answer. */
const NO_ENGINE: ComputerPlayer = {
  bestMove: () => Promise.reject(new Error('asked')),
  cancel: () => undefined,
  start: () => undefined,
  end: () => undefined,
};

/**
 * An R16 puzzle made from seeded random play: the solver captures the queen (the game goes
 * on), places her (the opponent's turn, the captor's choice), then makes a move that does not
 * lose (goal "defend"); with a wrong cell for the queen.
 */
function captorPuzzle(): { puzzle: Puzzle; wrongCell: Move } {
  const random = seededRandom(7);
  for (let game = 0; game < 3000; game++) {
    const pos = startPosition('standard');
    for (let ply = 0; ply < 200 && !pos.outcome(); ply++) {
      const capture = pos
        .legalMoves()
        .find((m) => pos.capturedBy(m).some((c) => (pos.board[c]! & QUEEN_BIT) !== 0));
      if (capture !== undefined) {
        const apn = makeApn(pos);
        pos.make(capture);
        const cells = pos.outcome() || !pos.owesQueen ? [] : pos.legalMoves();
        if (cells.length >= 2) {
          pos.make(cells[0]!);
          const last = pos.outcome() ? undefined : pos.legalMoves()[0];
          if (last !== undefined) {
            const puzzle: Puzzle = {
              id: 'r16',
              apn,
              solution: [capture, cells[0]!, last].map(makeMoveText),
              goal: 'defend',
              themes: ['captor-rule'],
              rating: 1500,
              queenPlacement: 'captor',
            };
            if (replayPuzzle(puzzle).ok) return { puzzle, wrongCell: cells[1]! };
          }
          pos.unmake();
        }
        pos.unmake();
      }
      const moves = pos.legalMoves();
      pos.make(moves[Math.floor(random() * moves.length)]!);
    }
  }
  throw new Error('no R16 puzzle found');
}

describe('an R16 puzzle', () => {
  beforeEach(() => {
    memoryStorage();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks the solver for the captured queen’s cell, and checks it against the line', () => {
    const { puzzle } = captorPuzzle();
    const line = replayPuzzle(puzzle);
    if (!line.ok) throw new Error(line.error.message);
    const results: boolean[] = [];
    const tries: (readonly string[])[] = [];
    const session = new PuzzleSession(line.value, NO_ENGINE, (s, moves) => {
      results.push(s);
      tries.push(moves);
    });
    const [capture, cell, last] = line.value.moves;
    session.play(capture!);
    // No scripted reply: the board is the solver's, to place the queen.
    expect(session.phase.value).toBe('solving');
    expect(session.status.value()).toBe('Good move. Now choose the cell for the captured queen.');
    // The captured queen comes picked up, her cells open.
    const config = session.boardConfig.value;
    expect(config.selected).toBe(moveFrom(cell!));
    expect(config.movable?.dests.get(moveFrom(cell!))?.length).toBeGreaterThan(1);
    session.play(cell!);
    expect(session.phase.value).toBe('solving');
    session.play(last!);
    expect(session.phase.value).toBe('solved');
    expect(results).toEqual([true]);
    // The moves the server is sent, its placement included, and its verdict on them agrees.
    expect(tries).toEqual([puzzle.solution]);
    expect(judgeAttempt(line.value, tries[0]!)).toEqual({ ok: true, value: true });
  });

  it('fails on a wrong cell for the queen, and Retry goes back to that choice', async () => {
    const { puzzle, wrongCell } = captorPuzzle();
    const line = replayPuzzle(puzzle);
    if (!line.ok) throw new Error(line.error.message);
    const results: boolean[] = [];
    const tries: (readonly string[])[] = [];
    const session = new PuzzleSession(line.value, NO_ENGINE, (s, moves) => {
      results.push(s);
      tries.push(moves);
    });
    session.play(line.value.moves[0]!);
    session.play(wrongCell);
    await vi.waitFor(() => expect(session.phase.value).toBe('failed'));
    expect(results).toEqual([false]);
    // Up to the wrong cell, which the server judges a miss as the page did.
    expect(tries).toEqual([[puzzle.solution[0], makeMoveText(wrongCell)]]);
    expect(judgeAttempt(line.value, tries[0]!)).toEqual({ ok: true, value: false });
    session.retry();
    expect(session.phase.value).toBe('solving');
    expect(session.moves.value).toHaveLength(1);
    session.play(line.value.moves[1]!);
    session.play(line.value.moves[2]!);
    expect(session.phase.value).toBe('solved');
    // The first try decided.
    expect(results).toEqual([false]);
  });

  it('sends the try so far when the solution is looked at, which the server judges a miss', () => {
    const { puzzle } = captorPuzzle();
    const line = replayPuzzle(puzzle);
    if (!line.ok) throw new Error(line.error.message);
    const tries: [boolean, readonly string[]][] = [];
    const session = new PuzzleSession(line.value, NO_ENGINE, (s, moves) => tries.push([s, moves]));
    session.play(line.value.moves[0]!);
    session.showSolution();
    expect(tries).toEqual([[false, puzzle.solution.slice(0, 1)]]);
    expect(judgeAttempt(line.value, tries[0]![1])).toEqual({ ok: true, value: false });
  });

  it('in a storm, ends at a wrong move without asking the engine', () => {
    const { puzzle, wrongCell } = captorPuzzle();
    const line = replayPuzzle(puzzle);
    if (!line.ok) throw new Error(line.error.message);
    const results: boolean[] = [];
    const session = new PuzzleSession(line.value, NO_ENGINE, (s) => results.push(s), false);
    session.play(line.value.moves[0]!);
    session.play(wrongCell);
    expect(session.phase.value).toBe('failed');
    expect(results).toEqual([false]);
    expect(REPLY_PAUSE_MS).toBeGreaterThan(0);
  });
});

const REPLY: PuzzleAttemptReply = {
  counted: true,
  player: { rating: 1620, rd: 200, vol: 0.06 },
  puzzle: { id: 'q1', rating: 1480, rd: 90, attempts: 3, solved: 1 },
};

/** A fetch that answers each call by `answer`, recording the calls. */
function fakeFetch(answer: (url: string, init?: RequestInit) => Response | Error) {
  const calls: { url: string; init?: RequestInit | undefined }[] = [];
  const fetcher: Fetch = async (url, init) => {
    calls.push({ url, init });
    const a = answer(url, init);
    if (a instanceof Error) throw a;
    return a;
  };
  return { fetcher, calls };
}

describe('the rating online', () => {
  beforeEach(() => {
    memoryStorage();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('stays on the device without an identity, asking nothing', async () => {
    const { fetcher, calls } = fakeFetch(() => Response.json(REPLY));
    const sync = new PuzzleSync(fetcher, () => undefined);
    expect(sync.online).toBe(false);
    expect(await sync.attempt({ puzzle: 'q1', moves: ['d3-e4'] })).toEqual({ kind: 'local' });
    expect(await sync.dashboard()).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('sends a first try with the bearer token and takes the server’s answer', async () => {
    const { fetcher, calls } = fakeFetch(() => Response.json(REPLY));
    const sync = new PuzzleSync(fetcher, () => 'secret');
    expect(await sync.attempt({ puzzle: 'q1', moves: ['d3-e4'] })).toEqual({
      kind: 'answered',
      reply: REPLY,
    });
    expect(calls[0]!.url).toBe('/api/puzzles/attempts');
    expect(calls[0]!.init?.method).toBe('POST');
    expect(new Headers(calls[0]!.init?.headers).get('authorization')).toBe('Bearer secret');
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual({ puzzle: 'q1', moves: ['d3-e4'] });
  });

  it('keeps a try it could not send, and sends it when the server is back', async () => {
    let up = false;
    const { fetcher, calls } = fakeFetch(() =>
      up ? Response.json(REPLY) : new TypeError('Failed to fetch'),
    );
    const sync = new PuzzleSync(fetcher, () => 'secret');
    expect(await sync.attempt({ puzzle: 'q1', moves: [] })).toEqual({ kind: 'queued' });
    expect(await sync.attempt({ puzzle: 'q2', moves: ['@c4'] })).toEqual({ kind: 'queued' });
    expect(queuedAttempts()).toEqual([
      { puzzle: 'q1', moves: [] },
      { puzzle: 'q2', moves: ['@c4'] },
    ]);
    // A failure of the server's own is kept too.
    up = false;
    const failing = new PuzzleSync(
      async () => new Response('', { status: 503 }),
      () => 'secret',
    );
    expect(await failing.attempt({ puzzle: 'q3', moves: ['e5@a3'] })).toEqual({ kind: 'queued' });
    up = true;
    calls.length = 0;
    expect(await sync.flush()).toEqual(REPLY);
    expect(calls.map((c) => JSON.parse(String(c.init?.body)).puzzle)).toEqual(['q1', 'q2', 'q3']);
    expect(queuedAttempts()).toEqual([]);
  });

  it('passes over a try kept by an older page, which has no moves to judge', async () => {
    const store = memoryStorage();
    store.set(
      'agon.puzzles.queue.v1',
      JSON.stringify([
        { puzzle: 'old', solved: true },
        { puzzle: 'q1', moves: ['d3-e4'] },
      ]),
    );
    expect(queuedAttempts()).toEqual([{ puzzle: 'q1', moves: ['d3-e4'] }]);
    const { fetcher, calls } = fakeFetch(() => Response.json(REPLY));
    expect(await new PuzzleSync(fetcher, () => 'secret').flush()).toEqual(REPLY);
    expect(calls.map((c) => JSON.parse(String(c.init?.body)))).toEqual([
      { puzzle: 'q1', moves: ['d3-e4'] },
    ]);
    expect(store.has('agon.puzzles.queue.v1')).toBe(false);
  });

  it('drops a try the server refuses for good (an unknown puzzle), keeping the rest', async () => {
    const { fetcher } = fakeFetch((_, init) =>
      JSON.parse(String(init?.body)).puzzle === 'gone'
        ? new Response('{}', { status: 400 })
        : new TypeError('offline'),
    );
    const sync = new PuzzleSync(fetcher, () => 'secret');
    expect(await sync.attempt({ puzzle: 'gone', moves: [] })).toEqual({ kind: 'local' });
    expect(await sync.attempt({ puzzle: 'q1', moves: [] })).toEqual({ kind: 'queued' });
    expect(queuedAttempts()).toEqual([{ puzzle: 'q1', moves: [] }]);
  });

  it('reads the dashboard and the learned ratings, and nothing when offline', async () => {
    const dashboard = { rating: REPLY.player, history: [], themes: [], attempts: 0, solved: 0 };
    const online = fakeFetch((url) =>
      Response.json(url === '/api/puzzles/me' ? dashboard : { ratings: { q1: 1444 } }),
    );
    const sync = new PuzzleSync(online.fetcher, () => 'secret');
    expect(await sync.dashboard()).toEqual(dashboard);
    expect(await sync.ratings()).toEqual({ ratings: { q1: 1444 } });
    const offline = new PuzzleSync(
      fakeFetch(() => new TypeError('offline')).fetcher,
      () => 'secret',
    );
    expect(await offline.dashboard()).toBeUndefined();
    expect(await offline.ratings()).toBeUndefined();
    expect(await offline.found()).toBeUndefined();
  });
});

describe('the trainer with the server away', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('rates a first try on the device, keeps it to send later, and a retry moves nothing', async () => {
    const store = memoryStorage();
    vi.stubGlobal('location', { pathname: '/puzzles', search: '' });
    vi.stubGlobal('history', { pushState: () => undefined, replaceState: () => undefined });
    vi.stubGlobal('addEventListener', () => undefined);
    vi.stubGlobal('removeEventListener', () => undefined);
    // A one-move puzzle, alone in the set, so it is the one shown.
    const { puzzle } = captorPuzzle();
    const one: Puzzle = { ...puzzle, id: 'one', solution: puzzle.solution.slice(0, 1) };
    const oneLine = replayPuzzle({ ...one, goal: 'queen' });
    if (!oneLine.ok) throw new Error(oneLine.error.message);
    const set = [{ ...one, goal: 'queen' as const }];
    const offline = fakeFetch(() => new TypeError('offline'));
    const sync = new PuzzleSync(offline.fetcher, () => 'secret');
    const { Trainer } = await import('../src/puzzles/trainer.ts');
    const trainer = new Trainer(set, NO_ENGINE, () => 5_000, sync);
    trainer.start();
    const session = trainer.session.value!;
    session.play(oneLine.value.moves[0]!);
    expect(session.phase.value).toBe('solved');
    // The device's rating moved at once.
    const rated = trainer.record.value.rating.rating;
    expect(rated).toBeGreaterThan(1500);
    expect(trainer.change.value).toBeGreaterThan(0);
    // The server could not be reached: the try waits on the device, and the page says so.
    await vi.waitFor(() => expect(trainer.syncNote.value).toMatch(/^Kept on this device/));
    expect(queuedAttempts()).toEqual([{ puzzle: 'one', moves: one.solution }]);
    expect(JSON.parse(store.get('agon.puzzles.v1')!).played).toEqual(['one']);
    // The same puzzle again is practice: no rating change, nothing more to send.
    trainer.next();
    const again = trainer.session.value!;
    expect(again).not.toBe(session);
    again.play(oneLine.value.moves[0]!);
    expect(trainer.record.value.rating.rating).toBe(rated);
    expect(trainer.change.value).toBeUndefined();
    expect(queuedAttempts()).toHaveLength(1);
    trainer.stop();
  });
});
