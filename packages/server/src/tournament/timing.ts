// When an event's phases fall: an arena's end and its last pairings, whether it still takes
// players, and the status the pages show (docs/tournaments.md).

import type { TournamentStatus, TournamentTerms } from '@agon/protocol';
import type { EventState } from './standings.ts';

/** The most time before an arena's end in which no new game is paired... */
const LAST_PAIRING_MS = 2 * 60_000;
/** ...or this share of its length, if less: a game paired later could not end in time. */
const LAST_PAIRING_SHARE = 0.1;

/** When an arena ends; null for a Swiss, which ends with its last round. */
export function endsAt(terms: TournamentTerms): number | null {
  return terms.minutes === undefined ? null : terms.startsAt + terms.minutes * 60_000;
}

/** When an arena stops pairing; null for a Swiss. */
export function lastPairingAt(terms: TournamentTerms): number | null {
  if (terms.minutes === undefined) return null;
  const length = terms.minutes * 60_000;
  return terms.startsAt + length - Math.min(LAST_PAIRING_MS, length * LAST_PAIRING_SHARE);
}

/** Where `state` is at `now`. */
export function statusOf(state: EventState, now: number): TournamentStatus {
  if (state.finished) return 'finished';
  if (!state.started) return 'upcoming';
  const end = endsAt(state.setup.terms);
  return end !== null && now >= end ? 'ending' : 'running';
}

/**
 * Whether `state` takes new players at `now`: an arena until its last pairings, a Swiss until
 * half its rounds have begun (a later entrant could not finish near the top).
 */
export function joinable(state: EventState, now: number): boolean {
  if (state.finished) return false;
  const terms = state.setup.terms;
  const last = lastPairingAt(terms);
  if (last !== null) return now < last;
  return state.round <= Math.floor((terms.rounds ?? 0) / 2);
}
