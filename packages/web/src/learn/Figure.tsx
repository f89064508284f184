// One diagram of the rules page: a small board drawn as a picture, and its caption.

import { useEffect, useRef } from 'preact/hooks';
import { type Board, createBoard } from '../board/board.ts';
import type { Diagram } from './diagrams.ts';
import { lt } from './words.ts';

/** A diagram with its caption; the caption is also the picture's name for screen readers. */
export function Figure({ diagram }: { readonly diagram: Diagram }) {
  const host = useRef<HTMLDivElement>(null);
  const board = useRef<Board | undefined>(undefined);
  const caption = lt(diagram.caption);
  useEffect(() => {
    const b = createBoard({ ...diagram.config, animationMs: 0 });
    if (host.current) b.attach(host.current, true);
    board.current = b;
    return () => b.detach();
  }, [diagram]);
  useEffect(() => {
    board.current?.set({ labels: { board: caption, cell: () => '' } });
  }, [diagram, caption]);
  return (
    <figure class="diagram">
      <div class="diagram-board" ref={host} />
      {/* The picture is named by the same words, so screen readers hear them once. */}
      <figcaption aria-hidden="true">{caption}</figcaption>
    </figure>
  );
}
