// The hand-written validators that turn untrusted JSON into messages of the protocol. Unknown
// types, unknown fields, wrong types and out-of-range values are refused with a code, so
// nothing unchecked reaches the code that acts on a message.

import type { Colour } from '@agon/engine';
import {
  MAX_INCREMENT_MS,
  MAX_INITIAL_MS,
  MAX_MOVE_TEXT,
  MIN_INITIAL_MS,
  TOKEN,
} from './limits.ts';
import type { ClientMessage, CreateRequest, ErrorCode, Refusal } from './messages.ts';

/** A validated value, or the reason it was refused, so callers cannot use one unchecked. */
export type Checked<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: Refusal };

const refuse = (
  code: ErrorCode,
  message: string,
): { readonly ok: false; readonly error: Refusal } => ({
  ok: false,
  error: { code, message },
});

type Fields = Readonly<Record<string, unknown>>;

const isObject = (v: unknown): v is Fields =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isSeat = (v: unknown): v is Colour => v === 'white' || v === 'black';
const isVersion = (v: unknown): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** Names the first key of `o` outside `allowed`, so typos and extras are refused, not ignored. */
function extraKey(o: Fields, allowed: readonly string[]): string | undefined {
  return Object.keys(o).find((k) => !allowed.includes(k));
}

function shape(o: Fields, allowed: readonly string[]): Refusal | undefined {
  const extra = extraKey(o, allowed);
  return extra === undefined
    ? undefined
    : {
        code: 'bad-message',
        message: `"${extra.slice(0, 20)}" is not a field of a ${String(o.t).slice(0, 20)} message`,
      };
}

/** Reads one socket message; the server must trust nothing a client sends. */
export function parseClientMessage(text: string): Checked<ClientMessage> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return refuse('bad-json', 'the message is not JSON');
  }
  if (!isObject(data)) return refuse('bad-message', 'a message is a JSON object with a field t');
  const seatless = (t: 'sync' | 'ping'): Checked<ClientMessage> => {
    const bad = shape(data, ['t']);
    return bad ? { ok: false, error: bad } : { ok: true, value: { t } };
  };
  const withSeat = (allowed: readonly string[]): Refusal | undefined =>
    shape(data, ['t', 'seat', ...allowed]) ??
    (isSeat(data.seat)
      ? undefined
      : { code: 'bad-message', message: 'seat must be "white" or "black"' });
  switch (data.t) {
    case 'hello': {
      const bad = shape(data, ['t', 'token']);
      if (bad) return { ok: false, error: bad };
      if (data.token === undefined) return { ok: true, value: { t: 'hello' } };
      if (typeof data.token !== 'string' || !TOKEN.test(data.token)) {
        return refuse('bad-message', 'token must be the 43-character secret the server gave');
      }
      return { ok: true, value: { t: 'hello', token: data.token } };
    }
    case 'move': {
      const bad = withSeat(['move', 'version']);
      if (bad) return { ok: false, error: bad };
      if (
        typeof data.move !== 'string' ||
        data.move.length === 0 ||
        data.move.length > MAX_MOVE_TEXT
      ) {
        return refuse('bad-message', 'move must be move text such as "f1-f2"');
      }
      if (!isVersion(data.version)) {
        return refuse('bad-message', 'version must be the game version the move was made in');
      }
      return {
        ok: true,
        value: { t: 'move', seat: data.seat as Colour, move: data.move, version: data.version },
      };
    }
    case 'resign':
    case 'rematch': {
      const bad = withSeat([]);
      return bad
        ? { ok: false, error: bad }
        : { ok: true, value: { t: data.t, seat: data.seat as Colour } };
    }
    case 'draw': {
      const bad = withSeat(['action']);
      if (bad) return { ok: false, error: bad };
      if (data.action !== 'offer' && data.action !== 'accept' && data.action !== 'decline') {
        return refuse('bad-message', 'action must be "offer", "accept" or "decline"');
      }
      return { ok: true, value: { t: 'draw', seat: data.seat as Colour, action: data.action } };
    }
    case 'sync':
    case 'ping':
      return seatless(data.t);
    default:
      return refuse('bad-message', 'unknown message type');
  }
}

/** Reads the body of a request to create a game, filling in the defaults a client left out. */
export function parseCreateRequest(body: unknown): Checked<CreateRequest> {
  if (!isObject(body)) return refuse('bad-message', 'the request is a JSON object');
  const extra = extraKey(body, ['side', 'variant', 'clock']);
  if (extra !== undefined) return refuse('bad-message', `"${extra.slice(0, 20)}" is not an option`);
  const side = body.side ?? 'random';
  if (side !== 'random' && !isSeat(side)) {
    return refuse('bad-message', 'side must be "white", "black" or "random"');
  }
  const variant = body.variant ?? 'standard';
  if (variant !== 'standard' && variant !== 'placement') {
    return refuse('bad-message', 'variant must be "standard" or "placement"');
  }
  const clock = body.clock ?? null;
  if (clock !== null) {
    const ms = (v: unknown, max: number, min: number): v is number =>
      typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max;
    if (
      !isObject(clock) ||
      extraKey(clock, ['initial', 'increment']) !== undefined ||
      !ms(clock.initial, MAX_INITIAL_MS, MIN_INITIAL_MS) ||
      !ms(clock.increment, MAX_INCREMENT_MS, 0)
    ) {
      return refuse(
        'bad-message',
        'clock must be null or { initial, increment } in milliseconds: 1 s to 3 h, and 0 to 3 min',
      );
    }
    return {
      ok: true,
      value: { side, variant, clock: { initial: clock.initial, increment: clock.increment } },
    };
  }
  return { ok: true, value: { side, variant, clock: null } };
}
