// The buttons of a game in progress: take back, hint, pass, resign, rematch.

import { t } from '../i18n/ui.ts';
import { useConfirming } from './confirming.ts';
import type { Match } from './match.ts';

/** The in-game action buttons. */
export function Controls({ match }: { readonly match: Match }) {
  const confirming = useConfirming();
  const over = match.game.outcome !== undefined;
  const computer = match.setup.value.mode === 'computer';
  return (
    <div class="controls">
      <button type="button" onClick={() => match.takeback()} disabled={!match.canTakeback.value}>
        {t('controls.takeback')}
      </button>
      {computer && (
        <button
          type="button"
          onClick={() => void match.requestHint()}
          disabled={over || !match.humanToMove.value || match.thinking.value}
        >
          {t('controls.hint')}
        </button>
      )}
      {match.mustPass.value && (
        <button type="button" class="primary" onClick={() => match.pass()}>
          {t('controls.pass')}
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
            {t('controls.resignConfirm')}
          </button>
        ) : (
          <button type="button" onClick={() => (confirming.value = true)}>
            {t('controls.resign')}
          </button>
        ))}
      <button type="button" onClick={() => match.rematch()}>
        {computer ? t('controls.rematchSwapped') : t('controls.rematch')}
      </button>
    </div>
  );
}
