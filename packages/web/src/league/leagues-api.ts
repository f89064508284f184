// The leagues' HTTP API as the pages use it (docs/leagues.md): the list, one league's page with
// its latest season, and the player's entry in one. Refusals are ApiFailures, as the players'
// API's are.

import type { LeagueAction, LeagueEntry, LeagueListing, LeagueView } from '@agon/protocol';
import { call } from '../online/players.ts';

/** Every league the server runs. */
export function fetchLeagues(): Promise<{ readonly leagues: readonly LeagueListing[] }> {
  return call('GET', '/api/leagues');
}

/** League `key` with its latest season's crosstables. */
export function fetchLeague(key: string): Promise<LeagueView> {
  return call<LeagueView>('GET', `/api/leagues/${encodeURIComponent(key)}`);
}

/** The player's entry in league `key`. */
export function fetchEntry(key: string, token: string): Promise<LeagueEntry> {
  return call<LeagueEntry>('GET', `/api/leagues/${encodeURIComponent(key)}/me`, { token });
}

/** Enters the player in league `key`, or opts them out of its next seasons. */
export function actOnLeague(key: string, token: string, body: LeagueAction): Promise<LeagueEntry> {
  return call<LeagueEntry>('POST', `/api/leagues/${encodeURIComponent(key)}/me`, { token, body });
}
