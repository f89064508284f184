// What the device keeps of the player's puzzles, in local storage under a versioned key: the
// rating, the puzzles played (so the next is a new one) and the best streak. Whatever is there
// is read defensively: a value of the wrong shape is dropped, never trusted.

import { NEW_RATING, type Rating } from './rating.ts';

const KEY = 'agon.puzzles.v1';
/** The most puzzles remembered as played; the oldest are forgotten first. */
const KEPT = 5000;

/** The player's puzzle record on this device. */
export interface PuzzleRecord {
  readonly rating: Rating;
  /** The ids of the puzzles played, solved or not, oldest first. */
  readonly played: readonly string[];
  /** The ids of the puzzles solved without a mistake. */
  readonly solved: readonly string[];
  readonly bestStreak: number;
}

/** A player who has played no puzzle. */
export const EMPTY_RECORD: PuzzleRecord = {
  rating: NEW_RATING,
  played: [],
  solved: [],
  bestStreak: 0,
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

/** A stored record (unchecked data) as a record, with anything malformed replaced. */
export function readRecord(value: unknown): PuzzleRecord {
  if (typeof value !== 'object' || value === null) return EMPTY_RECORD;
  const v = value as Record<string, unknown>;
  return {
    rating: readRating(v.rating),
    played: ids(v.played),
    solved: ids(v.solved),
    bestStreak: finite(v.bestStreak, 0, 1e6) ? Math.floor(v.bestStreak) : 0,
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

/** The record after a rated puzzle: the new rating, and the puzzle played (solved or not). */
export function afterPuzzle(
  record: PuzzleRecord,
  id: string,
  rating: Rating,
  solved: boolean,
): PuzzleRecord {
  const add = (list: readonly string[]) => [...list.filter((x) => x !== id), id].slice(-KEPT);
  return {
    ...record,
    rating,
    played: add(record.played),
    solved: solved ? add(record.solved) : record.solved,
  };
}
