// The puzzle page: the board, turned for the solver, as on the game page the hero; beside it
// (under it on a phone) the task, the moves, the status line, the actions, the player's puzzle
// rating or streak, the choice of puzzles, and the typed move. Which puzzle comes next is the
// picker's; the solving is the session's.

import {
  PUZZLE_THEMES,
  type Puzzle,
  type PuzzleLine,
  type PuzzleTheme,
  readPuzzle,
  replayPuzzle,
  solverMoves,
} from '@agon/engine';
import { batch, signal, useSignal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import { t } from '../i18n/ui.ts';
import { BoardHost } from '../lib/BoardHost.tsx';
import { EngineClient } from '../lib/engine-client.ts';
import { MoveRows } from '../lib/MoveRows.tsx';
import { Token } from '../lib/PlayerCard.tsx';
import { MoveInput } from '../play/MoveInput.tsx';
import { Status } from '../play/Status.tsx';
import { Icon } from '../ui/Icon.tsx';
import { Segmented } from '../ui/Segmented.tsx';
import { type PuzzleAddress, puzzleAddress, puzzlePath } from './address.ts';
import {
  DIFFICULTIES,
  type Difficulty,
  dailyPuzzle,
  pickPuzzle,
  pickStreakPuzzle,
  utcDay,
} from './picker.ts';
import { ratePuzzle } from './rating.ts';
import { PuzzleSession } from './session.ts';
import { afterPuzzle, loadRecord, type PuzzleRecord, saveRecord } from './store.ts';
import { pt } from './text.ts';

const spawn = (): Worker =>
  new Worker(new URL('../engine.worker.ts', import.meta.url), { type: 'module' });

/** How far from their rating the player wants their puzzles; kept for the visit. */
const difficulty = signal<Difficulty>('normal');

/** A streak under way: how many solved, the puzzles it has shown, and whether it ended. */
interface Streak {
  readonly solved: number;
  readonly seen: ReadonlySet<string>;
  readonly over: boolean;
}

const NEW_STREAK: Streak = { solved: 0, seen: new Set(), over: false };

/** The task in words: the side to move and the goal. */
function taskText(puzzle: Puzzle, session: PuzzleSession): string {
  const side = session.line.solver;
  if (puzzle.goal === 'win') {
    return pt(`task.win.${side}`, { count: solverMoves(puzzle.solution.length) });
  }
  return pt(`task.${puzzle.goal}.${side}`);
}

/** The address of the page now. */
function here(): PuzzleAddress {
  return puzzleAddress(location) ?? { mode: 'rated' };
}

/** The puzzle page, over the loaded set. */
export function PuzzlePage({ puzzles }: { readonly puzzles: readonly Puzzle[] }) {
  const engine = useMemo(() => new EngineClient(spawn), []);
  const address = useSignal<PuzzleAddress>(here());
  const record = useSignal<PuzzleRecord>(loadRecord());
  const change = useSignal<number | undefined>(undefined);
  const streak = useSignal<Streak>(NEW_STREAK);
  const notice = useSignal<string | undefined>(undefined);
  const session = useSignal<PuzzleSession | undefined>(undefined);
  // Each puzzle shown gets a fresh board and panel, the same puzzle again too.
  const shown = useSignal(0);

  useEffect(() => {
    const moved = (): void => {
      address.value = here();
    };
    addEventListener('popstate', moved);
    return () => removeEventListener('popstate', moved);
  }, [address]);

  /** The result of a first try: the rating moves (once per puzzle), the streak goes on or ends. */
  const settled = (puzzle: Puzzle, mode: PuzzleAddress['mode'], solved: boolean): void => {
    if (mode === 'streak') {
      const now = streak.value;
      const best = Math.max(record.value.bestStreak, now.solved + (solved ? 1 : 0));
      batch(() => {
        streak.value = { ...now, solved: now.solved + (solved ? 1 : 0), over: !solved };
        record.value = { ...record.value, bestStreak: best };
      });
      saveRecord(record.value);
      return;
    }
    const before = record.value;
    const again = before.played.includes(puzzle.id);
    const rating = again ? before.rating : ratePuzzle(before.rating, puzzle.rating, solved);
    batch(() => {
      record.value = afterPuzzle(before, puzzle.id, rating, solved);
      change.value = again ? undefined : rating.rating - before.rating.rating;
    });
    saveRecord(record.value);
  };

  /** The puzzle the address asks for (or the picker's choice), and a notice when it is gone. */
  const choose = (
    to: PuzzleAddress,
    pool: readonly Puzzle[],
  ): { puzzle?: Puzzle | undefined; missing?: string } => {
    if (to.mode === 'daily') return { puzzle: dailyPuzzle(pool, utcDay(new Date())) };
    if (to.mode === 'streak') {
      const now = streak.value.over ? NEW_STREAK : streak.value;
      const puzzle = pickStreakPuzzle(pool, now.solved, now.seen);
      if (puzzle) streak.value = { ...now, seen: new Set([...now.seen, puzzle.id]) };
      return { puzzle };
    }
    const named = to.id ? pool.find((p) => p.id === to.id) : undefined;
    if (named) return { puzzle: named };
    const puzzle = pickPuzzle(pool, {
      rating: record.value.rating.rating,
      difficulty: difficulty.value,
      theme: to.theme,
      played: new Set(record.value.played),
    });
    return to.id ? { puzzle, missing: pt('unknown', { id: to.id }) } : { puzzle };
  };

  /** Sets up the puzzle the address asks for, or the picker's next one. */
  const open = (to: PuzzleAddress): void => {
    session.value?.stop();
    let pool = puzzles;
    for (;;) {
      const { puzzle, missing } = choose(to, pool);
      if (!puzzle) {
        session.value = undefined;
        return;
      }
      const read = readPuzzle(puzzle);
      const line = read.ok ? replayPuzzle(read.value) : read;
      if (line.ok) {
        show(to, puzzle, line.value, missing);
        return;
      }
      // A puzzle the rules refuse is left out, and another is chosen.
      pool = pool.filter((p) => p !== puzzle);
    }
  };

  /** Shows `chosen`, replayed as `line`, for the address `to`. */
  const show = (
    to: PuzzleAddress,
    chosen: Puzzle,
    line: PuzzleLine,
    missing: string | undefined,
  ): void => {
    const mode = to.mode;
    batch(() => {
      notice.value = missing;
      change.value = undefined;
      shown.value++;
      session.value = new PuzzleSession(line, engine, (solved) => settled(chosen, mode, solved));
    });
    // The address names the puzzle shown, so it can be shared or reloaded.
    if (mode === 'rated') {
      const path = puzzlePath({ mode, id: chosen.id, ...(to.theme && { theme: to.theme }) });
      if (path !== location.pathname + location.search) history.replaceState(null, '', path);
    }
  };

  const shownAddress = address.value;
  // A new address opens a new puzzle.
  useEffect(() => open(shownAddress), [shownAddress]);
  useEffect(() => () => session.value?.stop(), [session]);

  const go = (to: PuzzleAddress): void => {
    history.pushState(null, '', puzzlePath(to));
    address.value = to;
  };
  const next = (): void => {
    const now = address.value;
    // After the day's puzzle, the player's own puzzles follow.
    if (now.mode === 'daily') go({ mode: 'rated' });
    else open(now.mode === 'rated' ? { mode: 'rated', theme: now.theme } : now);
  };

  const current = session.value;
  const mode = shownAddress.mode;
  const theme = shownAddress.mode === 'rated' ? shownAddress.theme : undefined;
  return (
    <main class="game-page puzzle-page" data-testid="puzzles">
      <div class="puzzle-modes">
        <Segmented
          legend={pt('mode.label')}
          name="puzzle-mode"
          value={mode}
          choices={[
            { value: 'rated', label: pt('mode.rated') },
            { value: 'streak', label: pt('mode.streak') },
            { value: 'daily', label: pt('mode.daily') },
          ]}
          choose={(m) => go(m === 'rated' ? { mode: 'rated', theme } : { mode: m })}
        />
      </div>
      {current ? (
        <Solving
          key={shown.value}
          session={current}
          mode={mode}
          next={next}
          notice={notice.value}
        />
      ) : (
        <p class="puzzle-none" data-testid="puzzle-status">
          {pt('failed')}
        </p>
      )}
      <Score
        mode={mode}
        record={record.value}
        change={change.value}
        streak={streak.value}
        finished={current?.result.value !== undefined}
      />
      {mode === 'rated' && (
        <Filters
          theme={theme}
          choose={(picked) => go({ mode: 'rated', theme: picked })}
          difficultyChosen={() => next()}
        />
      )}
    </main>
  );
}

/** The board, the task, the moves, the status line and the actions of one puzzle. */
function Solving({
  session,
  mode,
  next,
  notice,
}: {
  readonly session: PuzzleSession;
  readonly mode: PuzzleAddress['mode'];
  readonly next: () => void;
  readonly notice: string | undefined;
}) {
  const puzzle = session.line.puzzle;
  const phase = session.phase.value;
  const solution = phase === 'solution';
  const over = session.result.value !== undefined;
  const ply = session.solutionPly.value;
  const streakOver = mode === 'streak' && session.result.value === false;
  return (
    <>
      <div class="puzzle-task" data-testid="puzzle-task">
        <Token colour={session.line.solver} />
        <div>
          <h2>{taskText(puzzle, session)}</h2>
          <p class="puzzle-meta">
            {mode === 'daily' ? pt('daily') : pt('puzzle', { id: puzzle.id })}
            {over && ` · ${pt('puzzleRating', { rating: puzzle.rating })}`}
          </p>
        </div>
      </div>
      <section class="board-area">
        <BoardHost
          config={() => session.boardConfig.value}
          events={{
            move: (from, to) => session.moveFromBoard(from, to),
            place: (to) => session.placeFromBoard(to),
            reject: (from, to) => session.rejectFromBoard(from, to),
          }}
          describedBy="board-help"
        />
        <p id="board-help" class="sr-only">
          {t('board.help')}
        </p>
      </section>
      <section class="moves" aria-label={pt('moves')}>
        <MoveRows
          moves={solution ? session.line.puzzle.solution : session.moves.value}
          firstTurn={session.line.solver === 'white' ? 0 : 1}
          current={solution ? ply : undefined}
          pick={solution ? (p) => session.showPly(p) : undefined}
          empty={pt('movesEmpty')}
        />
      </section>
      <div class="status-area">
        {notice && <p class="game-kind">{notice}</p>}
        <Status text={session.status.value()} testId="puzzle-status" />
      </div>
      <div class="actions">
        {phase === 'failed' && !streakOver && (
          <button
            type="button"
            class="action primary"
            onClick={() => session.retry()}
            data-testid="retry"
          >
            <Icon name="rematch" />
            <span class="label">{pt('retry')}</span>
          </button>
        )}
        {solution && (
          <>
            <button
              type="button"
              class="action"
              onClick={() => session.showPly(ply - 1)}
              disabled={ply === 0}
            >
              <Icon name="back" />
              <span class="label">{pt('solution.back')}</span>
            </button>
            <button
              type="button"
              class="action"
              onClick={() => session.showPly(ply + 1)}
              disabled={ply === puzzle.solution.length}
              data-testid="solution-forward"
            >
              <Icon name="forward" />
              <span class="label">{pt('solution.forward')}</span>
            </button>
          </>
        )}
        {!solution && phase !== 'solved' && (
          <button
            type="button"
            class="action"
            onClick={() => session.showSolution()}
            data-testid="see-solution"
          >
            <Icon name="analyse" />
            <span class="label">{pt('solution')}</span>
          </button>
        )}
        <button
          type="button"
          class={`action${phase === 'solved' || solution ? ' primary' : ''}`}
          onClick={next}
          data-testid="next-puzzle"
        >
          <Icon name={streakOver ? 'newGame' : 'last'} />
          <span class="label">{streakOver ? pt('streak.again') : pt('next')}</span>
        </button>
      </div>
      <MoveInput play={(text) => session.playTyped(text)} />
    </>
  );
}

/** The player's puzzle rating and its last change, or the streak and the best one. */
function Score({
  mode,
  record,
  change,
  streak,
  finished,
}: {
  readonly mode: PuzzleAddress['mode'];
  readonly record: PuzzleRecord;
  readonly change: number | undefined;
  readonly streak: Streak;
  readonly finished: boolean;
}) {
  if (mode === 'streak') {
    return (
      <div class="puzzle-score" data-testid="puzzle-streak">
        <p class="score-main">{pt('streak.count', { count: streak.solved })}</p>
        <p class="score-note">
          {streak.over && finished
            ? pt('streak.over', { count: streak.solved })
            : pt('streak.best', { count: record.bestStreak })}
        </p>
        <p class="score-note">{pt('streak.note')}</p>
      </div>
    );
  }
  const delta = change === undefined ? undefined : Math.round(change);
  return (
    <div class="puzzle-score">
      <p class="score-main">
        <span class="score-label">{pt('rating')}</span>
        <strong data-testid="puzzle-rating">{Math.round(record.rating.rating)}</strong>
        {delta !== undefined && (
          <span
            class={`score-change ${delta >= 0 ? 'up' : 'down'}`}
            title={pt('change')}
            data-testid="rating-change"
          >
            {delta >= 0 ? `+${delta}` : `−${-delta}`}
          </span>
        )}
      </p>
      {mode === 'daily' && <p class="score-note">{pt('daily.note')}</p>}
    </div>
  );
}

/** The choice of theme and difficulty for the next rated puzzle. */
function Filters({
  theme,
  choose,
  difficultyChosen,
}: {
  readonly theme: PuzzleTheme | undefined;
  readonly choose: (theme: PuzzleTheme | undefined) => void;
  readonly difficultyChosen: () => void;
}) {
  return (
    <div class="puzzle-filters">
      <label class="theme-field">
        <span class="field-label">{pt('filter.theme')}</span>
        <select
          value={theme ?? ''}
          onChange={(e) => {
            const value = e.currentTarget.value;
            choose(PUZZLE_THEMES.find((x) => x === value));
          }}
          data-testid="theme-filter"
        >
          <option value="">{pt('theme.any')}</option>
          {PUZZLE_THEMES.map((x) => (
            <option key={x} value={x}>
              {pt(`theme.${x}`)}
            </option>
          ))}
        </select>
      </label>
      <Segmented
        legend={pt('filter.difficulty')}
        name="puzzle-difficulty"
        value={difficulty.value}
        choices={DIFFICULTIES.map((d) => ({ value: d, label: pt(`difficulty.${d}`) }))}
        choose={(d) => {
          difficulty.value = d;
          difficultyChosen();
        }}
      />
    </div>
  );
}
