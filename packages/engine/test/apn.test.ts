import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CELL_COUNT,
  makeApn,
  PLACEMENT_APN,
  Position,
  parseApn,
  parseApnSetup,
  parseCell,
  STANDARD_APN,
} from '../src/index.ts';
import { placementSetup, standardSetup } from '../src/setup.ts';
import { apn, load } from './helpers.ts';

const STD_FILES = STANDARD_APN.split(' ')[0]!.split('/');
/** The standard board with file `i` replaced by `text`. */
const withFile = (i: number, text: string, rest = 'w'): string =>
  `${STD_FILES.map((f, k) => (k === i ? text : f)).join('/')} ${rest}`;

/** The error of a parse that must fail. */
function failure(text: string): { code: string; message: string } {
  const r = parseApn(text);
  if (r.ok) throw new Error(`expected "${text}" to be rejected`);
  return r.error;
}

describe('APN reading', () => {
  it('reads both starts as NOTATION.md gives them', () => {
    expect(load(STANDARD_APN).toSetup()).toEqual(standardSetup());
    expect(load(PLACEMENT_APN).toSetup()).toEqual(placementSetup());
    expect(STANDARD_APN).toBe('1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1 w');
    expect(PLACEMENT_APN).toBe('6/7/8/9/10/Q9q/10/9/8/7/6 w 6/6');
  });

  it('reads capture marks, the side to move and the hand', () => {
    const pos = load('1g*2G1/G5g/8/g7G/10/Q*9q/10/g7G/8/G5g/1g2G1 b');
    expect(pos.pieceAt(parseCell('a2'))).toEqual({
      colour: 'black',
      role: 'guard',
      captured: true,
    });
    expect(pos.pieceAt(parseCell('f1'))).toEqual({
      colour: 'white',
      role: 'queen',
      captured: true,
    });
    expect(pos.turnColour).toBe('black');
    const hand = load('6/7/8/9/10/Q9q/10/9/8/G6/6 b 5/6');
    expect([hand.hand[0], hand.hand[1]]).toEqual([5, 6]);
    expect(hand.pieceAt(parseCell('k1'))?.role).toBe('guard');
  });

  it('rejects a board without eleven files, naming the count', () => {
    const e = failure('1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g w');
    expect(e.code).toBe('apn-files');
    expect(e.message).toMatch(/10 files/);
    expect(failure(`${STANDARD_APN.split(' ')[0]}/6 w`).code).toBe('apn-files');
  });

  it('rejects a file too long or too short, naming the file', () => {
    const long = failure(withFile(2, '9'));
    expect(long.code).toBe('apn-file-length');
    expect(long.message).toMatch(/file c/);
    const longPiece = failure(withFile(0, '1g2G2'));
    expect(longPiece.code).toBe('apn-file-length');
    expect(longPiece.message).toMatch(/file a/);
    const short = failure(withFile(10, '1g2G'));
    expect(short.code).toBe('apn-file-length');
    expect(short.message).toMatch(/file l/);
    expect(failure(withFile(5, '')).message).toMatch(/file f/);
  });

  it('rejects a character that is no piece, mark or number, naming file and character', () => {
    const e = failure(withFile(2, '3x4'));
    expect(e.code).toBe('apn-char');
    expect(e.message).toMatch(/file c/);
    expect(e.message).toMatch(/"x"/);
    expect(failure(withFile(2, '*8')).code).toBe('apn-char');
    expect(failure(withFile(0, '1g**2G1')).code).toBe('apn-char');
    expect(failure(withFile(2, '0')).code).toBe('apn-char');
    expect(failure(withFile(5, 'K9q')).code).toBe('apn-char');
  });

  it('rejects a bad side to move', () => {
    for (const t of ['x', 'W', 'white', '1']) {
      const e = failure(withFile(0, STD_FILES[0]!, t));
      expect(e.code, t).toBe('apn-turn');
      expect(e.message).toContain(t);
    }
  });

  it('rejects a bad hand field', () => {
    for (const h of ['7/6', '6', '6-6', '6/6/6', '-1/6', 'a/b', '6/']) {
      const e = failure(`6/7/8/9/10/Q9q/10/9/8/7/6 w ${h}`);
      expect(e.code, h).toBe('apn-hand');
      expect(e.message).toContain(h);
    }
  });

  it('rejects a wrong number of fields or stray spaces', () => {
    for (const t of ['', 'w', STANDARD_APN.replace(' ', '  '), `${STANDARD_APN} 0/0 x`]) {
      expect(failure(t).code, JSON.stringify(t)).toBe('apn-fields');
    }
  });

  it('tolerates surrounding white space such as a final newline', () => {
    expect(parseApn(`${STANDARD_APN}\n`).ok).toBe(true);
  });

  it('rejects two White queens with queen-count', () => {
    const e = failure(withFile(1, 'Q5g'));
    expect(e.code).toBe('queen-count');
    expect(e.message).toMatch(/white has 2 queens/);
  });

  it('rejects an eighth White piece (an extra queen) one way or another', () => {
    // Two queens and six guards: the engine reports too-many-pieces before queen-count.
    const e = failure(withFile(2, 'Q7'));
    expect(['queen-count', 'too-many-pieces']).toContain(e.code);
  });

  it('rejects a missing queen', () => {
    expect(failure(withFile(5, 'Q10')).code).toBe('queen-count');
  });

  it('rejects a guard on the throne', () => {
    // White's f1 queen stays; a guard is moved from b1 to f6.
    const text = withFile(1, '6g', 'w').replace('/Q9q/', '/Q4G4q/');
    const e = failure(text);
    expect(e.code).toBe('guard-on-throne');
    expect(e.message).toMatch(/f6/);
  });

  it('rejects guards and hand not adding up to six, naming the colour', () => {
    const e = failure(withFile(1, '6g'));
    expect(e.code).toBe('guard-count');
    expect(e.message).toMatch(/white has 5 guards/);
    expect(failure('6/7/8/9/10/Q9q/10/9/8/7/6 w 5/6').code).toBe('guard-count');
    expect(failure('6/7/8/9/10/Q9q/10/9/8/7/6 w').code).toBe('guard-count');
    expect(failure(`${STANDARD_APN} 1/0`).code).toBe('guard-count');
  });

  it('leaves counting to the position: parseApnSetup reads an impossible board', () => {
    const text = withFile(1, 'Q5g');
    expect(parseApnSetup(text).ok).toBe(true);
  });

  it('never throws on arbitrary text', () => {
    const apnChars = fc.constantFrom(...'QGqg*0123456789/ wb\t-'.split(''));
    const check = (text: string) => {
      const r = parseApn(text);
      if (r.ok) expect(parseApn(makeApn(r.value)).ok).toBe(true);
      else {
        expect(typeof r.error.code).toBe('string');
        expect(r.error.message.length).toBeGreaterThan(0);
      }
    };
    fc.assert(fc.property(fc.string(), check), { numRuns: 500 });
    fc.assert(fc.property(fc.string({ unit: apnChars, maxLength: 80 }), check), { numRuns: 500 });
    // Near misses of a real position: one character changed, dropped or doubled.
    fc.assert(
      fc.property(fc.nat(STANDARD_APN.length - 1), apnChars, fc.nat(2), (i, ch, op) => {
        const s = STANDARD_APN;
        const mutated =
          op === 0
            ? s.slice(0, i) + ch + s.slice(i + 1)
            : op === 1
              ? s.slice(0, i) + s.slice(i + 1)
              : s.slice(0, i) + s[i] + s.slice(i);
        check(mutated);
      }),
      { numRuns: 500 },
    );
  });
});

