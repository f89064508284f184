import {
  type IllegalCode,
  type IllegalReason,
  makeMove,
  parseApn,
  parseCell,
  RELOCATION,
  STEP,
} from '@agon/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { language } from '../src/i18n/translations.ts';
import { setLanguage } from '../src/i18n/ui.ts';
import { agnProblem, apnProblem } from '../src/lib/record-problem.ts';
import { reasonPhrase, refusal } from '../src/lib/refusal.ts';

const c = parseCell;

function position(apn: string) {
  const p = parseApn(apn);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

// One reason of every kind, with values that cannot occur in any sentence by chance; typed so
// that a new reason code in the engine must be added here.
const SAMPLES: { readonly [K in IllegalCode]: IllegalReason<K> } = {
  'game-over': { code: 'game-over', rules: ['R11'] },
  pass: { code: 'pass', rules: ['R15'] },
  'queen-to-relocate': {
    code: 'queen-to-relocate',
    rules: ['R6', 'R10'],
    colour: 'black',
    cell: 'd4',
  },
  'guard-to-relocate': { code: 'guard-to-relocate', rules: ['R6', 'R10'], colour: 'white' },
  'not-captured': { code: 'not-captured', rules: ['R10'], colour: 'white', cell: 'k1' },
  'queen-first': { code: 'queen-first', rules: ['R10'], cell: 'd4' },
  'relocation-occupied': { code: 'relocation-occupied', rules: ['R10'], cell: 'l1' },
  'guard-not-outer': { code: 'guard-not-outer', rules: ['R10'], cell: 'c3', ring: 3 },
  'relocation-impossible': { code: 'relocation-impossible', rules: ['R10'] },
  'nothing-captured': { code: 'nothing-captured', rules: ['R10'], colour: 'black' },
  'must-place': { code: 'must-place', rules: ['R14'], colour: 'white', count: 5 },
  'placement-throne': { code: 'placement-throne', rules: ['R14'] },
  'placement-occupied': { code: 'placement-occupied', rules: ['R14'], cell: 'f1' },
  'placement-impossible': { code: 'placement-impossible', rules: ['R14'] },
  'no-hand': { code: 'no-hand', rules: ['R14'], colour: 'white' },
  'no-piece': { code: 'no-piece', rules: ['R7'], colour: 'white', cell: 'c4' },
  'enemy-piece': { code: 'enemy-piece', rules: ['R7'], colour: 'black', cell: 'b1' },
  'captured-step': { code: 'captured-step', rules: ['R9'], cell: 'c4' },
  'not-adjacent': { code: 'not-adjacent', rules: ['R7'], from: 'b2', to: 'b4' },
  outward: { code: 'outward', rules: ['R7'], from: 'b2', to: 'a1', fromRing: 4, toRing: 5 },
  'step-occupied': { code: 'step-occupied', rules: ['R7'], cell: 'c2' },
  'guard-throne': { code: 'guard-throne', rules: ['R7'] },
  forbidden: {
    code: 'forbidden',
    rules: ['R8'],
    colour: 'white',
    cell: 'c4',
    flanks: ['c5', 'c3'],
  },
  'step-impossible': { code: 'step-impossible', rules: ['R7'] },
};

/** The cell names and numbers a reason carries, each of which its sentence must show. */
function values(reason: IllegalReason): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(reason)) {
    if (key === 'code' || key === 'rules' || key === 'colour') continue;
    out.push(...(Array.isArray(value) ? value : [value]).map(String));
  }
  return out;
}

describe('refusal', () => {
  afterEach(() => setLanguage('en'));

  it.each(['en', 'fi', 'ru', 'hi'] as const)(
    'gives every engine reason a sentence in %s, every placeholder filled',
    async (lang) => {
      await setLanguage('en');
      const english = new Map(Object.values(SAMPLES).map((r) => [r.code, reasonPhrase(r)()]));
      await setLanguage(lang);
      expect(language.value).toBe(lang);
      for (const reason of Object.values(SAMPLES) as IllegalReason[]) {
        const text = reasonPhrase(reason)();
        expect({ code: reason.code, leftover: text.match(/[{}]/g) }).toEqual({
          code: reason.code,
          leftover: null,
        });
        for (const value of values(reason)) expect(text, reason.code).toContain(value);
        // The sentence cites only the rules the engine gives as the reason.
        for (const rule of text.match(/R\d+/g) ?? []) expect(reason.rules).toContain(rule);
        // Read from this language's own catalog, not English standing in for a missing one.
        if (lang !== 'en') expect(text, reason.code).not.toBe(english.get(reason.code));
      }
    },
  );

  it('words the sentence for the side to move', () => {
    for (const reason of Object.values(SAMPLES) as IllegalReason[]) {
      if (!('colour' in reason)) continue;
      const white = reasonPhrase({ ...reason, colour: 'white' } as IllegalReason)();
      const black = reasonPhrase({ ...reason, colour: 'black' } as IllegalReason)();
      const sideWorded = ['queen-to-relocate', 'guard-to-relocate', 'enemy-piece', 'forbidden'];
      expect({ code: reason.code, differ: white !== black }).toEqual({
        code: reason.code,
        differ: sideWorded.includes(reason.code),
      });
    }
  });

  it('names the two enemy pieces that make a cell forbidden', () => {
    const pos = position('1g3G/6g/1G6/g7G/10/Q9q/10/7G1/1g5g/G6/1g2G1 w');
    expect(refusal(pos, makeMove(STEP, c('k1'), c('k2')))?.()).toBe(
      'k2 lies between two Black pieces, on l2 and i2: no step may end there.',
    );
  });

  it('sends a captured guard to the outer ring, and the queen first', () => {
    const guard = position('1g4/1G1G3/8/7g1/Q1g5G*1/9q1/10/2g3G2/6g1/G1G4/1g4 w');
    expect(refusal(guard, makeMove(RELOCATION, c('e9'), c('e8')))?.()).toBe(
      'A captured guard goes to a vacant cell of the outer ring, and e8 is in ring 3.',
    );
    const both = position('1g4/1G1G3/8/7g1/Q*1g5G*1/9q1/10/2g3G2/6g1/G1G4/1g4 w');
    expect(refusal(both, makeMove(RELOCATION, c('e9'), c('f1')))?.()).toBe(
      'The captured queen on e1 is relocated before any guard.',
    );
  });
});

describe('record problems', () => {
  it('names the illegal move of a record and why, in words of the app', () => {
    const text = '[Variant "Standard"]\n\n1. b1-c2 h1-g2 2. f1-f5 *';
    const problem = agnProblem(text, { code: 'agn-illegal', message: '' });
    expect(problem()).toBe(
      'That is not a valid game record (AGN): move 2 f1-f5 is illegal. f1 and f5 are not adjacent; a step goes to a neighbouring cell.',
    );
    expect(agnProblem('1. b1-c2 h1-g2 2... x9', { code: 'agn-move', message: '' })()).toBe(
      'That is not a valid game record (AGN): move 2 “x9” is not a move.',
    );
    expect(agnProblem('', { code: 'agn-variant', message: '' })()).toMatch(/Variant/);
  });

  it('says what is wrong with a position by the engine’s code', () => {
    expect(apnProblem({ code: 'queen-count', message: '' })()).toBe(
      'That is not a valid position (APN): each player has exactly one queen.',
    );
    expect(apnProblem({ code: 'something-new', message: '' })()).toBe(
      'That is not a valid position (APN).',
    );
  });
});
