// The addresses of online play: `/online` to create a game, `/g/<id>` (or `?game=<id>`) for
// a game. The server answers both with the app's page.

import { GAME_ID } from '@agon/protocol';

/** Which online page an address shows, if any. */
export type OnlinePage =
  | { readonly page: 'create' }
  | { readonly page: 'game'; readonly id: string };

/** The online page at `url`, or undefined for the rest of the app. */
export function onlinePage(url: {
  readonly pathname: string;
  readonly search: string;
}): OnlinePage | undefined {
  const fromPath = /^\/g\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  const id = fromPath ?? new URLSearchParams(url.search).get('game') ?? undefined;
  if (id !== undefined && GAME_ID.test(id)) return { page: 'game', id };
  if (/^\/online\/?$/.test(url.pathname)) return { page: 'create' };
  return undefined;
}

/** The path of a game's page. */
export function gamePath(id: string): string {
  return `/g/${id}`;
}

/** The whole link to a game, to send to a friend. */
export function gameLink(id: string): string {
  return new URL(gamePath(id), location.origin).href;
}
