import { CELL_COUNT, cellName, type Piece, parseCell } from '@agon/engine';
import { describe, expect, it, vi } from 'vitest';
import { createBoard } from '../src/board/board.ts';
import { ALL_CELLS, cellAtPoint, cellCentre } from '../src/board/geometry.ts';
import { arrowTarget } from '../src/board/keyboard.ts';
import { cellLabel } from '../src/lib/cell-labels.ts';

const c = parseCell;
const guard = (colour: Piece['colour'], captured = false): Piece => ({
  colour,
  role: 'guard',
  captured,
});

function board(dests: Record<string, string[]>, extra: { placements?: string[] } = {}) {
  const move = vi.fn();
  const place = vi.fn();
  const select = vi.fn();
  const reject = vi.fn();
  const pieces = new Array<Piece | undefined>(CELL_COUNT).fill(undefined);
  for (const from of Object.keys(dests)) pieces[c(from)] = guard('white');
  const b = createBoard({
    pieces,
    movable: {
      dests: new Map(Object.entries(dests).map(([k, v]) => [c(k), v.map(c)])),
      placements: extra.placements?.map(c),
    },
    events: { move, place, select, reject },
  });
  return { b, move, place, select, reject };
}

describe('board geometry', () => {
  it('finds every cell again from its own centre, either way up', () => {
    for (const flipped of [false, true]) {
      for (const cell of ALL_CELLS)
        expect(cellAtPoint(cellCentre(cell, flipped), flipped)).toBe(cell);
    }
  });

  it('puts f1 at the bottom for White and at the top when flipped', () => {
    expect(cellCentre(c('f1'), false)[1]).toBeGreaterThan(0);
    expect(cellCentre(c('f1'), true)[1]).toBeLessThan(0);
    expect(cellCentre(c('f6'), false)).toEqual([0, 0]);
  });

  it('answers -1 off the board and the nearest cell near an edge', () => {
    expect(cellAtPoint([0, 50], false)).toBe(-1);
    const [x, y] = cellCentre(c('a1'), false);
    expect(cellName(cellAtPoint([x + 0.3, y - 0.2], false))).toBe('a1');
  });
});

