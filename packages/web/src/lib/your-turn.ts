// How many of this browser's player's lobby games wait for their move: the top bar's badge on
// the lobby link, so a correspondence player sees from any page that it is their turn. Read
// from the server once a page load and each minute after, while the page is shown; the lobby
// page sets it too whenever it reads the whole list. Tiny on purpose: it is in the first load.

import { signal } from '@preact/signals';
import { keptIdentity } from '../online/identity.ts';

/** Games where it is this player's turn (0 until known, or without a player). */
export const yourTurns = signal(0);

/** How often the count is read again while a page is shown. */
const EVERY_MS = 60_000;

let watching = false;

/** Reads the count now. A failure (offline, no player) leaves it as it was. */
async function read(): Promise<void> {
  const me = keptIdentity();
  if (!me || document.visibilityState === 'hidden') return;
  try {
    const response = await fetch('/api/me/games', {
      headers: { authorization: `Bearer ${me.token}` },
    });
    if (!response.ok) return;
    const body = (await response.json()) as { games?: { yourTurn?: unknown }[] };
    yourTurns.value = body.games?.filter((g) => g.yourTurn === true).length ?? 0;
  } catch {
    // Offline: the badge keeps its last count.
  }
}

/** Starts keeping the count, once a page load (a browser without a player asks nothing). */
export function watchYourTurns(): void {
  if (watching || !keptIdentity()) return;
  watching = true;
  void read();
  setInterval(() => void read(), EVERY_MS);
  document.addEventListener('visibilitychange', () => void read());
}
