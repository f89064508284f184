// How the server says no, on the socket and over HTTP alike: a stable code for programs and a
// sentence for people; and the result of checking untrusted input, a value or a refusal.

/** Every refusal the server sends: stable codes, so programs need not parse the sentences. */
export type ErrorCode =
  | 'bad-json'
  | 'bad-message'
  | 'too-large'
  /** An HTTP address the server has nothing at. */
  | 'not-found'
  /** An HTTP address that cannot be read: a `%` not followed by two hex digits, a part too long. */
  | 'bad-address'
  /** An HTTP request's body of a content-type the server does not read. */
  | 'unsupported-type'
  /** An HTTP request that took longer than the server waits for one to arrive. */
  | 'too-slow'
  | 'rate-limited'
  | 'hello-first'
  | 'no-such-game'
  | 'spectator'
  | 'not-your-seat'
  | 'waiting-for-opponent'
  | 'stale'
  | 'game-over'
  | 'not-your-turn'
  | 'captor-chooses'
  | 'illegal-move'
  | 'no-draw-offer'
  | 'already-offered'
  | 'game-not-over'
  | 'seats-taken'
  | 'no-flag'
  | 'too-many-watchers'
  | 'server-error'
  | 'bad-name'
  | 'name-taken'
  | 'unknown-player'
  | 'no-such-player'
  | 'bad-code'
  | 'no-such-challenge'
  | 'own-challenge'
  | 'busy'
  /** A challenge to a player who takes them only from players they have played. */
  | 'challenges-closed'
  /** More than MAX_DIRECT challenges addressed to players, waiting for an answer. */
  | 'too-many-challenges'
  /** A draw offered in a rated game before each side has made its first moves. */
  | 'too-early'
  /** The server cannot do that right now (it lost a service it needs); try again soon. */
  | 'unavailable'
  /** A takeback asked for in a rated game: ratings count only moves played for good. */
  | 'rated-game'
  /** No move of the asker's to take back, or the opponent declined and nothing has moved since. */
  | 'no-takeback'
  /** Accepting or declining a takeback nobody asked for. */
  | 'no-takeback-offer'
  /** Quick messages faster than QUICK_MESSAGE_GAP_MS apart or QUICK_MESSAGES_PER_MINUTE a minute. */
  | 'too-many-messages'
  /** A push subscription that is not one a browser makes (docs/online.md, "Notifications"). */
  | 'bad-subscription'
  /** No tournament has this id. */
  | 'no-such-tournament'
  /** A private event's password missing or wrong. */
  | 'wrong-password'
  /** Joining an event that no longer takes players, or acting on one the player is not in. */
  | 'tournament-closed'
  /** Berserk in a game that is not an arena's that allows it, or after the seat's first move. */
  | 'no-berserk'
  /** No puzzle of the set, nor any found in people's games, has this id. */
  | 'no-such-puzzle'
  /** A vacation asked for with days that are not a whole number from 1 to VACATION_MAX_DAYS. */
  | 'bad-days'
  /** A vacation asked for while one is under way (end it first). */
  | 'on-vacation'
  /** A vacation longer than the days the player has left. */
  | 'too-few-days'
  /** A vacation's start (`from`) that is not a time from now to VACATION_AHEAD_DAYS ahead. */
  | 'bad-from'
  /** A vacation booked ahead while another is booked (cancel it first). */
  | 'booked-already'
  /** A vacation whose days overlap the vacation under way or the one booked. */
  | 'overlaps-vacation'
  /** Quick pairing is for people: a bot plays challenges (docs/bot-api.md). */
  | 'bot-seek'
  /** Only an identity that has played no game may become a bot. */
  | 'has-played'
  /** A route of the Bot API (/api/bot/*) asked with the token of a person, not a bot. */
  | 'not-a-bot'
  /** A bot's command or stream of a game it does not play in. */
  | 'not-your-game'
  /** More streams open at once for one player than the Bot API allows. */
  | 'too-many-streams'
  /** A game aborted after both sides have moved: it can be resigned, not called off. */
  | 'no-abort'
  /** Private notes or a kept analysis that break their limits (docs/notebook.md). */
  | 'bad-notes'
  /** Conditional moves that are malformed, illegal, or not the player's to set now. */
  | 'bad-lines';

/**
 * A refusal of the API for the server's own failure (`server-error`, a 5xx): the sentence says
 * only that it could not, with the id the server's log knows the request by.
 */
export interface Failure extends Refusal {
  readonly request: string;
}

/** A refusal: a stable code for programs and a sentence for people. */
export interface Refusal {
  readonly code: ErrorCode;
  readonly message: string;
}

/** A validated value, or the reason it was refused, so callers cannot use one unchecked. */
export type Checked<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: Refusal };
