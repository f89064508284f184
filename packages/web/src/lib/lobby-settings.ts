// The player's lobby settings on the server (GET and PATCH /api/me/settings): whom challenges
// come from, and the waiting list. Small and free of the online pages' words, so that the
// settings menu, on every page, can use it as well as the lobby.

import type { LobbySettings } from '@agon/protocol';

/** Calls the settings API with the player's token; rejects when no good answer came. */
async function call(
  token: string,
  method: 'GET' | 'PATCH',
  change?: Partial<LobbySettings>,
): Promise<LobbySettings> {
  const response = await fetch('/api/me/settings', {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(change && { 'content-type': 'application/json' }),
    },
    body: change ? JSON.stringify(change) : null,
  });
  if (!response.ok) throw new Error(`the settings were not ${change ? 'saved' : 'read'}`);
  return (await response.json()) as LobbySettings;
}

/** The lobby settings of the player whose token is `token`. */
export function readSettings(token: string): Promise<LobbySettings> {
  return call(token, 'GET');
}

/** Changes some of the player's lobby settings; answers them all as saved. */
export function saveSettings(
  token: string,
  change: Partial<LobbySettings>,
): Promise<LobbySettings> {
  return call(token, 'PATCH', change);
}
