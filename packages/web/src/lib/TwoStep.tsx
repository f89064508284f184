// A button that asks again before it acts (Resign, a draw, a new game over one in progress):
// the first press arms it, the second acts; left alone it disarms (confirming.ts).

import type { ComponentChildren } from 'preact';
import { useConfirming } from './confirming.ts';

/** Two presses to `act`: the first shows `confirm`, the second acts. */
export function TwoStep({
  ask,
  confirm,
  act,
  primary = false,
  class: extra,
}: {
  readonly ask: ComponentChildren;
  readonly confirm: ComponentChildren;
  readonly act: () => void;
  /** Drawn as the main action of its group until armed. */
  readonly primary?: boolean;
  /** More classes for the button (`action` in the game's row of actions). */
  readonly class?: string;
}) {
  const armed = useConfirming();
  return armed.value ? (
    <button
      type="button"
      class={extra ? `danger ${extra}` : 'danger'}
      onClick={() => {
        armed.value = false;
        act();
      }}
    >
      {confirm}
    </button>
  ) : (
    <button
      type="button"
      class={[primary && 'primary', extra].filter(Boolean).join(' ') || undefined}
      onClick={() => (armed.value = true)}
    >
      {ask}
    </button>
  );
}
