// The languages of the app, each named in itself, and the choice of one from the browser's.

/** A language the app speaks. */
export type Language = 'en' | 'fi' | 'ru' | 'hi';

/** Every language, in the order the switcher lists them, with its own name for itself. */
export const LANGUAGES: readonly { readonly code: Language; readonly name: string }[] = [
  { code: 'en', name: 'English' },
  { code: 'fi', name: 'Suomi' },
  { code: 'ru', name: 'Русский' },
  { code: 'hi', name: 'हिन्दी' },
];

/** Whether a value is one of the app's languages. */
export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((l) => l.code === value);
}

/** The first of the browser's preferred languages (`fi-FI`, `ru`, ...) that the app speaks. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}
