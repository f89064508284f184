// The Bot API's stream lines (docs/bot-api.md, "The API"), in the shapes of lichess's Bot API so
// that a bridge written for lichess reads them with another base URL and Agon's move text.
// Each stream is NDJSON: one of these objects a line, and a bare newline to keep it alive.

import type { RatingClass } from './rating.ts';

/** A player as a challenge and a game's seats name them. */
export interface BotUser {
  readonly id: string;
  readonly name: string;
  readonly rating: number;
  readonly provisional?: true;
  readonly title?: 'BOT';
}

/** A rule set, as lichess names a variant. */
export interface BotVariant {
  readonly key: 'standard' | 'placement';
  readonly name: string;
}

/** The time of a challenge or game: a clock in seconds, or days per move. */
export type BotTimeControl =
  | {
      readonly type: 'clock';
      readonly limit: number;
      readonly increment: number;
      readonly show: string;
    }
  | { readonly type: 'correspondence'; readonly daysPerTurn: number };

/** What became of a challenge. */
export const BOT_CHALLENGE_STATUSES = ['created', 'canceled', 'declined', 'accepted'] as const;
export type BotChallengeStatus = (typeof BOT_CHALLENGE_STATUSES)[number];

/** A challenge, as the event stream and the challenge routes answer it (lichess's C). */
export interface BotChallenge {
  readonly id: string;
  readonly url: string;
  readonly status: BotChallengeStatus;
  readonly challenger: BotUser;
  readonly destUser: BotUser | null;
  readonly variant: BotVariant;
  readonly rated: boolean;
  readonly speed: RatingClass;
  readonly timeControl: BotTimeControl;
  readonly color: 'white' | 'black' | 'random';
  /** Agon's terms beyond lichess's: R15 and R16. */
  readonly touchMove: boolean;
  readonly captorPlacesQueen: boolean;
  /** Whether the challenge is to the stream's player ("in") or by them ("out"). */
  readonly direction?: 'in' | 'out';
  readonly declineReason?: string;
}

/**
 * The status of a game, as lichess names it. Agon's outcomes map onto them: a throne ring is
 * `mate`, no legal move `stalemate` (it loses, unlike chess), a resignation `resign`, an agreed
 * draw and a third repetition `draw`, a clock run out `outoftime`, a game called off `aborted`.
 */
export const BOT_STATUSES = [
  'created',
  'started',
  'aborted',
  'mate',
  'resign',
  'stalemate',
  'outoftime',
  'draw',
] as const;
export type BotStatus = (typeof BOT_STATUSES)[number];

/** A game of the stream's player, as gameStart and gameFinish carry it (lichess's G). */
export interface BotGame {
  readonly gameId: string;
  readonly id: string;
  readonly color: 'white' | 'black';
  readonly isMyTurn: boolean;
  readonly lastMove: string;
  readonly opponent: { readonly id: string; readonly username: string; readonly rating: number };
  readonly rated: boolean;
  readonly speed: RatingClass;
  readonly variant: BotVariant;
  readonly source: 'friend' | 'arena' | 'swiss' | 'pool';
  readonly status: { readonly name: BotStatus };
  readonly winner?: 'white' | 'black';
}

/** A line of GET /api/stream/event. */
export type BotEvent =
  | { readonly type: 'challenge'; readonly challenge: BotChallenge }
  | { readonly type: 'challengeCanceled'; readonly challenge: BotChallenge }
  | { readonly type: 'challengeDeclined'; readonly challenge: BotChallenge }
  | { readonly type: 'gameStart'; readonly game: BotGame }
  | { readonly type: 'gameFinish'; readonly game: BotGame };

/** A game's state after a change: the whole move list, the clocks, the status. */
export interface BotGameState {
  readonly type: 'gameState';
  /** Every move made, NOTATION.md's canonical move text, separated by spaces. */
  readonly moves: string;
  readonly wtime: number;
  readonly btime: number;
  readonly winc: number;
  readonly binc: number;
  readonly status: BotStatus;
  readonly winner?: 'white' | 'black';
  /** The side that offers a draw now. */
  readonly wdraw?: true;
  readonly bdraw?: true;
}

/** The first line of a game stream: the whole game. */
export interface BotGameFull {
  readonly type: 'gameFull';
  readonly id: string;
  readonly variant: BotVariant;
  readonly rated: boolean;
  readonly speed: RatingClass;
  readonly createdAt: number;
  readonly white: BotUser;
  readonly black: BotUser;
  readonly initialFen: 'startpos';
  /** In ms; null for a game of days per move. */
  readonly clock: { readonly initial: number; readonly increment: number } | null;
  readonly daysPerTurn?: number;
  /** Agon's rules beyond lichess's: R15 and R16. */
  readonly touchMove: boolean;
  readonly captorPlacesQueen: boolean;
  readonly state: BotGameState;
}

/** A line of GET /api/bot/game/stream/{id}. */
export type BotGameLine =
  | BotGameFull
  | BotGameState
  | {
      readonly type: 'chatLine';
      readonly room: 'player';
      readonly username: string;
      readonly text: string;
    }
  | { readonly type: 'opponentGone'; readonly gone: boolean };

/** A line of GET /api/bot/online: a bot with an event stream open now. */
export interface BotOnline {
  readonly id: string;
  readonly username: string;
  readonly title: 'BOT';
}
