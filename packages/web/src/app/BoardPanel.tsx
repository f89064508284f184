// The board in the page: the framework-free board module, fed from the match, with its words
// for screen readers in the app's language.

import { effect } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { createBoard } from '../board/board.ts';
import { t } from '../i18n/ui.ts';
import { cellLabels } from './cell-labels.ts';
import type { Match } from './match.ts';

/** The interactive board of the match. */
export function BoardPanel({ match }: { readonly match: Match }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const board = createBoard({
      events: {
        move: (from, to) => match.moveFromBoard(from, to),
        place: (to) => match.placeFromBoard(to),
        select: (cell) => match.selectFromBoard(cell),
        reject: (from, to) => match.rejectFromBoard(from, to),
      },
    });
    if (host.current) {
      board.attach(host.current);
      host.current.querySelector('svg')?.setAttribute('aria-describedby', 'board-help');
    }
    // Reading the words inside the effect makes a change of language redraw the labels.
    const stop = effect(() => board.set({ ...match.boardConfig.value, labels: cellLabels() }));
    return () => {
      stop();
      board.detach();
    };
  }, [match]);
  return (
    <>
      <div class="board-host" ref={host} />
      <p id="board-help" class="sr-only">
        {t('board.help')}
      </p>
    </>
  );
}