describe('board interaction (headless)', () => {
  it('taps a piece, then a destination: emits the move and clears the selection', () => {
    const { b, move, select } = board({ b1: ['b2', 'c2'] });
    b.tap(c('b1'));
    expect(b.state.selected).toBe(c('b1'));
    expect(select).toHaveBeenLastCalledWith(c('b1'));
    b.tap(c('c2'));
    expect(move).toHaveBeenCalledWith(c('b1'), c('c2'));
    expect(b.state.selected).toBeUndefined();
  });

  it('drags a piece to a destination', () => {
    const { b, move } = board({ b1: ['b2'] });
    b.dragTo(c('b1'), c('b2'));
    expect(move).toHaveBeenCalledWith(c('b1'), c('b2'));
  });

  it('refuses a drop on a cell that is not a destination, and keeps the piece selected', () => {
    const { b, move, reject } = board({ b1: ['b2'] });
    b.dragTo(c('b1'), c('c3'));
    expect(move).not.toHaveBeenCalled();
    expect(reject).toHaveBeenCalledWith(c('b1'), c('c3'));
    expect(b.state.selected).toBe(c('b1'));
    expect(b.state.rejected).toBe(c('c3'));
  });

  it('a drop off the board puts the piece back silently', () => {
    const { b, move, reject } = board({ b1: ['b2'] });
    b.dragTo(c('b1'), -1);
    expect(move).not.toHaveBeenCalled();
    expect(reject).not.toHaveBeenCalled();
  });

  it('reports a tap on a non-destination with the selected piece, so the caller can explain it', () => {
    const { b, reject } = board({ b1: ['b2'] });
    b.tap(c('b1'));
    b.tap(c('e5'));
    expect(reject).toHaveBeenCalledWith(c('b1'), c('e5'));
    expect(b.state.selected).toBe(c('b1'));
    b.tap(c('b1'));
    expect(b.state.selected).toBeUndefined();
  });

  it('switches the selection to another movable piece', () => {
    const { b } = board({ b1: ['b2'], k1: ['k2'] });
    b.tap(c('b1'));
    b.tap(c('k1'));
    expect(b.state.selected).toBe(c('k1'));
  });

  it('taps a placement cell', () => {
    const { b, place } = board({}, { placements: ['c4', 'd4'] });
    b.tap(c('c4'));
    expect(place).toHaveBeenCalledWith(c('c4'));
  });

  it('is view-only without `movable`: a tap moves nothing, but is reported so it can be answered', () => {
    const { b, move, select, reject } = board({ b1: ['b2'] });
    b.set({ movable: undefined });
    b.tap(c('b1'));
    b.tap(c('b2'));
    expect(move).not.toHaveBeenCalled();
    expect(select).not.toHaveBeenCalled();
    expect(reject.mock.calls).toEqual([
      [undefined, c('b1')],
      [undefined, c('b2')],
    ]);
    expect(b.state.selected).toBeUndefined();
  });

  it('keeps a locked piece picked up when it is tapped again, dragged back or Escaped', () => {
    const { b, move } = board({ e5: ['a1', 'f1'] });
    b.set({
      movable: { dests: new Map([[c('e5'), [c('a1'), c('f1')]]]), locked: true },
      selected: c('e5'),
    });
    b.tap(c('e5'));
    expect(b.state.selected).toBe(c('e5'));
    b.dragTo(c('e5'), c('e5'));
    expect(b.state.selected).toBe(c('e5'));
    b.key('Escape');
    expect(b.state.selected).toBe(c('e5'));
    b.tap(c('a1'));
    expect(move).toHaveBeenCalledWith(c('e5'), c('a1'));
  });

  it('puts an unlocked piece down when it is tapped again', () => {
    const { b, select } = board({ b1: ['b2'] });
    b.tap(c('b1'));
    b.tap(c('b1'));
    expect(b.state.selected).toBeUndefined();
    expect(select).toHaveBeenLastCalledWith(undefined);
  });

  it('calls back after the change, so a callback may reconfigure the board', () => {
    const pieces = new Array<Piece | undefined>(CELL_COUNT).fill(undefined);
    pieces[c('b1')] = guard('white');
    const seen: (number | undefined)[] = [];
    const b = createBoard({
      pieces,
      movable: { dests: new Map([[c('b1'), [c('b2')]]]) },
      events: {
        move: (from, to) => {
          // Inside the callback the tap is complete: the selection is already cleared.
          seen.push(b.state.selected);
          const next = [...pieces];
          next[to] = next[from];
          next[from] = undefined;
          b.set({ pieces: next, movable: undefined, lastMove: [from, to] });
        },
      },
    });
    b.tap(c('b1'));
    b.tap(c('b2'));
    expect(seen).toEqual([undefined]);
    expect(b.state.pieces[c('b2')]).toEqual(guard('white'));
    expect(b.state.movable).toBeUndefined();
  });

  it('is still while the owner hears of a move, and as it was if the owner lets it pass', () => {
    const pieces = new Array<Piece | undefined>(CELL_COUNT).fill(undefined);
    pieces[c('b1')] = guard('white');
    const movable = { dests: new Map([[c('b1'), [c('b2')]]]) };
    const seen: unknown[] = [];
    const b = createBoard({ pieces, movable, events: { move: () => seen.push(b.state.movable) } });
    b.tap(c('b1'));
    b.tap(c('b2'));
    expect(seen).toEqual([undefined]);
    expect(b.state.movable).toBe(movable);
    expect(b.state.pieces[c('b1')]).toEqual(guard('white'));
  });

  it('can be told which piece is selected (the piece to relocate, R10)', () => {
    const { b, move } = board({ e5: ['a1', 'f1'] });
    b.set({ selected: c('e5') });
    b.tap(c('a1'));
    expect(move).toHaveBeenCalledWith(c('e5'), c('a1'));
  });

  it('drops a selection whose piece is no longer movable', () => {
    const { b } = board({ b1: ['b2'] });
    b.tap(c('b1'));
    b.set({ movable: { dests: new Map() } });
    expect(b.state.selected).toBeUndefined();
  });

  it('takes pieces, orientation and marks through `set`', () => {
    const { b } = board({});
    const pieces = new Array<Piece | undefined>(CELL_COUNT).fill(undefined);
    pieces[c('f6')] = { colour: 'black', role: 'queen', captured: true };
    const v = b.state.piecesVersion;
    b.set({ pieces, orientation: 'black', lastMove: [c('f7'), c('f6')], hint: [c('e5')] });
    expect(b.state.pieces[c('f6')]?.captured).toBe(true);
    expect(b.state.piecesVersion).toBe(v + 1);
    expect(b.state.orientation).toBe('black');
    expect(b.state.lastMove).toEqual([c('f7'), c('f6')]);
    expect(b.state.hint).toEqual([c('e5')]);
  });
});

