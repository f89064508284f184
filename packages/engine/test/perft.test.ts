import { describe, expect, it } from 'vitest';
import { makeApn, PLACEMENT_APN, perft, perftDivide, STANDARD_APN } from '../src/index.ts';
import { legalTexts, load, occupiedCells, SPEC_OUTER_RING, scene, sorted } from './helpers.ts';

describe('perft from the standard start', () => {
  // Depths 1-4 are the spec authors' numbers; depth 1 is also worked out in rules.test.ts (R5).
  it.each([
    [1, 27],
    [2, 713],
    [3, 18_417],
    [4, 466_557],
  ])('depth %i is %i', (depth, nodes) => {
    expect(perft(load(STANDARD_APN), depth)).toBe(nodes);
  });

  it('depth 5 is 11,662,533 (regression number: computed by this engine, not independently)', () => {
    expect(perft(load(STANDARD_APN), 5)).toBe(11_662_533);
  });

  it('counts 1 at depth 0 and leaves the position as it was', () => {
    const pos = load(STANDARD_APN);
    expect(perft(pos, 0)).toBe(1);
    perft(pos, 3);
    expect(makeApn(pos)).toBe(STANDARD_APN);
    expect(pos.depth).toBe(0);
  });
});

describe('perft from the placement start (R14)', () => {
  // 91 cells less the two queens and the throne leave 88 for White's first guard; each
  // placement takes one more cell, nothing is captured (R14) and no ring of six can close in
  // so few plies (R11), so depth n is 88 * 87 * ... (n factors).
  it.each([
    [1, 88],
    [2, 88 * 87],
    [3, 88 * 87 * 86], // 658,416
  ])('depth %i is %i', (depth, nodes) => {
    expect(perft(load(PLACEMENT_APN), depth)).toBe(nodes);
  });
});

describe('perft with relocations pending (R10)', () => {
  it('counts a captured guard’s relocations: one per vacant outer cell, then the other side’s', () => {
    // White parks Q l1 and guards k1 i1 h1 g1 l2; Black parks q l6 and guards k7 i8 h9 g10
    // f11: 12 outer cells taken, 18 vacant. Both captured guards stand inside the board, so
    // after White takes one outer cell Black has 17 left.
    const text = scene({ c4: 'G*', e7: 'g*' });
    const occupied = [...occupiedCells(text).keys()];
    expect(SPEC_OUTER_RING.filter((c) => !occupied.includes(c))).toHaveLength(18);
    const pos = load(text);
    expect(perft(pos, 1)).toBe(18);
    expect(perft(pos, 2)).toBe(18 * 17);
  });

  it('counts a captured queen’s relocations: every vacant cell, for both sides', () => {
    // 14 pieces on 91 cells leave 77 vacant; a queen leaving d4 frees d4 as it takes a cell,
    // so Black's captured queen also has 77.
    const pos = load(scene({ d4: 'Q*', e7: 'q*' }));
    expect(perft(pos, 1)).toBe(77);
    expect(perft(pos, 2)).toBe(77 * 77);
  });

  it('counts only the queen when a queen and a guard are captured', () => {
    expect(perft(load(scene({ d4: 'Q*', c4: 'G*' })), 1)).toBe(77);
  });

  it('counts two captured guards as two times the vacant outer cells', () => {
    // White parks Q l1 and guards k1 i1 h1 g1; Black parks 7: 12 outer taken, 18 vacant.
    expect(perft(load(scene({ c4: 'G*', d7: 'G*' })), 1)).toBe(2 * 18);
  });
});

describe('perft of finished positions', () => {
  it('gives no children to a position ended by R11 or R12', () => {
    const ring = scene({ f6: 'Q', e5: 'G', e6: 'G', f5: 'G', f7: 'G', g5: 'G', g6: 'G' }, 'b');
    expect(perft(load(ring), 1)).toBe(0);
    expect(perft(load(ring), 2)).toBe(0);
    expect(perftDivide(load(ring), 2)).toEqual([]);
    const blocked = scene({
      f6: 'Q',
      ...{ e5: 'G', e6: 'G', f5: 'G', f7: 'G', g5: 'G', a1: 'G' },
      ...{ g6: 'g', a2: 'g', b1: 'g', b3: 'g' },
    });
    expect(perft(load(blocked), 3)).toBe(0);
  });

  it('stops below a move that ends the game', () => {
    // h5-g6 closes White's ring round White's queen: that branch has one leaf at depth 1 and
    // none below, so depth 2 is depth 2 of the other first moves only.
    const pos = load(scene({ f6: 'Q', e5: 'G', e6: 'G', f5: 'G', f7: 'G', g5: 'G', h5: 'G' }));
    const rows = new Map(perftDivide(pos, 2));
    expect(rows.get('h5-g6')).toBe(0);
    expect(new Map(perftDivide(pos, 1)).get('h5-g6')).toBe(1);
  });
});

describe('perftDivide', () => {
  const positions = [
    STANDARD_APN,
    PLACEMENT_APN,
    scene({ c4: 'G*', e7: 'g*' }),
    scene({ b4: 'G', c2: 'G', c3: 'g', c5: 'g*' }),
  ];
  it.each(positions)('splits by the legal first moves and sums to perft: %s', (text) => {
    const pos = load(text);
    for (const depth of [1, 2, 3]) {
      const rows = perftDivide(pos, depth);
      expect(sorted(rows.map(([m]) => m))).toEqual(legalTexts(pos));
      expect(rows.reduce((s, [, n]) => s + n, 0)).toBe(perft(pos, depth));
    }
    expect(makeApn(pos)).toBe(text);
  });
});
