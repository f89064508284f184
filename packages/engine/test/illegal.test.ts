// explainIllegal: every refusal says why in words and cites the rule that forbids it.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ILLEGAL_CODES } from '../src/illegal.ts';
import {
  CELL_COUNT,
  explainIllegal,
  type IllegalCode,
  type IllegalReason,
  illegalReason,
  type Move,
  makeMove,
  NO_CELL,
  PASS_MOVE,
  PLACEMENT,
  PLACEMENT_APN,
  parseCell,
  RELOCATION,
  STANDARD_APN,
  STEP,
} from '../src/index.ts';
import { PASS } from '../src/move.ts';
import { arbChoices, arbStartApn, playRandom } from './arbitraries.ts';
import { load, mv, scene } from './helpers.ts';

/** The explanation for a move text that must be illegal. */
function why(apnText: string, move: string): string {
  const pos = load(apnText);
  const e = explainIllegal(pos, mv(move));
  if (!e) throw new Error(`expected ${move} to be illegal in ${apnText}`);
  expect(e.code).toBe('illegal-move');
  return e.message;
}

describe('explainIllegal', () => {
  it('returns undefined for every legal move', () => {
    const pos = load(STANDARD_APN);
    for (const m of pos.legalMoves()) expect(explainIllegal(pos, m)).toBeUndefined();
  });

  it('R7: no outward step, naming both rings', () => {
    expect(why(scene({ b2: 'G' }), 'b2-a1')).toMatch(/outward.*ring 4 to ring 5.*\(R7\)/);
  });

  it('R7: no jump', () => {
    expect(why(scene({ b2: 'G' }), 'b2-b4')).toMatch(/b2 and b4 are not adjacent.*\(R7\)/);
  });

  it('R7: no step onto an occupied cell', () => {
    expect(why(scene({ b2: 'G', c2: 'g' }), 'b2-c2')).toMatch(/c2 holds a Black guard.*\(R7\)/);
  });

  it('R7: no guard on the throne', () => {
    expect(why(scene({ f5: 'G' }), 'f5-f6')).toMatch(/only a queen.*throne.*\(R7\)/);
  });

  it('R7: no step from the throne (it would go outward)', () => {
    expect(why(scene({ f6: 'Q' }), 'f6-f5')).toMatch(/outward.*ring 0 to ring 1.*\(R7\)/);
  });

  it('R8: names the two enemy cells the step would end between', () => {
    const msg = why(scene({ b4: 'G', c2: 'G', c3: 'g', c5: 'g' }), 'b4-c4');
    expect(msg).toMatch(/\(R8\)/);
    expect(msg).toMatch(/c4/);
    expect(msg).toMatch(/c3/);
    expect(msg).toMatch(/c5/);
    // A captured enemy still counts and is still named.
    const captured = why(scene({ b4: 'G', c2: 'G', c3: 'g', c5: 'g*' }), 'b4-c4');
    expect(captured).toMatch(/c3.*c5|c5.*c3/);
    // For Black the enemies are White's.
    const black = why(scene({ b4: 'g', c3: 'G', c5: 'G' }, 'b'), 'b4-c4');
    expect(black).toMatch(/between two White pieces.*\(R8\)/);
  });

  it('names a piece of the wrong side or a vacant from-cell', () => {
    expect(why(STANDARD_APN, 'h1-g2')).toMatch(/h1 holds a Black guard.*White is to move/);
    expect(why(STANDARD_APN, 'c4-d4')).toMatch(/c4 is vacant/);
  });

  it('R6/R10: a step while a relocation is due', () => {
    expect(why(scene({ c4: 'G*' }), 'k1-k2')).toMatch(/captured guard.*\(R6, R10\)/);
    expect(why(scene({ d4: 'Q*' }), 'k1-k2')).toMatch(/captured queen on d4.*\(R6, R10\)/);
  });

  it('R10: the captured queen first', () => {
    expect(why(scene({ d4: 'Q*', c4: 'G*' }), 'c4@a3')).toMatch(/queen on d4.*before.*\(R10\)/);
  });

  it('R10: a captured guard only to the outer ring', () => {
    expect(why(scene({ c4: 'G*' }), 'c4@c3')).toMatch(/outer ring.*c3 is in ring 3.*\(R10\)/);
  });

  it('R10: only to a vacant cell, only a captured piece, only when one is captured', () => {
    expect(why(scene({ c4: 'G*' }), 'c4@l1')).toMatch(/l1 holds a White queen.*\(R10\)/);
    expect(why(scene({ c4: 'G*' }), 'k1@a3')).toMatch(/k1 does not hold a captured.*\(R10\)/);
    expect(why(STANDARD_APN, 'b1@a3')).toMatch(/nothing to relocate.*\(R10\)/);
  });

  it('R14: no placement on the throne or a taken cell, no step while guards are in hand', () => {
    expect(why(PLACEMENT_APN, '@f6')).toMatch(/throne.*\(R14\)/);
    expect(why(PLACEMENT_APN, '@f1')).toMatch(/f1 holds a White queen.*\(R14\)/);
    expect(why(PLACEMENT_APN, 'f1-f2')).toMatch(/6 guard\(s\) in hand.*\(R14\)/);
    expect(why(STANDARD_APN, '@c4')).toMatch(/no guard in hand.*\(R14\)/);
  });

  it('R15: pass only under touch-move', () => {
    const e = explainIllegal(load(STANDARD_APN), PASS_MOVE);
    expect(e?.message).toMatch(/\(R15\)/);
  });

  it('R11: nothing more once the throne ring is closed', () => {
    const done = scene({ f6: 'Q', e5: 'G', e6: 'G', f5: 'G', f7: 'G', g5: 'G', g6: 'G' }, 'b');
    expect(why(done, 'l6-l4')).toMatch(/game is over.*\(R11\)/);
  });
});