describe('board keyboard (headless)', () => {
  it('moves the focus the way the arrows point on the screen, either way up', () => {
    // f6 is the throne; f7 is straight above it for White, below it for Black.
    expect(cellName(arrowTarget(c('f6'), 'ArrowUp', false, undefined))).toBe('f7');
    expect(cellName(arrowTarget(c('f6'), 'ArrowDown', false, undefined))).toBe('f5');
    expect(cellName(arrowTarget(c('f6'), 'ArrowUp', true, undefined))).toBe('f5');
    // Nothing lies beyond the edge: the focus stays.
    expect(cellName(arrowTarget(c('f1'), 'ArrowDown', false, undefined))).toBe('f1');
  });

  it('runs straight along a row with left and right, and back again', () => {
    const b = createBoard();
    const start = b.state.focus;
    const seen = [cellName(start)];
    for (let i = 0; i < 4; i++) {
      b.key('ArrowRight');
      seen.push(cellName(b.state.focus));
    }
    const y = (name: string) => cellCentre(c(name), false)[1];
    // Every second cell is back at the starting height.
    expect(y(seen[2]!)).toBeCloseTo(y(seen[0]!));
    expect(y(seen[4]!)).toBeCloseTo(y(seen[0]!));
    for (let i = 0; i < 4; i++) b.key('ArrowLeft');
    expect(b.state.focus).toBe(start);
  });

  it('picks up and puts down with Enter, and puts back with Escape', () => {
    const { b, move, select } = board({ b1: ['b2', 'c2'] });
    b.state.focus = c('b1');
    expect(b.key('Enter')).toBe(true);
    expect(b.state.selected).toBe(c('b1'));
    expect(b.key('Escape')).toBe(true);
    expect(b.state.selected).toBeUndefined();
    expect(select).toHaveBeenLastCalledWith(undefined);
    b.key(' ');
    b.key('ArrowUp');
    expect(cellName(b.state.focus)).toBe('b2');
    b.key('Enter');
    expect(move).toHaveBeenCalledWith(c('b1'), c('b2'));
    expect(b.key('Escape')).toBe(false);
    expect(b.key('x')).toBe(false);
  });

  it('follows a click with the keyboard focus', () => {
    const { b } = board({ b1: ['b2'] });
    b.tap(c('k1'));
    expect(b.state.focus).toBe(c('k1'));
  });
});

describe('cell labels', () => {
  it('name the cell, its ring, what stands there and what may happen there', () => {
    const facts = {
      piece: guard('white'),
      selected: false,
      canMove: false,
      dest: true,
      placement: false,
      blocked: false,
      last: false,
      hint: false,
      premoveDest: false,
      premove: false,
    };
    expect(cellLabel(c('e5'), facts)).toBe('e5, ring 1, White guard, legal destination');
    expect(cellLabel(c('f6'), { ...facts, piece: undefined, dest: false, last: true })).toBe(
      'f6, throne, empty, last move',
    );
    expect(cellLabel(c('b1'), { ...facts, piece: guard('black', true), dest: false })).toBe(
      'b1, ring 5, Black guard, captured',
    );
  });
});
