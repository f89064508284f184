// Generated names: within the name rules in every language whatever the dice say, Russian
// adjectives agreeing with their nouns, and a taken name retried.

import { NAME_LANGUAGES } from '@agon/protocol';
import { checkNameStrictly } from '@agon/protocol/name-key';
import { describe, expect, it } from 'vitest';
import { createPlayer, generateName, WORDS, WORDS_MAX } from '../src/player/names.ts';
import { NameTaken, type NewPlayer, type PlayerStore } from '../src/player/players.ts';

/** A seeded source of numbers in [0, 1), so a failure can be replayed. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

describe('generateName', () => {
  it.each(NAME_LANGUAGES)('makes names within the rules in %s', (language) => {
    const words = WORDS[language];
    expect(words.adjectives.length).toBeGreaterThanOrEqual(40);
    expect(words.nouns.length).toBeGreaterThanOrEqual(40);
    const random = seeded(language.length);
    const edges = [() => 0, () => 0.999_999];
    for (const [i, source] of [...edges, ...Array(5000).fill(random)].entries()) {
      const name = generateName(language, source, i % 2 ? 9999 : 99);
      expect([...name].length).toBeGreaterThanOrEqual(3);
      expect([...name].length).toBeLessThanOrEqual(20);
      expect(name).toMatch(/^[\p{L}\p{M}\d _-]+$/u);
      // The server's own check (every rule, and the computer in the name's skeleton) agrees.
      expect(checkNameStrictly(name)).toEqual({ ok: true, value: name });
    }
  });

  it('gives every adjective nouns to go with', () => {
    for (const language of NAME_LANGUAGES) {
      for (const a of WORDS[language].adjectives) {
        const room = WORDS_MAX - Math.max([...a.m].length, [...a.f].length);
        expect(
          WORDS[language].nouns.filter((n) => [...n.word].length <= room).length,
        ).toBeGreaterThan(10);
      }
    }
  });

  it('makes a Russian adjective agree with its noun', () => {
    for (const { m, f } of WORDS.ru.adjectives) {
      expect(m).toMatch(/(ый|ий|ой)$/);
      expect(f).toMatch(/(ая|яя)$/);
      expect(f.slice(0, -2)).toBe(m.slice(0, -2));
    }
    const random = seeded(7);
    for (let i = 0; i < 2000; i++) {
      const [adjective, noun] = generateName('ru', random).split(' ');
      const gender = WORDS.ru.nouns.find((n) => n.word === noun)!.gender;
      expect(adjective).toMatch(gender === 'f' ? /(ая|яя)$/ : /(ый|ий|ой)$/);
    }
    // Both genders are drawn.
    expect(new Set(WORDS.ru.nouns.map((n) => n.gender))).toEqual(new Set(['m', 'f']));
  });
});

describe('createPlayer', () => {
  /** A store of which the first `taken` names are refused. */
  const refusing = (taken: number) => {
    const tried: string[] = [];
    const store = {
      createPlayer: async (player: NewPlayer) => {
        tried.push(player.name);
        if (tried.length <= taken) throw new NameTaken(player.name);
      },
    } as Pick<PlayerStore, 'createPlayer'> as PlayerStore;
    return { store, tried };
  };
  const player = { id: 'abcdefghij', tokenHash: 'hash', createdAt: 1 };

  it('tries other names while they are taken, then with more digits', async () => {
    const { store, tried } = refusing(7);
    const made = await createPlayer(store, 'fi', player, seeded(3));
    expect(tried).toHaveLength(8);
    expect(made.name).toBe(tried[7]);
    expect(tried.slice(0, 5).every((n) => Number(n.split(' ')[2]) <= 99)).toBe(true);
    expect(made).toEqual({ ...player, name: made.name });
  });

  it('gives up after ten taken names', async () => {
    const { store, tried } = refusing(Infinity);
    await expect(createPlayer(store, 'en', player)).rejects.toBeInstanceOf(NameTaken);
    expect(tried).toHaveLength(10);
  });
});
