// The board of an online game, fed from the game; cell names follow the player's setting.

import { t } from '../i18n/ui.ts';
import { BoardHost } from '../lib/BoardHost.tsx';
import { boardEventsOf } from '../lib/board-controller.ts';
import { preferences } from '../lib/settings.ts';
import type { OnlineGame } from './online-game.ts';

/**
 * The interactive board; it takes moves only when this page's side is to move, and premoves
 * while the other side is.
 */
export function OnlineBoard({ online }: { readonly online: OnlineGame }) {
  return (
    <>
      <BoardHost
        config={() => ({ ...online.boardConfig.value, coordinates: preferences.value.coordinates })}
        events={boardEventsOf(online)}
        connect={(board) => online.connectBoard(board)}
        describedBy="board-help"
      />
      <p id="board-help" class="sr-only">
        {t('board.help')} {online.you.value && preferences.value.premove && t('board.helpPremove')}
      </p>
    </>
  );
}
