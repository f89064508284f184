// The board of an online game: the framework-free board module, fed from the game, with the
// app's words for screen readers.

import { effect } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { cellLabels } from '../app/cell-labels.ts';
import { createBoard } from '../board/board.ts';
import type { OnlineGame } from './online-game.ts';

/** The interactive board; it takes moves only when this page's side is to move. */
export function OnlineBoard({ online }: { readonly online: OnlineGame }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const board = createBoard({
      events: {
        move: (from, to) => online.moveFromBoard(from, to),
        place: (to) => online.placeFromBoard(to),
      },
    });
    if (host.current) board.attach(host.current);
    // Reading the words inside the effect makes a change of language redraw the labels.
    const stop = effect(() => board.set({ ...online.boardConfig.value, labels: cellLabels() }));
    return () => {
      stop();
      board.detach();
    };
  }, [online]);
  return <div class="board-host" ref={host} />;
}
