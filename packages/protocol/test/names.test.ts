// The finding on look-alike names: 17 names that look like "Swift Heron 42" and 9 that read as
// the computer, a level or "Bot" were accepted. Each is refused now, by the rule it breaks or
// as the key of a name taken; real names in each language are still taken. The strings are
// written with escapes, so each shows what it hides.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  checkName,
  NAME_RULE_TEXT,
  NAME_RULES,
  type NameRule,
  nameProblem,
  nameRuleOf,
} from '../src/index.ts';
import { checkNameStrictly, nameKey, passesForComputer } from '../src/name-key.ts';

const HERON = 'Swift Heron 42';

/** Each look-alike of "Swift Heron 42", and how it is refused: a rule, or its key is taken. */
const HERONS: readonly (readonly [string, string, NameRule | 'taken'])[] = [
  ['Cyrillic е (U+0435) for e', 'Swift H\u0435ron 42', 'script'],
  ['Cyrillic о (U+043E) for o', 'Swift Her\u043En 42', 'script'],
  ['Cyrillic ѕ (U+0455) for S', '\u0455wift Heron 42', 'script'],
  ['a trailing combining grapheme joiner', 'Swift Heron 42\u034F', 'invisible'],
  ['a combining grapheme joiner inside a word', 'Swift He\u034Fron 42', 'invisible'],
  ['variation selector 15', 'Swift Heron 42\uFE0E', 'invisible'],
  ['Arabic-Indic digits for 42', 'Swift Heron \u0664\u0662', 'script'],
  ['Devanagari digits for 42', 'Swift Heron \u096A\u0968', 'script'],
  ['"_" for a space', 'Swift_Heron 42', 'taken'],
  ['a combining accent left over', 'Swift Heron 42\u0301', 'mark'],
  ['l for i', 'Swlft Heron 42', 'taken'],
  ['a zero-width space', 'Swift Her\u200Bon 42', 'invisible'],
  ['a zero-width joiner', 'Swift Heron\u200D 42', 'invisible'],
  ['a fullwidth S', '\uFF33wift Heron 42', 'compatibility'],
  ['fullwidth digits', 'Swift Heron \uFF14\uFF12', 'compatibility'],
  ['a mathematical bold S', '\u{1D412}wift Heron 42', 'compatibility'],
  ['capitals and doubled spaces', 'SWIFT  HERON  42', 'taken'],
];

/** Each name that reads as the computer, a level or a program, and the rule it breaks. */
const COMPUTERS: readonly (readonly [string, string, NameRule])[] = [
  ['"Computer" with Cyrillic С (U+0421)', '\u0421omputer', 'script'],
  ['"Computer" with Cyrillic о (U+043E)', 'C\u043Emputer', 'script'],
  ['"Computer" with Greek ο (U+03BF)', 'C\u03BFmputer', 'script'],
  ['"Computer" with a combining grapheme joiner', 'Com\u034Fputer', 'invisible'],
  ['"Computer" with variation selector 16', 'Computer\uFE0F', 'invisible'],
  ['"Computer" with Khmer inherent vowel U+17B4', 'Comp\u17B4uter', 'invisible'],
  ['"Bot" with Cyrillic о (U+043E)', 'B\u043Et', 'script'],
  ['"Bot" with a combining grapheme joiner', 'Bo\u034Ft', 'invisible'],
  ['"Level 5" with an invisible mark', 'Level\u034F 5', 'invisible'],
];

describe('look-alikes of a taken name (finding: 11 of 17 accepted)', () => {
  it.each(HERONS)('refuses %s', (_, name, how) => {
    expect(name).not.toBe(HERON);
    if (how === 'taken') {
      expect(nameProblem(name)).toBeUndefined();
      expect(nameKey(name)).toBe(nameKey(HERON));
    } else {
      expect(nameProblem(name)).toBe(how);
      expect(checkName(name)).toEqual({
        ok: false,
        error: { code: 'bad-name', message: NAME_RULE_TEXT[how] },
      });
    }
  });

  it('keys letters of other scripts and invisible characters as the name they imitate', () => {
    // Should a rule ever let one by, the key still finds the name taken.
    const imitations = HERONS.filter(
      ([what, , how]) => how === 'invisible' || /Cyrillic/.test(what),
    );
    expect(imitations).toHaveLength(8);
    for (const [, name] of imitations) expect(nameKey(name), name).toBe(nameKey(HERON));
  });

  it('keeps apart names that only look alike in part', () => {
    for (const other of ['Swift Heron 43', 'Swift Héron 42', 'Swift Herons 42', 'Swift Hero 42']) {
      expect(nameKey(other), other).not.toBe(nameKey(HERON));
    }
  });
});

