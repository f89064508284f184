import {
  Game,
  type Move,
  makeMove,
  makeMoveText,
  NO_CELL,
  PLACEMENT,
  PLACEMENT_APN,
  parseApn,
  parseCell,
  STANDARD_APN,
} from '@agon/engine';
import { describe, expect, it } from 'vitest';
import { boardConfigOf, moveOfTap } from '../src/lib/board-feed.ts';

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
