// The validators against the documented schema (finding 8: "of 4,000 fuzzed lobby messages,
// 10 malformed ones were accepted"). Each message type is described here field by field, with
// what the field may be and what it may not; a property test makes messages just outside the
// schema (one field of a wrong type, out of range or of a wrong alphabet or length, a field
// removed, a field added, a field named twice) and expects each refused, and makes messages
// inside it and expects each read exactly.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHALLENGE_ID,
  CORRESPONDENCE_DAYS,
  MAX_INCREMENT_MS,
  MAX_INITIAL_MS,
  MAX_MOVE_TEXT,
  MIN_INITIAL_MS,
  POOLS,
  parseClientMessage,
  parseCreateRequest,
  parseLobbyMessage,
  TOKEN,
} from '../src/index.ts';

/** What a field may be, what it may not, and whether a message may leave it out. */
interface Field {
  readonly valid: fc.Arbitrary<unknown>;
  readonly invalid: fc.Arbitrary<unknown>;
  readonly optional?: boolean;
}
type Schema = Readonly<Record<string, Field>>;

/** Any JSON value that `accepted` does not take: wrong types and wrong values alike. */
const anyBut = (accepted: (v: unknown) => boolean): fc.Arbitrary<unknown> =>
  fc.jsonValue().filter((v) => !accepted(v));

/** One of a few strings, and near misses of them. */
function oneOf(values: readonly (string | boolean)[]): Field {
  const near = values.flatMap((v) =>
    typeof v === 'string' ? [v.toUpperCase(), ` ${v}`, `${v} `, v.slice(1), `${v}\u0000`] : [],
  );
  return {
    valid: fc.constantFrom(...values),
    invalid: fc.oneof(
      fc
        .constantFrom(...near, 'true', 'null', 0, 1, null, [], {})
        .filter((v) => !values.includes(v as string)),
      anyBut((v) => values.includes(v as string)),
    ),
  };
}

const boolean: Field = { valid: fc.boolean(), invalid: anyBut((v) => typeof v === 'boolean') };

/** A whole number from `min` to `max`, and numbers just outside, fractions and non-numbers. */
function integer(min: number, max: number): Field {
  const beyond = [fc.integer({ min: Number.MIN_SAFE_INTEGER, max: min - 1 })];
  if (max < Number.MAX_SAFE_INTEGER) {
    beyond.push(fc.integer({ min: max + 1, max: Number.MAX_SAFE_INTEGER }));
  }
  return {
    valid: fc.integer({ min, max }),
    invalid: fc.oneof(
      ...beyond,
      fc.double({ min, max, noNaN: true }).filter((v) => !Number.isInteger(v)),
      fc.constantFrom(1e308, -1e308, 2 ** 53 + 2, min - 0.5, String(min), null),
      anyBut((v) => typeof v === 'number'),
    ),
  };
}

/** Strings of `length` characters of `alphabet` (a regular expression's source says which). */
function token(alphabet: string, pattern: RegExp, length: number): Field {
  const chars = alphabet.split('');
  const of = (n: number) =>
    fc.string({ unit: fc.constantFrom(...chars), minLength: n, maxLength: n });
  return {
    valid: of(length),
    invalid: fc
      .oneof(
        of(length - 1),
        of(length + 1),
        fc.constant(''),
        // One character outside the alphabet: a look-alike, a capital, a lone surrogate.
        fc
          .tuple(
            of(length - 1),
            fc.constantFrom('0', '1', 'l', 'o', 'A', '+', '/', '=', ' ', '\ud800', 'é'),
          )
          .map(([s, c]) => `${c}${s}`),
        anyBut((v) => typeof v === 'string'),
      )
      .filter((v) => typeof v !== 'string' || !pattern.test(v)),
  };
}

const ID_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** A time control in milliseconds, within the limits of link games. */
const initial = integer(MIN_INITIAL_MS, MAX_INITIAL_MS);
const increment = integer(0, MAX_INCREMENT_MS);
const clock: Field = {
  valid: fc.record({ initial: initial.valid, increment: increment.valid }),
  invalid: fc.oneof(
    fc.record({ initial: initial.invalid, increment: increment.valid }),
    fc.record({ initial: initial.valid, increment: increment.invalid }),
    fc.record({ initial: initial.valid }),
    fc.record({ increment: increment.valid }),
    fc.record({ initial: initial.valid, increment: increment.valid, extra: fc.jsonValue() }),
    fc.tuple(initial.valid, increment.valid),
    anyBut((v) => typeof v === 'object' && v !== null),
  ),
};

