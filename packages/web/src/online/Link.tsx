// A link between online pages: a real link (it opens in a new tab, and reads as a link), that
// moves within the online screen without reloading when simply clicked.

import type { ComponentChildren } from 'preact';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/** How the online screen moves to another of its pages. */
export const Go = createContext<(path: string) => void>((path) => location.assign(path));

/** A link to the online page at `href`. */
export function Link(props: {
  readonly href: string;
  readonly class?: string;
  readonly label?: string;
  readonly testId?: string;
  readonly children: ComponentChildren;
}) {
  const go = useContext(Go);
  return (
    <a
      href={props.href}
      class={props.class}
      aria-label={props.label}
      data-testid={props.testId}
      onClick={(e) => {
        // A new tab or window (a modifier key, a middle click) is the browser's to open.
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        go(props.href);
      }}
    >
      {props.children}
    </a>
  );
}
