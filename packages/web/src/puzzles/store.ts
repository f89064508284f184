// What the device keeps of the player's puzzles, in local storage under a versioned key: the
// rating and its history, the puzzles played (so the next is a new one), how each theme goes,
// and the best streak and storm. Whatever is there
// is read defensively: a value of the wrong shape is dropped, never trusted.

import type { PuzzleHistoryPoint, PuzzleThemeRecord } from '@agon/protocol';
import { NEW_RATING, type Rating } from './rating.ts';

const KEY = 'agon.puzzles.v1';
/** The most puzzles remembered as played; the oldest are forgotten first. */
const KEPT = 5000;
/** The most points of the rating's history kept (as the server keeps). */
const HISTORY = 200;

/** The player's puzzle record on this device. */
export interface PuzzleRecord {
  readonly rating: Rating;
  /** The ids of the puzzles played, solved or not, oldest first. */
  readonly played: readonly string[];
  /** The ids of the puzzles solved without a mistake. */
  readonly solved: readonly string[];
  readonly bestStreak: number;
  /** The rating after each rated puzzle, oldest first. */
  readonly history: readonly PuzzleHistoryPoint[];
  /** Rated first tries and solves, by theme. */
  readonly themes: Readonly<Record<string, { readonly attempts: number; readonly solved: number }>>;
  /** The best storm score. */
  readonly bestStorm: number;
}

/** A player who has played no puzzle. */
export const EMPTY_RECORD: PuzzleRecord = {
  rating: NEW_RATING,
  played: [],
  solved: [],
  bestStreak: 0,
  history: [],
  themes: {},
  bestStorm: 0,
};

const finite = (x: unknown, low: number, high: number): x is number =>
  typeof x === 'number' && Number.isFinite(x) && x >= low && x <= high;

function readRating(x: unknown): Rating {
  const r = (typeof x === 'object' && x !== null ? x : {}) as Record<string, unknown>;
  return finite(r.rating, 0, 5000) && finite(r.rd, 0, 500) && finite(r.vol, 0, 1)
    ? { rating: r.rating, rd: r.rd, vol: r.vol }
    : NEW_RATING;
}

const ids = (x: unknown): string[] =>
  Array.isArray(x) ? x.filter((id): id is string => typeof id === 'string').slice(-KEPT) : [];

function readHistory(x: unknown): PuzzleHistoryPoint[] {
  if (!Array.isArray(x)) return [];
  return x
    .filter(
      (p): p is PuzzleHistoryPoint =>
        typeof p === 'object' && p !== null && finite(p.at, 0, 1e15) && finite(p.rating, 0, 5000),
    )
    .map((p) => ({ at: p.at, rating: p.rating }))
    .slice(-HISTORY);
}

function readThemes(x: unknown): PuzzleRecord['themes'] {
  const out: Record<string, { attempts: number; solved: number }> = {};
  if (typeof x !== 'object' || x === null) return out;
  for (const [theme, v] of Object.entries(x as Record<string, unknown>)) {
    const r = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
    if (finite(r.attempts, 1, 1e9) && finite(r.solved, 0, r.attempts)) {
      out[theme] = { attempts: Math.floor(r.attempts), solved: Math.floor(r.solved) };
    }
  }
  return out;
}

/** A stored record (unchecked data) as a record, with anything malformed replaced. */
export function readRecord(value: unknown): PuzzleRecord {
  if (typeof value !== 'object' || value === null) return EMPTY_RECORD;
  const v = value as Record<string, unknown>;
  return {
    rating: readRating(v.rating),
    played: ids(v.played),
    solved: ids(v.solved),
    bestStreak: finite(v.bestStreak, 0, 1e6) ? Math.floor(v.bestStreak) : 0,
    history: readHistory(v.history),
    themes: readThemes(v.themes),
    bestStorm: finite(v.bestStorm, 0, 1e6) ? Math.floor(v.bestStorm) : 0,
  };
}

/** The record kept on this device. */
export function loadRecord(): PuzzleRecord {
  try {
    const text = localStorage.getItem(KEY);
    return text === null ? EMPTY_RECORD : readRecord(JSON.parse(text));
  } catch {
    return EMPTY_RECORD;
  }
}

/** Keeps the record on this device. */
export function saveRecord(record: PuzzleRecord): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(record));
  } catch {
    // Storage unavailable or full: the puzzles go on, unremembered.
  }
}

/**
 * The record after a rated puzzle's first try at `at`: the new rating and its point in the
 * history, the puzzle played (solved or not), and its themes' counts.
 */
export function afterPuzzle(
  record: PuzzleRecord,
  puzzle: { readonly id: string; readonly themes: readonly string[] },
  rating: Rating,
  solved: boolean,
  at: number = Date.now(),
): PuzzleRecord {
  const id = puzzle.id;
  const add = (list: readonly string[]) => [...list.filter((x) => x !== id), id].slice(-KEPT);
  const themes = { ...record.themes };
  for (const theme of puzzle.themes) {
    const was = themes[theme] ?? { attempts: 0, solved: 0 };
    themes[theme] = { attempts: was.attempts + 1, solved: was.solved + (solved ? 1 : 0) };
  }
  return {
    ...record,
    rating,
    played: add(record.played),
    solved: solved ? add(record.solved) : record.solved,
    // The history starts where the rating did, so that its chart shows the first change too.
    history: [
      ...(record.history.length > 0 ? record.history : [{ at, rating: record.rating.rating }]),
      { at, rating: rating.rating },
    ].slice(-HISTORY),
    themes,
  };
}

/**
 * Themes by success rate, weakest first (then the most tried first, then by name), as the
 * dashboard lists them.
 */
export function weakestFirst(themes: PuzzleRecord['themes']): PuzzleThemeRecord[] {
  return Object.entries(themes)
    .map(([theme, r]) => ({ theme, attempts: r.attempts, solved: r.solved }))
    .sort(
      (a, b) =>
        a.solved / a.attempts - b.solved / b.attempts ||
        b.attempts - a.attempts ||
        (a.theme < b.theme ? -1 : 1),
    );
}
