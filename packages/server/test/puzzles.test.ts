// Puzzle ratings that learn, on SQLite and on PostgreSQL: a player's first attempt at a puzzle
// moves both ratings by Glicko-2 (checked against the paper's formulas, worked out here
// independently of the server's library), a retry changes nothing, attempts at once lose no
// update, and bad requests, unknown ids, missing tokens and floods are refused with a code.

import type { Puzzle } from '@agon/engine';
import {
  type Identity,
  type PuzzleAttemptReply,
  type PuzzleDashboard,
  type PuzzleNext,
  type PuzzleRatings,
  type Rating,
  START_RATING,
} from '@agon/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresStore } from '../src/postgres-store.ts';
import { shippedSet } from '../src/puzzles/catalog.ts';
import { PUZZLE_START_RD } from '../src/puzzles/rating.ts';
import { ATTEMPTS_PER_MINUTE, nearest } from '../src/puzzles/routes.ts';
import { buildServer, type ServerOptions } from '../src/server.ts';
import { SqliteStore } from '../src/sqlite-store.ts';
import { dataFolder, fakeApp, remove } from './harness.ts';
import { skipWithout, startPostgres, type TestDatabase } from './postgres.ts';

/** Glicko-2 as Glickman's paper gives it: one rating period, one game, score 1 or 0. */
function glicko2(me: Rating, them: Rating, score: number): Rating {
  const SCALE = 173.7178;
  const TAU = 0.75;
  const mu = (me.rating - 1500) / SCALE;
  const phi = me.rd / SCALE;
  const muJ = (them.rating - 1500) / SCALE;
  const phiJ = them.rd / SCALE;
  const g = 1 / Math.sqrt(1 + (3 * phiJ * phiJ) / (Math.PI * Math.PI));
  const e = 1 / (1 + Math.exp(-g * (mu - muJ)));
  const v = 1 / (g * g * e * (1 - e));
  const delta = v * g * (score - e);
  const a = Math.log(me.vol * me.vol);
  const f = (x: number): number =>
    (Math.exp(x) * (delta * delta - phi * phi - v - Math.exp(x))) /
      (2 * (phi * phi + v + Math.exp(x)) ** 2) -
    (x - a) / (TAU * TAU);
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * TAU) < 0) k++;
    B = a - k * TAU;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > 1e-6) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA /= 2;
    B = C;
    fB = fC;
  }
  const vol = Math.exp(A / 2);
  const phiStar = Math.sqrt(phi * phi + vol * vol);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * g * (score - e);
  return { rating: SCALE * muNew + 1500, rd: SCALE * phiNew, vol };
}

/** Both sides of one attempt by the paper: a solve is the player's win and the puzzle's loss. */
const byPaper = (player: Rating, puzzle: Rating, solved: boolean) => ({
  player: glicko2(player, puzzle, solved ? 1 : 0),
  puzzle: glicko2(puzzle, player, solved ? 0 : 1),
});

const set = shippedSet();
/** The set's puzzles, a different one for each use, never by a fixed id. */
let next = 0;
const fresh = (): Puzzle => set[next++ % set.length]!;
const startOf = (p: Puzzle): Rating => ({ rating: p.rating, rd: PUZZLE_START_RD, vol: 0.06 });