/** A challenge's pace: a clock, or days per move of the few offered. */
const days = fc.constantFrom(...CORRESPONDENCE_DAYS);
const pace: Field = {
  valid: fc.oneof(clock.valid, fc.record({ days })),
  invalid: fc.oneof(
    clock.invalid.filter((v) => typeof v !== 'object' || v === null || !('days' in v)),
    fc.record({ days: fc.integer().filter((d) => !CORRESPONDENCE_DAYS.some((c) => c === d)) }),
    fc.record({ days: fc.constantFrom('1', 1.5, null, true, [], {}) }),
    fc.record({ days, extra: fc.jsonValue() }),
    fc.record({ days, initial: initial.valid, increment: increment.valid }),
  ),
};

const LOBBY: Readonly<Record<string, Schema>> = {
  hello: { token: token(TOKEN_ALPHABET, TOKEN, 43) },
  seek: { pool: oneOf(POOLS.map((p) => p.id)) },
  unseek: {},
  challenge: {
    clock: pace,
    variant: oneOf(['standard', 'placement']),
    touchMove: boolean,
    captorPlacesQueen: { ...boolean, optional: true },
    side: oneOf(['white', 'black', 'random']),
    rated: boolean,
  },
  withdraw: { id: token(ID_ALPHABET, CHALLENGE_ID, 8) },
  accept: { id: token(ID_ALPHABET, CHALLENGE_ID, 8) },
  ping: {},
};

const seat = oneOf(['white', 'black']);
const version = integer(0, Number.MAX_SAFE_INTEGER);
const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
const move: Field = {
  valid: fc.string({ unit: fc.constantFrom(...PRINTABLE), minLength: 1, maxLength: MAX_MOVE_TEXT }),
  invalid: fc.oneof(
    fc.constant(''),
    fc.string({ unit: fc.constantFrom(...PRINTABLE), minLength: MAX_MOVE_TEXT + 1, maxLength: 20 }),
    fc.constantFrom('f1\u2013f2', 'f1-f2\u0000', 'f1\ud800', '\u0066\u0301-f2', 'e5@a3\n'),
    anyBut((v) => typeof v === 'string'),
  ),
};
const CELL = /^[a-l](?:[1-9]|1[01])$/;
const cell: Field = {
  valid: fc
    .tuple(fc.constantFrom(...'abcdefghijkl'), fc.integer({ min: 1, max: 11 }))
    .map(([file, rank]) => `${file}${rank}`),
  invalid: fc
    .oneof(
      fc.constantFrom('m1', 'a0', 'a12', 'A1', 'a01', 'f1 ', 'f', '', 'f1-f2'),
      anyBut((v) => typeof v === 'string'),
    )
    .filter((v) => typeof v !== 'string' || !CELL.test(v)),
};

const GAME: Readonly<Record<string, Schema>> = {
  hello: { token: { ...token(TOKEN_ALPHABET, TOKEN, 43), optional: true } },
  move: { seat, move, version },
  touch: { seat, cell, version },
  resign: { seat },
  rematch: { seat },
  draw: { seat, action: oneOf(['offer', 'accept', 'decline']) },
  sync: {},
  ping: {},
};

/** A message of type `t` inside its schema, optional fields left out at random. */
function inside(t: string | undefined, schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(Object.entries(schema).map(([k, f]) => [k, f.valid]));
  const required = Object.keys(schema).filter((k) => !schema[k]!.optional);
  return fc
    .record(fields, { requiredKeys: required })
    .map((m) => (t === undefined ? m : { t, ...m }));
}

/** Keys no schema has, among them ones that mean something to JavaScript objects. */
const strangeKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'toString', 'T', 'id ', ''),
  fc.string({ maxLength: 12 }),
);

