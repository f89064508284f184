// An online game's page where things go wrong: a first move not made in time, and a move whose
// line drops before the server's answer. The test plays the server through a fake socket.

import { parseCell } from '@agon/engine';
import type { ClientMessage, GameView, ServerMessage } from '@agon/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OnlineGame } from '../src/round/online-game.ts';
import { fakeSocket, stubBrowser } from './fake-socket.ts';
import { gameView } from './game-fixture.ts';

const Base = fakeSocket<ClientMessage, ServerMessage>();
/** A socket the test can drop, as a line that fails does. */
class FakeSocket extends Base {
  static override last: FakeSocket | undefined;
  constructor() {
    super();
    FakeSocket.last = this;
  }
  drop(): void {
    (this as { readyState: number }).readyState = 3; // CLOSED
    this.onclose?.({ code: 1006 });
  }
}

const lobbyView = (over: Partial<GameView> = {}): GameView =>
  gameView([], {
    clock: {
      initial: 180_000,
      increment: 2000,
      white: 180_000,
      black: 180_000,
      running: null,
      first: 30_000,
    },
    players: {
      white: { id: 'whiteplayr', name: 'Ada', rating: { rating: 1500, deviation: 350, games: 0 } },
      black: { id: 'blackplayr', name: 'Bo', rating: { rating: 1500, deviation: 350, games: 0 } },
    } as unknown as GameView['players'],
    rated: true,
    ...over,
  });

const ARENA = {
  id: 'arena12345',
  name: 'Hourly arena',
  kind: 'arena',
  berserk: { white: false, black: false },
  berserkAllowed: false,
} as unknown as GameView['tournament'];

let running: OnlineGame | undefined;
beforeEach(() => {
  vi.useFakeTimers();
  stubBrowser(FakeSocket);
});
afterEach(() => {
  running?.stop();
  running = undefined;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The page of game `v` as `you`, once the server has sent it. */
function open(
  v: GameView,
  you: 'white' | 'black' = 'white',
): { online: OnlineGame; socket: FakeSocket } {
  const online = new OnlineGame(v.id);
  running = online;
  const socket = FakeSocket.last!;
  socket.onopen?.();
  socket.hear({ t: 'state', game: v, you });
  return { online, socket };
}

describe('the first move of a lobby or tournament game', () => {
  it('counts down the seconds left to make it, for the side to move and for its opponent', () => {
    const { online } = open(lobbyView());
    expect(online.firstMove.value).toBe(
      '30 seconds to make your first move, or the game is called off.',
    );
    vi.advanceTimersByTime(7000);
    expect(online.firstMove.value).toBe(
      '23 seconds to make your first move, or the game is called off.',
    );
    const black = open(lobbyView({ tournament: ARENA }), 'black').online;
    expect(black.firstMove.value).toBe(
      'White has 30 seconds to make the first move, or loses this game.',
    );
  });

  it('says what a tournament does with a game called off, once, however late the tap', () => {
    const { online, socket } = open(lobbyView({ tournament: ARENA }), 'black');
    socket.hear({
      t: 'event',
      version: 3,
      event: { kind: 'abort', seat: 'white' },
      clock: { initial: 180_000, increment: 2000, white: 180_000, black: 180_000, running: null },
      outcome: { winner: null, reason: 'aborted' },
    });
    expect(online.firstMove.value).toBeUndefined();
    const said =
      'Game aborted. It was called off before both sides had moved. The tournament counts it as a loss for White and a win for Black, and White is paused until they join again. No rating changes.';
    expect(online.status.value).toBe(said);
    // A tap on the board after the end: the result is said already, and not again.
    online.rejectFromBoard(parseCell('f11'), parseCell('f10'));
    expect(online.notice.value).toBeUndefined();
    // Sent again (a reload), the game says the same.
    socket.hear({
      t: 'state',
      game: {
        ...lobbyView({ tournament: ARENA }),
        version: 3,
        outcome: { winner: null, reason: 'aborted' },
        absent: 'white',
      },
      you: 'black',
    });
    expect(online.status.value).toBe(said);
  });
});

describe('a move whose line drops before the answer', () => {
  const played = lobbyView({ moves: ['f1-f2', 'f11-f10'], version: 4, clock: null });

  /** Plays White's b1-b2 on the board and drops the line with the move in flight. */
  function inFlight(): { online: OnlineGame; first: FakeSocket } {
    const { online, socket } = open(played);
    online.moveFromBoard(parseCell('b1'), parseCell('b2'));
    expect(socket.sent.at(-1)).toEqual({ t: 'move', seat: 'white', move: 'b1-b2', version: 4 });
    socket.drop();
    vi.advanceTimersByTime(1000); // the reconnection's pause
    const again = FakeSocket.last!;
    expect(again).not.toBe(socket);
    again.onopen?.();
    return { online, first: again };
  }

  it('sends the move again when the server never got it, and shows it acknowledged', () => {
    const { online, first: socket } = inFlight();
    // The game before the move came back: the board has the move still, sent again.
    socket.hear({ t: 'state', game: played, you: 'white' });
    expect(socket.sent.at(-1)).toEqual({ t: 'move', seat: 'white', move: 'b1-b2', version: 4 });
    expect(online.board?.moves).toHaveLength(3);
    socket.hear({
      t: 'event',
      version: 5,
      event: { kind: 'move', seat: 'white', move: 'b1-b2' },
      clock: null,
      outcome: null,
    });
    expect(online.view.value?.moves).toEqual(['f1-f2', 'f11-f10', 'b1-b2']);
    expect(online.notice.value).toBeUndefined();
  });

  it('takes the move back, saying so, when the game has gone on without it', () => {
    const { online, first: socket } = inFlight();
    // Meanwhile the game ended (the clock, say): the move can be neither stored nor sent again.
    socket.hear({
      t: 'state',
      game: { ...played, version: 5, outcome: { winner: 'black', reason: 'timeout' } },
      you: 'white',
    });
    expect(socket.sent.filter((m) => m.t === 'move')).toHaveLength(0);
    expect(online.board?.moves).toHaveLength(2);
    expect(online.notice.value?.text).toBe(
      'Your move b1-b2 did not reach the server, so it was taken back.',
    );
  });

  it('opens the line again when the answer is overdue, so the move is settled in seconds', () => {
    const { online, socket } = open(played);
    online.moveFromBoard(parseCell('b1'), parseCell('b2'));
    vi.advanceTimersByTime(9000); // no answer: the line is dead though it never closed
    const again = FakeSocket.last!;
    expect(again).not.toBe(socket);
    again.onopen?.();
    again.hear({
      t: 'state',
      game: { ...played, moves: [...played.moves, 'b1-b2'], version: 5 },
      you: 'white',
    });
    expect(online.view.value?.moves.at(-1)).toBe('b1-b2');
    expect(again.sent.filter((m) => m.t === 'move')).toHaveLength(0);
    expect(online.notice.value).toBeUndefined();
  });

  it('takes no move before the game has come on a reopened line', () => {
    const { online, socket } = open(played);
    socket.drop();
    vi.advanceTimersByTime(1000);
    FakeSocket.last!.onopen?.();
    expect(online.canMove.value).toBe(false);
  });
});
