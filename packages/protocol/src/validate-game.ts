// The validators of a game's messages: what a client sends over a game's socket, and the
// request to create a game (messages.ts).

import type { Colour } from '@agon/engine';
import { TOKEN } from './limits.ts';
import { type ClientMessage, type CreateRequest, QUICK_MESSAGES } from './messages.ts';
import type { Checked, Refusal } from './refusal.ts';
import {
  extraKey,
  isObject,
  isSeat,
  isVersion,
  MOVE_TEXT,
  readCaptor,
  readClock,
  readObject,
  refuse,
  shape,
  whole,
} from './validate.ts';

/** Reads one socket message; the server must trust nothing a client sends. */
export function parseClientMessage(text: string): Checked<ClientMessage> {
  const read = readObject(text);
  if (!read.ok) return read;
  const data = read.value;
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
      if (typeof data.move !== 'string' || !MOVE_TEXT.test(data.move)) {
        return refuse('bad-message', 'move must be move text such as "f1-f2"');
      }
      if (!isVersion(data.version)) {
        return refuse('bad-message', 'version must be the game version the move was made in');
      }
      return {
        ok: true,
        value: {
          t: 'move',
          seat: data.seat as Colour,
          move: data.move,
          version: whole(data.version),
        },
      };
    }
    case 'touch': {
      const bad = withSeat(['cell', 'version']);
      if (bad) return { ok: false, error: bad };
      if (typeof data.cell !== 'string' || !/^[a-l](?:[1-9]|1[01])$/.test(data.cell)) {
        return refuse('bad-message', 'cell must be a cell name such as "f1"');
      }
      if (!isVersion(data.version)) {
        return refuse('bad-message', 'version must be the game version the touch was made in');
      }
      return {
        ok: true,
        value: {
          t: 'touch',
          seat: data.seat as Colour,
          cell: data.cell,
          version: whole(data.version),
        },
      };
    }
    case 'resign':
    case 'berserk':
    case 'rematch': {
      const bad = withSeat([]);
      return bad
        ? { ok: false, error: bad }
        : { ok: true, value: { t: data.t, seat: data.seat as Colour } };
    }
    case 'draw':
    case 'takeback': {
      const bad = withSeat(['action']);
      if (bad) return { ok: false, error: bad };
      if (data.action !== 'offer' && data.action !== 'accept' && data.action !== 'decline') {
        return refuse('bad-message', 'action must be "offer", "accept" or "decline"');
      }
      return { ok: true, value: { t: data.t, seat: data.seat as Colour, action: data.action } };
    }
    case 'say': {
      const bad = withSeat(['message']);
      if (bad) return { ok: false, error: bad };
      const message = QUICK_MESSAGES.find((m) => m === data.message);
      if (message === undefined) {
        return refuse('bad-message', `message must be one of ${QUICK_MESSAGES.join(', ')}`);
      }
      return { ok: true, value: { t: 'say', seat: data.seat as Colour, message } };
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
  const extra = extraKey(body, ['side', 'variant', 'clock', 'captorPlacesQueen']);
  if (extra !== undefined) return refuse('bad-message', `"${extra.slice(0, 20)}" is not an option`);
  // Absent is the default; null is not absent (only the clock takes null, for untimed).
  const side = body.side === undefined ? 'random' : body.side;
  if (side !== 'random' && !isSeat(side)) {
    return refuse('bad-message', 'side must be "white", "black" or "random"');
  }
  const variant = body.variant === undefined ? 'standard' : body.variant;
  if (variant !== 'standard' && variant !== 'placement') {
    return refuse('bad-message', 'variant must be "standard" or "placement"');
  }
  const clock = readClock(body.clock === undefined ? null : body.clock, true);
  if (!clock.ok) return clock;
  const captorPlacesQueen = readCaptor(body.captorPlacesQueen);
  if (!captorPlacesQueen.ok) return captorPlacesQueen;
  return {
    ok: true,
    value: { side, variant, clock: clock.value, captorPlacesQueen: captorPlacesQueen.value },
  };
}
