// The puzzle page's words: English with the page's code, the other languages fetched when the
// page is shown in them.

import type { ParamsOf } from '../i18n/catalog.ts';
import { Translations } from '../i18n/translations.ts';
import { en, type PuzzleSource } from './text/en.ts';

/** A key of the puzzle page's words. */
type PuzzleKey = keyof PuzzleSource & string;

/** The puzzle page's words in every language. */
export const puzzleText = new Translations<PuzzleSource>(en, {
  fi: () => import('./text/fi.ts').then((m) => m.fi),
  ru: () => import('./text/ru.ts').then((m) => m.ru),
  hi: () => import('./text/hi.ts').then((m) => m.hi),
});

/** A message of the puzzle page in the current language. */
export function pt<K extends PuzzleKey>(key: K, ...params: ParamsOf<PuzzleSource[K]>): string {
  return puzzleText.t(key, ...params);
}
