// The storm's parts of the puzzle page: the card in the board's place before a run (the rules,
// the best score, Start) and after it (the result, Play again), and the bar beside the board
// while it runs: the time left, the score and the combo. The time is a timer (not read out as it
// ticks); each puzzle's end is said in the status line.

import { useEffect, useRef } from 'preact/hooks';
import { Icon } from '../ui/Icon.tsx';
import { clockText, STORM_MS, stormLeft } from './storm.ts';
import { pt } from './text.ts';
import type { Trainer } from './trainer.ts';

/** Before a run: what a storm is, and Start; after one: how it went, and Play again. */
export function StormCard({ trainer }: { readonly trainer: Trainer }) {
  const run = trainer.storm.value;
  const best = trainer.record.value.bestStorm;
  const heading = useRef<HTMLHeadingElement>(null);
  // The run's end moves the focus to its result, so a keyboard or screen reader hears it.
  useEffect(() => {
    if (run?.over) heading.current?.focus();
  }, [run?.over]);
  return (
    <section class="board-area storm-card" aria-labelledby="storm-title" data-testid="storm-card">
      <div class="storm-card-body">
        <Icon name="fire" />
        <h2 id="storm-title" tabIndex={-1} ref={heading}>
          {run?.over ? pt('storm.over') : pt('storm.title')}
        </h2>
        {run?.over ? (
          <>
            <p class="storm-result" data-testid="storm-result">
              {pt('storm.result', { count: run.score })}
            </p>
            <dl class="storm-figures">
              <div>
                <dt>{pt('storm.bestCombo')}</dt>
                <dd>{run.bestCombo}</dd>
              </div>
              <div>
                <dt>{pt('storm.misses')}</dt>
                <dd>{run.misses}</dd>
              </div>
            </dl>
            <p class="storm-best" data-testid="storm-best">
              {trainer.newBest.value ? pt('storm.newBest') : pt('storm.best', { count: best })}
            </p>
          </>
        ) : (
          <>
            <p class="storm-rules">{pt('storm.rules')}</p>
            {best > 0 && <p class="storm-best">{pt('storm.best', { count: best })}</p>}
          </>
        )}
        <button
          type="button"
          class="action primary storm-start"
          onClick={() => trainer.startStorm()}
          data-testid="storm-start"
        >
          <Icon name={run?.over ? 'rematch' : 'fire'} />
          <span class="label">{run?.over ? pt('storm.again') : pt('storm.start')}</span>
        </button>
      </div>
    </section>
  );
}

/** The time left, the score and the combo of the run. */
export function StormBar({ trainer }: { readonly trainer: Trainer }) {
  const run = trainer.storm.value;
  const left = run ? stormLeft(run, trainer.now.value) : STORM_MS;
  const low = run !== undefined && !run.over && left < 30_000;
  // Said once as the time passes each mark (the clock itself is not read out as it ticks).
  const said =
    run === undefined || run.over
      ? ''
      : left <= 10_000
        ? pt('storm.secondsLeft', { seconds: 10 })
        : left <= 60_000
          ? pt('storm.minuteLeft')
          : '';
  return (
    <div class="puzzle-score storm-bar" data-testid="storm-bar">
      <div class="storm-stat">
        <span class="score-label">{pt('storm.time')}</span>
        <strong class={`storm-clock${low ? ' low' : ''}`} role="timer" data-testid="storm-clock">
          {clockText(left)}
        </strong>
      </div>
      <div class="storm-stat">
        <span class="score-label">{pt('storm.score')}</span>
        <strong data-testid="storm-score">{run?.score ?? 0}</strong>
      </div>
      <div class="storm-stat">
        <span class="score-label">{pt('storm.combo')}</span>
        <strong data-testid="storm-combo">{run?.combo ?? 0}</strong>
      </div>
      <p class="sr-only" aria-live="polite" data-testid="storm-time-said">
        {said}
      </p>
    </div>
  );
}
