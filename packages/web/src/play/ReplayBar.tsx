// While a past position is shown: where the replay is, and the two ways out of it, back to
// the game or on from here.

import { t } from '../i18n/ui.ts';
import type { Match } from './match.ts';

/** The replay notice with "Play on from here" and "Back to the game"; nothing when live. */
export function ReplayBar({ match }: { readonly match: Match }) {
  if (match.view.value === undefined) return null;
  return (
    <div class="replay-bar" data-testid="replay-bar">
      <button type="button" class="primary" onClick={() => match.playOnFromHere()}>
        {t('replay.playOn')}
      </button>
      <button type="button" onClick={() => match.showPly(match.plies.value)}>
        {t('moves.live')}
      </button>
    </div>
  );
}