/** A message of type `t` just outside its schema: one thing about it wrong. */
function outside(t: string | undefined, schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(schema);
  const base = inside(t, schema);
  const kinds: fc.Arbitrary<Record<string, unknown>>[] = [
    // A field no message of the type has.
    fc
      .tuple(base, strangeKey, fc.jsonValue())
      .filter(([, k]) => k !== 't' && !names.includes(k))
      .map(([m, k, v]) => ({ ...m, [k]: v })),
  ];
  if (names.length > 0) {
    // One field of a wrong type, out of range, or of a wrong alphabet or length.
    kinds.push(
      fc
        .constantFrom(...names)
        .chain((k) => fc.tuple(base, schema[k]!.invalid).map(([m, v]) => ({ ...m, [k]: v }))),
    );
  }
  const required = names.filter((k) => !schema[k]!.optional);
  if (required.length > 0) {
    // A field the type needs, left out.
    kinds.push(
      fc
        .constantFrom(...required)
        .chain((k) =>
          base.map((m) => Object.fromEntries(Object.entries(m).filter(([key]) => key !== k))),
        ),
    );
  }
  return fc.oneof(...kinds);
}

/** Any type of message in `schemas`, inside or just outside. */
const each = (
  schemas: Readonly<Record<string, Schema>>,
  make: typeof inside,
): fc.Arbitrary<Record<string, unknown>> =>
  fc.oneof(...Object.entries(schemas).map(([t, schema]) => make(t, schema)));

/** A message of no type: unknown, of another case, of another JSON type, or missing. */
const wrongType = (schemas: Readonly<Record<string, Schema>>) =>
  fc
    .record(
      {
        t: fc.oneof(
          fc.constantFrom('Hello', 'PING', ' ping', 'pong', '__proto__', 'toString', null, 1, true),
          fc.string(),
          fc.jsonValue(),
        ),
        rest: fc.dictionary(
          fc.string().filter((k) => k !== 't'),
          fc.jsonValue(),
          { maxKeys: 3 },
        ),
      },
      { requiredKeys: ['rest'] },
    )
    .filter(({ t }) => typeof t !== 'string' || !Object.hasOwn(schemas, t))
    .map(({ t, rest }) => (t === undefined ? rest : { t, ...rest }));

