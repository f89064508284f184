// The end of a game: who won and why, in a dialog that stands aside so the board, where the
// reason is marked, stays in sight; then a rematch, a new game, the game analysed, or puzzles
// that practise what decided it.

import { t } from '../i18n/ui.ts';
import { openAnalysis } from '../lib/analysis-link.ts';
import { Modal } from '../lib/Modal.tsx';
import { practiseHref } from '../lib/puzzle-link.ts';
import { outcomeReason, outcomeTitle } from '../lib/wording.ts';
import { Icon } from '../ui/Icon.tsx';
import type { Match } from './match.ts';

/** The result dialog, shown when the game ends. */
export function ResultDialog({ match }: { readonly match: Match }) {
  const game = match.game;
  const outcome = game.outcome;
  if (!outcome) return null;
  const close = (): void => {
    match.resultOpen.value = false;
  };
  return (
    <Modal title={outcomeTitle(outcome, match.you.value)()} onClose={close} testId="result" aside>
      <p class="reason" data-testid="result-reason">
        {outcomeReason(outcome, game.position)()}
      </p>
      <p class="score">{game.resultText}</p>
      <div class="actions">
        <button type="button" class="quiet" onClick={close}>
          {t('result.lookAtBoard')}
        </button>
        <button
          type="button"
          onClick={() => {
            close();
            openAnalysis({
              start: game.initial,
              options: game.options,
              moves: [...game.moves],
              ply: game.moves.length,
            });
          }}
        >
          <Icon name="analyse" />
          {t('result.analyse')}
        </button>
        <a class="button" href={practiseHref(outcome)} data-testid="practise">
          <Icon name="hint" />
          {t('result.practise')}
        </a>
        <button
          type="button"
          onClick={() => {
            close();
            match.dialog.value = 'new';
          }}
        >
          <Icon name="newGame" />
          {t('result.newGame')}
        </button>
        <button type="button" class="primary" onClick={() => match.rematch()}>
          <Icon name="rematch" />
          {t('controls.rematch')}
        </button>
      </div>
    </Modal>
  );
}
