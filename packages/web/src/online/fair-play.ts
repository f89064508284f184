// The server's fair-rating rules as the game page must know them, so that its controls say what
// the server will do before they are pressed (its referee, packages/server/src/referee.ts): a
// lobby game can only be called off until both sides have moved, and a rated game takes no
// draw offer before each side has made its first moves. The server decides; the page follows.

import { DRAW_AFTER_MOVES, type GameView, type SeatPlayer } from '@agon/protocol';

/** Whether the lobby made the game: its players are known (a game by link has none). */
export function lobbyGame(v: GameView): boolean {
  return v.players.white !== null || v.players.black !== null;
}

/**
 * Whether the game can only be aborted, not won, lost or drawn: a lobby game in play until both
 * sides have moved, when the server turns a resignation into an abort that counts for nobody.
 */
export function abortable(v: GameView): boolean {
  return lobbyGame(v) && v.outcome === null && v.moves.length < 2;
}

/**
 * Whether it is too early to offer a draw in this rated game. The server counts the turns of
 * both sides together: an offer is taken once there have been twice DRAW_AFTER_MOVES.
 */
export function drawTooEarly(v: GameView): boolean {
  return v.rated && v.outcome === null && v.moves.length < 2 * DRAW_AFTER_MOVES;
}

/**
 * A player's rating on the card of a settled game, as lichess shows it: the rating the game was
 * played at, which its change is counted from (so the figure does not jump when the game ends).
 * The server sends the rating after the game with the change it made.
 */
export function ratingBefore(p: SeatPlayer): number {
  return Math.round(p.rating.rating) - (p.change ?? 0);
}
