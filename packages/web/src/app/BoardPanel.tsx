// The board in the page: the framework-free board module, fed from the match.

import { effect } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { createBoard } from '../board/board.ts';
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
    if (host.current) board.attach(host.current);
    const stop = effect(() => board.set(match.boardConfig.value));
    return () => {
      stop();
      board.detach();
    };
  }, [match]);
  return <div class="board-host" ref={host} />;
}
