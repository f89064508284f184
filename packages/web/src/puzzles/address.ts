// The puzzle page's addresses: `/puzzles` (the next puzzle for the player, `?theme=` for one
// theme), `/puzzles/<id>` (one puzzle, to share), `/puzzles/daily` and `/puzzles/streak`.

import { PUZZLE_THEMES, type PuzzleTheme } from '@agon/engine';
import { PUZZLE_PATH } from '../lib/puzzle-link.ts';

/** What a puzzle address asks for. */
export type PuzzleAddress =
  | { readonly mode: 'rated'; readonly id?: string | undefined; readonly theme?: PuzzleTheme }
  | { readonly mode: 'daily' }
  | { readonly mode: 'streak' };

/** The puzzle page an address shows, or undefined when it is not one. */
export function puzzleAddress(url: {
  readonly pathname: string;
  readonly search: string;
}): PuzzleAddress | undefined {
  const match = PUZZLE_PATH.exec(url.pathname);
  if (!match) return undefined;
  const name = match[1];
  if (name === 'daily' || name === 'streak') return { mode: name };
  const theme = new URLSearchParams(url.search).get('theme');
  const known = PUZZLE_THEMES.find((t) => t === theme);
  return { mode: 'rated', id: name, ...(known && { theme: known }) };
}

/** The path of an address. */
export function puzzlePath(address: PuzzleAddress): string {
  if (address.mode !== 'rated') return `/puzzles/${address.mode}`;
  const path = address.id ? `/puzzles/${address.id}` : '/puzzles';
  return address.theme ? `${path}?theme=${address.theme}` : path;
}
