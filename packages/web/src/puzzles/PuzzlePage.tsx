// The puzzle page: the board, turned for the solver, as on the game page the hero; beside it
// (under it on a phone) the task, the moves, the status line, the actions, the player's puzzle
// rating, streak or storm clock, the choice of puzzles, and the typed move; the dashboard is a
// page of its own (Dashboard.tsx). What the page does (which puzzle is shown, the record, the
// address) is the trainer's; this only draws it.

import { type Puzzle, type PuzzleTheme, solverMoves } from '@agon/engine';
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
import type { PuzzleAddress } from './address.ts';
import { Dashboard } from './Dashboard.tsx';
import { DIFFICULTIES } from './picker.ts';
import { StormBar, StormCard } from './Storm.tsx';
import type { PuzzleSession } from './session.ts';
import type { PuzzleRecord } from './store.ts';
import { ThemeMenu } from './ThemeMenu.tsx';
import { pt } from './text.ts';
import { type Streak, Trainer } from './trainer.ts';

const spawn = (): Worker =>
  new Worker(new URL('../engine.worker.ts', import.meta.url), { type: 'module' });

/** The task in words: the side to move and the goal. */
function taskText(puzzle: Puzzle, session: PuzzleSession): string {
  const side = session.line.solver;
  if (puzzle.goal === 'win') {
    return pt(`task.win.${side}`, { count: solverMoves(puzzle.solution.length) });
  }
  return pt(`task.${puzzle.goal}.${side}`);
}

/** The puzzle page, over the loaded set. */
export function PuzzlePage({ puzzles }: { readonly puzzles: readonly Puzzle[] }) {
  const trainer = useMemo(() => new Trainer(puzzles, new EngineClient(spawn)), [puzzles]);
  useEffect(() => {
    trainer.start();
    return () => trainer.stop();
  }, [trainer]);

  const current = trainer.session.value;
  const shownAddress = trainer.address.value;
  const mode = shownAddress.mode;
  const themes = shownAddress.mode === 'rated' ? shownAddress.themes : undefined;
  const modes = (
    <div class="puzzle-modes">
      <Segmented
        legend={pt('mode.label')}
        name="puzzle-mode"
        value={mode}
        choices={[
          { value: 'rated', label: pt('mode.rated') },
          { value: 'daily', label: pt('mode.daily') },
          { value: 'streak', label: pt('mode.streak') },
          { value: 'storm', label: pt('mode.storm') },
        ]}
        choose={(m) => trainer.go(m === 'rated' ? { mode: 'rated', themes } : { mode: m })}
      />
    </div>
  );
  if (mode === 'dashboard') {
    return (
      <main class="puzzle-dashboard" data-testid="puzzles">
        {modes}
        <Dashboard trainer={trainer} />
      </main>
    );
  }
  const storming = mode === 'storm' && trainer.storm.value?.over === false;
  return (
    <main
      class={`game-page puzzle-page${mode === 'storm' ? ' storm-page' : ''}`}
      data-testid="puzzles"
    >
      {modes}
      {mode === 'storm' && !storming ? (
        <StormCard trainer={trainer} />
      ) : current ? (
        <Solving
          key={trainer.shown.value}
          session={current}
          mode={mode}
          next={() => trainer.next()}
          notice={trainer.notice.value}
        />
      ) : (
        <p class="puzzle-none" data-testid="puzzle-status">
          {pt('failed')}
        </p>
      )}
      {mode === 'storm' ? (
        <StormBar trainer={trainer} />
      ) : (
        <Score
          mode={mode}
          record={trainer.record.value}
          change={trainer.change.value}
          streak={trainer.streak.value}
          finished={current?.result.value !== undefined}
          online={trainer.online}
          note={trainer.syncNote.value}
          dashboard={() => trainer.go({ mode: 'dashboard' })}
        />
      )}
      {mode === 'rated' && <Filters trainer={trainer} themes={themes ?? []} puzzles={puzzles} />}
    </main>
  );
}

/** What the solved (or shown) puzzle teaches: a sentence for each of its themes. */
function About({ puzzle }: { readonly puzzle: Puzzle }) {
  const themes = puzzle.themes.filter((x) => !x.startsWith('win-in-'));
  if (themes.length === 0) return null;
  return (
    <section class="puzzle-about" aria-labelledby="about-title" data-testid="puzzle-about">
      <h3 id="about-title">{pt('about.title')}</h3>
      <ul>
        {themes.map((x) => (
          <li key={x}>
            <strong>{pt(`theme.${x}`)}.</strong>{' '}
            {pt(`about.${x as Exclude<typeof x, `win-in-${number}`>}`)}
          </li>
        ))}
      </ul>
    </section>
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
  const storm = mode === 'storm';
  return (
    <>
      <div class="puzzle-task" data-testid="puzzle-task">
        <Token colour={session.line.solver} />
        <div>
          <h2>{taskText(puzzle, session)}</h2>
          <p class="puzzle-meta">
            {mode === 'daily' ? pt('daily') : pt('puzzle', { id: puzzle.id })}
            {over && !storm && ` · ${pt('puzzleRating', { rating: puzzle.rating })}`}
            {puzzle.source === 'people' && ` · ${pt('people')}`}
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
        {!storm && (phase === 'solved' || (solution && ply === puzzle.solution.length)) && (
          <About puzzle={puzzle} />
        )}
      </section>
      <div class="status-area">
        {notice && <p class="game-kind">{notice}</p>}
        <Status text={session.status.value()} testId="puzzle-status" />
      </div>
      {!storm && (
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
      )}
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
  online,
  note,
  dashboard,
}: {
  readonly mode: PuzzleAddress['mode'];
  readonly record: PuzzleRecord;
  readonly change: number | undefined;
  readonly streak: Streak;
  readonly finished: boolean;
  readonly online: boolean;
  readonly note: string | undefined;
  readonly dashboard: () => void;
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
      <p class="score-note score-foot">
        <span>{online ? pt('sync.online') : pt('sync.local')}</span>
        <button type="button" class="link" onClick={dashboard} data-testid="dashboard-link">
          {pt('dashboard.link')}
        </button>
      </p>
      {note && (
        <p class="score-note" data-testid="sync-note">
          {note}
        </p>
      )}
      {mode === 'daily' && <p class="score-note">{pt('daily.note')}</p>}
    </div>
  );
}

/** The choice of themes and difficulty for the next rated puzzle. */
function Filters({
  trainer,
  themes,
  puzzles,
}: {
  readonly trainer: Trainer;
  readonly themes: readonly PuzzleTheme[];
  readonly puzzles: readonly Puzzle[];
}) {
  return (
    <div class="puzzle-filters">
      <ThemeMenu chosen={themes} puzzles={puzzles} choose={(to) => trainer.chooseThemes(to)} />
      <Segmented
        legend={pt('filter.difficulty')}
        name="puzzle-difficulty"
        value={trainer.difficulty.value}
        choices={DIFFICULTIES.map((d) => ({ value: d, label: pt(`difficulty.${d}`) }))}
        choose={(d) => trainer.chooseDifficulty(d)}
      />
    </div>
  );
}
