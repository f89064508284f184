// The board of an online game, fed from the game; cell names follow the player's setting.

import { BoardHost } from '../app/BoardHost.tsx';
import type { Settings } from '../app/settings.ts';
import type { OnlineGame } from './online-game.ts';

/** The interactive board; it takes moves only when this page's side is to move. */
export function OnlineBoard({
  online,
  settings,
}: {
  readonly online: OnlineGame;
  readonly settings: () => Settings;
}) {
  return (
    <BoardHost
      config={() => ({ ...online.boardConfig.value, coordinates: settings().coordinates })}
      events={{
        move: (from, to) => online.moveFromBoard(from, to),
        place: (to) => online.placeFromBoard(to),
        reject: (from, to) => online.rejectFromBoard(from, to),
      }}
    />
  );
}
