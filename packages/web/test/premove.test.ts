import {
  CELL_COUNT,
  cellName,
  Game,
  makeMoveText,
  type Piece,
  Position,
  parseApn,
  parseCell,
  parseMoveText,
  ring,
  startPosition,
} from '@agon/engine';
import { describe, expect, it, vi } from 'vitest';
import { createBoard } from '../src/board/board.ts';
import type { Movable } from '../src/board/config.ts';
import { premovableOf, premoveText } from '../src/lib/premove.ts';
import { readSettings } from '../src/lib/settings.ts';

const c = parseCell;
const dests = (entries: Record<string, string[]>): Map<number, number[]> =>
  new Map(Object.entries(entries).map(([k, v]) => [c(k), v.map(c)]));

/** A board on which White waits for Black: b1 may be premoved to b2 or c2, f1 to f2. */
function waiting() {
  const events = {
    move: vi.fn(),
    select: vi.fn(),
    reject: vi.fn(),
    premove: vi.fn(),
    unpremove: vi.fn(),
  };
  const pieces = new Array<Piece | undefined>(CELL_COUNT).fill(undefined);
  for (const cell of ['b1', 'f1'])
    pieces[c(cell)] = { colour: 'white', role: 'guard', captured: false };
  const b = createBoard({
    pieces,
    movable: undefined,
    premovable: { dests: dests({ b1: ['b2', 'c2'], f1: ['f2'] }) },
    events,
  });
  return { b, ...events };
}

const yourTurn = (
  entries: Record<string, string[]>,
): { movable: Movable; premovable: undefined } => ({
  movable: { dests: dests(entries) },
  premovable: undefined,
});

describe('board premoves (headless)', () => {
  it('queues a premove: a piece tapped, then a candidate cell', () => {
    const { b, premove, move } = waiting();
    b.tap(c('b1'));
    expect(b.state.selected).toBe(c('b1'));
    b.tap(c('c2'));
    expect(b.state.premove).toEqual([c('b1'), c('c2')]);
    expect(b.state.selected).toBeUndefined();
    expect(premove).toHaveBeenCalledWith(c('b1'), c('c2'));
    expect(move).not.toHaveBeenCalled();
  });

  it('queues a premove by dragging', () => {
    const { b, premove } = waiting();
    b.dragTo(c('f1'), c('f2'));
    expect(b.state.premove).toEqual([c('f1'), c('f2')]);
    expect(premove).toHaveBeenCalledWith(c('f1'), c('f2'));
  });

  it('plays the premove when the turn comes and it is legal then', () => {
    const { b, move, unpremove } = waiting();
    b.tap(c('b1'));
    b.tap(c('b2'));
    b.set(yourTurn({ b1: ['b2', 'c2'], f1: ['f2'] }));
    expect(b.state.premove).toEqual([c('b1'), c('b2')]);
    expect(b.playPremove()).toBe(true);
    expect(move).toHaveBeenCalledWith(c('b1'), c('b2'));
    expect(unpremove).toHaveBeenCalledTimes(1);
    expect(b.state.premove).toBeUndefined();
  });

  it('drops the premove without a word when it is not legal then', () => {
    const { b, move, unpremove, reject } = waiting();
    b.tap(c('b1'));
    b.tap(c('b2'));
    // The opponent's move took b2.
    b.set(yourTurn({ b1: ['c2'], f1: ['f2'] }));
    expect(b.playPremove()).toBe(false);
    expect(move).not.toHaveBeenCalled();
    expect(reject).not.toHaveBeenCalled();
    expect(unpremove).toHaveBeenCalledTimes(1);
    expect(b.state.premove).toBeUndefined();
  });

  it('keeps the premove while the turn has not come (a relocation chosen by the captor)', () => {
    const { b } = waiting();
    b.tap(c('b1'));
    b.tap(c('b2'));
    b.set({ premovable: { dests: dests({ b1: ['b2'] }) } });
    expect(b.state.premove).toEqual([c('b1'), c('b2')]);
    expect(b.playPremove()).toBe(false);
    expect(b.state.premove).toEqual([c('b1'), c('b2')]);
  });

  it('takes the premove back on a tap on its piece again, and picks nothing up', () => {
    const { b, unpremove } = waiting();
    b.tap(c('b1'));
    b.tap(c('c2'));
    b.tap(c('b1'));
    expect(b.state.premove).toBeUndefined();
    expect(b.state.selected).toBeUndefined();
    expect(unpremove).toHaveBeenCalledTimes(1);
  });

  it('takes the premove back on a tap elsewhere, without refusing the tap', () => {
    const { b, unpremove, reject } = waiting();
    b.tap(c('b1'));
    b.tap(c('c2'));
    b.tap(c('f6'));
    expect(b.state.premove).toBeUndefined();
    expect(unpremove).toHaveBeenCalledTimes(1);
    expect(reject).not.toHaveBeenCalled();
  });

  it('takes the premove back on a tap on another piece, which is picked up instead', () => {
    const { b } = waiting();
    b.tap(c('b1'));
    b.tap(c('c2'));
    b.tap(c('f1'));
    expect(b.state.premove).toBeUndefined();
    expect(b.state.selected).toBe(c('f1'));
  });

  it('takes the premove back on Escape, or when the owner cancels it', () => {
    const { b, unpremove } = waiting();
    b.tap(c('b1'));
    b.tap(c('c2'));
    expect(b.key('Escape')).toBe(true);
    expect(b.state.premove).toBeUndefined();
    b.tap(c('f1'));
    b.tap(c('f2'));
    b.cancelPremove();
    expect(b.state.premove).toBeUndefined();
    expect(unpremove).toHaveBeenCalledTimes(2);
    // Nothing queued and nothing picked up: Escape is not the board's.
    expect(b.key('Escape')).toBe(false);
  });

  it('queues a premove by keyboard: Enter on the piece, then on the cell', () => {
    const { b } = waiting();
    b.state.focus = c('b1');
    b.key('Enter');
    b.key('ArrowUp');
    expect(cellName(b.state.focus)).toBe('b2');
    b.key('Enter');
    expect(b.state.premove).toEqual([c('b1'), c('b2')]);
  });

  it('still refuses a tap on nothing when no premove is under way', () => {
    const { b, reject } = waiting();
    b.tap(c('f6'));
    expect(reject).toHaveBeenCalledWith(undefined, c('f6'));
  });

  it('drops the premove when the board takes neither moves nor premoves (the game ended)', () => {
    const { b, unpremove } = waiting();
    b.tap(c('b1'));
    b.tap(c('c2'));
    b.set({ premovable: undefined });
    expect(b.state.premove).toBeUndefined();
    expect(unpremove).toHaveBeenCalledTimes(1);
  });

  it('takes no premoves while the board is movable', () => {
    const { b, premove, move } = waiting();
    b.set({ movable: { dests: dests({ b1: ['b2'] }) } });
    b.tap(c('b1'));
    b.tap(c('c2'));
    expect(premove).not.toHaveBeenCalled();
    expect(move).not.toHaveBeenCalled();
  });
});