// The codes the tests below have produced.
const seen = new Set<IllegalCode>();

/** The reason for a move that must be illegal, after checking its English cites no other rule. */
function reason(apnText: string, move: string | Move): IllegalReason {
  const pos = load(apnText);
  const m = typeof move === 'string' ? mv(move) : move;
  const r = illegalReason(pos, m);
  if (!r) throw new Error(`expected ${move} to be illegal in ${apnText}`);
  seen.add(r.code);
  const cited = explainIllegal(pos, m)!.message.match(/R\d+/g) ?? [];
  for (const rule of cited) expect(r.rules).toContain(rule);
  return r;
}

// Both players' hands full: the placement variant's start.
const placing = PLACEMENT_APN;
const ringClosed = scene({ f6: 'Q', e5: 'G', e6: 'G', f5: 'G', f7: 'G', g5: 'G', g6: 'G' }, 'b');

describe('illegalReason', () => {
  it('R11: the game is over once the throne ring is closed', () => {
    expect(reason(ringClosed, 'l6-l4')).toEqual({ code: 'game-over', rules: ['R11'] });
  });

  it('R15: pass is only for touch-move', () => {
    expect(reason(STANDARD_APN, PASS_MOVE)).toEqual({ code: 'pass', rules: ['R15'] });
  });

  it('R6, R10: a captured queen must be relocated this turn', () => {
    expect(reason(scene({ d4: 'Q*' }), 'k1-k2')).toEqual({
      code: 'queen-to-relocate',
      rules: ['R6', 'R10'],
      colour: 'white',
      cell: 'd4',
    });
  });

  it('R6, R10: a captured guard must be relocated this turn', () => {
    expect(reason(scene({ c4: 'g*' }, 'b'), 'l6-l5')).toEqual({
      code: 'guard-to-relocate',
      rules: ['R6', 'R10'],
      colour: 'black',
    });
  });

  it('R10: only a captured piece of the player to move is relocated', () => {
    expect(reason(scene({ c4: 'G*' }), 'k1@a3')).toEqual({
      code: 'not-captured',
      rules: ['R10'],
      colour: 'white',
      cell: 'k1',
    });
  });

  it('R10: the captured queen before any guard', () => {
    expect(reason(scene({ d4: 'Q*', c4: 'G*' }), 'c4@a3')).toEqual({
      code: 'queen-first',
      rules: ['R10'],
      cell: 'd4',
    });
  });

  it('R10: a relocation goes to a vacant cell', () => {
    expect(reason(scene({ c4: 'G*' }), 'c4@l1')).toEqual({
      code: 'relocation-occupied',
      rules: ['R10'],
      cell: 'l1',
    });
  });

  it('R10: a captured guard goes to the outer ring', () => {
    expect(reason(scene({ c4: 'G*' }), 'c4@c3')).toEqual({
      code: 'guard-not-outer',
      rules: ['R10'],
      cell: 'c3',
      ring: 3,
    });
  });

  it('R10: a relocation no move text can write is still refused under R10', () => {
    const apnText = scene({ c4: 'G*' });
    expect(load(apnText).isLegal(mv('c4@a3'))).toBe(true);
    // Only a move number outside the packing (here a fraction) gets past every check.
    expect(reason(apnText, mv('c4@a3') + 0.5)).toEqual({
      code: 'relocation-impossible',
      rules: ['R10'],
    });
  });

  it('R10: nothing to relocate when nothing is captured', () => {
    expect(reason(STANDARD_APN, 'b1@a3')).toEqual({
      code: 'nothing-captured',
      rules: ['R10'],
      colour: 'white',
    });
  });

  it('R14: a guard in hand must be placed, and the count is given', () => {
    expect(reason(placing, 'f1-f2')).toEqual({
      code: 'must-place',
      rules: ['R14'],
      colour: 'white',
      count: 6,
    });
  });

  it('R14: no placement on the throne', () => {
    expect(reason(placing, '@f6')).toEqual({ code: 'placement-throne', rules: ['R14'] });
  });

  it('R14: a placement goes to a vacant cell', () => {
    expect(reason(placing, '@f1')).toEqual({
      code: 'placement-occupied',
      rules: ['R14'],
      cell: 'f1',
    });
  });

  it('R14: a placement number carrying a from-cell is no placement', () => {
    const move = makeMove(PLACEMENT, parseCell('a1'), parseCell('c4'));
    expect(reason(placing, move)).toEqual({ code: 'placement-impossible', rules: ['R14'] });
  });

  it('R14: no placement without a guard in hand', () => {
    expect(reason(STANDARD_APN, '@c4')).toEqual({
      code: 'no-hand',
      rules: ['R14'],
      colour: 'white',
    });
  });

  it('R7: a step moves one of your pieces, and a vacant cell holds none', () => {
    expect(reason(STANDARD_APN, 'c4-d4')).toEqual({
      code: 'no-piece',
      rules: ['R7'],
      colour: 'white',
      cell: 'c4',
    });
  });

  it("R7: a step moves one of your pieces, not the opponent's", () => {
    expect(reason(STANDARD_APN, 'h1-g2')).toEqual({
      code: 'enemy-piece',
      rules: ['R7'],
      colour: 'white',
      cell: 'h1',
    });
  });

  it('R9: a captured piece cannot step', () => {
    // R6 sends every turn with a captured piece to relocation first, so this is reached only
    // when the count behind that duty is cleared by hand (and the step is bad anyway).
    const pos = load(scene({ c4: 'G*' }));
    pos.capturedCount[0] = 0;
    const r = illegalReason(pos, mv('c4-c6'));
    seen.add(r!.code);
    expect(r).toEqual({
      code: 'captured-step',
      rules: ['R9'],
      cell: 'c4',
    });
  });

  it('R7: a step goes to a neighbouring cell', () => {
    expect(reason(scene({ b2: 'G' }), 'b2-b4')).toEqual({
      code: 'not-adjacent',
      rules: ['R7'],
      from: 'b2',
      to: 'b4',
    });
  });

  it('R7: never outward, naming both rings', () => {
    expect(reason(scene({ b2: 'G' }), 'b2-a1')).toEqual({
      code: 'outward',
      rules: ['R7'],
      from: 'b2',
      to: 'a1',
      fromRing: 4,
      toRing: 5,
    });
  });

  it('R7: a step goes to a vacant cell', () => {
    expect(reason(scene({ b2: 'G', c2: 'g' }), 'b2-c2')).toEqual({
      code: 'step-occupied',
      rules: ['R7'],
      cell: 'c2',
    });
  });

  it('R7: only a queen enters the throne', () => {
    expect(reason(scene({ f5: 'G' }), 'f5-f6')).toEqual({ code: 'guard-throne', rules: ['R7'] });
  });

  it('R8: names the cell and the two enemy pieces either side of it', () => {
    expect(reason(scene({ b4: 'G', c2: 'G', c3: 'g', c5: 'g' }), 'b4-c4')).toEqual({
      code: 'forbidden',
      rules: ['R8'],
      colour: 'white',
      cell: 'c4',
      flanks: ['c5', 'c3'],
    });
    const black = reason(scene({ b4: 'g', c3: 'G', c5: 'G*' }, 'b'), 'b4-c4');
    expect(black).toMatchObject({ code: 'forbidden', colour: 'black', cell: 'c4' });
    if (black.code === 'forbidden') expect([...black.flanks].sort()).toEqual(['c3', 'c5']);
  });

  it('R7: a step number of no known kind is refused as a step', () => {
    expect(load(STANDARD_APN).isLegal(mv('b1-c2'))).toBe(true);
    const move = makeMove(4, parseCell('b1'), parseCell('c2'));
    expect(reason(STANDARD_APN, move)).toEqual({ code: 'step-impossible', rules: ['R7'] });
  });

  it('has a test above for every code', () => {
    // Tests run in order, so by now every code the tests above produced has been seen.
    expect(ILLEGAL_CODES.filter((code) => !seen.has(code))).toEqual([]);
  });

  it('is defined exactly when the move is illegal, for random moves in random games', () => {
    // Codes no typed move can reach: a specific reason is owed to every move a player writes.
    const defensive = new Set<IllegalCode>([
      'relocation-impossible',
      'placement-impossible',
      'captured-step',
      'step-impossible',
    ]);
    const cell = fc.integer({ min: 0, max: CELL_COUNT - 1 });
    const arbMove = fc.oneof(
      fc.tuple(fc.constantFrom(STEP, RELOCATION), cell, cell).map(([k, f, t]) => makeMove(k, f, t)),
      cell.map((t) => makeMove(PLACEMENT, NO_CELL, t)),
      fc.constant(makeMove(PASS, NO_CELL, NO_CELL)),
    );
    let illegal = 0;
    fc.assert(
      fc.property(
        arbStartApn,
        arbChoices(60),
        fc.array(arbMove, { maxLength: 30 }),
        (start, choices, moves) => {
          playRandom(start, choices, (pos) => {
            for (const m of [...moves, ...pos.legalMoves().slice(0, 5)]) {
              const r = illegalReason(pos, m);
              expect(r === undefined).toBe(pos.isLegal(m));
              if (r) {
                illegal++;
                expect(defensive.has(r.code)).toBe(false);
              }
            }
          });
        },
      ),
      { numRuns: 150 },
    );
    expect(illegal).toBeGreaterThan(10_000);
  });
});
