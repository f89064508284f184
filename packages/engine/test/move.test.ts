import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  makeMove,
  makeMoveText,
  moveFrom,
  moveKind,
  moveTo,
  NO_CELL,
  PASS_MOVE,
  PLACEMENT,
  parseCell,
  parseMoveText,
  RELOCATION,
  STEP,
} from '../src/index.ts';
import { PASS } from '../src/move.ts';
import { arbChoices, arbStartApn, playRandom } from './arbitraries.ts';

const cell = parseCell;

describe('move text', () => {
  it('reads the four forms of NOTATION.md', () => {
    const cases: [string, number, number, number][] = [
      ['f1-f2', STEP, cell('f1'), cell('f2')],
      ['e5@a3', RELOCATION, cell('e5'), cell('a3')],
      ['@c4', PLACEMENT, NO_CELL, cell('c4')],
    ];
    for (const [text, kind, from, to] of cases) {
      const r = parseMoveText(text);
      expect(r.ok, text).toBe(true);
      if (!r.ok) continue;
      expect([moveKind(r.value), moveFrom(r.value), moveTo(r.value)], text).toEqual([
        kind,
        from,
        to,
      ]);
      expect(makeMoveText(r.value)).toBe(text);
    }
    expect(parseMoveText('pass')).toEqual({ ok: true, value: PASS_MOVE });
    expect(moveKind(PASS_MOVE)).toBe(PASS);
    expect(makeMoveText(PASS_MOVE)).toBe('pass');
  });

  it('accepts upper-case files and a trailing capture mark, and prints the canonical form', () => {
    for (const [loose, canonical] of [
      ['F1-F2', 'f1-f2'],
      ['e4-e5x', 'e4-e5'],
      ['E4-e5x', 'e4-e5'],
      ['E5@A3', 'e5@a3'],
      ['@C4', '@c4'],
      [' f1-f2 ', 'f1-f2'],
    ] as const) {
      const r = parseMoveText(loose);
      expect(r.ok && makeMoveText(r.value), loose).toBe(canonical);
    }
  });

  it('rejects malformed text with move-syntax', () => {
    for (const junk of [
      '',
      'f1f2',
      'f1-',
      '-f2',
      'f1--f2',
      'f1-f2-f3',
      'f1_f2',
      'PASS',
      'pass x',
      'f1-f2y',
      'f1-f2X',
      '1f-2f',
      'f100-f2',
      '@',
      'x',
    ]) {
      const r = parseMoveText(junk);
      expect(r.ok || r.error.code, JSON.stringify(junk)).toBe('move-syntax');
      expect(r.ok || r.error.message, junk).toContain(junk.trim() === '' ? '' : junk);
    }
  });

  it('rejects cells that are not on the board with move-cell, naming the cell', () => {
    for (const [junk, bad] of [
      ['j1-f2', 'j1'],
      ['f1-f12', 'f12'],
      ['a7@a1', 'a7'],
      ['@l7', 'l7'],
      ['a0-a1', 'a0'],
      ['z5-a1', 'z5'],
    ] as const) {
      const r = parseMoveText(junk);
      expect(r.ok || r.error.code, junk).toBe('move-cell');
      expect(r.ok || r.error.message, junk).toContain(bad);
    }
  });

  it('round-trips every legal move along random games, loose forms included', () => {
    fc.assert(
      fc.property(arbStartApn, arbChoices(100), (start, choices) => {
        const bad: string[] = [];
        playRandom(start, choices, (pos) => {
          for (const m of pos.legalMoves()) {
            const text = makeMoveText(m);
            for (const variant of [text, text.toUpperCase(), `${text}x`]) {
              const r = parseMoveText(variant);
              if (!r.ok || r.value !== m) bad.push(variant);
            }
          }
        });
        expect(bad).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  it('packs kind, from and to without overlap', () => {
    const m = makeMove(RELOCATION, 90, 45);
    expect([moveKind(m), moveFrom(m), moveTo(m)]).toEqual([RELOCATION, 90, 45]);
  });

  it('never throws on arbitrary text', () => {
    const unit = fc.constantFrom(...'abfjklAFL0123456789-@x pas'.split(''));
    const check = (text: string) => {
      const r = parseMoveText(text);
      if (r.ok) expect(parseMoveText(makeMoveText(r.value))).toEqual(r);
      else expect(['move-syntax', 'move-cell']).toContain(r.error.code);
    };
    fc.assert(fc.property(fc.string(), check), { numRuns: 300 });
    fc.assert(fc.property(fc.string({ unit, maxLength: 8 }), check), { numRuns: 1000 });
  });
});
