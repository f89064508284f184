import {
  CELL_COUNT,
  Game,
  type Move,
  makeMove,
  makeMoveText,
  NO_CELL,
  type Piece,
  PLACEMENT,
  PLACEMENT_APN,
  Position,
  parseApn,
  parseCell,
  STANDARD_APN,
} from '@agon/engine';
import { describe, expect, it } from 'vitest';
import { boardConfigOf, moveOfTap, stuckMarks, stuckOf } from '../src/lib/board-feed.ts';

const c = parseCell;

function legalIn(apn: string): readonly Move[] {
  const pos = parseApn(apn);
  if (!pos.ok) throw new Error(pos.error.message);
  return new Game(pos.value).legalMoves();
}

const text = (move: Move | undefined): string | undefined =>
  move === undefined ? undefined : makeMoveText(move);

describe('moveOfTap', () => {
  it('finds the step a tap makes, and no step the rules refuse', () => {
    const legal = legalIn(STANDARD_APN);
    expect(text(moveOfTap(legal, c('b1'), c('c2')))).toBe('b1-c2');
    expect(moveOfTap(legal, c('b1'), c('b3'))).toBeUndefined(); // not a neighbour
    expect(moveOfTap(legal, c('h1'), c('g2'))).toBeUndefined(); // Black's guard, White to move
  });

  it('finds the relocation a captured piece owes', () => {
    const legal = legalIn('1g4/1G1G3/8/7g1/Q1g5G*1/9q1/10/2g3G2/6g1/G1G4/1g4 w');
    expect(text(moveOfTap(legal, c('e9'), c('f1')))).toBe('e9@f1');
    expect(moveOfTap(legal, c('e9'), c('e5'))).toBeUndefined(); // a guard goes to the outer ring
  });

  it('places a guard only where a placement is legal', () => {
    const legal = legalIn(PLACEMENT_APN);
    expect(moveOfTap(legal, undefined, c('c4'))).toBe(makeMove(PLACEMENT, NO_CELL, c('c4')));
    expect(moveOfTap(legal, undefined, c('f6'))).toBeUndefined(); // the throne
    expect(moveOfTap(legalIn(STANDARD_APN), undefined, c('c4'))).toBeUndefined(); // no guards in hand
  });

  it('takes back every turn the board is fed, by the cells it offers', () => {
    for (const apn of [STANDARD_APN, PLACEMENT_APN]) {
      const legal = legalIn(apn);
      const pos = parseApn(apn);
      if (!pos.ok) throw new Error(pos.error.message);
      const movable = boardConfigOf({ position: pos.value, legal }).movable!;
      const taps = [
        ...[...movable.dests].flatMap(([from, tos]) => tos.map((to) => moveOfTap(legal, from, to))),
        ...(movable.placements ?? []).map((to) => moveOfTap(legal, undefined, to)),
      ];
      expect(taps).toHaveLength(legal.length);
      expect(new Set(taps)).toEqual(new Set(legal));
    }
  });
});

describe('stuckOf: why a player with no legal turn is stuck (R8, R12)', () => {
  const place = (pieces: Record<string, string>) => {
    const board = new Array<Piece | undefined>(CELL_COUNT).fill(undefined);
    for (const [cell, letter] of Object.entries(pieces)) {
      board[c(cell)] = {
        colour: letter === letter.toUpperCase() ? 'white' : 'black',
        role: letter.toLowerCase() === 'q' ? 'queen' : 'guard',
        captured: false,
      };
    }
    const pos = Position.fromSetup({ board, turn: 'white', hand: { white: 0, black: 0 } });
    if (!pos.ok) throw new Error(pos.error.message);
    return pos.value;
  };
  // White: the queen on the throne and five guards round her, Black's guard on g6 closing the
  // ring; White's last guard on a1, whose one step inward, b2, lies between Black's b1 and b3.
  const ring = { f6: 'Q', e5: 'G', e6: 'G', f5: 'G', f7: 'G', g5: 'G', a1: 'G', g6: 'g' };

  it('marks the piece kept in by R8 and the cell it may not enter', () => {
    const pos = place({ ...ring, a2: 'g', b3: 'g', b1: 'g', h9: 'g', i8: 'g', l1: 'q' });
    expect(pos.legalMoves()).toEqual([]);
    expect(stuckOf(pos)).toEqual({ pieces: [c('a1')], forbidden: [c('b2')] });
    expect(stuckMarks(pos)).toEqual({ highlight: [c('a1')], forbidden: [c('b2')] });
  });

  it('marks every piece when none is kept in by R8, only hemmed in', () => {
    const pos = place({ ...ring, a2: 'g', b2: 'g', b1: 'g', h9: 'g', i8: 'g', l1: 'q' });
    expect(pos.legalMoves()).toEqual([]);
    const stuck = stuckOf(pos);
    expect(stuck.forbidden).toEqual([]);
    expect(stuck.pieces.sort((a, b) => a - b)).toEqual(
      ['a1', 'e5', 'e6', 'f5', 'f6', 'f7', 'g5'].map(c).sort((a, b) => a - b),
    );
  });
});
