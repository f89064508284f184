// The lobby's messages, the player requests and the name rules: what the server and the
// settings form both enforce, so a refused name says the same thing in both places.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkName,
  DAY_MS,
  DECLINE_REASONS,
  POOLS,
  paceOf,
  parseLobbyMessage,
  parseNewPlayer,
  parseRename,
  parseSettings,
  parseTransfer,
  ratingClass,
} from '../src/index.ts';

const code = (text: string): string => {
  const parsed = parseLobbyMessage(text);
  return parsed.ok ? 'ok' : parsed.error.code;
};

const challenge = {
  t: 'challenge',
  clock: { initial: 300_000, increment: 3000 },
  variant: 'standard',
  touchMove: false,
  captorPlacesQueen: false,
  side: 'random',
  rated: true,
};

describe('parseLobbyMessage', () => {
  it('reads each lobby message to exactly its fields', () => {
    const token = 'B'.repeat(43);
    expect(parseLobbyMessage(JSON.stringify({ t: 'hello', token }))).toEqual({
      ok: true,
      value: { t: 'hello', token },
    });
    for (const pool of POOLS) {
      expect(parseLobbyMessage(JSON.stringify({ t: 'seek', pool: pool.id }))).toEqual({
        ok: true,
        value: { t: 'seek', pool: pool.id },
      });
    }
    // A range, read in the pools' order.
    expect(parseLobbyMessage('{"t":"seek","pool":"5+3","also":["10+5","3+2"]}')).toEqual({
      ok: true,
      value: { t: 'seek', pool: '5+3', also: ['3+2', '10+5'] },
    });
    expect(parseLobbyMessage(JSON.stringify(challenge))).toEqual({ ok: true, value: challenge });
    expect(parseLobbyMessage('{"t":"accept","id":"abcdefgh"}')).toEqual({
      ok: true,
      value: { t: 'accept', id: 'abcdefgh' },
    });
    expect(code('{"t":"withdraw","id":"abcdefgh"}')).toBe('ok');
    const addressed = { ...challenge, to: 'abcdefghjk' };
    expect(parseLobbyMessage(JSON.stringify(addressed))).toEqual({ ok: true, value: addressed });
    for (const reason of DECLINE_REASONS) {
      expect(parseLobbyMessage(JSON.stringify({ t: 'decline', id: 'abcdefgh', reason }))).toEqual({
        ok: true,
        value: { t: 'decline', id: 'abcdefgh', reason },
      });
    }
    expect(code('{"t":"unseek"}')).toBe('ok');
    expect(code('{"t":"ping"}')).toBe('ok');
  });

  it('refuses what is not a lobby message, naming the problem', () => {
    expect(code('{')).toBe('bad-json');
    expect(code('[]')).toBe('bad-message');
    expect(code('{"t":"hello"}')).toBe('bad-message');
    expect(code('{"t":"seek","pool":"2+1"}')).toBe('bad-message');
    expect(code('{"t":"seek","pool":"3+2","rated":false}')).toBe('bad-message');
    expect(code('{"t":"seek","pool":"3+2","also":"5+3"}')).toBe('bad-message');
    expect(code('{"t":"seek","pool":"3+2","also":["3+2"]}')).toBe('bad-message');
    expect(code('{"t":"seek","pool":"3+2","also":["5+3","5+3"]}')).toBe('bad-message');
    expect(code('{"t":"seek","pool":"3+2","also":["2+1"]}')).toBe('bad-message');
    expect(code('{"t":"accept","id":"ABCDEFGH"}')).toBe('bad-message');
    expect(code('{"t":"accept","id":"abcdefghi"}')).toBe('bad-message');
    expect(code('{"t":"move","seat":"white","move":"f1-f2","version":0}')).toBe('bad-message');
    expect(code(JSON.stringify({ ...challenge, clock: null }))).toBe('bad-message');
    expect(code(JSON.stringify({ ...challenge, rated: 'yes' }))).toBe('bad-message');
    expect(code(JSON.stringify({ ...challenge, side: 'red' }))).toBe('bad-message');
    expect(code(JSON.stringify({ ...challenge, variant: 'chess' }))).toBe('bad-message');
    expect(code(JSON.stringify({ ...challenge, captorPlacesQueen: 'yes' }))).toBe('bad-message');
    expect(code(JSON.stringify({ ...challenge, to: 'nobody' }))).toBe('bad-message');
    expect(code(JSON.stringify({ ...challenge, to: null }))).toBe('bad-message');
    // Weekends off only in a game of days.
    const days = { ...challenge, clock: { days: 3 } };
    expect(code(JSON.stringify({ ...days, weekendsOff: true }))).toBe('ok');
    expect(code(JSON.stringify({ ...challenge, weekendsOff: true }))).toBe('bad-message');
    expect(code(JSON.stringify({ ...days, weekendsOff: 1 }))).toBe('bad-message');
    // Bots may take only a challenge open to anyone.
    expect(code(JSON.stringify({ ...challenge, bots: true }))).toBe('ok');
    expect(code(JSON.stringify({ ...challenge, bots: false }))).toBe('bad-message');
    expect(code(JSON.stringify({ ...challenge, bots: true, to: 'abcdefghjk' }))).toBe(
      'bad-message',
    );
    expect(code('{"t":"decline","id":"abcdefgh"}')).toBe('bad-message');
    expect(code('{"t":"decline","id":"abcdefgh","reason":"rude"}')).toBe('bad-message');
    const refused = parseLobbyMessage('{"t":"seek","pool":"2+1"}');
    expect(refused.ok ? '' : refused.error.message).toContain('3+2');
    const reason = parseLobbyMessage('{"t":"decline","id":"abcdefgh","reason":"rude"}');
    expect(reason.ok ? '' : reason.error.message).toContain('too-fast');
  });

  it('reads a challenge under R16, and one from a client before R16 as R10', () => {
    expect(parseLobbyMessage(JSON.stringify({ ...challenge, captorPlacesQueen: true }))).toEqual({
      ok: true,
      value: { ...challenge, captorPlacesQueen: true },
    });
    const { captorPlacesQueen: _, ...older } = challenge;
    expect(parseLobbyMessage(JSON.stringify(older))).toEqual({ ok: true, value: challenge });
  });

  it('never throws on noise, and reads back whatever it accepts as itself', () => {
    const value = fc.oneof(
      fc.jsonValue(),
      fc.constantFrom(
        '3+2',
        'abcdefgh',
        'abcdefghjk',
        'white',
        'random',
        'later',
        true,
        false,
        'B'.repeat(43),
      ),
      fc.record({ initial: fc.jsonValue(), increment: fc.jsonValue() }),
    );
    const lobbyLike = fc
      .record({
        t: fc.oneof(
          fc.constantFrom(
            'hello',
            'seek',
            'unseek',
            'challenge',
            'withdraw',
            'accept',
            'decline',
            'ping',
          ),
          fc.string(),
        ),
        fields: fc.dictionary(
          fc.constantFrom(
            'token',
            'pool',
            'id',
            'clock',
            'variant',
            'touchMove',
            'captorPlacesQueen',
            'side',
            'rated',
            'to',
            'reason',
          ),
          value,
          { maxKeys: 6 },
        ),
      })
      .map(({ t, fields }) => ({ t, ...fields }));
    fc.assert(
      fc.property(fc.oneof(lobbyLike, fc.jsonValue()), (message) => {
        const parsed = parseLobbyMessage(JSON.stringify(message) ?? 'null');
        if (!parsed.ok) {
          expect(['bad-json', 'bad-message']).toContain(parsed.error.code);
          return;
        }
        expect(parseLobbyMessage(JSON.stringify(parsed.value))).toEqual(parsed);
        // Nothing is made up but R16's default, R10, for a client that does not know of it.
        for (const key of Object.keys(parsed.value)) {
          if (key !== 'captorPlacesQueen') expect(message).toHaveProperty(key);
        }
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const parsed = parseLobbyMessage(text);
        if (!parsed.ok) expect(parsed.error.message.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('parseSettings', () => {
  const refusal = (body: unknown): string => {
    const parsed = parseSettings(body);
    return parsed.ok ? 'ok' : parsed.error.message;
  };

  it('reads either setting, or both', () => {
    expect(parseSettings({ challengesFrom: 'played' })).toEqual({
      ok: true,
      value: { challengesFrom: 'played' },
    });
    const waitingList = { pools: ['5+3', '10+5'], hours: [18, 19, 20] };
    expect(parseSettings({ waitingList })).toEqual({ ok: true, value: { waitingList } });
    expect(parseSettings({})).toEqual({ ok: true, value: {} });
  });

  it('refuses what is not a setting, naming the problem', () => {
    expect(refusal([])).toContain('JSON object');
    expect(refusal({ theme: 'dark' })).toContain('"theme" is not an option');
    expect(refusal({ challengesFrom: 'friends' })).toContain('everyone, played');
    expect(refusal({ waitingList: { pools: ['2+1'], hours: [] } })).toContain('pools');
    expect(refusal({ waitingList: { pools: ['5+3', '5+3'], hours: [] } })).toContain('distinct');
    expect(refusal({ waitingList: { pools: [], hours: [24] } })).toContain('0 to 23');
    expect(refusal({ waitingList: { pools: [], hours: [1.5] } })).toContain('0 to 23');
    expect(refusal({ waitingList: { pools: [] } })).toContain('hours');
    expect(refusal({ waitingList: { pools: [], hours: [], days: [] } })).toContain(
      '{pools, hours}',
    );
  });
});

describe('the name rules', () => {
  const refusal = (name: unknown): string => {
    const checked = checkName(name);
    return checked.ok ? 'ok' : checked.error.message;
  };

  it('take 3 to 20 letters, digits, spaces, "-" and "_" in any of the four languages', () => {
    for (const name of ['Swift Heron 42', 'Nopea Haikara 7', 'Быстрая Цапля 42', 'तेज़ बाज़ 42']) {
      expect(checkName(name)).toEqual({ ok: true, value: name });
    }
    expect(checkName('  ann   lee ')).toEqual({ ok: true, value: 'ann lee' });
    expect(checkName('a_b-c')).toMatchObject({ ok: true });
  });

  it('refuse a name that is too short, too long or has other characters, saying which', () => {
    expect(refusal('ab')).toContain('at least 3');
    expect(refusal('x'.repeat(21))).toContain('at most 20');
    expect(refusal('Ann!')).toContain('only letters');
    expect(refusal('<b>ann</b>')).toContain('only letters');
    expect(refusal('123')).toContain('one letter');
    expect(refusal(42)).toContain('text');
  });

  it('refuse anything that passes for the computer or its levels', () => {
    for (const name of [
      'Computer',
      'computer 3',
      'Computer3',
      'COM PUTER',
      'Tietokone',
      'Компьютер',
      'कंप्यूटर',
      'Level 5',
      'taso 3',
      'уровень 10',
      'Agon Bot',
    ]) {
      expect(refusal(name), name).toContain('computer');
    }
    expect(refusal('Bottle Fox')).toBe('ok');
  });
});

describe('the player requests', () => {
  it('read a new player, a rename and a transfer code, refusing the rest', () => {
    expect(parseNewPlayer({})).toEqual({ ok: true, value: { language: 'en' } });
    expect(parseNewPlayer({ language: 'ru' })).toEqual({ ok: true, value: { language: 'ru' } });
    expect(parseNewPlayer({ language: 'de' }).ok).toBe(false);
    expect(parseNewPlayer({ language: 'fi', admin: true }).ok).toBe(false);
    expect(parseRename({ name: ' Ann  Lee ' })).toEqual({ ok: true, value: { name: 'Ann Lee' } });
    expect(parseRename({ name: 'Computer' })).toMatchObject({
      ok: false,
      error: { code: 'bad-name' },
    });
    expect(parseTransfer({ code: 'ABCD-EFGH-JKMN' })).toEqual({
      ok: true,
      value: { code: 'abcdefghjkmn' },
    });
    expect(parseTransfer({ code: 'abcd' })).toMatchObject({
      ok: false,
      error: { code: 'bad-code' },
    });
  });

  it('class time controls by their expected length', () => {
    expect(POOLS.map((p) => ratingClass(p))).toEqual([
      'bullet',
      'blitz',
      'blitz',
      'rapid',
      'rapid',
    ]);
    expect(ratingClass({ initial: 30 * 60_000, increment: 0 })).toBe('classical');
  });

  it("read a game's pace back from its clocks, days per move before the clock they run on", () => {
    const clocks = { white: 1000, black: 2000, running: 'white' } as const;
    expect(paceOf({ initial: 300_000, increment: 3000, ...clocks })).toEqual({
      initial: 300_000,
      increment: 3000,
    });
    const correspondence = paceOf({ initial: 3 * DAY_MS, increment: 0, days: 3, ...clocks });
    expect(correspondence).toEqual({ days: 3 });
    expect(ratingClass(correspondence)).toBe('correspondence');
  });
});
