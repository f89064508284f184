// explainIllegal: every refusal says why in words and cites the rule that forbids it.

import { describe, expect, it } from 'vitest';
import { explainIllegal, PASS_MOVE, PLACEMENT_APN, STANDARD_APN } from '../src/index.ts';
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
