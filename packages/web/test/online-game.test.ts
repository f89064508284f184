import { moveFrom, parseCell } from '@agon/engine';
import type { GameView } from '@agon/protocol';
import { effect } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import { createBoard } from '../src/board/board.ts';
import { preferences } from '../src/lib/settings.ts';
import type { OnlineGame } from '../src/round/online-game.ts';
import { event, gamePages, gameView } from './game-fixture.ts';

/** After these turns White's guard on k1 cannot move: touching it leaves only a pass (R15). */
const K1_STUCK = ['l5-l6', 'h1-i1', 'h9-i8', 'k7@l1', 'd9-d8', 'l2-k2', 'b1-b2', 'k2-i3'];

/** A touch-move game after `moves`, with the piece on `touched` touched by the side to move. */
const view = (
  moves: readonly string[],
  touched: string | null = null,
  captorPlacesQueen = false,
): GameView =>
  gameView(moves, {
    version: 2 + moves.length + (touched ? 1 : 0),
    touchMove: true,
    touched,
    captorPlacesQueen,
  });

describe('touch-move in an online game', () => {
  const open = gamePages();

  it('sends a touch when a piece is picked up, and holds the page to that piece', () => {
    const { online, socket } = open(view([]));
    online.selectFromBoard(parseCell('f1'));
    expect(socket.sent.at(-1)).toEqual({ t: 'touch', seat: 'white', cell: 'f1', version: 2 });
    expect(online.boardConfig.value.selected).toBe(parseCell('f1'));
    expect(online.boardConfig.value.movable?.locked).toBe(true);
    expect([...(online.boardConfig.value.movable?.dests.keys() ?? [])]).toEqual([parseCell('f1')]);
    expect(online.status.value).toContain('on f1 must move');
    // Picked up again (the board's own redraw), nothing more is sent.
    online.selectFromBoard(parseCell('f1'));
    expect(socket.sent.filter((m) => m.t === 'touch')).toHaveLength(1);
    // The server's echo changes nothing here.
    socket.hear(event(3, { kind: 'touch', seat: 'white', cell: 'f1' }));
    expect(online.view.value?.touched).toBe('f1');
    expect(socket.sent.some((m) => m.t === 'sync')).toBe(false);
  });

  it('narrows the board to the piece the server says is touched, after a reload too', () => {
    const { online } = open(view([], 'b1'));
    expect([...(online.boardConfig.value.movable?.dests.keys() ?? [])]).toEqual([parseCell('b1')]);
    online.rejectFromBoard(parseCell('b1'), parseCell('f1'));
    expect(online.notice.value?.text).toBe('Touch-move: you must move the piece on b1.');
    expect(online.notice.value?.rule).toBe('R15');
  });

  it('offers the pass when the touched piece cannot move, and replays it later', () => {
    const { online, socket } = open(view(K1_STUCK));
    expect(online.mustPass.value).toBe(false);
    // The board refuses the stuck piece as a pick-up; the touch is made all the same.
    online.rejectFromBoard(undefined, parseCell('k1'));
    expect(socket.sent.at(-1)).toMatchObject({ t: 'touch', cell: 'k1' });
    expect(online.mustPass.value).toBe(true);
    expect(online.status.value).toContain('no legal move, so you must pass');
    online.pass();
    expect(socket.sent.at(-1)).toMatchObject({ t: 'move', seat: 'white', move: 'pass' });
    const v = online.view.value!;
    socket.hear(event(v.version + 1, { kind: 'touch', seat: 'white', cell: 'k1' }));
    socket.hear(event(v.version + 2, { kind: 'move', seat: 'white', move: 'pass' }));
    expect(online.view.value?.moves.at(-1)).toBe('pass');
    expect(online.view.value?.touched).toBeNull();
    expect(socket.sent.some((m) => m.t === 'sync')).toBe(false);
    // A page opened later replays the pass from the moves alone.
    const later = open(view([...K1_STUCK, 'pass']));
    later.online.stop();
    expect(later.online.board?.moves).toHaveLength(K1_STUCK.length + 1);
    expect(later.online.board?.position.turnColour).toBe('black');
  });

  it('narrows the opponent’s turn to the piece they touched', () => {
    const { online, socket } = open(view(['f1-f2']));
    socket.hear(event(4, { kind: 'touch', seat: 'black', cell: 'f11' }));
    expect(online.board?.touched).toBe(parseCell('f11'));
    expect(new Set(online.board?.legalMoves().map(moveFrom))).toEqual(new Set([parseCell('f11')]));
  });
});

