// This player's games in play (GET /api/me/games), those waiting for their move first and then
// the nearest deadline first, read when a page that shows them opens and each half minute
// after; the top bar's count is set from each reading.

import type { OngoingGame } from '@agon/protocol';
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { noteGames } from '../lib/your-turn.ts';
import { ongoingGames } from '../online/players.ts';

/** How often the list is read again while it is shown. */
const EVERY_MS = 30_000;

/** What the list's reading gives: the games once read; whether the last reading failed. */
export interface OngoingReading {
  readonly games: readonly OngoingGame[] | undefined;
  readonly failed: boolean;
}

/** This player's games in play, read at once and each EVERY_MS while shown. */
export function useOngoingGames(token: string | undefined): OngoingReading {
  const games = useSignal<readonly OngoingGame[] | undefined>(undefined);
  const failed = useSignal(false);
  useEffect(() => {
    if (token === undefined) return;
    const read = (): void => {
      ongoingGames(token).then(
        (list) => {
          games.value = list.games;
          failed.value = false;
          noteGames(list.games);
        },
        // Offline: the list stays as it was, and a page with none yet says so.
        () => (failed.value = true),
      );
    };
    read();
    const timer = setInterval(read, EVERY_MS);
    return () => clearInterval(timer);
  }, [token]);
  return { games: games.value, failed: failed.value };
}
