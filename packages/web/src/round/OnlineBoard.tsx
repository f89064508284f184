// The board of an online game, fed from the game; cell names follow the player's setting.

import { t } from '../i18n/ui.ts';
import { BoardHost } from '../lib/BoardHost.tsx';
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
        events={{
          move: (from, to) => online.moveFromBoard(from, to),
          place: (to) => online.placeFromBoard(to),
          select: (cell) => online.selectFromBoard(cell),
          reject: (from, to) => online.rejectFromBoard(from, to),
          premove: (from, to) => online.premoveFromBoard(from, to),
          unpremove: () => online.unpremoveFromBoard(),
        }}
        connect={(board) => online.connectBoard(board)}
        describedBy="board-help"
      />
      <p id="board-help" class="sr-only">
        {t('board.help')} {online.you.value && preferences.value.premove && t('board.helpPremove')}
      </p>
    </>
  );
}
