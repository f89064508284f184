import { describe, expect, it } from 'vitest';
import { en as analysisEn } from '../src/analysis/text/en.ts';
import { fi as analysisFi } from '../src/analysis/text/fi.ts';
import { hi as analysisHi } from '../src/analysis/text/hi.ts';
import { ru as analysisRu } from '../src/analysis/text/ru.ts';
import { formatMessage, type Message, placeholders } from '../src/i18n/catalog.ts';
import { en } from '../src/i18n/en.ts';
import { fi } from '../src/i18n/fi.ts';
import { hi } from '../src/i18n/hi.ts';
import { pickLanguage } from '../src/i18n/language.ts';
import { ru } from '../src/i18n/ru.ts';
import { language } from '../src/i18n/translations.ts';
import { setLanguage, t } from '../src/i18n/ui.ts';
import { en as learnEn } from '../src/learn/text/en.ts';
import { fi as learnFi } from '../src/learn/text/fi.ts';
import { hi as learnHi } from '../src/learn/text/hi.ts';
import { ru as learnRu } from '../src/learn/text/ru.ts';
import { en as recordEn } from '../src/lib/record-text/en.ts';
import { fi as recordFi } from '../src/lib/record-text/fi.ts';
import { hi as recordHi } from '../src/lib/record-text/hi.ts';
import { ru as recordRu } from '../src/lib/record-text/ru.ts';
import { en as onlineEn } from '../src/online/text/en.ts';
import { fi as onlineFi } from '../src/online/text/fi.ts';
import { hi as onlineHi } from '../src/online/text/hi.ts';
import { ru as onlineRu } from '../src/online/text/ru.ts';
import { en as puzzleEn } from '../src/puzzles/text/en.ts';
import { fi as puzzleFi } from '../src/puzzles/text/fi.ts';
import { hi as puzzleHi } from '../src/puzzles/text/hi.ts';
import { ru as puzzleRu } from '../src/puzzles/text/ru.ts';

type Catalog = Readonly<Record<string, Message>>;

const FAMILIES: readonly [string, Catalog, Record<string, Catalog>][] = [
  ['app', en, { fi, ru, hi }],
  ['analysis board', analysisEn, { fi: analysisFi, ru: analysisRu, hi: analysisHi }],
  ['rules and tutorial', learnEn, { fi: learnFi, ru: learnRu, hi: learnHi }],
  ['online play', onlineEn, { fi: onlineFi, ru: onlineRu, hi: onlineHi }],
  ['record problems', recordEn, { fi: recordFi, ru: recordRu, hi: recordHi }],
  ['puzzles', puzzleEn, { fi: puzzleFi, ru: puzzleRu, hi: puzzleHi }],
];

/** The plural categories CLDR gives each language for whole numbers and fractions. */
const CATEGORIES: Record<string, string[]> = {
  en: ['one', 'other'],
  fi: ['one', 'other'],
  ru: ['few', 'many', 'one', 'other'],
  hi: ['one', 'other'],
};

const forms = (m: Message): string[] => (typeof m === 'string' ? [m] : Object.values(m));
const names = (template: string): string[] => placeholders(template).sort();

describe.each(FAMILIES)('the %s catalogs', (_, source, others) => {
  it('are in every language with every key and no other', () => {
    for (const catalog of Object.values(others)) {
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(source).sort());
    }
  });

  it('use only {name} placeholders in English', () => {
    for (const message of Object.values(source)) {
      for (const form of forms(message)) {
        expect(form.replace(/\{\w+\}/g, '')).not.toMatch(/[{}]/);
      }
    }
  });

  it.each(Object.keys(others))('in %s fill the same placeholders as English', (lang) => {
    const catalog = others[lang]!;
    for (const [key, message] of Object.entries(source)) {
      const want = names(forms(message).at(-1)!);
      for (const form of forms(catalog[key]!)) {
        expect({ key, names: names(form) }).toEqual({ key, names: want });
      }
    }
  });

  it.each(['en', ...Object.keys(others)])('in %s have the plural forms CLDR asks for', (lang) => {
    expect([...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort()).toEqual(
      CATEGORIES[lang],
    );
    const catalog = lang === 'en' ? source : others[lang]!;
    for (const [key, message] of Object.entries(source)) {
      const translated = catalog[key]!;
      expect(typeof translated).toBe(typeof message);
      if (typeof translated !== 'string') {
        expect({ key, forms: Object.keys(translated).sort() }).toEqual({
          key,
          forms: CATEGORIES[lang],
        });
      }
    }
  });

  it.each(Object.keys(others))('in %s keep the rule numbers of English', (lang) => {
    const catalog = others[lang]!;
    for (const [key, message] of Object.entries(source)) {
      const rules = (m: Message) => [...new Set(forms(m).join(' ').match(/R\d+/g))].sort();
      expect({ key, rules: rules(catalog[key]!) }).toEqual({ key, rules: rules(message) });
    }
  });
});

describe('formatMessage', () => {
  it('picks the plural form by the rules of each language', () => {
    const guards = ru['player.hand'];
    const say = (lang: string, m: Message, count: number) => formatMessage(lang, m, { count });
    expect([1, 2, 5, 21, 22, 25].map((n) => say('ru', guards, n))).toEqual([
      '1 страж в руке',
      '2 стража в руке',
      '5 стражей в руке',
      '21 страж в руке',
      '22 стража в руке',
      '25 стражей в руке',
    ]);
    // Hindi treats 0 like 1; English and Finnish do not.
    const hiForms = { one: 'one {count}', other: 'other {count}' };
    expect(say('hi', hiForms, 0)).toBe('one 0');
    expect(say('en', hiForms, 0)).toBe('other 0');
    expect(say('fi', fi['player.hand'], 1)).toBe('1 vartija kädessä');
    expect(say('fi', fi['player.hand'], 6)).toBe('6 vartijaa kädessä');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(formatMessage('en', 'A {x} and {y}', { x: 'b1' })).toBe('A b1 and {y}');
    expect(formatMessage('en', 'level {n}', { n: 10 })).toBe('level 10');
  });
});

describe('the app language', () => {
  it('is chosen from the browser’s languages, English when none is spoken here', () => {
    expect(pickLanguage(['fi-FI', 'en'])).toBe('fi');
    expect(pickLanguage(['de-DE', 'ru'])).toBe('ru');
    expect(pickLanguage(['hi-IN'])).toBe('hi');
    expect(pickLanguage(['de', 'fr'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });

  it('switches every message once the catalog is loaded', async () => {
    try {
      expect(t('top.newGame')).toBe('New game');
      await setLanguage('ru');
      expect(language.value).toBe('ru');
      expect(t('top.newGame')).toBe('Новая игра');
      expect(t('player.hand', { count: 3 })).toBe('3 стража в руке');
      await setLanguage('hi');
      expect(t('player.computer', { level: 4 })).toBe('कंप्यूटर (स्तर 4)');
    } finally {
      await setLanguage('en');
    }
  });

  it('keeps the last choice when quick switches load out of order', async () => {
    try {
      const slow = setLanguage('fi');
      const fast = setLanguage('en');
      await Promise.all([slow, fast]);
      expect(language.value).toBe('en');
    } finally {
      await setLanguage('en');
    }
  });
});