describe('premovableOf', () => {
  it('offers each of the waiting side’s steps by their geometry alone', () => {
    const pos = startPosition();
    const p = premovableOf(pos, 'black', false);
    const named = (cell: string) => (p.dests.get(c(cell)) ?? []).map(cellName).sort();
    expect(named('f11')).toEqual(['e10', 'f10', 'g10']);
    expect(named('b7')).toEqual(['a6', 'b6', 'c7', 'c8']);
    // Every legal Black step after any White move is among the candidates.
    const game = new Game(startPosition());
    for (const white of game.legalMoves()) {
      const after = new Game(startPosition());
      after.play(white);
      for (const m of after.legalMoves()) {
        const move = makeMoveText(m);
        const [from, to] = move.split('-') as [string, string];
        expect(named(from)).toContain(to);
      }
    }
  });

  it('never offers a cell the waiting side stands on, or the throne to a guard', () => {
    const pos = startPosition();
    for (const [from, tos] of premovableOf(pos, 'white', false).dests) {
      for (const to of tos) {
        expect(pos.pieceAt(to)?.colour).not.toBe('white');
        if (pos.pieceAt(from)?.role === 'guard') expect(cellName(to)).not.toBe('f6');
      }
    }
  });

  it('offers a captured guard’s relocation to the outer ring, and no step, when one is owed', () => {
    // White has a captured guard on b1 left to relocate while Black is to move.
    const setup = startPosition().toSetup();
    const board = [...setup.board];
    board[c('b1')] = { colour: 'white', role: 'guard', captured: true };
    const pos = Position.fromSetup({ ...setup, board, turn: 'black' });
    if (!pos.ok) throw new Error(pos.error.message);
    const p = premovableOf(pos.value, 'white', false);
    expect([...p.dests.keys()]).toEqual([c('b1')]);
    const to = p.dests.get(c('b1')) ?? [];
    expect(to.length).toBeGreaterThan(0);
    expect(
      to.every((cell) => ring[cell] === 5 && pos.value.pieceAt(cell)?.colour !== 'white'),
    ).toBe(true);
  });

  it('offers nothing while the captor is to choose where the queen goes (R16)', () => {
    const apn = '1g2G1/G5g/8/g7G/10/Q*9q/10/g7G/8/G5g/1g2G1 b';
    const pos = parseApn(apn);
    if (!pos.ok) throw new Error(pos.error.message);
    expect(premovableOf(pos.value, 'white', true).dests.size).toBe(0);
    expect(premovableOf(pos.value, 'white', false).dests.size).toBe(1);
  });

  it('writes a premove in notation', () => {
    const pos = startPosition();
    expect(premoveText(pos, [c('b7'), c('c7')])).toBe('b7-c7');
    expect(parseMoveText('b7-c7').ok).toBe(true);
  });
});

describe('the premove setting', () => {
  it('is on by default and keeps a stored choice', () => {
    expect(readSettings({}).premove).toBe(true);
    expect(readSettings({ premove: false }).premove).toBe(false);
    expect(readSettings({ premove: 'no' }).premove).toBe(true);
  });
});