describe('APN writing', () => {
  it('writes both starts and a hand only while guards remain', () => {
    expect(makeApn(standardSetup())).toBe(STANDARD_APN);
    expect(makeApn(placementSetup())).toBe(PLACEMENT_APN);
    expect(makeApn(load(`${STANDARD_APN} 0/0`))).toBe(STANDARD_APN);
  });

  it('writes captured pieces with a star and merges vacant runs', () => {
    const text = apn({ a1: 'G*', a6: 'g', f6: 'q*', f1: 'Q', l6: 'G', l1: 'g' }, 'b', '4/4');
    expect(text).toBe('G*4g/7/8/9/10/Q4q*5/10/9/8/7/g4G b 4/4');
    expect(makeApn(load(text))).toBe(text);
  });
});

describe('Position.fromSetup validation', () => {
  it('rejects a board of the wrong size and a hand out of range', () => {
    const s = standardSetup();
    const short = Position.fromSetup({ ...s, board: s.board.slice(1) });
    expect(short.ok || short.error.code).toBe('board-size');
    const board = [...placementSetup().board];
    expect(board).toHaveLength(CELL_COUNT);
    const hand = Position.fromSetup({ board, turn: 'white', hand: { white: 7, black: 6 } });
    expect(hand.ok || hand.error.code).toBe('hand');
    const frac = Position.fromSetup({ board, turn: 'white', hand: { white: 5.5, black: 6 } });
    expect(frac.ok).toBe(false);
  });
});
