// The bounds on what crosses the wire. They are part of the protocol, not of one server: the
// validators enforce them, the server sizes its buffers by them, and the browser's addresses
// accept only ids of this shape.

/** Game ids: ten characters of a 32-letter alphabet without look-alikes (0/o, 1/l). */
export const GAME_ID = /^[a-km-np-z2-9]{10}$/;
/** Seat tokens: 32 random bytes in base64url, so a guess never hits. */
export const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Move text is short (NOTATION.md); anything longer is not a move and is refused unread. */
export const MAX_MOVE_TEXT = 8;
/** A clock starts with at least a second: with less, the mover loses before they can move. */
export const MIN_INITIAL_MS = 1000;
/** A clock starts with at most three hours: no number from a stranger goes unbounded. */
export const MAX_INITIAL_MS = 3 * 60 * 60_000;
/** At most three minutes' increment, for the same reason. */
export const MAX_INCREMENT_MS = 3 * 60_000;
/** The largest socket message; every message of the protocol fits well inside, so more is abuse. */
export const MAX_MESSAGE_BYTES = 2048;
/** The largest body of a request to create a game, for the same reason. */
export const MAX_CREATE_BYTES = 1024;
/** A seat's quick messages come at least this far apart... */
export const QUICK_MESSAGE_GAP_MS = 2000;
/** ...and at most this many in any minute, so a flood of them is refused, not shown. */
export const QUICK_MESSAGES_PER_MINUTE = 5;
/** The quick messages a game's state carries, the latest: enough for a page to show again. */
export const SAID_KEPT = 20;
