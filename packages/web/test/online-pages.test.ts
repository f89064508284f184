import { GAME_ID, NAME_RULE_TEXT, NAME_RULES, nameProblem, PLAYER_ID } from '@agon/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { language } from '../src/i18n/translations.ts';
import { keepIdentity, keptIdentity, readIdentity } from '../src/lib/identity.ts';
import { gameNamedIn, onlinePage, playerPath } from '../src/online/address.ts';
import {
  changeClass,
  elapsedText,
  gameModeText,
  nameRefusal,
  nameRuleText,
  ratingDelta,
  ratingText,
  ruleSetText,
  signedChange,
  timeControlText,
  transferGroups,
} from '../src/online/lobby-text.ts';
import { onlineText } from '../src/online/text.ts';

const at = (pathname: string, search = '') => onlinePage({ pathname, search });

describe('online addresses', () => {
  it('read the lobby, this browser’s player and a player’s page', () => {
    expect(at('/lobby')).toEqual({ page: 'lobby' });
    expect(at('/lobby/')).toEqual({ page: 'lobby' });
    expect(at('/me')).toEqual({ page: 'me' });
    expect(at('/p/abcdefgh23')).toEqual({ page: 'player', id: 'abcdefgh23' });
    expect(at(playerPath('zyxwvuts98'))).toEqual({ page: 'player', id: 'zyxwvuts98' });
  });

  it('check player ids as game ids, which have the same shape', () => {
    expect(PLAYER_ID.source).toBe(GAME_ID.source);
  });

  it('keep the game and create pages', () => {
    expect(at('/g/abcdefgh23')).toEqual({ page: 'game', id: 'abcdefgh23' });
    expect(at('/', '?game=abcdefgh23')).toEqual({ page: 'game', id: 'abcdefgh23' });
    expect(at('/online')).toEqual({ page: 'create' });
  });

  it('find the game a busy refusal names by its path', () => {
    expect(gameNamedIn('you are playing a game (/g/abcdefgh23); finish it first')).toBe(
      'abcdefgh23',
    );
    expect(gameNamedIn('you are already in a game')).toBeUndefined();
    expect(gameNamedIn('see /g/notanid!!')).toBeUndefined();
  });

  it('leave other addresses to the rest of the app', () => {
    // Player ids have the game ids' alphabet: no l, o, 0 or 1, and ten characters.
    for (const path of [
      '/',
      '/p/',
      '/p/short',
      '/p/hello12345',
      '/p/abcdefgh23/x',
      '/lobbyx',
      '/mine',
    ]) {
      expect(at(path)).toBeUndefined();
    }
  });
});

