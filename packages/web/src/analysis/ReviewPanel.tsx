// The game review on the analysis page: the button that starts it, its progress, then each
// player's summary, the graph of White's chances (a click on it goes to that move), and the
// same as a table of moves and their marks for the keyboard and screen readers.

import type { Colour } from '@agon/engine';
import { t } from '../i18n/ui.ts';
import type { AnalysisBoard, Review } from './analysis.ts';
import type { MoveReview } from './review.ts';
import { at } from './text.ts';

/** The marks as move annotations are written. */
export const MARK_SYMBOL = { inaccuracy: '?!', mistake: '?', blunder: '??' } as const;

/** White's chances over the game as a line, 0% at the bottom; each turn a place to click. */
function Graph({ review, board }: { readonly review: Review; readonly board: AnalysisBoard }) {
  const n = review.verdicts.length - 1;
  const width = Math.max(1, n);
  const y = (chances: number): number => 100 - chances * 100;
  const points = review.verdicts.map((v, i) => `${i},${y(v.chances).toFixed(1)}`).join(' ');
  const shown = board.cursor.value.line < 0 ? board.cursor.value.ply : undefined;
  return (
    // A click goes to the turn under the pointer: a shortcut for the mouse and touch, as the
    // table below is the keyboard's and the screen reader's way to the same turns.
    <figure class="review-figure">
      <figcaption>{at('review.graph')}</figcaption>
      <div class="graph-frame">
        <div class="graph-axis-y" aria-hidden="true">
          <span>{at('review.axisWhite')}</span>
          <span>50%</span>
          <span>{at('review.axisBlack')}</span>
        </div>
        <svg
          class="review-graph"
          viewBox={`0 0 ${width} 100`}
          preserveAspectRatio="none"
          aria-hidden="true"
          data-testid="review-graph"
          onClick={(e) => {
            const box = e.currentTarget.getBoundingClientRect();
            board.goTo(Math.round(((e.clientX - box.left) / box.width) * width), -1);
          }}
        >
          <rect class="graph-black" x={0} y={0} width={width} height={100} />
          <polygon class="graph-white" points={`0,100 ${points} ${n},100`} />
          <line class="graph-even" x1={0} y1={50} x2={width} y2={50} />
          {shown !== undefined && <line class="graph-now" x1={shown} y1={0} x2={shown} y2={100} />}
          {/* A marked move is a coloured stroke at its turn: the graph stretches, a stroke does not. */}
          {review.judged.map((r) =>
            r.mark ? (
              <line
                key={r.ply}
                class={`graph-mark ${r.mark}`}
                x1={r.ply}
                y1={0}
                x2={r.ply}
                y2={100}
              />
            ) : null,
          )}
        </svg>
        <div class="graph-axis-x" aria-hidden="true">
          <span>0</span>
          <span>{n}</span>
        </div>
      </div>
    </figure>
  );
}

function PlayerSummary({ review, colour }: { readonly review: Review; readonly colour: Colour }) {
  const s = review.summary[colour];
  return (
    <li>
      <strong>{t(`player.${colour}`)}</strong>:{' '}
      {at('review.counts', {
        inaccuracies: s.counts.inaccuracy,
        mistakes: s.counts.mistake,
        blunders: s.counts.blunder,
      })}{' '}
      {at('review.averageLoss', { points: (s.averageLoss * 100).toFixed(1) })}
    </li>
  );
}

/** What the review says of the move on the board, with the better move and a way to see it. */
function Here({ board }: { readonly board: AnalysisBoard }) {
  const judged: MoveReview | undefined = board.judgedHere.value;
  if (!judged?.mark) return null;
  const move = board.review.value?.moves[judged.ply - 1] ?? '';
  return (
    <div class="review-here" data-testid="review-here">
      <p>
        {at(`review.was.${judged.mark}`, { move })}{' '}
        {judged.best &&
          at('review.bestWas', { move: judged.best[0]!, line: judged.best.join(' ') })}
      </p>
      {judged.best && (
        <button type="button" onClick={() => void board.showBetter(judged, 600)}>
          {at('review.show')}
        </button>
      )}
    </div>
  );
}

/** The review panel of the analysis page. */
export function ReviewPanel({ board }: { readonly board: AnalysisBoard }) {
  const review = board.review.value;
  const running = board.reviewing.value;
  if (board.lineStudy.main.length === 0) return null;
  return (
    <section class="review" aria-label={at('review.title')} data-testid="review">
      {running ? (
        <div class="review-progress">
          <label for="review-progress">
            {at('review.progressOf', { done: running.done, total: running.total })}
          </label>
          <progress id="review-progress" max={running.total} value={running.done} />
          <button type="button" onClick={() => board.stopReview()}>
            {at('review.stop')}
          </button>
        </div>
      ) : (
        !review && (
          <button type="button" class="primary" onClick={() => void board.startReview()}>
            {at('review.start')}
          </button>
        )
      )}
      {review && (
        <>
          <ul class="review-summary" data-testid="review-summary">
            <PlayerSummary review={review} colour="white" />
            <PlayerSummary review={review} colour="black" />
          </ul>
          <Graph review={review} board={board} />
          <Here board={board} />
          <details class="review-table">
            <summary>{at('review.table')}</summary>
            <table data-testid="review-table">
              <thead>
                <tr>
                  <th scope="col">{at('review.turn')}</th>
                  <th scope="col">{at('review.move')}</th>
                  <th scope="col">{at('review.chances')}</th>
                  <th scope="col">{at('review.mark')}</th>
                  <th scope="col">{at('review.best')}</th>
                </tr>
              </thead>
              <tbody>
                {review.judged.map((r) => (
                  <tr key={r.ply}>
                    <td>{r.ply}</td>
                    <td>
                      <button type="button" class="link" onClick={() => board.goTo(r.ply, -1)}>
                        {review.moves[r.ply - 1]}
                      </button>
                    </td>
                    <td>{Math.round(review.verdicts[r.ply]!.chances * 100)}%</td>
                    <td>{r.mark ? `${MARK_SYMBOL[r.mark]} ${at(`review.${r.mark}`)}` : ''}</td>
                    <td>{r.mark && r.best ? r.best[0] : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </section>
  );
}
