// A storm: as many puzzles as the player can solve in three minutes, from easy to harder (each
// solve aims the next puzzle higher). A wrong move ends that puzzle, costs ten seconds and
// breaks the combo; the run ends when the time is gone. Unrated. Time is read from the clock
// given (Date.now in the page, a fake one in tests), so the run's arithmetic is all here.

/** How long a run lasts. */
export const STORM_MS = 3 * 60_000;
/** What a wrong move costs. */
export const STORM_PENALTY_MS = 10_000;

/** A storm run as it stands. */
export interface StormState {
  /** When the run started (the clock's milliseconds). */
  readonly startedAt: number;
  /** The time taken by wrong moves. */
  readonly penalty: number;
  /** Puzzles solved. */
  readonly score: number;
  /** Puzzles failed (a wrong move). */
  readonly misses: number;
  /** Solved in a row since the last miss. */
  readonly combo: number;
  readonly bestCombo: number;
  /** Whether the time has run out (or the puzzles have). */
  readonly over: boolean;
}

/** A run starting at `now`. */
export function startStorm(now: number): StormState {
  return { startedAt: now, penalty: 0, score: 0, misses: 0, combo: 0, bestCombo: 0, over: false };
}

/** The time left at `now`, in milliseconds (0 once it has run out). */
export function stormLeft(state: StormState, now: number): number {
  return Math.max(0, state.startedAt + STORM_MS - state.penalty - now);
}

/** The run after a puzzle's end at `now`: solved (score and combo up) or missed (time off). */
export function afterStormPuzzle(state: StormState, solved: boolean, now: number): StormState {
  if (state.over) return state;
  const next: StormState = solved
    ? {
        ...state,
        score: state.score + 1,
        combo: state.combo + 1,
        bestCombo: Math.max(state.bestCombo, state.combo + 1),
      }
    : { ...state, misses: state.misses + 1, combo: 0, penalty: state.penalty + STORM_PENALTY_MS };
  return tickStorm(next, now);
}

/** The run at `now`: over once no time is left. */
export function tickStorm(state: StormState, now: number): StormState {
  return !state.over && stormLeft(state, now) === 0 ? { ...state, over: true } : state;
}

/** Minutes and seconds, `2:05`, of a time left (rounded up, so 0:00 means gone). */
export function clockText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