/** A message's text with one of its fields named twice, the copy first. */
const twice = (messages: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<string> =>
  fc.tuple(messages, fc.nat()).map(([message, n]) => {
    const entries = Object.entries(message);
    const [key, value] = entries[n % entries.length]!;
    return `{${JSON.stringify(key)}:${JSON.stringify(value)},${JSON.stringify(message).slice(1)}`;
  });

const refused = (parsed: { ok: boolean; error?: { code: string } }) => ({
  ok: parsed.ok,
  code: parsed.error?.code,
});

describe('parseLobbyMessage against the schema (finding 8)', () => {
  it('refuses the examples of the finding', () => {
    for (const text of [
      '{"t":"challenge","clock":1e+308,"variant":"standard","touchMove":false,"side":"random","rated":true}',
      '{"t":"accept","id":false}',
      '{"t":"withdraw"}',
    ]) {
      expect(refused(parseLobbyMessage(text)), text).toEqual({ ok: false, code: 'bad-message' });
    }
  });

  it('refuses every message just outside the schema as bad-message', () => {
    fc.assert(
      fc.property(fc.oneof(each(LOBBY, outside), wrongType(LOBBY)), (message) => {
        const parsed = parseLobbyMessage(JSON.stringify(message));
        expect(refused(parsed), JSON.stringify(message)).toEqual({
          ok: false,
          code: 'bad-message',
        });
      }),
      { numRuns: 4000 },
    );
  });

  it('refuses a message that names a field twice, whichever copy is good', () => {
    fc.assert(
      fc.property(twice(each(LOBBY, inside)), (text) => {
        expect(refused(parseLobbyMessage(text)), text).toEqual({ ok: false, code: 'bad-message' });
      }),
      { numRuns: 500 },
    );
    // The same key written two ways is one key.
    expect(refused(parseLobbyMessage('{"t":"ping","\\u0074":"ping"}'))).toEqual({
      ok: false,
      code: 'bad-message',
    });
    // The same key in two objects is two keys.
    const clocked =
      '{"t":"challenge","clock":{"initial":60000,"increment":0},"variant":"standard","touchMove":false,"side":"random","rated":true}';
    expect(parseLobbyMessage(clocked).ok).toBe(true);
  });

  it('reads every message inside the schema exactly, and reads it back as itself', () => {
    fc.assert(
      fc.property(each(LOBBY, inside), (message) => {
        const parsed = parseLobbyMessage(JSON.stringify(message));
        // R16's term left out is R10, for clients from before it.
        const expected =
          message.t === 'challenge' ? { captorPlacesQueen: false, ...message } : message;
        expect(parsed).toEqual({ ok: true, value: expected });
        expect(parseLobbyMessage(JSON.stringify(expected))).toEqual(parsed);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads numbers as JSON means them: 3e5 is 300000, and -0 is 0', () => {
    const text = (initial: string, increment: string) =>
      `{"t":"challenge","clock":{"initial":${initial},"increment":${increment}},"variant":"standard","touchMove":false,"side":"random","rated":true}`;
    const clockOf = (t: string) => {
      const parsed = parseLobbyMessage(t);
      const clock = parsed.ok && parsed.value.t === 'challenge' ? parsed.value.clock : undefined;
      return clock && 'increment' in clock ? clock : undefined;
    };
    expect(clockOf(text('3e5', '2000.0'))).toEqual({ initial: 300_000, increment: 2000 });
    expect(Object.is(clockOf(text('60000', '-0'))?.increment, 0)).toBe(true);
    expect(clockOf(text('60000.5', '0'))).toBeUndefined();
  });
});

describe('parseClientMessage against the schema', () => {
  it('refuses every message just outside the schema as bad-message', () => {
    fc.assert(
      fc.property(fc.oneof(each(GAME, outside), wrongType(GAME)), (message) => {
        const parsed = parseClientMessage(JSON.stringify(message));
        expect(refused(parsed), JSON.stringify(message)).toEqual({
          ok: false,
          code: 'bad-message',
        });
      }),
      { numRuns: 4000 },
    );
    fc.assert(
      fc.property(twice(each(GAME, inside)), (text) => {
        expect(refused(parseClientMessage(text)), text).toEqual({ ok: false, code: 'bad-message' });
      }),
      { numRuns: 500 },
    );
  });

  it('reads every message inside the schema exactly, and reads it back as itself', () => {
    fc.assert(
      fc.property(each(GAME, inside), (message) => {
        const parsed = parseClientMessage(JSON.stringify(message));
        expect(parsed).toEqual({ ok: true, value: message });
        if (parsed.ok) expect(parseClientMessage(JSON.stringify(parsed.value))).toEqual(parsed);
      }),
      { numRuns: 2000 },
    );
    const version = parseClientMessage('{"t":"move","seat":"white","move":"f1-f2","version":-0}');
    expect(version.ok && version.value.t === 'move' && Object.is(version.value.version, 0)).toBe(
      true,
    );
  });
});

describe('parseCreateRequest against the schema', () => {
  const CREATE: Schema = {
    side: { ...oneOf(['white', 'black', 'random']), optional: true },
    variant: { ...oneOf(['standard', 'placement']), optional: true },
    clock: {
      valid: fc.oneof(fc.constant(null), clock.valid),
      invalid: clock.invalid.filter((v) => v !== null),
      optional: true,
    },
    captorPlacesQueen: { ...boolean, optional: true },
  };
  const DEFAULTS = { side: 'random', variant: 'standard', clock: null, captorPlacesQueen: false };

  it('refuses every request just outside the schema as bad-message', () => {
    fc.assert(
      fc.property(outside(undefined, CREATE), (body) => {
        const parsed = parseCreateRequest(JSON.parse(JSON.stringify(body)));
        expect(refused(parsed), JSON.stringify(body)).toEqual({ ok: false, code: 'bad-message' });
      }),
      { numRuns: 3000 },
    );
  });

  it('reads every request inside it with the defaults filled in, and reads that back', () => {
    fc.assert(
      fc.property(inside(undefined, CREATE), (body) => {
        const parsed = parseCreateRequest(JSON.parse(JSON.stringify(body)));
        expect(parsed).toEqual({ ok: true, value: { ...DEFAULTS, ...body } });
        if (parsed.ok) expect(parseCreateRequest(parsed.value)).toEqual(parsed);
      }),
      { numRuns: 2000 },
    );
  });
});
