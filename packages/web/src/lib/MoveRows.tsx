// The moves of a game as a numbered two-column list (White's turn, Black's), the same in the
// local game and online play: a table on a wide screen, one scrolling strip on a phone. The
// current move is marked and kept in view by scrolling the list alone (scrollIntoView would
// move the whole page on a phone); an empty list says how to begin instead.

import { useEffect, useRef } from 'preact/hooks';

/** What the list shows and does. */
interface MoveRowsProps {
  /** Each turn's text, in order. */
  readonly moves: readonly string[];
  /** 0 when White made the first turn, 1 when Black did (a position set up with Black to move). */
  readonly firstTurn: number;
  /** The ply shown (1-based), marked as current; 0 for the start. */
  readonly current?: number;
  /** Makes each move a button that shows the position after it. */
  readonly pick?: (ply: number) => void;
  /** What the list says while there are no moves. */
  readonly empty: string;
}

/** The move list. */
export function MoveRows({ moves, firstTurn, current, pick, empty }: MoveRowsProps) {
  const list = useRef<HTMLOListElement>(null);
  const rows: { number: number; plies: (number | undefined)[] }[] = [];
  moves.forEach((_, i) => {
    const slot = (firstTurn + i) % 2;
    if (rows.length === 0 || slot === 0) {
      rows.push({ number: Math.floor((firstTurn + i) / 2) + 1, plies: [undefined, undefined] });
    }
    rows[rows.length - 1]!.plies[slot] = i + 1;
  });
  const shown = current ?? moves.length;
  useEffect(() => {
    const ol = list.current;
    if (!ol) return;
    const mark = ol.querySelector<HTMLElement>('.current') ?? ol.lastElementChild;
    if (!(mark instanceof HTMLElement)) return;
    // Vertically on a wide screen, sideways on a phone's strip.
    if (ol.scrollWidth > ol.clientWidth + 1) {
      const left = mark.offsetLeft - ol.offsetLeft;
      const right = left + mark.offsetWidth;
      if (left < ol.scrollLeft) ol.scrollLeft = left;
      else if (right > ol.scrollLeft + ol.clientWidth) ol.scrollLeft = right - ol.clientWidth;
    } else {
      const top = mark.offsetTop - ol.offsetTop;
      const bottom = top + mark.offsetHeight;
      if (top < ol.scrollTop) ol.scrollTop = top;
      else if (bottom > ol.scrollTop + ol.clientHeight) ol.scrollTop = bottom - ol.clientHeight;
    }
  }, [shown, moves.length]);
  if (moves.length === 0) {
    return (
      <p class="move-list empty" data-testid="move-list">
        {empty}
      </p>
    );
  }
  return (
    <ol class="move-list" ref={list} data-testid="move-list">
      {rows.map((row) => (
        <li key={row.number}>
          <span class="number">{row.number}.</span>
          {row.plies.map((ply, slot) =>
            ply === undefined ? (
              <span key={slot} class="move empty" />
            ) : pick ? (
              <button
                key={slot}
                type="button"
                class={`move${ply === shown ? ' current' : ''}`}
                aria-current={ply === shown ? 'true' : undefined}
                // One stop in the Tab order, not one per move: the arrow keys replay.
                tabIndex={ply === Math.max(shown, 1) ? 0 : -1}
                onClick={() => pick(ply)}
              >
                {moves[ply - 1]}
              </button>
            ) : (
              <span key={slot} class={`move${ply === shown ? ' current' : ''}`}>
                {moves[ply - 1]}
              </span>
            ),
          )}
        </li>
      ))}
    </ol>
  );
}
