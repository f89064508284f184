// The puzzle routes (docs/puzzle-server.md): a player's rated attempt, their dashboard and the
// next puzzle for them, all by the lobby identity's token (Authorization: Bearer); the learned
// ratings and the puzzles found in people's games for anyone, cacheable a few seconds.

import { judgeAttempt, type Puzzle, type PuzzleTheme, replayPuzzle } from '@agon/engine';
import {
  type PuzzleAttemptReply,
  type PuzzleDashboard,
  type PuzzleHistoryPoint,
  type PuzzleNext,
  type PuzzleRatings,
  type PuzzleThemeRecord,
  parsePuzzleAttempt,
  parsePuzzleThemes,
  START_RATING,
} from '@agon/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refusal } from '../common/http-errors.ts';
import { type Allowance, limiter } from '../common/rate-limit.ts';
import { bearer } from '../player/auth.ts';
import type { NetworkKey } from '../player/networks.ts';
import { NEWCOMER_MS, type Player, type PlayerStore } from '../player/players.ts';
import { current, weight } from '../player/ratings.ts';
import type { PuzzleCatalog } from './catalog.ts';
import { puzzleStart } from './rating.ts';
import type { PuzzlePlayer, PuzzleStore } from './store.ts';

/** Attempts one player may send a minute: a fast storm (a puzzle every 2 s) stays under it. */
export const ATTEMPTS_PER_MINUTE = 40;
/** The most points of the rating history the dashboard shows, the latest. */
const HISTORY_POINTS = 200;
/**
 * The rating's history as the dashboard draws it, the latest HISTORY_POINTS: from where it
 * started (every solver starts at START_RATING), then the rating after each counted attempt.
 */
function history(record: PuzzlePlayer): PuzzleHistoryPoint[] {
  const first = record.attempts[0];
  if (!first) return [];
  const after = record.attempts.map((a) => ({ at: a.at, rating: a.rating }));
  return [{ at: first.at, rating: START_RATING.rating }, ...after].slice(-HISTORY_POINTS);
}

/**
 * The first window around the player's rating the next puzzle is drawn from, ± points; it
 * doubles until a puzzle is in it.
 */
const NEXT_WINDOW = 100;
/** The largest an attempt's body may be: the longest line's moves fit with room to spare. */
const ATTEMPT_BYTES = 512;
/** How long the public answers may be kept by a cache, in seconds. */
const PUBLIC_MAX_AGE = 5;

/** What the puzzle routes work with. */
export interface PuzzleRoutes {
  readonly store: PuzzleStore;
  readonly players: PlayerStore;
  readonly catalog: PuzzleCatalog;
  /** Counts actions on every process together, for the limit on attempts. */
  readonly relay: Allowance;
  readonly now: () => number;
  /** The client's address, as the per-address limits see it. */
  readonly addressOf: (request: FastifyRequest) => string;
  /** The key of an address's network: a network moves a puzzle's rating once. */
  readonly network: NetworkKey;
}

/**
 * How much a player's attempt at `now` may move a puzzle's rating (docs/puzzle-server.md,
 * "Fair puzzle ratings"): nothing in the identity's first day, as the lobby counts an identity
 * made that day as its network's; then as much as its rated games count for its opponents
 * (ratings.ts, `weight`). Identities cost nothing to make, so a crowd of them must not carry
 * a puzzle's rating where it likes.
 */
const newcomerPart = (player: Player, now: number): number =>
  now - player.createdAt < NEWCOMER_MS
    ? 0
    : weight(Object.values(player.ratings).reduce((sum, r) => sum + r.games, 0));

/** The puzzle's rating now: learned if played online, else the set's. */
const ratingOf = (p: Puzzle, learned: ReadonlyMap<string, { rating: number }>): number =>
  learned.get(p.id)?.rating ?? p.rating;

/**
 * A puzzle near `target`: drawn from those within NEXT_WINDOW of it, the window doubled until
 * one is in it; undefined when there is none at all.
 */
export function nearest<T extends { readonly rating: number }>(
  candidates: readonly T[],
  target: number,
  random: () => number,
): T | undefined {
  if (candidates.length === 0) return undefined;
  for (let window = NEXT_WINDOW; ; window *= 2) {
    const near = candidates.filter((c) => Math.abs(c.rating - target) <= window);
    if (near.length > 0) return near[Math.floor(random() * near.length)];
  }
}