describe('the lobby’s figures', () => {
  it('show a wait as minutes and seconds', () => {
    expect(elapsedText(0)).toBe('0:00');
    expect(elapsedText(7_999)).toBe('0:07');
    expect(elapsedText(83_000)).toBe('1:23');
    expect(elapsedText(725_000)).toBe('12:05');
    expect(elapsedText(-50)).toBe('0:00');
  });

  it('write time controls as minutes + seconds', () => {
    expect(timeControlText({ initial: 180_000, increment: 2000 })).toBe('3+2');
    expect(timeControlText({ initial: 30_000, increment: 0 })).toBe('½+0');
    expect(timeControlText({ initial: 90_000, increment: 1000 })).toBe('1½+1');
    expect(timeControlText({ initial: 900_000, increment: 10_000 })).toBe('15+10');
  });

  it('mark provisional ratings and sign rating changes', () => {
    expect(ratingText({ rating: 1500.4, provisional: true })).toBe('1500?');
    expect(ratingText({ rating: 1623.6, provisional: false })).toBe('1624');
    expect(signedChange(12)).toBe('+12');
    // A true minus sign, as lichess writes it, not a hyphen.
    expect(signedChange(-8)).toBe('\u22128');
    expect(signedChange(0)).toBe('±0');
    expect([changeClass(12), changeClass(-8), changeClass(0)]).toEqual(['up', 'down', 'level']);
  });

  it('count a game’s change between the ratings as shown, and none for an unrated game', () => {
    expect(ratingDelta(1500, 1512)).toBe(12);
    // 1500.4 shows as 1500 and 1492.6 as 1493: the change shown is 7, not 7.8 rounded to 8.
    expect(ratingDelta(1500.4, 1492.6)).toBe(-7);
    expect(ratingDelta(1500, 1500)).toBe(0);
    expect(ratingDelta(null, null)).toBeUndefined();
    expect(ratingDelta(1500, null)).toBeUndefined();
  });

  it('name a rule set by its rules, in words', async () => {
    expect(ruleSetText('standard')).toBe('Standard');
    expect(ruleSetText('placement')).toBe('Placement');
    expect(ruleSetText('touch-move+captor')).toBe('Touch-move · Captor places the queen');
    expect(ruleSetText('placement+touch-move+captor')).toBe(
      'Placement · Touch-move · Captor places the queen',
    );
    await onlineText.load('fi');
    try {
      language.value = 'fi';
      expect(ruleSetText('placement+touch-move')).toBe('Asettelu · Kosketussääntö');
    } finally {
      language.value = 'en';
    }
  });

  it('say a lobby game’s clock, class and whether it is rated, and why not when agreed so', async () => {
    const clock = { initial: 300_000, increment: 3000, white: 0, black: 0, running: null };
    expect(gameModeText({ clock, rated: true })).toBe('5+3 Blitz · Rated');
    expect(gameModeText({ clock, rated: false })).toBe('5+3 Blitz · Casual');
    const unrated = { clock, rated: false, unrated: 'same-network' } as const;
    expect(gameModeText(unrated)).toBe('5+3 Blitz · Casual: both players on one network');
    expect(gameModeText({ clock: null, rated: false })).toBe('Casual');
    for (const lang of ['fi', 'ru', 'hi'] as const) {
      await onlineText.load(lang);
      try {
        language.value = lang;
        // Said in the player's language, not the English one.
        expect(gameModeText(unrated)).not.toContain('network');
        expect(gameModeText(unrated)).toContain('5+3');
      } finally {
        language.value = 'en';
      }
    }
  });

  it('group a transfer code in fours', () => {
    expect(transferGroups('abcdefghjkmn')).toBe('abcd efgh jkmn');
    expect(transferGroups('')).toBe('');
  });

  it('put every name rule into words of its own', () => {
    const said = (name: string): string => nameRuleText(nameProblem(name) ?? 'text');
    expect(said('ab')).toBe('A name has at least 3 characters.');
    expect(said('a'.repeat(21))).toBe('A name has at most 20 characters.');
    expect(said('Heron!')).toContain('only letters');
    expect(said('1234')).toBe('A name has at least one letter.');
    expect(said('Computer3')).toContain('computer');
    expect(said('Level 5')).toContain('computer');
    expect(new Set(NAME_RULES.map(nameRuleText)).size).toBe(NAME_RULES.length);
  });

  it('word the server’s refusal of a name by the rule the name sent breaks', () => {
    // The server's sentence is English and may change; the rule is the same on both sides.
    const bad = { code: 'bad-name', message: 'whatever the server says' } as const;
    expect(nameRefusal('ab', bad)).toBe('A name has at least 3 characters.');
    expect(nameRefusal('Swift Heron', { code: 'name-taken', message: 'taken' })).toContain(
      'already has',
    );
    expect(nameRefusal('Swift Heron', { code: 'server-error', message: 'x' })).not.toBe('');
  });

  it('word a refusal the browser’s check did not see by the rule the server names', async () => {
    // "C0mputer" passes the browser's rules; the server finds "Computer" in its skeleton.
    expect(nameProblem('C0mputer')).toBeUndefined();
    const computer = { code: 'bad-name', message: NAME_RULE_TEXT.computer } as const;
    expect(nameRefusal('C0mputer', computer)).toBe(
      'A name may not pass for the computer or one of its levels.',
    );
    await onlineText.load('ru');
    try {
      language.value = 'ru';
      expect(nameRefusal('C0mputer', computer)).toBe(
        'Имя не должно выдавать себя за компьютер или его уровень.',
      );
      expect(
        nameRefusal('Swift H\u0435ron', { code: 'bad-name', message: NAME_RULE_TEXT.script }),
      ).toContain('одной письменностью');
    } finally {
      language.value = 'en';
    }
  });

  it('put the new rules of look-alike names into words', () => {
    expect(nameRuleText(nameProblem('Swift Heron\u034F') ?? 'text')).toContain('invisible');
    expect(nameRuleText(nameProblem('Swift H\u0435ron') ?? 'text')).toContain('one script');
    expect(nameRuleText(nameProblem('\uFF33wift Heron') ?? 'text')).toContain('fullwidth');
    expect(nameRuleText(nameProblem('मोहन 4\u0968') ?? 'text')).toContain('one system');
    expect(nameRuleText(nameProblem('Heron 4\u0301') ?? 'text')).toContain('Accents');
  });
});

describe('this browser’s identity', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is read back only when whole', () => {
    const identity = { id: 'abcdefgh23', name: 'Swift Heron 42', token: 'x'.repeat(43) };
    expect(readIdentity(JSON.stringify(identity))).toEqual(identity);
    expect(readIdentity(JSON.stringify({ ...identity, extra: 1 }))).toEqual(identity);
    expect(readIdentity(null)).toBeUndefined();
    expect(readIdentity('not json')).toBeUndefined();
    expect(readIdentity('null')).toBeUndefined();
    expect(readIdentity(JSON.stringify({ id: 'abcdefgh23', name: 'Heron' }))).toBeUndefined();
  });

  it('is kept in local storage under agon.player, and survives storage being off', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    });
    expect(keptIdentity()).toBeUndefined();
    keepIdentity({ id: 'abcdefgh23', name: 'Swift Heron 42', token: 't'.repeat(43) });
    expect(JSON.parse(store.get('agon.player') ?? '')).toEqual({
      id: 'abcdefgh23',
      name: 'Swift Heron 42',
      token: 't'.repeat(43),
    });
    expect(keptIdentity()?.name).toBe('Swift Heron 42');
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('off');
      },
      setItem: () => {
        throw new Error('off');
      },
    });
    expect(keptIdentity()).toBeUndefined();
    expect(() => keepIdentity({ id: 'a', name: 'b', token: 'c' })).not.toThrow();
  });
});
