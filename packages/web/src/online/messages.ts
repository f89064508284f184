// The online protocol as the browser sees it: a copy of the server's types
// (packages/server/src/protocol.ts, described in docs/online.md), kept apart because the web
// app depends on the engine only.

import type { Colour } from '@agon/engine';

/** Which start a game uses (R4 or R14). */
export type Variant = 'standard' | 'placement';

/** A time control in milliseconds. */
export interface TimeControl {
  readonly initial: number;
  readonly increment: number;
}

/** What the creator of a game asks for (POST /api/games). */
export interface CreateRequest {
  readonly side: Colour | 'random';
  readonly variant: Variant;
  readonly clock: TimeControl | null;
}

/** The server's answer to a created game: its id and the creator's seat and secret. */
export interface Created {
  readonly id: string;
  readonly seat: Colour;
  readonly token: string;
}

/** What the browser sends over the socket. */
export type ClientMessage =
  | { readonly t: 'hello'; readonly token?: string }
  | { readonly t: 'move'; readonly seat: Colour; readonly move: string; readonly version: number }
  | { readonly t: 'resign'; readonly seat: Colour }
  | { readonly t: 'draw'; readonly seat: Colour; readonly action: 'offer' | 'accept' | 'decline' }
  | { readonly t: 'rematch'; readonly seat: Colour }
  | { readonly t: 'sync' }
  | { readonly t: 'ping' };

/** How a game ended. */
export interface OutcomeView {
  readonly winner: Colour | null;
  readonly reason:
    | 'throne-ring'
    | 'no-moves'
    | 'repetition'
    | 'resignation'
    | 'agreement'
    | 'timeout';
}

/** The clocks when the server sent them. */
export interface ClockView {
  readonly initial: number;
  readonly increment: number;
  readonly white: number;
  readonly black: number;
  readonly running: Colour | null;
}

/** A change to the game. */
export type PublicEvent =
  | { readonly kind: 'join'; readonly seat: Colour }
  | { readonly kind: 'move'; readonly seat: Colour; readonly move: string }
  | { readonly kind: 'resign'; readonly seat: Colour }
  | { readonly kind: 'draw-offer' | 'draw-accept' | 'draw-decline'; readonly seat: Colour }
  | { readonly kind: 'timeout'; readonly seat: Colour }
  | { readonly kind: 'rematch-offer'; readonly seat: Colour }
  | { readonly kind: 'rematch'; readonly seat: Colour; readonly next: string };

/** Who is connected. */
export interface Presence {
  readonly online: { readonly white: boolean; readonly black: boolean };
  readonly watchers: number;
}

/** The whole game. */
export interface GameView extends Presence {
  readonly id: string;
  readonly variant: Variant;
  readonly version: number;
  readonly moves: readonly string[];
  readonly seats: { readonly white: boolean; readonly black: boolean };
  readonly clock: ClockView | null;
  readonly drawOffer: Colour | null;
  readonly rematchOffer: Colour | null;
  readonly outcome: OutcomeView | null;
  readonly next: string | null;
}

/** What the server sends. */
export type ServerMessage =
  | {
      readonly t: 'state';
      readonly game: GameView;
      readonly you: Colour | null;
      readonly token?: string;
    }
  | {
      readonly t: 'event';
      readonly version: number;
      readonly event: PublicEvent;
      readonly clock: ClockView | null;
      readonly outcome: OutcomeView | null;
    }
  | ({ readonly t: 'presence' } & Presence)
  | { readonly t: 'error'; readonly code: string; readonly message: string }
  | { readonly t: 'pong' };
