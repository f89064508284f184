// A tournament as stored: its terms and an append-only log of what happened (players joining,
// pausing and leaving, games paired and their results, rounds begun, the end). Replaying the log
// gives back the event's exact standings (standings.ts), so nothing else needs storing, and the
// process that runs the event can die at any moment and another carry on from the log.

import type { Colour } from '@agon/engine';
import type { EventSchedule, TournamentTerms } from '@agon/protocol';

/** An event as made: its terms, who made it, and what joining needs. */
export interface TournamentSetup {
  readonly terms: TournamentTerms;
  /** The player who made it; absent for the server's schedule. */
  readonly by?: string;
  /** The key of the network its maker made it from, for the limit on upcoming events per network. */
  readonly from?: string;
  /** The hash of a private event's password. */
  readonly password?: string;
  /** The schedule's name for it (absent for a player's own): one event per name and start. */
  readonly scheduled?: string;
  /** The schedule's name for it by kind, which each page words (absent for a player's own). */
  readonly schedule?: EventSchedule;
}

/** One change to a tournament, as stored, with when it happened (ms since 1970). */
export type TournamentEvent = {
  readonly at: number;
} /** `from`: the key of the network the player joined from, for the fair-rating rules. */ & (
  | { readonly kind: 'join'; readonly player: string; readonly from: string }
  /** Out for good: not paired again, their line stays in the standings. */
  | { readonly kind: 'withdraw'; readonly player: string }
  /** Not paired until they resume; their score stays. */
  | { readonly kind: 'pause' | 'resume'; readonly player: string }
  /** The event began: an arena pairs from now until its end; a Swiss pairs its first round. */
  | { readonly kind: 'start' }
  /** A Swiss round begins: its pairings and bye follow. */
  | { readonly kind: 'round'; readonly round: number }
  /** A game was made for `white` and `black` (`round`: a Swiss's; 0 in an arena). */
  | {
      readonly kind: 'pair';
      readonly game: string;
      readonly white: string;
      readonly black: string;
      readonly round: number;
    }
  /** A Swiss round's bye: a point for a player left over. */
  | { readonly kind: 'bye'; readonly player: string; readonly round: number }
  /**
   * A game's end. It names its players and round too, so that a game whose pairing was never
   * logged (the process that made it died first) still counts. `plies`: moves made in all;
   * `absent`: the seat that made no first move (the game was called off); `berserk`: the seats
   * that halved their clocks.
   */
  | {
      readonly kind: 'result';
      readonly game: string;
      readonly white: string;
      readonly black: string;
      readonly round: number;
      readonly winner: Colour | null;
      readonly plies: number;
      readonly absent?: Colour;
      readonly berserk: { readonly white: boolean; readonly black: boolean };
    }
  /** The event is over: the standings are final. */
  | { readonly kind: 'finish' }
);

/** A tournament as stored: its setup and every event, in order (event n has version n). */
export interface StoredTournament {
  readonly id: string;
  readonly createdAt: number;
  readonly setup: TournamentSetup;
  readonly events: readonly TournamentEvent[];
}
