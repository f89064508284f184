// What the app's first load knows of the puzzle page: whether an address is one of its own
// (the page itself, and the reading of the address, load with it), and the link a finished
// game gives to practise what decided it.

import type { Outcome } from '@agon/engine';

/** The puzzle page's paths: `/puzzles`, and `/puzzles/<name>` (an id, `daily`, `streak`). */
export const PUZZLE_PATH = /^\/puzzles(?:\/([A-Za-z0-9]{1,16}))?\/?$/;

/** Whether `pathname` is the puzzle page's. */
export function isPuzzlePath(pathname: string): boolean {
  return PUZZLE_PATH.test(pathname);
}

/** Puzzles to practise what ended a game: a throne ring, or a side left without a move. */
export function practiseHref(outcome: Pick<Outcome, 'reason'>): string {
  return outcome.reason === 'throne-ring'
    ? '/puzzles?theme=throne-ring'
    : outcome.reason === 'no-moves'
      ? '/puzzles?theme=r12-trap'
      : '/puzzles';
}