describe('R16 in an online game', () => {
  const open = gamePages();

  it('gives the captor the captured queen to place on her owner’s turn, and sends it as theirs', () => {
    // White has just taken Black's queen on f10; it is Black's turn.
    const { online, socket } = open(view(['h9-g10', 'f11-f10', 'd9-e9'], null, true));
    expect(online.canMove.value).toBe(true);
    expect(online.status.value).toBe('You choose where Black’s queen goes: any empty cell.');
    expect(online.boardConfig.value.selected).toBe(parseCell('f10'));
    online.moveFromBoard(parseCell('f10'), parseCell('a1'));
    expect(socket.sent.at(-1)).toEqual({ t: 'move', seat: 'white', move: 'f10@a1', version: 5 });
  });

  it('leaves the owner to watch, told who chooses, under R16 only', () => {
    const moves = ['h9-g10', 'f11-f10', 'd9-e9'];
    const { online, socket } = open(view(moves, null, true));
    socket.hear({ t: 'state', game: view(moves, null, true), you: 'black' });
    expect(online.canMove.value).toBe(false);
    expect(online.boardConfig.value.movable).toBeUndefined();
    expect(online.status.value).toBe('White is choosing where your queen goes.');
    socket.hear({ t: 'state', game: view(moves, null, true), you: null });
    expect(online.status.value).toContain('White chooses where Black’s queen goes.');
    // Under R10 the owner places her.
    socket.hear({ t: 'state', game: view(moves), you: 'black' });
    expect(online.canMove.value).toBe(true);
  });
});

/** A headless board fed by `online` and reporting to it, as the game page hosts one. */
function boardOf(online: OnlineGame) {
  const board = createBoard({
    events: {
      move: (from, to) => online.moveFromBoard(from, to),
      premove: (from, to) => online.premoveFromBoard(from, to),
      unpremove: () => online.unpremoveFromBoard(),
    },
  });
  const stop = effect(() => board.set(online.boardConfig.value));
  online.connectBoard(board);
  return { board, stop };
}

describe('premoves in an online game', () => {
  const open = gamePages();

  it('offers premoves on the opponent’s turn and plays one the moment their move arrives', () => {
    const { online, socket } = open(view(['b1-c2']));
    const { board, stop } = boardOf(online);
    expect(online.boardConfig.value.movable).toBeUndefined();
    expect(online.boardConfig.value.premovable?.dests.size).toBeGreaterThan(0);
    board.tap(parseCell('f1'));
    board.tap(parseCell('f2'));
    expect(online.premoveStatus.value).toContain('Premove f1-f2 queued');
    expect(socket.sent.some((m) => m.t === 'move')).toBe(false);
    socket.hear(event(4, { kind: 'move', seat: 'black', move: 'f11-f10' }));
    expect(socket.sent.at(-1)).toEqual({ t: 'move', seat: 'white', move: 'f1-f2', version: 4 });
    expect(online.premove.value).toBeUndefined();
    stop();
  });

  it('drops a premove when the game comes back after this page’s own move was refused', () => {
    const { online, socket } = open(view([]));
    const { board, stop } = boardOf(online);
    online.moveFromBoard(parseCell('b1'), parseCell('c2'));
    board.tap(parseCell('f1'));
    board.tap(parseCell('f2'));
    expect(online.premove.value).toEqual([parseCell('f1'), parseCell('f2')]);
    socket.hear({ t: 'error', code: 'stale', message: 'stale' });
    socket.hear({ t: 'state', game: view([]), you: 'white' });
    expect(online.premove.value).toBeUndefined();
    expect(socket.sent.filter((m) => m.t === 'move')).toHaveLength(1);
    stop();
  });

  it('offers no premoves to a player who turned them off', () => {
    const { online } = open(view(['b1-c2']));
    const wanted = preferences.value;
    preferences.value = { ...wanted, premove: false };
    expect(online.boardConfig.value.premovable).toBeUndefined();
    preferences.value = wanted;
  });
});

describe('berserk in an arena game', () => {
  const open = gamePages();
  const arena = (moves: readonly string[], berserkAllowed = true): GameView => ({
    ...view(moves),
    touchMove: false,
    tournament: {
      id: 'abcdefgh',
      name: 'Friday arena',
      kind: 'arena',
      berserk: { white: false, black: false },
      berserkAllowed,
    },
  });

  it('is offered before the first move, sent for the page’s seat, and marked at once', () => {
    const { online, socket } = open(arena([]));
    expect(online.canBerserk.value).toBe(true);
    online.berserk();
    expect(socket.sent.at(-1)).toEqual({ t: 'berserk', seat: 'white' });
    expect(online.canBerserk.value).toBe(false);
    expect(online.berserked('white')).toBe(true);
    expect(online.berserked('black')).toBe(false);
  });

  it('marks the opponent who berserks, from the game’s event', () => {
    const { online, socket } = open(arena([]));
    socket.hear(event(3, { kind: 'berserk', seat: 'black' }));
    expect(online.berserked('black')).toBe(true);
    expect(online.view.value?.tournament?.berserk).toEqual({ white: false, black: true });
    // The page's own seat may still berserk.
    expect(online.canBerserk.value).toBe(true);
  });

  it('is not offered after the seat’s first move, nor where the tournament forbids it', () => {
    const moved = open(arena(['l5-l6']));
    expect(moved.online.canBerserk.value).toBe(false);
    moved.online.stop();
    const { online } = open(arena([], false));
    expect(online.canBerserk.value).toBe(false);
  });

  it('is offered again, with the refusal in words, when the server refuses it', () => {
    const { online, socket } = open(arena([]));
    online.berserk();
    socket.hear({ t: 'error', code: 'no-berserk', message: 'too late to berserk' });
    expect(online.berserked('white')).toBe(false);
    expect(online.canBerserk.value).toBe(true);
    expect(online.notice.value?.text).toBe(
      'Too late to berserk: it is only before your first move.',
    );
  });
});
