// An online game's page under test: the game as the server describes it, an entry of its log
// as the socket brings it, and the page opened on a fake server's socket.

import type { Colour } from '@agon/engine';
import type { ClientMessage, GameView, ServerMessage } from '@agon/protocol';
import { afterEach, beforeEach, vi } from 'vitest';
import { OnlineGame } from '../src/round/online-game.ts';
import { fakeSocket, stubBrowser } from './fake-socket.ts';

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

/** A socket the test plays the server through: it hears what the page sends. */
const GameSocket = fakeSocket<ClientMessage, ServerMessage>();
type GameSocket = InstanceType<typeof GameSocket>;

/**
 * Fakes the browser around online game pages for each test of the describe block it is called
 * in, and answers how a test opens one: as `you`, connected to the fake server, which has
 * described `v`. The pages a test opened are stopped after it.
 */
export function gamePages(): (
  v: GameView,
  you?: Colour,
) => { online: OnlineGame; socket: GameSocket } {
  const opened: OnlineGame[] = [];
  beforeEach(() => {
    stubBrowser(GameSocket);
  });
  afterEach(() => {
    for (const online of opened.splice(0)) online.stop();
    vi.unstubAllGlobals();
  });
  return (v, you = 'white') => {
    const online = new OnlineGame(v.id);
    opened.push(online);
    const socket = GameSocket.last!;
    socket.onopen?.();
    socket.hear({ t: 'state', game: v, you });
    return { online, socket };
  };
}
