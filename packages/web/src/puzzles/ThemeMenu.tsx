// The choice of themes for the next rated puzzles: a button that says what is chosen and opens
// (in the app's menu pattern, ui/Menu.tsx) a group of check boxes, one per theme the set has,
// with how many puzzles it holds. Each box applies at once; Clear goes back to any theme.

import { PUZZLE_THEMES, type Puzzle, type PuzzleTheme } from '@agon/engine';
import { useMemo } from 'preact/hooks';
import { Menu } from '../ui/Menu.tsx';
import { pt } from './text.ts';

/** The theme menu: `chosen` (none: any theme), `choose` the new choice. */
export function ThemeMenu({
  chosen,
  puzzles,
  choose,
}: {
  readonly chosen: readonly PuzzleTheme[];
  readonly puzzles: readonly Puzzle[];
  readonly choose: (themes: readonly PuzzleTheme[]) => void;
}) {
  const counts = useMemo(() => {
    const out = new Map<PuzzleTheme, number>();
    for (const p of puzzles) for (const x of p.themes) out.set(x, (out.get(x) ?? 0) + 1);
    return out;
  }, [puzzles]);
  const shown = PUZZLE_THEMES.filter((x) => counts.has(x) || chosen.includes(x));
  const summary =
    chosen.length === 0
      ? pt('theme.any')
      : chosen.length === 1
        ? pt(`theme.${chosen[0]!}`)
        : pt('theme.count', { count: chosen.length });
  return (
    <div class="theme-field">
      <span class="field-label" id="theme-menu-label" aria-hidden="true">
        {pt('filter.theme')}
      </span>
      <Menu
        class="theme-menu"
        label={`${pt('filter.theme')}: ${summary}`}
        testId="theme-filter"
        button={
          <>
            <span class="theme-summary">{summary}</span>
            <svg class="chevron" viewBox="0 0 16 16" aria-hidden="true" width="16" height="16">
              <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" stroke-width="1.8" />
            </svg>
          </>
        }
      >
        {() => (
          <fieldset class="theme-options" data-testid="theme-options">
            <legend class="sr-only">{pt('filter.theme')}</legend>
            {shown.map((x) => (
              <label key={x} class="theme-option">
                <input
                  type="checkbox"
                  name="theme"
                  value={x}
                  checked={chosen.includes(x)}
                  onChange={(e) =>
                    choose(
                      e.currentTarget.checked
                        ? PUZZLE_THEMES.filter((y) => y === x || chosen.includes(y))
                        : chosen.filter((y) => y !== x),
                    )
                  }
                />
                <span class="theme-name">{pt(`theme.${x}`)}</span>
                <span class="theme-count">{counts.get(x) ?? 0}</span>
              </label>
            ))}
            <button
              type="button"
              class="theme-clear"
              disabled={chosen.length === 0}
              onClick={() => choose([])}
            >
              {pt('theme.clear')}
            </button>
          </fieldset>
        )}
      </Menu>
    </div>
  );
}
