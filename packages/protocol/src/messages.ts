// The messages of online play as they cross the wire, one definition for the server that sends
// them and the browser that reads them, so the two cannot drift apart. docs/online.md
// describes the same protocol for people.

import type { Colour } from '@agon/engine';
import type { Days, Pace, PlayerBrief, TimeControl, Variant } from './base.ts';
import type { PlayerGame } from './player.ts';
import type { Refusal } from './refusal.ts';
import type { GameTournament } from './tournament.ts';

/** What the creator of a game asks for (POST /api/games). */
export interface CreateRequest {
  readonly side: Colour | 'random';
  readonly variant: Variant;
  readonly clock: TimeControl | null;
  /** R16: the captor, not the owner, chooses where a captured queen goes (absent: false, R10). */
  readonly captorPlacesQueen: boolean;
}

/** The answer to a created game: the creator must keep the token, it is never sent again. */
export interface Created {
  readonly id: string;
  readonly seat: Colour;
  readonly token: string;
}

/** What a client may send over its socket. */
export type ClientMessage =
  | { readonly t: 'hello'; readonly token?: string }
  | { readonly t: 'move'; readonly seat: Colour; readonly move: string; readonly version: number }
  /** R15: the mover picked up the piece on `cell` (a cell name) and must move it. */
  | { readonly t: 'touch'; readonly seat: Colour; readonly cell: string; readonly version: number }
  | { readonly t: 'resign'; readonly seat: Colour }
  /** An arena's berserk: halve one's own clock, before one's first move, for a point more. */
  | { readonly t: 'berserk'; readonly seat: Colour }
  | { readonly t: 'draw'; readonly seat: Colour; readonly action: DrawAction }
  | { readonly t: 'rematch'; readonly seat: Colour }
  /** Ask to take back one's last move, or answer the opponent's asking (unrated games only). */
  | { readonly t: 'takeback'; readonly seat: Colour; readonly action: DrawAction }
  /** A quick message to the other side, by id: each reader sees it in their own language. */
  | { readonly t: 'say'; readonly seat: Colour; readonly message: QuickMessage }
  | { readonly t: 'sync' }
  | { readonly t: 'ping' };

/** The three answers of the draw protocol, and of the takeback protocol alike. */
export type DrawAction = 'offer' | 'accept' | 'decline';

/**
 * The quick messages players may send in a game, instead of free chat: ids, never text, so
 * nobody can be insulted or spammed with words and each reader sees them in their own language.
 */
export const QUICK_MESSAGES = [
  'good-luck',
  'have-fun',
  'well-played',
  'thanks',
  'oops',
  'good-game',
] as const;

/** One quick message. */
export type QuickMessage = (typeof QUICK_MESSAGES)[number];

/** A quick message said in a game, as the game's state carries it. */
export interface Said {
  readonly seat: Colour;
  readonly message: QuickMessage;
  /** The version its event made, so a page shows each once however often it is sent the game. */
  readonly version: number;
}

/** The close code for an unknown game, so the browser stops reconnecting to it for good. */
export const NO_SUCH_GAME_CLOSE = 4404;

/**
 * The close code of every socket when the server stops (1012, "service restart"): the page
 * reconnects with its usual pauses, telling the player so, and finds the game as it was.
 */
export const RESTART_CLOSE = 1012;

/** How a game ended: the engine's reasons, or a clock that ran out. */
export interface OutcomeView {
  readonly winner: Colour | null;
  readonly reason:
    | 'throne-ring'
    | 'no-moves'
    | 'repetition'
    | 'resignation'
    | 'agreement'
    | 'timeout'
    /**
     * Nobody won or lost: a lobby game called off before both sides moved (a first move not
     * made in time, or a resignation or draw agreement before it), no rating change.
     */
    | 'aborted';
}

/**
 * The clocks as the server saw them when it sent the message, since only its clock counts. A
 * correspondence game's clocks have `days`: each move gives the other side `initial` afresh
 * (days per move), and a side's time running out is its deadline passing.
 */
export interface ClockView {
  readonly initial: number;
  readonly increment: number;
  readonly days?: Days;
  readonly white: number;
  readonly black: number;
  /** The side whose clock is running, or null when none is. */
  readonly running: Colour | null;
  /**
   * In a lobby game until both sides have moved: the time left for the side to move to make its
   * first move, after which the game is called off (`ABORT_MS`, or a correspondence game's days).
   */
  readonly first?: number;
  /**
   * A game of days with weekends off: the time left counts down on Mondays to Fridays (UTC)
   * only (weekends.ts `charged`).
   */
  readonly weekendsOff?: true;
}

/** The pace of a game whose clocks read `clock`: its days per move, or its time control. */
export function paceOf(clock: ClockView): Pace {
  return clock.days ? { days: clock.days } : { initial: clock.initial, increment: clock.increment };
}

