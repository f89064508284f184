// The lobby on the wire: quick pairing pools, open challenges, the counts and the games being
// played, over one socket (/api/lobby/socket) that says hello with the player's token.

import type { Colour } from '@agon/engine';
import type { Refusal, TimeControl, Variant } from './messages.ts';
import type { PlayerBrief, PlayerView, RatingClass } from './player.ts';

/** The quick pairing pools: minutes + seconds added a move. */
export const POOLS = [
  { id: '1+1', initial: 60_000, increment: 1000 },
  { id: '3+2', initial: 180_000, increment: 2000 },
  { id: '5+3', initial: 300_000, increment: 3000 },
  { id: '10+5', initial: 600_000, increment: 5000 },
  { id: '15+10', initial: 900_000, increment: 10_000 },
] as const;
/** A quick pairing pool's id. */
export type PoolId = (typeof POOLS)[number]['id'];

/** Challenge ids: eight characters of the game ids' alphabet. */
export const CHALLENGE_ID = /^[a-km-np-z2-9]{8}$/;
/** How long a lobby game may wait for a side's first move before it is called off. */
export const ABORT_MS = 30_000;

/** The terms of a game offered to anyone. */
export interface ChallengeTerms {
  readonly clock: TimeControl;
  readonly variant: Variant;
  /** R15, touch-move. */
  readonly touchMove: boolean;
  /** R16: the captor chooses a captured queen's cell (false: her owner does, R10). */
  readonly captorPlacesQueen: boolean;
  /** The side the challenger takes. */
  readonly side: Colour | 'random';
  readonly rated: boolean;
}

/** An open challenge as the lobby lists it. */
export interface ChallengeView extends ChallengeTerms {
  readonly id: string;
  readonly by: PlayerBrief;
  readonly class: RatingClass;
}

/** A quick pairing pool's crowd: players waiting in it and playing its games. */
export interface PoolView {
  readonly id: PoolId;
  readonly waiting: number;
  readonly playing: number;
}

/** A game being played now, for the lobby's list (opens the spectator view). */
export interface LiveGameView {
  readonly id: string;
  readonly white: PlayerBrief;
  readonly black: PlayerBrief;
  readonly clock: TimeControl;
  readonly variant: Variant;
  /** R16, as in its challenge (quick pairing is always R10). */
  readonly captorPlacesQueen: boolean;
  readonly rated: boolean;
}

/** Everything the lobby page shows, sent whole when it changes (at most about once a second). */
export interface LobbyView {
  readonly pools: readonly PoolView[];
  /** The newest open challenges first, at most MAX_LISTED. */
  readonly challenges: readonly ChallengeView[];
  /** Players with the lobby or a game open. */
  readonly players: number;
  /** Games with a running clock. */
  readonly games: number;
  /** Some of the games being played, at most MAX_LISTED. */
  readonly live: readonly LiveGameView[];
}

/** The longest list the lobby sends of challenges and of live games. */
export const MAX_LISTED = 50;

/** What a lobby client may send. */
export type LobbyClientMessage =
  /** The player's token (POST /api/players gave it); nothing else is read before it. */
  | { readonly t: 'hello'; readonly token: string }
  /** Waits in a quick pairing pool (leaving any other pool). Quick pairing is rated. */
  | { readonly t: 'seek'; readonly pool: PoolId }
  | { readonly t: 'unseek' }
  /** Opens a challenge (the player's only one: a new one replaces it). */
  | ({ readonly t: 'challenge' } & ChallengeTerms)
  | { readonly t: 'withdraw'; readonly id: string }
  | { readonly t: 'accept'; readonly id: string }
  | { readonly t: 'ping' };

/** What the lobby sends. */
export type LobbyServerMessage =
  | { readonly t: 'welcome'; readonly you: PlayerView; readonly lobby: LobbyView }
  | { readonly t: 'lobby'; readonly lobby: LobbyView }
  /** The pool this player waits in now (null: none), answering seek and unseek. */
  | { readonly t: 'seeking'; readonly pool: PoolId | null }
  /** A game was made for this player: the seat's token is the key to it, as for a link game. */
  | { readonly t: 'paired'; readonly game: string; readonly seat: Colour; readonly token: string }
  | ({ readonly t: 'error' } & Refusal)
  | { readonly t: 'pong' };
