// The tutorial: short lessons on a real board. The learner makes the move each lesson asks
// for; an illegal move is refused with the rule that forbids it, a legal but wrong one with
// what the lesson wanted instead.

import { signal, useSignal } from '@preact/signals';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { BoardHost } from '../lib/BoardHost.tsx';
import { cellLabels } from '../lib/cell-labels.ts';
import { routeHref } from '../lib/route.ts';
import { updatePreferences } from '../lib/settings.ts';
import { LessonGame } from './lesson-game.ts';
import { LESSONS, type Lesson } from './lessons.ts';
import { lt } from './words.ts';

/** The lesson open now; kept while the player visits other pages. */
const current = signal(0);

/** Words to show, put into the current language whenever shown. */
type Words = () => string;

/**
 * Scrolls, when needed, so that the whole lesson board is in view as a lesson starts, with the
 * lesson's title and task above it too when the screen is tall enough for both (a phone).
 */
function showLesson(board: HTMLElement | null): void {
  const lesson = board?.closest('.lesson');
  if (!board || !lesson) return;
  const b = board.getBoundingClientRect();
  const top = lesson.getBoundingClientRect().top;
  // Scrolling down by s keeps the board in view for s in [b.bottom - innerHeight, b.top],
  // and the lesson's top too while s <= top; of those, the smallest scroll.
  const low = b.bottom - innerHeight;
  const high = Math.min(b.top, top) >= low ? Math.min(b.top, top) : b.top;
  const s = Math.min(Math.max(0, low), high);
  if (Math.abs(s) >= 1) scrollBy({ top: s, behavior: 'instant' });
}

function LessonBoard({
  lesson,
  onFeedback,
  onSolved,
}: {
  readonly lesson: Lesson;
  readonly onFeedback: (words: Words) => void;
  readonly onSolved: () => void;
}) {
  const game = useMemo(() => new LessonGame(lesson.apn, lesson.captorPlacesQueen), [lesson]);
  const solved = useMemo(() => signal(false), []);
  return (
    <BoardHost
      className="lesson-board"
      describedBy="lesson-task"
      attached={(host) => requestAnimationFrame(() => showLesson(host))}
      config={() => {
        // The tasks name cells, so every cell shows its name, and the ones a task speaks of
        // are marked until it is done.
        const config = {
          ...game.boardConfig.value,
          labels: { ...cellLabels(), board: lt('tutorial.board') },
          coordinates: true,
          highlight: solved.value ? [] : lesson.marks,
        };
        return solved.value ? { ...config, movable: undefined } : config;
      }}
      events={{
        move: (from, to) => {
          const move = game.legalMove(from, to);
          if (move === undefined) return;
          const before = game.position.clone();
          const after = before.clone();
          after.make(move);
          const verdict = lesson.judge(move, before, after);
          if (verdict) {
            onFeedback(() => lt(verdict));
            return;
          }
          game.play(move);
          solved.value = true;
          onFeedback(() => lt(`${lesson.id}.success`));
          onSolved();
        },
        select: (cell) => {
          if (cell !== undefined) onFeedback(game.pickedUp(cell));
        },
        reject: (from, to) => onFeedback(game.refused(from, to)),
      }}
    />
  );
}

/** The tutorial page. */
export function Tutorial() {
  const index = current.value;
  const lesson = LESSONS[index];
  const feedback = useSignal<Words>(() => lt('tutorial.howTo'));
  const solved = useSignal(false);
  const attempt = useSignal(0);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Through every lesson: the player knows the game, the newcomer's goal line can go.
    if (!lesson) updatePreferences({ introDone: true });
  }, [lesson]);
  const go = (to: number): void => {
    current.value = to;
    feedback.value = () => lt('tutorial.howTo');
    solved.value = false;
    attempt.value++;
    // The new lesson's title takes the keyboard, so a screen reader reads it out; the new
    // board brings itself into view (see `showLesson`), the end of the lessons is scrolled to.
    requestAnimationFrame(() => heading.current?.focus({ preventScroll: to < LESSONS.length }));
  };
  const onFeedback = useMemo(
    () => (words: Words) => {
      feedback.value = words;
    },
    [feedback],
  );
  const onSolved = useMemo(
    () => () => {
      solved.value = true;
    },
    [solved],
  );
  return (
    <main class="learn tutorial" data-testid="tutorial">
      <h2>{lt('tutorial.title')}</h2>
      <p class="lead">{lt('tutorial.intro')}</p>
      {lesson ? (
        <section class="lesson" aria-labelledby="lesson-title">
          <div class="lesson-text">
            <p class="progress">
              {lt('tutorial.progress', { n: index + 1, total: LESSONS.length })}
            </p>
            <h3 id="lesson-title" tabindex={-1} ref={heading}>
              {lt(`${lesson.id}.title`)}
            </h3>
            <p class="task" id="lesson-task">
              <strong>{lt('tutorial.task')}:</strong> {lt(`${lesson.id}.task`)}
            </p>
          </div>
          {/* The board follows the task, so that on a phone the two are seen together. */}
          <LessonBoard
            key={`${index}-${attempt.value}`}
            lesson={lesson}
            onFeedback={onFeedback}
            onSolved={onSolved}
          />
          <div class="lesson-after">
            <p
              class={`feedback${solved.value ? ' solved' : ''}`}
              role="status"
              aria-live="polite"
              data-testid="tutorial-feedback"
            >
              {feedback.value()}
            </p>
            <div class="actions">
              <button type="button" onClick={() => go(index - 1)} disabled={index === 0}>
                {lt('tutorial.previous')}
              </button>
              <button type="button" onClick={() => go(index)}>
                {lt('tutorial.retry')}
              </button>
              <button
                type="button"
                class={solved.value ? 'primary' : undefined}
                onClick={() => go(index + 1)}
              >
                {lt('tutorial.next')}
              </button>
            </div>
          </div>
        </section>
      ) : (
        <section class="lesson done">
          <h3 tabindex={-1} ref={heading}>
            {lt('tutorial.done')}
          </h3>
          <div class="actions">
            <button type="button" onClick={() => go(0)}>
              {lt('tutorial.retry')}
            </button>
            <a class="button primary" href={routeHref('play')}>
              {lt('tutorial.play')}
            </a>
          </div>
        </section>
      )}
    </main>
  );
}
