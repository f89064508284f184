// The board in a page: the framework-free board module, attached to an element and fed a
// config, with the app's words for screen readers. The local game, the tutorial, the analysis
// board and online play all host their board through this one component.

import { effect } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { type Board, createBoard } from '../board/board.ts';
import type { BoardConfig, BoardEvents } from '../board/config.ts';
import { cellLabels } from './cell-labels.ts';

/** An interactive board; `config` is read inside an effect, so the board follows its signals. */
export function BoardHost({
  config,
  events,
  describedBy,
  className = 'board-host',
  attached,
  connect,
}: {
  readonly config: () => BoardConfig;
  readonly events: BoardEvents;
  /** The id of a text that tells a screen reader how to play on the board. */
  readonly describedBy?: string;
  /** The class of the element the board is drawn in. */
  readonly className?: string;
  /** Told the element once the board is drawn in it (to bring it into view, say). */
  readonly attached?: (host: HTMLElement) => void;
  /** Told the board once made, and undefined once it is gone (to play a premove, say). */
  readonly connect?: (board: Board | undefined) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const board = createBoard({ events });
    const element = host.current;
    if (element) {
      board.attach(element);
      if (describedBy) element.querySelector('svg')?.setAttribute('aria-describedby', describedBy);
    }
    // Reading the words inside the effect makes a change of language redraw the labels; a
    // config may bring words of its own.
    const stop = effect(() => board.set({ labels: cellLabels(), ...config() }));
    if (element) attached?.(element);
    connect?.(board);
    return () => {
      connect?.(undefined);
      stop();
      board.detach();
    };
    // The board is made once per host: `config` is followed through the effect.
  }, []);
  return <div class={className} ref={host} />;
}
