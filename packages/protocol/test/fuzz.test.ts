// The validators fuzzed with fast-check, as the engine's parsers are: random JSON of every
// shape, near-misses of real messages and plain noise. Each input is read or refused with a
// code, never thrown on, and whatever is read is exactly a message of the protocol.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseClientMessage, parseCreateRequest } from '../src/index.ts';

/** The codes a validator may refuse with: anything else means a check leaked. */
const VALIDATOR_CODES = ['bad-json', 'bad-message'];

const TYPES = [
  'hello',
  'move',
  'touch',
  'resign',
  'draw',
  'rematch',
  'takeback',
  'say',
  'sync',
  'ping',
] as const;
const FIELDS = [
  't',
  'seat',
  'move',
  'cell',
  'version',
  'token',
  'action',
  'message',
  'side',
  'variant',
  'clock',
];

/** Values that sit at the edges of what the validators check. */
const edgy = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom('white', 'black', 'random', 'offer', 'accept', 'decline', 'f1-f2', 'f1', ''),
  fc.constantFrom('standard', 'placement', '__proto__', 'constructor', 'A'.repeat(43)),
  fc.constantFrom('good-luck', 'well-played', 'good-game', 'Good luck', 'toString', 'oops '),
  fc.constantFrom(-1, 0, 1.5, 2 ** 53, Number.MAX_SAFE_INTEGER, 1000, 10_800_000, 180_000),
  fc.record({ initial: fc.jsonValue(), increment: fc.jsonValue() }),
);

/** Objects shaped like messages: a known or random type, known and unknown fields. */
const messageLike = fc
  .record(
    {
      t: fc.oneof(fc.constantFrom(...TYPES), fc.string()),
      fields: fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string()), edgy, {
        maxKeys: 5,
      }),
    },
    { requiredKeys: ['fields'] },
  )
  .map(({ t, fields }) => (t === undefined ? fields : { t, ...fields }));

/** Checks one answer: a well-formed refusal, or a value that survives a round trip. */
function checkAnswer(
  parsed: ReturnType<typeof parseClientMessage> | ReturnType<typeof parseCreateRequest>,
): void {
  if (parsed.ok) return;
  expect(VALIDATOR_CODES).toContain(parsed.error.code);
  expect(parsed.error.message.length).toBeGreaterThan(0);
}

describe('the validators under random input', () => {
  it('never throw on random text, and refuse non-JSON as bad-json', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const parsed = parseClientMessage(text);
        checkAnswer(parsed);
        let json = true;
        try {
          JSON.parse(text);
        } catch {
          json = false;
        }
        if (!json) expect(parsed).toMatchObject({ ok: false, error: { code: 'bad-json' } });
      }),
      { numRuns: 2000 },
    );
  });

  it('never throw on JSON of any shape', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), messageLike), (value) => {
        checkAnswer(parseClientMessage(JSON.stringify(value) ?? 'null'));
        checkAnswer(parseCreateRequest(value));
      }),
      { numRuns: 3000 },
    );
  });

  it('read a message to exactly its fields: reading it again gives the same message', () => {
    fc.assert(
      fc.property(messageLike, (value) => {
        const parsed = parseClientMessage(JSON.stringify(value));
        if (!parsed.ok) return;
        expect(TYPES).toContain(parsed.value.t);
        expect(parseClientMessage(JSON.stringify(parsed.value))).toEqual(parsed);
        // Nothing was added that the client did not send.
        for (const key of Object.keys(parsed.value)) expect(value).toHaveProperty(key);
      }),
      { numRuns: 3000 },
    );
  });

  it('fill in a creation request to a full one, which reads back as itself', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          messageLike.map(({ t: _t, ...rest }) => rest),
        ),
        (value) => {
          const parsed = parseCreateRequest(value);
          if (!parsed.ok) return;
          expect(parseCreateRequest(parsed.value)).toEqual(parsed);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
