// The puzzle set, fetched by the puzzle page alone: it is a file of the build of its own (so
// the service worker stores it with the rest of the app, for offline use), never part of the
// app's first load. Read through the engine, which replays every line through the rules.

import { type Puzzle, parsePuzzleSet } from '@agon/engine';

const SET_URL = new URL('./puzzles.json', import.meta.url).href;

let loading: Promise<readonly Puzzle[]> | undefined;

/** The set's puzzles, fetched once per visit; rejects when the set cannot be read. */
export function loadPuzzles(): Promise<readonly Puzzle[]> {
  loading ??= fetch(SET_URL)
    .then((response) => {
      if (!response.ok) throw new Error(`the puzzle set: HTTP ${response.status}`);
      return response.text();
    })
    .then((text) => {
      const set = parsePuzzleSet(text);
      if (!set.ok) throw new Error(set.error.message);
      return set.value.puzzles;
    });
  // A failure is not kept: the next visit tries again.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
