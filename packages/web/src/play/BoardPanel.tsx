// The board of the local game, fed from the match, with a word for screen readers on how to
// play it.

import { t } from '../i18n/ui.ts';
import { BoardHost } from '../lib/BoardHost.tsx';
import { boardEventsOf } from '../lib/board-controller.ts';
import { preferences } from '../lib/settings.ts';
import type { Match } from './match.ts';

/** The interactive board of the match. */
export function BoardPanel({ match }: { readonly match: Match }) {
  return (
    <>
      <BoardHost
        config={() => match.boardConfig.value}
        events={boardEventsOf(match)}
        connect={(board) => match.connectBoard(board)}
        describedBy="board-help"
      />
      <p id="board-help" class="sr-only">
        {t('board.help')} {match.you.value && preferences.value.premove && t('board.helpPremove')}
      </p>
    </>
  );
}
