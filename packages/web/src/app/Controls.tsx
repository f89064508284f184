// The buttons of a game in progress: take back, hint, pass, resign, rematch.

import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { Match } from './match.ts';

/** The in-game action buttons. */
export function Controls({ match }: { readonly match: Match }) {
  const confirming = useSignal(false);
  const over = match.game.outcome !== undefined;
  const computer = match.setup.value.mode === 'computer';
  useEffect(() => {
    if (!confirming.value) return;
    const t = setTimeout(() => {
      confirming.value = false;
    }, 4000);
    return () => clearTimeout(t);
  }, [confirming.value]);
  return (
    <div class="controls">
      <button type="button" onClick={() => match.takeback()} disabled={!match.canTakeback.value}>
        Take back
      </button>
      {computer && (
        <button
          type="button"
          onClick={() => void match.requestHint()}
          disabled={over || !match.humanToMove.value || match.thinking.value}
        >
          Hint
        </button>
      )}
      {match.mustPass.value && (
        <button type="button" class="primary" onClick={() => match.pass()}>
          Pass (R15)
        </button>
      )}
      {!over &&
        (confirming.value ? (
          <button
            type="button"
            class="danger"
            onClick={() => {
              confirming.value = false;
              match.resign();
            }}
          >
            Really resign?
          </button>
        ) : (
          <button type="button" onClick={() => (confirming.value = true)}>
            Resign
          </button>
        ))}
      <button type="button" onClick={() => match.rematch()}>
        {computer ? 'Rematch, sides swapped' : 'Rematch'}
      </button>
    </div>
  );
}