function suite(name: string, store: () => Promise<NonNullable<ServerOptions['store']>>): void {
  describe(`puzzle ratings on ${name}`, () => {
    let app: FastifyInstance;
    let folder: string | undefined;

    beforeAll(async () => {
      app = await buildServer({
        webRoot: fakeApp(),
        store: await store(),
        limits: { playersPerMinute: 1000 },
      });
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      if (folder) remove(folder);
    });

    const newPlayer = async (): Promise<Identity> =>
      (await app.inject({ method: 'POST', url: '/api/players', payload: {} })).json();
    const attempt = (who: Identity | undefined, body: unknown) =>
      app.inject({
        method: 'POST',
        url: '/api/puzzles/attempts',
        headers: who ? { authorization: `Bearer ${who.token}` } : {},
        payload: body as Record<string, unknown>,
      });
    const get = (who: Identity | undefined, url: string) =>
      app.inject({ url, headers: who ? { authorization: `Bearer ${who.token}` } : {} });

    it('moves a solver up and the puzzle down, a misser down and the puzzle up, by Glicko-2', async () => {
      const learned: Record<string, number> = {};
      for (const solved of [true, false]) {
        const me = await newPlayer();
        const puzzle = fresh();
        const answer = await attempt(me, { puzzle: puzzle.id, solved });
        expect(answer.statusCode).toBe(200);
        const reply = answer.json<PuzzleAttemptReply>();
        const expected = byPaper(START_RATING, startOf(puzzle), solved);
        expect(reply.counted).toBe(true);
        expect(reply.player.rating).toBeCloseTo(expected.player.rating, 3);
        expect(reply.player.rd).toBeCloseTo(expected.player.rd, 3);
        expect(reply.player.vol).toBeCloseTo(expected.player.vol, 5);
        expect(reply.puzzle).toMatchObject({ id: puzzle.id, attempts: 1, solved: Number(solved) });
        expect(reply.puzzle.rating).toBeCloseTo(expected.puzzle.rating, 3);
        expect(reply.puzzle.rd).toBeCloseTo(expected.puzzle.rd, 3);
        if (solved) {
          expect(reply.player.rating).toBeGreaterThan(START_RATING.rating);
          expect(reply.puzzle.rating).toBeLessThan(puzzle.rating);
        } else {
          expect(reply.player.rating).toBeLessThan(START_RATING.rating);
          expect(reply.puzzle.rating).toBeGreaterThan(puzzle.rating);
        }
        // The dashboard shows the same rating, its history from the start, and the puzzle's
        // themes.
        const board = (await get(me, '/api/puzzles/me')).json<PuzzleDashboard>();
        expect(board.rating.rating).toBeCloseTo(reply.player.rating, 3);
        expect(board.history).toHaveLength(2);
        expect(board.history[0]!.rating).toBe(START_RATING.rating);
        expect(board.history[1]!.rating).toBeCloseTo(reply.player.rating, 3);
        expect(board).toMatchObject({ attempts: 1, solved: Number(solved) });
        expect(board.themes.map((t) => t.theme).sort()).toEqual([...puzzle.themes].sort());
        learned[puzzle.id] = Math.round(reply.puzzle.rating);
      }
      // The learned ratings for anyone, without a token, cacheable a few seconds.
      const ratings = await get(undefined, '/api/puzzles/ratings');
      expect(ratings.headers['cache-control']).toBe('public, max-age=5');
      expect(ratings.json<PuzzleRatings>().ratings).toEqual(learned);
    });

    it('counts a retry as practice: nothing changes', async () => {
      const me = await newPlayer();
      const puzzle = fresh();
      const first = (await attempt(me, { puzzle: puzzle.id, solved: false })).json();
      const again = await attempt(me, { puzzle: puzzle.id, solved: true });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ ...first, counted: false });
      const board = (await get(me, '/api/puzzles/me')).json<PuzzleDashboard>();
      expect(board).toMatchObject({ attempts: 1, solved: 0 });
      // The next puzzle offered is never one already attempted.
      const offered = (await get(me, '/api/puzzles/next')).json<PuzzleNext>();
      expect(offered.id).not.toBe(puzzle.id);
    });

    it("counts two players' attempts at one puzzle made at once, one after the other", async () => {
      const [a, b] = [await newPlayer(), await newPlayer()];
      const puzzle = fresh();
      const [ra, rb] = await Promise.all([
        attempt(a, { puzzle: puzzle.id, solved: true }),
        attempt(b, { puzzle: puzzle.id, solved: false }),
      ]);
      const replies = [ra.json<PuzzleAttemptReply>(), rb.json<PuzzleAttemptReply>()];
      expect(replies.every((r) => r.counted)).toBe(true);
      // Whichever came second saw the first's result: the puzzle's standing is one of the two
      // orders worked through by the paper, with both attempts in it.
      const start = startOf(puzzle);
      const aFirst = byPaper(byPaper(START_RATING, start, true).puzzle, START_RATING, true).player;
      const bFirst = byPaper(
        byPaper(START_RATING, start, false).puzzle,
        START_RATING,
        false,
      ).player;
      // (byPaper(p, q, s).player rates p against q: here the puzzle is the one rated.)
      const last = replies.find((r) => r.puzzle.attempts === 2)!;
      expect(last.puzzle.solved).toBe(1);
      const near = [aFirst, bFirst].filter((r) => Math.abs(r.rating - last.puzzle.rating) < 1e-3);
      expect(near).toHaveLength(1);
      // And one player trying twice at once counts once.
      const c = await newPlayer();
      const other = fresh();
      const both = await Promise.all([
        attempt(c, { puzzle: other.id, solved: true }),
        attempt(c, { puzzle: other.id, solved: true }),
      ]);
      expect(both.map((r) => r.json<PuzzleAttemptReply>().counted).sort()).toEqual([false, true]);
    });

    it('refuses an unknown id, a malformed body and a missing token with a code', async () => {
      const me = await newPlayer();
      expect(await attempt(me, { puzzle: 'zzzzzzzzzzzzzzzz', solved: true })).toMatchObject({
        statusCode: 404,
      });
      expect((await attempt(me, { puzzle: 'zzzzzzzzzzzzzzzz', solved: true })).json()).toEqual({
        error: { code: 'no-such-puzzle', message: expect.any(String) },
      });
      for (const body of [{ puzzle: fresh().id }, { puzzle: 7, solved: true }, []]) {
        const answer = await attempt(me, body);
        expect(answer.statusCode).toBe(400);
        expect(answer.json().error.code).toBe('bad-message');
      }
      const broken = await app.inject({
        method: 'POST',
        url: '/api/puzzles/attempts',
        headers: { authorization: `Bearer ${me.token}`, 'content-type': 'application/json' },
        payload: '{"puzzle": ',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().error.code).toBe('bad-message');
      const huge = await attempt(me, { puzzle: fresh().id, solved: true, pad: 'x'.repeat(5000) });
      expect(huge.statusCode).toBe(413);
      for (const answer of [
        await attempt(undefined, { puzzle: fresh().id, solved: true }),
        await attempt({ ...me, token: 'not-a-token' }, { puzzle: fresh().id, solved: true }),
        await get(undefined, '/api/puzzles/me'),
        await get(undefined, '/api/puzzles/next'),
      ]) {
        expect(answer.statusCode).toBe(401);
        expect(answer.json().error.code).toBe('unknown-player');
      }
      const themes = await get(me, '/api/puzzles/next?themes=capture,nonsense');
      expect(themes.statusCode).toBe(400);
      expect(themes.json().error.code).toBe('bad-message');
    });

    it('offers a puzzle of the themes asked, near the player rating, and stays up under a flood', async () => {
      const me = await newPlayer();
      const theme = set[0]!.themes[0]!;
      const offered = await get(me, `/api/puzzles/next?themes=${theme}`);
      expect(offered.statusCode).toBe(200);
      const id = offered.json<PuzzleNext>().id;
      expect(set.find((p) => p.id === id)?.themes).toContain(theme);
      // A flood of attempts from one player: ATTEMPTS_PER_MINUTE a minute are taken (twice
      // that if the flood spans the turn of a minute), the rest refused, and the server
      // answers as before.
      const flood = await Promise.all(
        Array.from({ length: 3 * ATTEMPTS_PER_MINUTE }, () =>
          attempt(me, { puzzle: fresh().id, solved: Math.random() < 0.5 }),
        ),
      );
      const statuses = flood.map((r) => r.statusCode);
      const taken = statuses.filter((s) => s === 200).length;
      expect(taken).toBeGreaterThanOrEqual(ATTEMPTS_PER_MINUTE);
      expect(taken).toBeLessThanOrEqual(2 * ATTEMPTS_PER_MINUTE);
      expect(statuses.filter((s) => s === 429)).toHaveLength(flood.length - taken);
      expect(flood.find((r) => r.statusCode === 429)!.json().error.code).toBe('rate-limited');
      // Garbage from another: refused, one by one.
      const other = await newPlayer();
      const garbage = await Promise.all(
        Array.from({ length: 100 }, (_, i) => attempt(other, { puzzle: `x${i}`, solved: i })),
      );
      expect(garbage.every((r) => r.statusCode === 400)).toBe(true);
      expect((await app.inject('/healthz')).json()).toMatchObject({ ok: true });
      const board = (await get(me, '/api/puzzles/me')).json<PuzzleDashboard>();
      expect(board.attempts).toBe(taken);
      // A point for each attempt taken, after the starting rating's.
      expect(board.history).toHaveLength(taken + 1);
      const rates = board.themes.map((t) => t.solved / t.attempts);
      expect(rates).toEqual([...rates].sort((x, y) => x - y));
    }, 60_000);
  });
}

describe('the next puzzle', () => {
  it('is drawn from the nearest window around the rating that holds one', () => {
    const at = (...ratings: number[]) => ratings.map((rating) => ({ rating }));
    const draws = [0, 0.5, 0.999];
    for (const draw of draws) {
      expect(nearest(at(1000, 1450, 1620, 2500), 1500, () => draw)).toEqual({ rating: 1450 });
      // ±100 holds none, ±200 two: either, as drawn.
      expect(nearest(at(700, 1320, 1690, 2500), 1500, () => draw)!.rating).toBe(
        draw < 0.5 ? 1320 : 1690,
      );
      expect(nearest(at(900), 3000, () => draw)).toEqual({ rating: 900 });
    }
    expect(nearest([], 1500, Math.random)).toBeUndefined();
  });
});

let folder: string | undefined;
afterAll(() => {
  if (folder) remove(folder);
});
suite('SQLite', async () => {
  folder = dataFolder();
  return new SqliteStore(folder);
});

describe.skipIf(skipWithout('puzzle tests on PostgreSQL', ['postgres']))('on PostgreSQL', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startPostgres();
  }, 60_000);
  afterAll(() => db?.stop());
  suite('PostgreSQL', () => PostgresStore.open(db.url));
});
