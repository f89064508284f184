// The puzzle page's addresses: `/puzzles` (the next puzzle for the player, `?themes=a,b` for
// some themes; `?theme=a`, the older form, is read too), `/puzzles/<id>` (one puzzle, to
// share), `/puzzles/daily`, `/puzzles/streak`, `/puzzles/storm` and `/puzzles/dashboard`.

import { PUZZLE_THEMES, type PuzzleTheme } from '@agon/engine';
import { PUZZLE_PATH } from '../lib/puzzle-link.ts';

/** What a puzzle address asks for. */
export type PuzzleAddress =
  | {
      readonly mode: 'rated';
      readonly id?: string | undefined;
      /** Only puzzles of one of these themes, when there are any. */
      readonly themes?: readonly PuzzleTheme[];
    }
  | { readonly mode: 'daily' }
  | { readonly mode: 'streak' }
  | { readonly mode: 'storm' }
  | { readonly mode: 'dashboard' };

/** The page's modes other than rated, each at `/puzzles/<mode>`. */
const NAMED = ['daily', 'streak', 'storm', 'dashboard'] as const;

/** The known themes of a comma-separated list, in PUZZLE_THEMES order, each once. */
export function readThemes(text: string | null): PuzzleTheme[] {
  const named = new Set((text ?? '').split(','));
  return PUZZLE_THEMES.filter((t) => named.has(t));
}

/** The puzzle page an address shows, or undefined when it is not one. */
export function puzzleAddress(url: {
  readonly pathname: string;
  readonly search: string;
}): PuzzleAddress | undefined {
  const match = PUZZLE_PATH.exec(url.pathname);
  if (!match) return undefined;
  const name = match[1];
  const mode = NAMED.find((m) => m === name);
  if (mode) return { mode };
  const query = new URLSearchParams(url.search);
  const themes = readThemes(query.get('themes') ?? query.get('theme'));
  return { mode: 'rated', id: name, ...(themes.length && { themes }) };
}

/** The path of an address. */
export function puzzlePath(address: PuzzleAddress): string {
  if (address.mode !== 'rated') return `/puzzles/${address.mode}`;
  const path = address.id ? `/puzzles/${address.id}` : '/puzzles';
  return address.themes?.length ? `${path}?themes=${address.themes.join(',')}` : path;
}
