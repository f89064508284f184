// Local storage, so the game survives a reload or a closed tab. Storage may be missing or
// full (private windows): then the app simply forgets.

const GAME_KEY = 'agon.game.v1';
const SETTINGS_KEY = 'agon.settings.v1';

/** The stored game: its setup and its AGN record. */
interface SavedGame {
  readonly setup: unknown;
  readonly agn: string;
}

function read(key: string): unknown {
  try {
    const text = localStorage.getItem(key);
    return text === null ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage unavailable or full: the game goes on unsaved.
  }
}

/** The stored game, if there is a readable one. */
export function loadGame(): SavedGame | undefined {
  const v = read(GAME_KEY) as Partial<SavedGame> | undefined;
  return v && typeof v.agn === 'string' ? { setup: v.setup, agn: v.agn } : undefined;
}

/** Stores the game. */
export function saveGame(game: SavedGame): void {
  write(GAME_KEY, game);
}

/** The stored settings (unchecked). */
export function loadSettings(): unknown {
  return read(SETTINGS_KEY);
}

/** Stores the settings. */
export function saveSettings(settings: unknown): void {
  write(SETTINGS_KEY, settings);
}

const REVIEWS_KEY = 'agon.reviews.v1';
/** How many game reviews are kept; the oldest goes first. */
const KEPT_REVIEWS = 20;

/** The stored review (unchecked) of the game written as `game`, if there is one. */
export function loadReview(game: string): unknown {
  const all = read(REVIEWS_KEY);
  return Array.isArray(all) ? all.find((entry) => entry?.[0] === game)?.[1] : undefined;
}

/** Stores the review of the game written as `game`, keeping the latest few. */
export function saveReview(game: string, review: unknown): void {
  const all = read(REVIEWS_KEY);
  const others = Array.isArray(all) ? all.filter((entry) => entry?.[0] !== game) : [];
  write(REVIEWS_KEY, [...others, [game, review]].slice(-KEPT_REVIEWS));
}

const ANALYSIS_KEY = 'agon.analysis.v1';

/** The game last sent to the analysis board (unchecked). */
export function loadAnalysis(): unknown {
  return read(ANALYSIS_KEY);
}

/** Keeps the game sent to the analysis board. */
export function saveAnalysis(game: unknown): void {
  write(ANALYSIS_KEY, game);
}
