// The addresses of online play: `/online` to create a game by link, `/g/<id>` (or `?game=<id>`)
// for a game, `/lobby` to find an opponent, `/games` for this player's games in play, `/p/<id>`
// for a player, `/me` for this browser's own player, `/tournaments` for the tournaments and
// `/t/<id>` for one of them. The server answers them all with the app's page.

// Player ids have the game ids' shape (PLAYER_ID); GAME_ID checks both, so the app's first
// load, which reads these addresses, carries none of the players' module.
import {
  GAME_ID,
  type LeaguePageAsked,
  makeLeaguePageAsked,
  parseLeaguePageAsked,
} from '@agon/protocol';

/** Which online page an address shows, if any. */
export type OnlinePage =
  | { readonly page: 'create' }
  | { readonly page: 'lobby' }
  | { readonly page: 'games' }
  | { readonly page: 'me' }
  | { readonly page: 'tournaments' }
  | { readonly page: 'tournament'; readonly id: string }
  | { readonly page: 'league'; readonly key: string; readonly asked: LeaguePageAsked }
  | { readonly page: 'game'; readonly id: string }
  | { readonly page: 'player'; readonly id: string };

/** The online page at `url`, or undefined for the rest of the app. */
export function onlinePage(url: {
  readonly pathname: string;
  readonly search: string;
}): OnlinePage | undefined {
  const fromPath = /^\/g\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  const id = fromPath ?? new URLSearchParams(url.search).get('game') ?? undefined;
  if (id !== undefined && GAME_ID.test(id)) return { page: 'game', id };
  const player = /^\/p\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  if (player !== undefined && GAME_ID.test(player)) return { page: 'player', id: player };
  const tournament = /^\/t\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  // Any id, so that the tournament's page says there is no such tournament and leads to the others.
  if (tournament !== undefined) return { page: 'tournament', id: tournament };
  // `/leagues/<key>` is a league's page (any key, so that it says there is no such league), its
  // query the tier and page of groups shown (malformed, the default); `/leagues` lists them
  // with the tournaments.
  const league = /^\/leagues\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  if (league !== undefined) {
    const asked = parseLeaguePageAsked(Object.fromEntries(new URLSearchParams(url.search)));
    return { page: 'league', key: league, asked: asked.ok ? asked.value : {} };
  }
  if (/^\/leagues\/?$/.test(url.pathname)) return { page: 'tournaments' };
  const name = /^\/(online|lobby|games|me|tournaments)\/?$/.exec(url.pathname)?.[1];
  return name === 'online'
    ? { page: 'create' }
    : name === 'lobby' || name === 'games' || name === 'me' || name === 'tournaments'
      ? { page: name }
      : undefined;
}

/** The path of a game's page. */
export function gamePath(id: string): string {
  return `/g/${id}`;
}

/**
 * The game a sentence names by its path (the server's `busy` refusal says `(/g/<id>)`), if it
 * names one.
 */
export function gameNamedIn(text: string): string | undefined {
  const id = /\/g\/([^\s/)]+)/.exec(text)?.[1];
  return id !== undefined && GAME_ID.test(id) ? id : undefined;
}

/** The path of a player's page. */
export function playerPath(id: string): string {
  return `/p/${id}`;
}

/** The whole link to a game, to send to a friend. */
export function gameLink(id: string): string {
  return new URL(gamePath(id), location.origin).href;
}

/** The path of the page of this player's games in play. */
export const GAMES_PATH = '/games';

/** The path of the tournaments page. */
export const TOURNAMENTS_PATH = '/tournaments';

/** The path of a tournament's page. */
export function tournamentPath(id: string): string {
  return `/t/${id}`;
}

/** The whole link to a tournament, to send to the players it is for. */
export function tournamentLink(id: string): string {
  return new URL(tournamentPath(id), location.origin).href;
}

/** The path of a league's page, showing the tier and page of groups `asked` if given. */
export function leaguePath(key: string, asked: LeaguePageAsked = {}): string {
  return `/leagues/${key}${makeLeaguePageAsked(asked)}`;
}
