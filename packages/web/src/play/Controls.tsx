// The buttons of a game: take back, hint, pass, a draw between people and resign while it
// goes on; a rematch once it is over (never one click away from throwing a game away).

import { t } from '../i18n/ui.ts';
import { TwoStep } from '../lib/TwoStep.tsx';
import type { Match } from './match.ts';

/** The game's action buttons. */
export function Controls({ match }: { readonly match: Match }) {
  const over = match.game.outcome !== undefined;
  const computer = match.setup.value.mode === 'computer';
  return (
    <div class="controls">
      <button type="button" onClick={() => match.takeback()} disabled={!match.canTakeback.value}>
        {t('controls.takeback')}
      </button>
      {computer && !over && (
        <button
          type="button"
          onClick={() => void match.requestHint()}
          disabled={!match.humanToMove.value || match.thinking.value}
        >
          {t('controls.hint')}
        </button>
      )}
      {match.mustPass.value && (
        <button type="button" class="primary" onClick={() => match.pass()}>
          {t('controls.pass')}
        </button>
      )}
      {!over && !computer && (
        <TwoStep
          ask={t('controls.draw')}
          confirm={t('controls.drawConfirm')}
          act={() => match.agreeDraw()}
        />
      )}
      {!over && (
        <TwoStep
          ask={t('controls.resign')}
          confirm={t('controls.resignConfirm')}
          act={() => match.resign()}
        />
      )}
      {over && (
        <button type="button" class="primary" onClick={() => match.rematch()}>
          {computer ? t('controls.rematchSwapped') : t('controls.rematch')}
        </button>
      )}
    </div>
  );
}
