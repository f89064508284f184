// The leagues' HTTP API as the pages use it (docs/leagues.md): the list, one league's page with
// its latest season, and the player's entry in one. Refusals are ApiFailures, as the players'
// API's are.

import {
  type LeagueAction,
  type LeagueEntry,
  type LeagueListing,
  type LeaguePageAsked,
  type LeagueView,
  makeLeaguePageAsked,
} from '@agon/protocol';
import { call } from '../online/players.ts';

/** Every league the server runs. */
export function fetchLeagues(): Promise<{ readonly leagues: readonly LeagueListing[] }> {
  return call('GET', '/api/leagues');
}

/**
 * League `key` with the crosstables of the tier and page of its latest season `asked` for; what
 * is not asked is the player's own (`token`), else League 1's first.
 */
export function fetchLeague(
  key: string,
  asked: LeaguePageAsked,
  token: string | undefined,
): Promise<LeagueView> {
  const path = `/api/leagues/${encodeURIComponent(key)}${makeLeaguePageAsked(asked)}`;
  return call<LeagueView>('GET', path, token === undefined ? {} : { token });
}

/** The player's entry in league `key`. */
export function fetchEntry(key: string, token: string): Promise<LeagueEntry> {
  return call<LeagueEntry>('GET', `/api/leagues/${encodeURIComponent(key)}/me`, { token });
}

/** Enters the player in league `key`, or opts them out of its next seasons. */
export function actOnLeague(key: string, token: string, body: LeagueAction): Promise<LeagueEntry> {
  return call<LeagueEntry>('POST', `/api/leagues/${encodeURIComponent(key)}/me`, { token, body });
}