/** How the player does on each theme, weakest first: by success rate, then most attempts. */
function themeRecords(
  record: PuzzlePlayer,
  puzzle: (id: string) => Puzzle | undefined,
): PuzzleThemeRecord[] {
  const by = new Map<PuzzleTheme, { attempts: number; solved: number }>();
  for (const attempt of record.attempts) {
    for (const theme of puzzle(attempt.puzzle)?.themes ?? []) {
      const line = by.get(theme) ?? { attempts: 0, solved: 0 };
      line.attempts++;
      line.solved += Number(attempt.solved);
      by.set(theme, line);
    }
  }
  return [...by]
    .map(([theme, line]) => ({ theme, ...line }))
    .sort(
      (a, b) =>
        a.solved / a.attempts - b.solved / b.attempts ||
        b.attempts - a.attempts ||
        a.theme.localeCompare(b.theme),
    );
}

/** Adds the puzzle routes to `app`. */
export function registerPuzzles(app: FastifyInstance, routes: PuzzleRoutes): void {
  const { store, catalog, relay, now, addressOf, network } = routes;
  const me = bearer(routes.players);
  const allow = limiter(relay, now);

  app.post('/puzzles/attempts', { bodyLimit: ATTEMPT_BYTES }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const parsed = parsePuzzleAttempt(request.body ?? {});
    if (!parsed.ok) return reply.status(400).send({ error: parsed.error });
    const player = await me(request, reply);
    if (!player) return;
    const rate = { count: ATTEMPTS_PER_MINUTE, windowMs: 60_000 };
    if (!(await allow(reply, `puzzle:${player.id}`, rate, 'too many attempts; wait a minute'))) {
      return;
    }
    const puzzle = await catalog.puzzle(parsed.value.puzzle);
    if (!puzzle) {
      return reply.status(404).send(refusal('no-such-puzzle', 'there is no such puzzle'));
    }
    const line = replayPuzzle(puzzle);
    // Every puzzle served was replayed when it was read or found: this is the store's fault.
    if (!line.ok) throw new Error(line.error.message);
    const judged = judgeAttempt(line.value, parsed.value.moves);
    if (!judged.ok) {
      const code = judged.error.code === 'attempt-illegal' ? 'illegal-move' : 'bad-message';
      return reply.status(400).send(refusal(code, judged.error.message));
    }
    const at = now();
    const result = await store.attemptPuzzle({
      player: player.id,
      puzzle: puzzle.id,
      solved: judged.value,
      at,
      start: puzzleStart(puzzle.rating),
      weight: newcomerPart(player, at),
      networks: [
        network(addressOf(request)),
        ...(player.createdFrom === undefined ? [] : [player.createdFrom]),
      ],
    });
    return result satisfies PuzzleAttemptReply;
  });

  app.get('/puzzles/me', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const player = await me(request, reply);
    if (!player) return;
    const [record, found] = await Promise.all([store.puzzlePlayer(player.id), catalog.people()]);
    const { rating, rd, vol } = current({ ...record.rating, games: 0 }, now());
    const solved = record.attempts.filter((a) => a.solved).length;
    return {
      rating: { rating, rd, vol },
      history: history(record),
      themes: themeRecords(record, (id) => catalog.shipped.get(id) ?? found.get(id)),
      attempts: record.attempts.length,
      solved,
    } satisfies PuzzleDashboard;
  });

  app.get<{ Querystring: { themes?: unknown } }>('/puzzles/next', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const themes = parsePuzzleThemes(request.query.themes);
    if (!themes.ok) return reply.status(400).send({ error: themes.error });
    const player = await me(request, reply);
    if (!player) return;
    const [record, all, learned] = await Promise.all([
      store.puzzlePlayer(player.id),
      catalog.all(),
      catalog.ratings(),
    ]);
    const done = new Set(record.attempts.map((a) => a.puzzle));
    const wanted = themes.value;
    const candidates = all
      .filter((p) => !done.has(p.id))
      .filter((p) => wanted.length === 0 || p.themes.some((t) => wanted.includes(t)))
      .map((p) => ({ id: p.id, rating: ratingOf(p, learned) }));
    const target = current({ ...record.rating, games: 0 }, now()).rating;
    const next = nearest(candidates, target, Math.random);
    if (!next) {
      return reply
        .status(404)
        .send(refusal('no-such-puzzle', 'no puzzle of those themes is left to attempt'));
    }
    return { id: next.id, rating: Math.round(next.rating) } satisfies PuzzleNext;
  });

  app.get('/puzzles/ratings', async (_request, reply) => {
    reply.header('cache-control', `public, max-age=${PUBLIC_MAX_AGE}`);
    const learned = await catalog.ratings();
    const ratings: Record<string, number> = {};
    for (const [id, s] of learned) ratings[id] = Math.round(s.rating);
    return { ratings } satisfies PuzzleRatings;
  });

  app.get('/puzzles/found', async (_request, reply) => {
    reply.header('cache-control', `public, max-age=${PUBLIC_MAX_AGE}`);
    const found = await catalog.people();
    return { format: 'agon-puzzles', version: 1, puzzles: [...found.values()] } as const;
  });
}
