// Which puzzle comes next: one the player has not played, near their rating (or above or below
// it, as they choose), of the themes they chose; the streak's and the storm's puzzles, harder
// one by one; and the daily puzzle, the same for everyone on a UTC date.

import type { Puzzle, PuzzleTheme } from '@agon/engine';

/** How far from the player's rating the puzzles are. */
export const DIFFICULTIES = ['easier', 'normal', 'harder'] as const;

/** One of DIFFICULTIES. */
export type Difficulty = (typeof DIFFICULTIES)[number];

/** The rating aimed at for each difficulty, from the player's. */
const OFFSET: Readonly<Record<Difficulty, number>> = { easier: -300, normal: 0, harder: 300 };

/** The first window round the rating aimed at, and how much it widens each time it is empty. */
const WINDOW = 100;

/** What the next puzzle must be. */
interface Wish {
  readonly rating: number;
  readonly difficulty: Difficulty;
  /** Only puzzles with one of these themes, when there are any. */
  readonly themes?: readonly PuzzleTheme[] | undefined;
  /** Ids to skip (the puzzles played). */
  readonly played: ReadonlySet<string>;
}

/**
 * An unplayed puzzle within ±100 of the rating aimed at, the window widening by 100 until one
 * is found; picked at random (`random` in [0, 1)) among those in the window. When every puzzle
 * of the theme has been played, a played one comes again rather than none.
 */
export function pickPuzzle(
  puzzles: readonly Puzzle[],
  wish: Wish,
  random: () => number = Math.random,
): Puzzle | undefined {
  const wanted = wish.themes ?? [];
  const themed = wanted.length
    ? puzzles.filter((p) => p.themes.some((t) => wanted.includes(t)))
    : puzzles;
  const fresh = themed.filter((p) => !wish.played.has(p.id));
  return nearest(fresh.length ? fresh : themed, wish.rating + OFFSET[wish.difficulty], random);
}

function nearest(
  puzzles: readonly Puzzle[],
  target: number,
  random: () => number,
): Puzzle | undefined {
  if (puzzles.length === 0) return undefined;
  for (let window = WINDOW; ; window += WINDOW) {
    const near = puzzles.filter((p) => Math.abs(p.rating - target) <= window);
    if (near.length) return near[Math.floor(random() * near.length)];
  }
}

/** The rating a streak's puzzle number `n` (from 0) aims at: from easy, harder each time. */
export function streakRating(n: number): number {
  return 800 + 60 * n;
}

/** The streak's next puzzle: near its rating, not yet seen in this streak. */
export function pickStreakPuzzle(
  puzzles: readonly Puzzle[],
  n: number,
  seen: ReadonlySet<string>,
  random: () => number = Math.random,
): Puzzle | undefined {
  return pickPuzzle(
    puzzles,
    { rating: streakRating(n), difficulty: 'normal', played: seen },
    random,
  );
}

/** The rating a storm's next puzzle aims at, after `solved` puzzles solved in the run. */
export function stormRating(solved: number): number {
  return 600 + 40 * solved;
}

/**
 * The storm's next puzzle: near its rating (harder after each solve, the same after a miss),
 * not yet shown in this run.
 */
export function pickStormPuzzle(
  puzzles: readonly Puzzle[],
  solved: number,
  seen: ReadonlySet<string>,
  random: () => number = Math.random,
): Puzzle | undefined {
  return pickPuzzle(
    puzzles,
    { rating: stormRating(solved), difficulty: 'normal', played: seen },
    random,
  );
}

/** The UTC date of `now` as `YYYY-MM-DD`. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The daily puzzle of a UTC date: picked by a hash of the date among the puzzles of middling
 * difficulty (all, if there are none), so every device shows the same one that day.
 */
export function dailyPuzzle(puzzles: readonly Puzzle[], day: string): Puzzle | undefined {
  const middling = puzzles.filter((p) => p.rating >= 1200 && p.rating <= 2000);
  // By id, so the choice depends on the set's puzzles and not on the order it lists them in.
  const pool = [...(middling.length ? middling : puzzles)].sort((a, b) =>
    a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  if (pool.length === 0) return undefined;
  // FNV-1a: the same number for the same date on every device, spread over the days.
  let hash = 0x811c9dc5;
  for (let i = 0; i < day.length; i++) {
    hash = Math.imul(hash ^ day.charCodeAt(i), 0x01000193) >>> 0;
  }
  return pool[hash % pool.length];
}
