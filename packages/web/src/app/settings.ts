// The player's preferences, kept apart from any game.

/** Preferences that survive new games. */
export interface Settings {
  readonly sound: boolean;
  readonly theme: 'light' | 'dark';
  readonly coordinates: boolean;
}

/** Defaults: sound on, the system's colour scheme, no coordinates. */
export function defaultSettings(): Settings {
  const dark =
    typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
  return { sound: true, theme: dark ? 'dark' : 'light', coordinates: false };
}

/** Reads stored settings back, falling back to the defaults field by field. */
export function readSettings(value: unknown): Settings {
  const d = defaultSettings();
  const v = (typeof value === 'object' && value ? value : {}) as Partial<Record<string, unknown>>;
  return {
    sound: typeof v.sound === 'boolean' ? v.sound : d.sound,
    theme: v.theme === 'dark' || v.theme === 'light' ? v.theme : d.theme,
    coordinates: typeof v.coordinates === 'boolean' ? v.coordinates : d.coordinates,
  };
}