/** A change to a game, as every client of that game is told it. */
export type PublicEvent =
  | { readonly kind: 'join'; readonly seat: Colour }
  | { readonly kind: 'move'; readonly seat: Colour; readonly move: string }
  | { readonly kind: 'touch'; readonly seat: Colour; readonly cell: string }
  | { readonly kind: 'resign'; readonly seat: Colour }
  /** An arena's berserk: `seat` halved its clock (the event's `clock` shows it). */
  | { readonly kind: 'berserk'; readonly seat: Colour }
  | { readonly kind: 'draw-offer' | 'draw-accept' | 'draw-decline'; readonly seat: Colour }
  | { readonly kind: 'timeout'; readonly seat: Colour }
  | { readonly kind: 'abort'; readonly seat: Colour }
  | { readonly kind: 'rematch-offer'; readonly seat: Colour }
  | { readonly kind: 'rematch'; readonly seat: Colour; readonly next: string }
  | { readonly kind: 'takeback-offer' | 'takeback-decline'; readonly seat: Colour }
  /** `seat` accepted the opponent's takeback: the last `undone` moves are taken back. */
  | { readonly kind: 'takeback-accept'; readonly seat: Colour; readonly undone: number }
  | { readonly kind: 'say'; readonly seat: Colour; readonly message: QuickMessage }
  /** `seat`'s deadline moved: they are on vacation until `until` (docs/lobby.md, "Vacation"). */
  | { readonly kind: 'vacation'; readonly seat: Colour; readonly until: number };

/** A lobby game's player beside the board. */
export interface SeatPlayer extends PlayerBrief {
  /** Once a rated game is settled: what it did to this player's rating (+12, -8, 0). */
  readonly change?: number;
}

/** Who is connected, per seat, and how many watch. */
export interface Presence {
  readonly online: { readonly white: boolean; readonly black: boolean };
  readonly watchers: number;
}

/** The whole of a game as one client sees it. */
export interface GameView extends Presence {
  readonly id: string;
  readonly variant: Variant;
  /** How many changes the game has had; every event adds one. */
  readonly version: number;
  readonly moves: readonly string[];
  /** Which seats are taken. */
  readonly seats: { readonly white: boolean; readonly black: boolean };
  readonly clock: ClockView | null;
  readonly drawOffer: Colour | null;
  readonly rematchOffer: Colour | null;
  /** The side asking to take back its last move, in an unrated game. */
  readonly takebackOffer: Colour | null;
  /** The last quick messages said, oldest first (at most SAID_KEPT). */
  readonly said: readonly Said[];
  readonly outcome: OutcomeView | null;
  /** The rematch's game id, once both agreed to one. */
  readonly next: string | null;
  /** Who sits in each seat, for a game made in the lobby (null: nobody known, a link game). */
  readonly players: { readonly white: SeatPlayer | null; readonly black: SeatPlayer | null };
  /** Whether the result changes the players' ratings. */
  readonly rated: boolean;
  /**
   * Why a lobby game agreed as rated is played unrated: its players play from one network, or
   * one of them was made there in the last day (docs/lobby.md, "Fair ratings").
   */
  readonly unrated?: 'same-network';
  /** Whether R15 (touch-move) is in force. */
  readonly touchMove: boolean;
  /** The cell of the piece the mover touched and must move (R15), if any. */
  readonly touched: string | null;
  /** Whether R16 is in force: the captor chooses a captured queen's cell on her owner's turn. */
  readonly captorPlacesQueen: boolean;
  /** The tournament the game is played in, if any. */
  readonly tournament?: GameTournament;
  /**
   * The side a lobby game was called off for (it made no first move in time, or called the game
   * off itself): in a tournament its loss, and it is paused.
   */
  readonly absent?: Colour;
  /** In a game of days: when each player on vacation comes back (ms since 1970). */
  readonly vacation?: { readonly white?: number; readonly black?: number };
}

/**
 * One of a player's games in play (GET /api/me/games), for their "your turn" list: who against,
 * the moves (for the board in miniature), whose turn, and the clocks as read.
 */
export interface OngoingGame
  extends Pick<PlayerGame, 'game' | 'colour' | 'opponent' | 'class' | 'rules' | 'rated' | 'at'> {
  readonly variant: Variant;
  /** R16: the captor places a captured queen (the moves replay under it). */
  readonly captorPlacesQueen: boolean;
  readonly moves: readonly string[];
  /** Whether the player chooses the next turn (under R16, the captor placing the queen). */
  readonly yourTurn: boolean;
  /** The clocks when the list was read (days for correspondence), or null. */
  readonly clock: ClockView | null;
  /** The tournament the game was paired in, if any: its page's link and name. */
  readonly tournament?: Pick<GameTournament, 'id' | 'name' | 'schedule'>;
  /**
   * The league the game belongs to, if any (a season's round robin): its page's link and
   * name. The "Your games" page shows it as it shows a tournament.
   */
  readonly league?: { readonly id: string; readonly name: string };
  /** When the opponent, on vacation, comes back (ms since 1970); absent when they are not away. */
  readonly opponentAway?: number;
}

/** A player's games in play, those where it is their turn first, the least time left first. */
export interface OngoingGames {
  readonly games: readonly OngoingGame[];
}

/** What the server sends over a socket. */
export type ServerMessage =
  | {
      readonly t: 'state';
      readonly game: GameView;
      readonly you: Colour | null;
      /** Only when this connection was just given its seat: the secret to keep. */
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
  | ({ readonly t: 'error' } & Refusal)
  | { readonly t: 'pong' };
