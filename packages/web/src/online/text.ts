// The words of online play's pages (the lobby, the player pages, the game page): English with
// online play's code, the other languages fetched when these pages are shown in them.

import type { ParamsOf } from '../i18n/catalog.ts';
import { Translations } from '../i18n/translations.ts';
import { en, type OnlineSource } from './text/en.ts';

/** Online play's words in every language. */
export const onlineText = new Translations<OnlineSource>(en, {
  fi: () => import('./text/fi.ts').then((m) => m.fi),
  ru: () => import('./text/ru.ts').then((m) => m.ru),
  hi: () => import('./text/hi.ts').then((m) => m.hi),
});

/** A message of online play in the current language. */
export function ot<K extends keyof OnlineSource & string>(
  key: K,
  ...params: ParamsOf<OnlineSource[K]>
): string {
  return onlineText.t(key, ...params);
}
