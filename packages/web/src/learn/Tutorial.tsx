// The tutorial: short lessons on a real board. The learner makes the move each lesson asks
// for; an illegal move is refused with the rule that forbids it, a legal but wrong one with
// what the lesson wanted instead.

import { moveFrom, moveTo } from '@agon/engine';
import { effect, signal, useSignal } from '@preact/signals';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { cellLabels } from '../app/cell-labels.ts';
import { Match } from '../app/match.ts';
import { routeHref } from '../app/route.ts';
import { DEFAULT_SETUP } from '../app/setup.ts';
import { createBoard } from '../board/board.ts';
import { LESSONS, type Lesson } from './lessons.ts';
import { lt } from './words.ts';

/** The lesson open now; kept while the player visits other pages. */
const current = signal(0);

/** Words to show, put into the current language whenever shown. */
type Words = () => string;

function LessonBoard({
  lesson,
  onFeedback,
  onSolved,
}: {
  readonly lesson: Lesson;
  readonly onFeedback: (words: Words) => void;
  readonly onSolved: () => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const match = useMemo(() => {
    const m = new Match(undefined, false);
    m.newGame({ ...DEFAULT_SETUP, mode: 'people' });
    m.load(lesson.apn);
    return m;
  }, [lesson]);
  useEffect(() => {
    const solved = signal(false);
    const board = createBoard({
      events: {
        move: (from, to) => {
          const game = match.game;
          const move = game.legalMoves().find((m) => moveFrom(m) === from && moveTo(m) === to);
          if (move === undefined) return;
          const before = game.position.clone();
          const after = before.clone();
          after.make(move);
          const verdict = lesson.judge(move, before, after);
          if (verdict) {
            onFeedback(() => lt(verdict));
            return;
          }
          match.play(move);
          solved.value = true;
          onFeedback(() => lt(`${lesson.id}.success`));
          onSolved();
        },
        select: (cell) => {
          match.selectFromBoard(cell);
          if (cell !== undefined) onFeedback(() => match.statusText.value);
        },
        reject: (from, to) => {
          match.rejectFromBoard(from, to);
          onFeedback(() => match.statusText.value);
        },
      },
    });
    if (host.current) {
      board.attach(host.current);
      host.current.querySelector('svg')?.setAttribute('aria-describedby', 'lesson-task');
    }
    const stop = effect(() => {
      const labels = { ...cellLabels(), board: lt('tutorial.board') };
      const config = { ...match.boardConfig.value, labels };
      board.set(solved.value ? { ...config, movable: undefined } : config);
    });
    return () => {
      stop();
      board.detach();
    };
  }, [match, lesson, onFeedback, onSolved]);
  return <div class="lesson-board" ref={host} />;
}

/** The tutorial page. */
export function Tutorial() {
  const index = current.value;
  const lesson = LESSONS[index];
  const feedback = useSignal<Words>(() => lt('tutorial.howTo'));
  const solved = useSignal(false);
  const attempt = useSignal(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const go = (to: number): void => {
    current.value = to;
    feedback.value = () => lt('tutorial.howTo');
    solved.value = false;
    attempt.value++;
    // The new lesson's title takes the keyboard, so a screen reader reads it out.
    requestAnimationFrame(() => heading.current?.focus());
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
          <LessonBoard
            key={`${index}-${attempt.value}`}
            lesson={lesson}
            onFeedback={onFeedback}
            onSolved={onSolved}
          />
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
