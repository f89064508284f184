// An online game as the server describes it to its page, for unit tests: the game itself, and
// an entry of its log as the socket brings it.

import type { GameView, ServerMessage } from '@agon/protocol';

/**
 * A game by link after `moves`: both seats taken by players unnamed and online, no clock,
 * casual, nothing offered or said; `more` sets anything else.
 */
export const gameView = (moves: readonly string[], more: Partial<GameView> = {}): GameView => ({
  id: 'abcdefgh23',
  variant: 'standard',
  version: 2 + moves.length,
  moves,
  seats: { white: true, black: true },
  clock: null,
  drawOffer: null,
  rematchOffer: null,
  takebackOffer: null,
  said: [],
  outcome: null,
  next: null,
  players: { white: null, black: null },
  rated: false,
  touchMove: false,
  touched: null,
  captorPlacesQueen: false,
  online: { white: true, black: true },
  watchers: 0,
  ...more,
});

/** Entry `e` of the game's log, the server's `version`-th, with no clock or outcome alongside. */
export const event = (version: number, e: Extract<ServerMessage, { t: 'event' }>['event']) =>
  ({ t: 'event', version, event: e, clock: null, outcome: null }) as const;
