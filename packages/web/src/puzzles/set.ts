// The puzzle set, fetched by the puzzle page alone: it is a file of the build of its own (so
// the service worker stores it with the rest of the app, for offline use), never part of the
// app's first load. Reading it only lists the puzzles: replaying every line through the rules
// would take a phone's main thread a long moment, so each puzzle is checked in full by the
// engine (readPuzzle) when it is about to be shown.

import type { Puzzle } from '@agon/engine';

import SET_URL from '@agon/puzzles/puzzles.json?url';

let loading: Promise<readonly Puzzle[]> | undefined;

/** Whether a set's item has a puzzle's fields, enough to choose it by (unchecked by the rules). */
function listed(item: unknown): item is Puzzle {
  if (typeof item !== 'object' || item === null) return false;
  const p = item as Record<string, unknown>;
  return (
    typeof p.id === 'string' &&
    typeof p.apn === 'string' &&
    typeof p.goal === 'string' &&
    typeof p.rating === 'number' &&
    Number.isFinite(p.rating) &&
    Array.isArray(p.solution) &&
    Array.isArray(p.themes)
  );
}

/** The puzzles of a set's JSON text; throws when it is not a puzzle set. */
export function listPuzzles(text: string): readonly Puzzle[] {
  const data = JSON.parse(text) as { format?: unknown; version?: unknown; puzzles?: unknown };
  if (data?.format !== 'agon-puzzles' || data.version !== 1 || !Array.isArray(data.puzzles)) {
    throw new Error('not an agon-puzzles set of version 1');
  }
  return data.puzzles.filter(listed);
}

/** The set's puzzles, fetched once per visit; rejects when the set cannot be read. */
export function loadPuzzles(): Promise<readonly Puzzle[]> {
  loading ??= fetch(SET_URL)
    .then((response) => {
      if (!response.ok) throw new Error(`the puzzle set: HTTP ${response.status}`);
      return response.text();
    })
    .then(listPuzzles);
  // A failure is not kept: the next visit tries again.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
