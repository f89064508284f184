// The player's preferences, kept apart from any game: what they are, how stored ones are read
// back, and the one copy the whole page reads (the game, online play, the tutorial and the top
// bar alike).

import { NOTICE_KINDS, type NoticeKind } from '@agon/protocol';
import { effect, signal } from '@preact/signals';
import { isLanguage, type Language } from '../i18n/language.ts';
import { loadSettings, saveSettings } from './storage.ts';

/**
 * The colour themes: the device's own choice, light, dark, and a high-contrast one safe for
 * colour-blind eyes.
 */
export type Theme = 'system' | 'light' | 'dark' | 'contrast';

/** Every theme, in the order the settings menu lists them. */
export const THEMES: readonly Theme[] = ['system', 'light', 'dark', 'contrast'];

/** Preferences that survive new games. */
export interface Settings {
  readonly sound: boolean;
  readonly theme: Theme;
  readonly coordinates: boolean;
  /** A move may be queued while the opponent thinks, played when the turn comes. */
  readonly premove: boolean;
  /** The language chosen in the switcher; undefined follows the browser's languages. */
  readonly language: Language | undefined;
  /** The player has finished a game or the tutorial: the newcomer's goal line goes. */
  readonly introDone: boolean;
  /** Quick messages in online games: off, none are shown and none can be sent. */
  readonly quickMessages: boolean;
  /** The kinds of notice this device does not want (docs/online.md, "Notifications"). */
  readonly noticesOff: readonly NoticeKind[];
  /** The player answered "Not now" to being told: the game page asks no more. */
  readonly pushDeclined: boolean;
}

const media = (query: string): boolean =>
  typeof matchMedia === 'function' && matchMedia(query).matches;

/** Defaults: sound on, the device's theme, no coordinates, premoves and quick messages on. */
function defaultSettings(): Settings {
  return {
    sound: true,
    theme: 'system',
    coordinates: false,
    premove: true,
    language: undefined,
    introDone: false,
    quickMessages: true,
    noticesOff: [],
    pushDeclined: false,
  };
}

/** The palette a theme shows now: `system` follows the device's contrast and colour scheme. */
function resolveTheme(theme: Theme): Exclude<Theme, 'system'> {
  if (theme !== 'system') return theme;
  if (media('(prefers-contrast: more)')) return 'contrast';
  return media('(prefers-color-scheme: dark)') ? 'dark' : 'light';
}

/**
 * Keeps the page's palette (`data-theme` on the root) on the chosen theme, following the
 * device while the choice is `system`; returns a function that stops.
 */
export function watchTheme(root: HTMLElement): () => void {
  const apply = (): void => {
    root.dataset.theme = resolveTheme(preferences.value.theme);
  };
  const queries = ['(prefers-contrast: more)', '(prefers-color-scheme: dark)']
    .filter(() => typeof matchMedia === 'function')
    .map((q) => matchMedia(q));
  for (const q of queries) q.addEventListener('change', apply);
  const stop = effect(apply);
  return () => {
    stop();
    for (const q of queries) q.removeEventListener('change', apply);
  };
}

/** Reads stored settings back, falling back to the defaults field by field. */
export function readSettings(value: unknown): Settings {
  const d = defaultSettings();
  const v = (typeof value === 'object' && value ? value : {}) as Partial<Record<string, unknown>>;
  return {
    sound: typeof v.sound === 'boolean' ? v.sound : d.sound,
    theme: THEMES.includes(v.theme as Theme) ? (v.theme as Theme) : d.theme,
    coordinates: typeof v.coordinates === 'boolean' ? v.coordinates : d.coordinates,
    premove: typeof v.premove === 'boolean' ? v.premove : d.premove,
    language: isLanguage(v.language) ? v.language : undefined,
    introDone: v.introDone === true,
    quickMessages: typeof v.quickMessages === 'boolean' ? v.quickMessages : d.quickMessages,
    noticesOff: NOTICE_KINDS.filter((k) => Array.isArray(v.noticesOff) && v.noticesOff.includes(k)),
    pushDeclined: v.pushDeclined === true,
  };
}

/** The player's preferences, read once from storage: one copy for the whole page. */
export const preferences = signal<Settings>(readSettings(loadSettings()));

/** Changes the player's preferences and stores them. */
export function updatePreferences(change: Partial<Settings>): void {
  preferences.value = { ...preferences.value, ...change };
  saveSettings(preferences.value);
}
