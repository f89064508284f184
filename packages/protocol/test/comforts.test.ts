// The takeback and quick-message messages as untrusted input: the ids of the quick messages
// are the only words a client may send, and anything else is refused as bad-message.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseClientMessage, QUICK_MESSAGES } from '../src/index.ts';

const code = (value: unknown): string => {
  const parsed = parseClientMessage(typeof value === 'string' ? value : JSON.stringify(value));
  return parsed.ok ? 'ok' : parsed.error.code;
};

describe('takeback messages', () => {
  it('read the three actions for a seat, to exactly their fields', () => {
    for (const action of ['offer', 'accept', 'decline'] as const) {
      expect(parseClientMessage(JSON.stringify({ t: 'takeback', seat: 'black', action }))).toEqual({
        ok: true,
        value: { t: 'takeback', seat: 'black', action },
      });
    }
  });

  it('refuse other actions, seats, missing and extra fields', () => {
    expect(code({ t: 'takeback', seat: 'white', action: 'undo' })).toBe('bad-message');
    expect(code({ t: 'takeback', seat: 'white' })).toBe('bad-message');
    expect(code({ t: 'takeback', action: 'offer' })).toBe('bad-message');
    expect(code({ t: 'takeback', seat: 'red', action: 'offer' })).toBe('bad-message');
    expect(code({ t: 'takeback', seat: 'white', action: 'offer', moves: 2 })).toBe('bad-message');
    expect(code('{"t":"takeback","seat":"white","action":"offer","action":"accept"}')).toBe(
      'bad-message',
    );
  });
});

describe('quick messages', () => {
  it('read every id of QUICK_MESSAGES', () => {
    for (const message of QUICK_MESSAGES) {
      expect(parseClientMessage(JSON.stringify({ t: 'say', seat: 'white', message }))).toEqual({
        ok: true,
        value: { t: 'say', seat: 'white', message },
      });
    }
  });

  it('refuse text, unknown ids, other types and extra fields as bad-message', () => {
    for (const message of ['Good luck', 'GOOD-LUCK', 'good-luck ', '', 'toString', null, 1, []]) {
      expect(code({ t: 'say', seat: 'white', message })).toBe('bad-message');
    }
    expect(code({ t: 'say', seat: 'white' })).toBe('bad-message');
    expect(code({ t: 'say', message: 'thanks' })).toBe('bad-message');
    expect(code({ t: 'say', seat: 'white', message: 'thanks', text: 'hi' })).toBe('bad-message');
  });

  it('take nothing but an id of the list, whatever the string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.boolean(), (text, black) => {
        const parsed = parseClientMessage(
          JSON.stringify({ t: 'say', seat: black ? 'black' : 'white', message: text }),
        );
        const known = (QUICK_MESSAGES as readonly string[]).includes(text);
        expect(parsed.ok).toBe(known);
        if (!parsed.ok) expect(parsed.error.code).toBe('bad-message');
      }),
      { numRuns: 2000 },
    );
  });

  it('never throw on message-shaped noise, and read only what round-trips', () => {
    const noise = fc.record({
      t: fc.constantFrom('say', 'takeback'),
      seat: fc.oneof(fc.constantFrom('white', 'black'), fc.jsonValue()),
      message: fc.oneof(fc.constantFrom(...QUICK_MESSAGES), fc.jsonValue()),
      action: fc.oneof(fc.constantFrom('offer', 'accept', 'decline'), fc.jsonValue()),
    });
    fc.assert(
      fc.property(noise, fc.array(fc.constantFrom('seat', 'message', 'action')), (m, drop) => {
        const sent: Record<string, unknown> = { ...m };
        for (const key of drop) delete sent[key];
        const parsed = parseClientMessage(JSON.stringify(sent));
        if (!parsed.ok) {
          expect(['bad-message', 'bad-json']).toContain(parsed.error.code);
          return;
        }
        expect(parseClientMessage(JSON.stringify(parsed.value))).toEqual(parsed);
        expect(Object.keys(parsed.value).sort()).toEqual(
          Object.keys(sent)
            .filter((k) => JSON.stringify(sent[k]) !== undefined)
            .sort(),
        );
      }),
      { numRuns: 2000 },
    );
  });
});
