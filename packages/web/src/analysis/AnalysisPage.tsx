// The analysis board: any position, the engine's best lines as it thinks (in its Worker), an
// evaluation bar of White's chances, the best move as an arrow, and the moves with their side
// lines. Moves may be made for either side; off the main line they make a side line.

import { type Colour, type Move, makeMoveText } from '@agon/engine';
import { effect, useSignal } from '@preact/signals';
import { type ComponentChildren, Fragment } from 'preact';
import { useEffect, useMemo } from 'preact/hooks';
import { t } from '../i18n/ui.ts';
import { BoardHost } from '../lib/BoardHost.tsx';
import { Icon, type IconName } from '../ui/Icon.tsx';
import { Segmented } from '../ui/Segmented.tsx';
import { type AnalysisBoard, chancesOf, MAX_LINES } from './analysis.ts';
import type { Line, Score } from './analyst.ts';
import { MARK_SYMBOL, ReviewPanel } from './ReviewPanel.tsx';
import { at } from './text.ts';
import './analysis.css';

/** A score in words: `White’s chances 63%`, or `Black wins in 4`. */
function scoreText(score: Score, turn: Colour): string {
  if (score.kind === 'cp') {
    return at('analysis.chances', { percent: Math.round(chancesOf(score, turn) * 100) });
  }
  const winner: Colour = (score.kind === 'win') === (turn === 'white') ? 'white' : 'black';
  return at(`analysis.winsIn.${winner}`, { count: score.turns });
}

function EvalBar({ board }: { readonly board: AnalysisBoard }) {
  const chances = board.chances.value;
  const percent = chances === undefined ? 50 : Math.round(chances * 100);
  // White's share fills from White's side of the board.
  const whiteAtBottom = !board.flipped.value;
  return (
    <>
      <meter
        class="sr-only"
        min={0}
        max={100}
        value={percent}
        aria-label={at('analysis.bar')}
        aria-valuetext={at('analysis.chances', { percent })}
        data-testid="eval-meter"
      />
      <div class={`eval-bar${whiteAtBottom ? '' : ' flipped'}`} aria-hidden="true">
        <div class="eval-white" style={{ height: `${percent}%` }} />
        <span class={`eval-figure${percent >= 50 ? ' white' : ' black'}`}>
          {percent >= 50 ? percent : 100 - percent}
        </span>
      </div>
    </>
  );
}