describe('look-alikes of the computer (finding: 9 accepted)', () => {
  it.each(COMPUTERS)('refuses %s', (_, name, rule) => {
    expect(nameProblem(name)).toBe(rule);
    expect(checkNameStrictly(name)).toMatchObject({ ok: false, error: { code: 'bad-name' } });
  });

  it("finds the computer in a name's skeleton where the browser's check cannot", () => {
    for (const name of [
      'C0mputer',
      'Cornputer',
      '\u0392\u039F\u03A4', // Greek capitals: ΒΟΤ
      '\u0412\u041E\u0422', // Cyrillic capitals: ВОТ
      'T1etokone',
      'A1 Fan',
      'Leve1 10',
      'Level lO',
      'Lv1 7',
    ]) {
      expect(nameProblem(name), name).toBeUndefined();
      expect(passesForComputer(name), name).toBe(true);
      expect(checkNameStrictly(name), name).toEqual({
        ok: false,
        error: { code: 'bad-name', message: NAME_RULE_TEXT.computer },
      });
    }
  });

  it('keeps the number of a level a number: "Level 10" is a level, "Level Lord" a name', () => {
    expect(passesForComputer('Level 10')).toBe(true);
    expect(passesForComputer('уровень 10')).toBe(true);
    expect(passesForComputer('स्तर १०')).toBe(true);
    expect(passesForComputer('Level Lord')).toBe(false);
    expect(passesForComputer('Bottle Fox')).toBe(false);
  });
});

describe('the name rules', () => {
  it('still take real names in many scripts', () => {
    for (const name of [
      HERON,
      'Ketterä Ilves 7',
      'Весёлая Цапля 42',
      'तेज़ बाज़ 42',
      'मोहन ४२',
      'José',
      'Zoë',
      'Nguyễn Văn An',
      'Łukasz',
      '李小龍',
      'さくら',
      'ラーメン 2',
      'Sakura さくら',
      '김민준',
      'Mary 김',
      'Ελένη 7',
      'محمد',
      'מרים',
      'น้ำฝน',
      'Ann-Marie_99',
    ]) {
      expect(checkNameStrictly(name), name).toEqual({ ok: true, value: name });
    }
  });

  it('refuse two scripts, but take Latin beside Chinese, Japanese or Korean', () => {
    expect(nameProblem('Hello Мир')).toBe('script');
    expect(nameProblem('Ελένη Smith')).toBe('script');
    expect(nameProblem('मोहन Smith')).toBe('script');
    expect(nameProblem('さくら 김')).toBe('script');
    expect(nameProblem('Tokyo 東京 さくら')).toBeUndefined();
    expect(nameProblem('Seoul 서울 漢')).toBeUndefined();
  });

  it('refuse digits of two systems', () => {
    expect(nameProblem('मोहन 4२')).toBe('digits');
    expect(nameProblem('Heron 4\u{1D7D0}')).toBe('compatibility');
    expect(nameProblem('मोहन 42')).toBeUndefined();
  });

  it('refuse a mark on a digit, a space, a letter of another script, or a free accent', () => {
    expect(nameProblem('Heron 4\u0301')).toBe('mark');
    expect(nameProblem('बाज़ \u093E')).toBe('mark');
    // A Hangul tone mark belongs to Hangul, not to the Han character of a Korean name.
    expect(nameProblem('漢\u302E한')).toBe('mark');
    expect(nameProblem('한\u302E글')).toBeUndefined();
    // An accent that NFC cannot join to its letter, and marks of no script of their own.
    expect(nameProblem('Heron q\u0301')).toBe('mark');
    expect(nameProblem('Ива\u0301н')).toBe('mark');
    expect(nameProblem('東\u3099京')).toBe('mark');
    expect(nameProblem('\u0645\u064F\u062D\u0645\u062F')).toBe('mark');
    // Joined by NFC, the accent is part of its letter.
    expect(nameProblem('Jose\u0301')).toBeUndefined();
    expect(nameProblem('Heron Zoe\u0308')).toBeUndefined();
  });

  it('word each rule in a sentence of its own, and find the rule again from it', () => {
    expect(new Set(NAME_RULES.map((r) => NAME_RULE_TEXT[r])).size).toBe(NAME_RULES.length);
    for (const rule of NAME_RULES) expect(nameRuleOf(NAME_RULE_TEXT[rule])).toBe(rule);
    expect(nameRuleOf('a name is nice')).toBeUndefined();
  });
});

describe('the look-alike key', () => {
  it('folds case, "i", "l", "I" and "1", and runs of spaces, "_" and "-"', () => {
    const key = nameKey('swift heron 42');
    for (const name of [
      'SWIFT HERON 42',
      'Swift_-_Heron 42',
      ' Swift Heron-42 ',
      'SWlFT HERON 42',
    ]) {
      expect(nameKey(name), name).toBe(key);
    }
    expect(nameKey('Ann 11')).toBe(nameKey('Ann Il'));
    expect(nameKey('Swift Her0n 42')).toBe(nameKey(HERON));
    expect(nameKey('Swift Heron 42')).toBe(nameKey('Swift Heron 42\u200B'));
    expect(nameKey('БЫСТРАЯ Цапля')).toBe(nameKey('быстрая цапля'));
  });

  it('is left out of the index the browser bundles, with its ~100 KB table', () => {
    // Follows the index's own imports: none may reach the key or the confusables table.
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(new URL(`../src/${file}`, import.meta.url), 'utf8');
      expect(text, file).not.toMatch(/from '(unhomoglyph|\.\/name-key\.ts)'/);
      for (const [, next] of text.matchAll(/from '\.\/([\w-]+\.ts)'/g)) visit(next!);
    };
    visit('index.ts');
    expect(seen.size).toBeGreaterThan(3);
  });
});
