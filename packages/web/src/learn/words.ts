// The words of the rules page and the tutorial: English with this page's code, the other
// languages fetched when the page is shown in them.

import type { ParamsOf } from '../i18n/catalog.ts';
import { Translations } from '../i18n/translations.ts';
import { en, type LearnSource } from './text/en.ts';

/** A key of the rules and tutorial whose message has no placeholders. */
export type PlainLearnKey = {
  [K in keyof LearnSource]: ParamsOf<LearnSource[K]> extends [] ? K : never;
}[keyof LearnSource] &
  string;

/** The rules and tutorial words in every language. */
export const learnWords = new Translations<LearnSource>(en, {
  fi: () => import('./text/fi.ts').then((m) => m.fi),
  ru: () => import('./text/ru.ts').then((m) => m.ru),
  hi: () => import('./text/hi.ts').then((m) => m.hi),
});

/** A message of the rules or the tutorial in the current language. */
export function lt<K extends keyof LearnSource & string>(
  key: K,
  ...params: ParamsOf<LearnSource[K]>
): string {
  return learnWords.t(key, ...params);
}