function Lines({ board }: { readonly board: AnalysisBoard }) {
  const lines = board.lines.value;
  const turn = board.game.value.position.turnColour;
  const over = board.game.value.outcome !== undefined;
  return (
    <section class="analysis-lines" aria-label={at('analysis.linesTitle')}>
      <div class="lines-head">
        {/* The engine starts again with as many lines (the page's effect follows `count`). */}
        <div class="line-count" data-testid="line-count">
          <Segmented
            legend={at('analysis.lineCount')}
            name="lines"
            value={board.count.value}
            choices={Array.from({ length: MAX_LINES }, (_, i) => ({
              value: i + 1,
              label: String(i + 1),
            }))}
            choose={(count) => (board.count.value = count)}
          />
        </div>
        <span class="depth" data-testid="depth">
          {over
            ? at('analysis.over')
            : lines[0]
              ? at('analysis.depth', { depth: lines[0].depth })
              : at('analysis.thinking')}
        </span>
      </div>
      <ol class="lines" data-testid="lines">
        {lines.map((line: Line) => (
          <li key={line.rank}>
            <span class="line-score">{scoreText(line.score, turn)}</span>
            {line.pv.slice(0, 8).map((text, i) => (
              <button
                key={`${i}-${text}`}
                type="button"
                class="link line-move"
                onClick={() => board.playLine(line, i)}
              >
                {text}
              </button>
            ))}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The main line's moves, each side line in brackets after the move it replaces. */
function Moves({ board }: { readonly board: AnalysisBoard }) {
  const study = board.lineStudy;
  const cursor = board.cursor.value;
  const review = board.review.value;
  const moveButton = (move: Move, ply: number, line: number) => {
    // The review's marks stand on the main line's moves: ?! ? ??.
    const mark = line < 0 ? review?.judged[ply - 1]?.mark : undefined;
    return (
      <button
        key={`${line}-${ply}`}
        type="button"
        class={`move${cursor.line === line && cursor.ply === ply ? ' current' : ''}${mark ? ` ${mark}` : ''}`}
        onClick={() => board.goTo(ply, line)}
      >
        {ply % 2 === 1 ? `${(ply + 1) / 2}. ` : ''}
        {makeMoveText(move)}
        {mark && <span class="mark-symbol">{MARK_SYMBOL[mark]}</span>}
      </button>
    );
  };
  return (
    <section class="analysis-moves" aria-label={t('moves.label')}>
      {study.main.length === 0 && study.variations.length === 0 && (
        <p class="muted study-empty">{at('analysis.empty')}</p>
      )}
      <p class="study" data-testid="study">
        {study.main.map((move, i) => (
          <Fragment key={i}>
            {moveButton(move, i + 1, -1)}
            {study.variations.map((v, index) =>
              v.at === i ? (
                <span key={`v${index}`} class="variation" data-testid="variation">
                  ({v.moves.map((m, k) => moveButton(m, v.at + k + 1, index))}
                  <button
                    type="button"
                    class="link"
                    onClick={() => board.promote(index)}
                    aria-label={at('analysis.promote')}
                    title={at('analysis.promote')}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    class="link"
                    onClick={() => board.remove(index)}
                    aria-label={at('analysis.delete')}
                    title={at('analysis.delete')}
                  >
                    ×
                  </button>
                  )
                </span>
              ) : null,
            )}
          </Fragment>
        ))}
        {study.variations
          .map((v, index) => [v, index] as const)
          .filter(([v]) => v.at === study.main.length)
          .map(([v, index]) => (
            <span key={`end${index}`} class="variation" data-testid="variation">
              ({v.moves.map((m, k) => moveButton(m, v.at + k + 1, index))})
            </span>
          ))}
      </p>
    </section>
  );
}

/** Moving through the study and turning the board, with the game page's buttons. */
function Nav({ board }: { readonly board: AnalysisBoard }) {
  const cursor = board.cursor.value;
  const step = (icon: IconName, label: string, go: () => void, testId?: string) => (
    <button
      type="button"
      class="quiet icon-only"
      onClick={go}
      title={label}
      aria-label={label}
      data-testid={testId}
    >
      <Icon name={icon} />
    </button>
  );
  return (
    <div class="replay analysis-nav">
      {step('first', t('moves.first'), () => board.goTo(0, -1))}
      {step('back', t('moves.back'), () => board.goTo(cursor.ply - 1), 'analysis-back')}
      {step('forward', t('moves.forward'), () => board.goTo(cursor.ply + 1), 'analysis-forward')}
      <button
        type="button"
        class="quiet icon-only"
        aria-pressed={board.flipped.value}
        onClick={() => (board.flipped.value = !board.flipped.value)}
        title={t('top.flip')}
        aria-label={t('top.flip')}
      >
        <Icon name="flip" />
      </button>
    </div>
  );
}

/** The position as APN and the study as AGN to copy, and a box to analyse pasted ones. */
function Records({
  board,
  open,
}: {
  readonly board: AnalysisBoard;
  readonly open: (text: string) => string | undefined;
}) {
  const problem = useSignal('');
  return (
    <details class="analysis-records">
      <summary>{at('analysis.records')}</summary>
      <label>
        {at('analysis.apn')}
        <input class="apn-field" readOnly value={board.apn.value} data-testid="analysis-apn" />
      </label>
      <label>
        {at('analysis.agn')}
        <textarea readOnly rows={4} value={board.agn.value} data-testid="analysis-agn" />
      </label>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const field = e.currentTarget.elements.namedItem('paste') as HTMLTextAreaElement;
          problem.value = open(field.value) ?? '';
        }}
      >
        <label>
          {at('analysis.paste')}
          <textarea name="paste" rows={3} data-testid="analysis-paste" />
        </label>
        <button type="submit">{at('analysis.open')}</button>
        {problem.value && (
          <p class="warning" role="alert">
            {problem.value}
          </p>
        )}
      </form>
    </details>
  );
}

/** The analysis page of `board`; `open` analyses another position, or says what is wrong. */
export function AnalysisPage({
  board,
  open,
  own,
}: {
  readonly board: AnalysisBoard;
  readonly open: (apn: string) => string | undefined;
  /** What the player's own online game adds: its conditional moves, and a word on keeping. */
  readonly own?: ComponentChildren;
}) {
  useEffect(() => {
    // Think about each position as soon as it is shown (and again for another number of
    // lines), and stop when the page is left.
    const stop = effect(() => board.think());
    return () => {
      stop();
      board.stop();
    };
  }, [board]);
  const events = useMemo(
    () => ({
      move: (from: number, to: number) => board.moveFromBoard(from, to),
      place: (to: number) => board.placeFromBoard(to),
    }),
    [board],
  );
  return (
    <main class={`game-page analysis${own ? ' own' : ''}`} data-testid="analysis">
      <section class="board-area analysis-board">
        <EvalBar board={board} />
        <BoardHost config={() => board.boardConfig.value} events={events} />
      </section>
      <div class="analysis-head">
        <h2 class="analysis-title">{at('analysis.title')}</h2>
      </div>
      <Lines board={board} />
      <Moves board={board} />
      <Nav board={board} />
      <ReviewPanel board={board} />
      {own && <div class="analysis-own">{own}</div>}
      <Records board={board} open={open} />
    </main>
  );
}
