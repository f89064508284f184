// The tournaments' HTTP API as the pages use it (docs/tournaments.md): the list of tournaments, one
// tournament's page of standings (with this player's place when their token goes along), making a
// tournament, and a player's actions on one. Refusals are ApiFailures, as the players' API's are.

import type {
  TournamentAction,
  TournamentList,
  TournamentRequest,
  TournamentView,
} from '@agon/protocol';
import { call } from '../online/players.ts';

/**
 * The tournaments announced (the next 20, or `upcoming` of them, 100 at most), being played and
 * lately finished.
 */
export function fetchTournaments(upcoming?: number): Promise<TournamentList> {
  return call<TournamentList>(
    'GET',
    `/api/tournaments${upcoming === undefined ? '' : `?upcoming=${upcoming}`}`,
  );
}

/** Tournament `id` with page `page` of its standings; `you` is filled when `token` is given. */
export function fetchTournament(
  id: string,
  page: number,
  token: string | undefined,
): Promise<TournamentView> {
  return call<TournamentView>('GET', `/api/tournaments/${id}?page=${page}`, {
    ...(token !== undefined && { token }),
  });
}

/** Makes a tournament of this player's own; answers its id. */
export function createTournament(
  request: TournamentRequest,
  token: string,
): Promise<{ readonly id: string }> {
  return call('POST', '/api/tournaments', { body: request, token });
}

/** Joins, pauses, resumes or withdraws from tournament `id`; answers it as it is then. */
export function actOnTournament(
  id: string,
  action: TournamentAction,
  token: string,
): Promise<TournamentView> {
  return call<TournamentView>('POST', `/api/tournaments/${id}/me`, { body: action, token });
}
