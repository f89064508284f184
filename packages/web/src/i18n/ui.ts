// The app's own words: English in the first load, every other language fetched only when it
// is chosen, and the switch itself (catalog first, then the page's language).

import type { ParamsOf } from './catalog.ts';
import { en, type UiSource } from './en.ts';
import type { Language } from './language.ts';
import { language, Translations } from './translations.ts';

/** A key of the app's words. */
type UiKey = keyof UiSource & string;

/** Words to show later: put into the current language each time they are read. */
export type Phrase = () => string;

const ui = new Translations<UiSource>(en, {
  fi: () => import('./fi.ts').then((m) => m.fi),
  ru: () => import('./ru.ts').then((m) => m.ru),
  hi: () => import('./hi.ts').then((m) => m.hi),
});

/** The message `key` in the current language, placeholders filled from `params`. */
export function t<K extends UiKey>(key: K, ...params: ParamsOf<UiSource[K]>): string {
  return ui.t(key, ...params);
}

/** The message `key` as a phrase, put into words whenever it is shown. */
export function phrase<K extends UiKey>(key: K, ...params: ParamsOf<UiSource[K]>): Phrase {
  return () => ui.t(key, ...params);
}

let latest: Language | undefined;

// Text laid out before its web font has arrived can stay drawn in the fallback font, and no
// system font here can be relied on for Devanagari: Hindi waits for its font (style.css).
async function devanagari(): Promise<void> {
  if (typeof document === 'undefined' || !document.fonts) return;
  await document.fonts.load('1em "Agon Devanagari"', 'हिन्दी').catch(() => undefined);
}

/**
 * Switches the app to `lang` once its words are here, and tells the page (`<html lang>`).
 * Of quick successive switches, the last one chosen wins whatever order the catalogs arrive in.
 */
export async function setLanguage(lang: Language): Promise<void> {
  latest = lang;
  await Promise.all([ui.load(lang), lang === 'hi' ? devanagari() : undefined]);
  if (latest !== lang) return;
  language.value = lang;
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}
