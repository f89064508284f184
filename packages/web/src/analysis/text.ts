// The analysis board's and the game review's words: English with the board's code, the other
// languages fetched when the board is shown in them.

import type { ParamsOf } from '../i18n/catalog.ts';
import { Translations } from '../i18n/translations.ts';
import { type AnalysisSource, en } from './text/en.ts';

/** The analysis board's words in every language. */
export const analysisText = new Translations<AnalysisSource>(en, {
  fi: () => import('./text/fi.ts').then((m) => m.fi),
  ru: () => import('./text/ru.ts').then((m) => m.ru),
  hi: () => import('./text/hi.ts').then((m) => m.hi),
});

/** A message of the analysis board in the current language. */
export function at<K extends keyof AnalysisSource & string>(
  key: K,
  ...params: ParamsOf<AnalysisSource[K]>
): string {
  return analysisText.t(key, ...params);
}
