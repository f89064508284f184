// The validators of untrusted input: well-formed messages are read, and everything else is
// refused with a code, whatever a client sends.

import { describe, expect, it } from 'vitest';
import {
  MAX_INCREMENT_MS,
  MAX_INITIAL_MS,
  MAX_MOVE_TEXT,
  MIN_INITIAL_MS,
  parseClientMessage,
  parseCreateRequest,
} from '../src/index.ts';

const code = (text: string): string => {
  const parsed = parseClientMessage(text);
  return parsed.ok ? 'ok' : parsed.error.code;
};

describe('parseClientMessage', () => {
  it('takes well-formed messages and refuses the rest with a code', () => {
    expect(parseClientMessage('{"t":"ping"}')).toEqual({ ok: true, value: { t: 'ping' } });
    expect(code('{"t":"move","seat":"white","move":"f1-f2","version":0}')).toBe('ok');
    expect(code('{')).toBe('bad-json');
    expect(code('null')).toBe('bad-message');
    expect(code('{"t":"hello","token":"short"}')).toBe('bad-message');
    expect(code('{"t":"move","seat":"red","move":"f1-f2","version":0}')).toBe('bad-message');
    expect(code('{"t":"move","seat":"white","move":"f1-f2-f3-f4","version":0}')).toBe(
      'bad-message',
    );
    expect(code('{"t":"move","seat":"white","move":"f1-f2","version":1.5}')).toBe('bad-message');
    expect(code('{"t":"draw","seat":"white","action":"maybe"}')).toBe('bad-message');
    expect(code('{"t":"ping","extra":1}')).toBe('bad-message');
    expect(code('{"t":"__proto__"}')).toBe('bad-message');
  });

  it('reads every message of the protocol to exactly its fields', () => {
    const token = 'A'.repeat(43);
    expect(parseClientMessage(JSON.stringify({ t: 'hello', token }))).toEqual({
      ok: true,
      value: { t: 'hello', token },
    });
    expect(parseClientMessage('{"t":"hello"}')).toEqual({ ok: true, value: { t: 'hello' } });
    expect(parseClientMessage('{"t":"resign","seat":"black"}')).toEqual({
      ok: true,
      value: { t: 'resign', seat: 'black' },
    });
    expect(parseClientMessage('{"t":"rematch","seat":"white"}')).toEqual({
      ok: true,
      value: { t: 'rematch', seat: 'white' },
    });
    expect(parseClientMessage('{"t":"draw","seat":"white","action":"accept"}')).toEqual({
      ok: true,
      value: { t: 'draw', seat: 'white', action: 'accept' },
    });
    expect(parseClientMessage('{"t":"sync"}')).toEqual({ ok: true, value: { t: 'sync' } });
  });

  it('refuses wrong types, missing fields and oversized values', () => {
    expect(code('[]')).toBe('bad-message');
    expect(code('"ping"')).toBe('bad-message');
    expect(code('{}')).toBe('bad-message');
    expect(code('{"t":7}')).toBe('bad-message');
    expect(code('{"t":"hello","token":43}')).toBe('bad-message');
    expect(code('{"t":"resign"}')).toBe('bad-message');
    expect(code('{"t":"move","seat":"white","move":"","version":0}')).toBe('bad-message');
    expect(code('{"t":"move","seat":"white","move":["f1-f2"],"version":0}')).toBe('bad-message');
    const long = 'f'.repeat(MAX_MOVE_TEXT + 1);
    expect(code(`{"t":"move","seat":"white","move":"${long}","version":0}`)).toBe('bad-message');
    expect(code('{"t":"move","seat":"white","move":"f1-f2","version":-1}')).toBe('bad-message');
    expect(code('{"t":"move","seat":"white","move":"f1-f2","version":"0"}')).toBe('bad-message');
    expect(code('{"t":"move","seat":"white","move":"f1-f2"}')).toBe('bad-message');
  });

  it('keeps what a client names in a refusal short', () => {
    const parsed = parseClientMessage(JSON.stringify({ t: 'ping', ['x'.repeat(1000)]: 1 }));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.message.length).toBeLessThan(100);
  });
});

describe('parseCreateRequest', () => {
  it('reads a create request with defaults, and refuses clocks out of range', () => {
    expect(parseCreateRequest({})).toEqual({
      ok: true,
      value: { side: 'random', variant: 'standard', clock: null, captorPlacesQueen: false },
    });
    expect(parseCreateRequest({ clock: { initial: 500, increment: 0 } }).ok).toBe(false);
    expect(parseCreateRequest({ clock: { initial: 600_000, increment: 5000 } }).ok).toBe(true);
    expect(parseCreateRequest({ side: 'white', colour: 'x' }).ok).toBe(false);
  });

  it('reads R16 (the captor places a captured queen) when asked, R10 when left out', () => {
    const read = (body: unknown) => {
      const parsed = parseCreateRequest(body);
      return parsed.ok ? parsed.value.captorPlacesQueen : parsed.error;
    };
    expect(read({ captorPlacesQueen: true })).toBe(true);
    expect(read({ captorPlacesQueen: false })).toBe(false);
    // A client from before R16 sends no such field and gets the standard rule.
    expect(read({ side: 'white', variant: 'placement' })).toBe(false);
    expect(read({ captorPlacesQueen: 'captor' })).toEqual({
      code: 'bad-message',
      message:
        'captorPlacesQueen must be true (R16: the captor places a captured queen) or false (R10)',
    });
    expect(read({ captorPlacesQueen: null })).toMatchObject({ code: 'bad-message' });
    expect(read({ captorPlacesQueen: 1 })).toMatchObject({ code: 'bad-message' });
  });

  it('takes the clock limits inclusive and refuses one past them', () => {
    const ok = (initial: number, increment: number): boolean =>
      parseCreateRequest({ clock: { initial, increment } }).ok;
    expect(ok(MIN_INITIAL_MS, 0)).toBe(true);
    expect(ok(MAX_INITIAL_MS, MAX_INCREMENT_MS)).toBe(true);
    expect(ok(MIN_INITIAL_MS - 1, 0)).toBe(false);
    expect(ok(MAX_INITIAL_MS + 1, 0)).toBe(false);
    expect(ok(MIN_INITIAL_MS, MAX_INCREMENT_MS + 1)).toBe(false);
    expect(ok(MIN_INITIAL_MS, -1)).toBe(false);
    expect(ok(600_000.5, 0)).toBe(false);
  });

  it('refuses wrong types with bad-message', () => {
    for (const body of [
      null,
      [],
      'white',
      { side: 'red' },
      { variant: 'blitz' },
      { clock: 600_000 },
      { clock: { initial: 600_000 } },
      { clock: { initial: 600_000, increment: 0, extra: 1 } },
    ]) {
      const parsed = parseCreateRequest(body);
      expect(parsed.ok ? 'ok' : parsed.error.code).toBe('bad-message');
    }
  });
});
