// The player's preferences, kept apart from any game: what they are, how stored ones are read
// back, and the one copy the whole page reads (the game, online play, the tutorial and the top
// bar alike).

import { signal } from '@preact/signals';
import { isLanguage, type Language } from '../i18n/language.ts';
import { loadSettings, saveSettings } from './storage.ts';

/** The colour themes: light, dark, and a high-contrast one safe for colour-blind eyes. */
export type Theme = 'light' | 'dark' | 'contrast';

/** Every theme, in the order the theme menu lists them. */
export const THEMES: readonly Theme[] = ['light', 'dark', 'contrast'];

/** Preferences that survive new games. */
export interface Settings {
  readonly sound: boolean;
  readonly theme: Theme;
  readonly coordinates: boolean;
  /** The language chosen in the switcher; undefined follows the browser's languages. */
  readonly language: Language | undefined;
  /** The player has finished a game or the tutorial: the newcomer's goal line goes. */
  readonly introDone: boolean;
}

const media = (query: string): boolean =>
  typeof matchMedia === 'function' && matchMedia(query).matches;

/** Defaults: sound on, the system's colour scheme and contrast, no coordinates. */
export function defaultSettings(): Settings {
  const theme: Theme = media('(prefers-contrast: more)')
    ? 'contrast'
    : media('(prefers-color-scheme: dark)')
      ? 'dark'
      : 'light';
  return { sound: true, theme, coordinates: false, language: undefined, introDone: false };
}

/** Reads stored settings back, falling back to the defaults field by field. */
export function readSettings(value: unknown): Settings {
  const d = defaultSettings();
  const v = (typeof value === 'object' && value ? value : {}) as Partial<Record<string, unknown>>;
  return {
    sound: typeof v.sound === 'boolean' ? v.sound : d.sound,
    theme: THEMES.includes(v.theme as Theme) ? (v.theme as Theme) : d.theme,
    coordinates: typeof v.coordinates === 'boolean' ? v.coordinates : d.coordinates,
    language: isLanguage(v.language) ? v.language : undefined,
    introDone: v.introDone === true,
  };
}

/** The player's preferences, read once from storage: one copy for the whole page. */
export const preferences = signal<Settings>(readSettings(loadSettings()));

/** Changes the player's preferences and stores them. */
export function updatePreferences(change: Partial<Settings>): void {
  preferences.value = { ...preferences.value, ...change };
  saveSettings(preferences.value);
}
