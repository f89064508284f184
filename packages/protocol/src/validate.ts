// What every validator of untrusted input shares: how JSON is read into an object, how unknown
// fields and wrong types are refused with a code, and how the terms several messages carry (a
// clock, a pace, R16) are read. The validators themselves sit by domain beside it
// (validate-game.ts, validate-lobby.ts, ...), so nothing unchecked reaches the code that acts
// on a message.

import type { Colour } from '@agon/engine';
import { CORRESPONDENCE_DAYS, type Pace, type TimeControl } from './base.ts';
import { MAX_INCREMENT_MS, MAX_INITIAL_MS, MAX_MOVE_TEXT, MIN_INITIAL_MS } from './limits.ts';
import type { Checked, ErrorCode, Refusal } from './refusal.ts';

/** The refusal of untrusted input, with its code and the sentence that says why. */
export const refuse = (
  code: ErrorCode,
  message: string,
): { readonly ok: false; readonly error: Refusal } => ({
  ok: false,
  error: { code, message },
});

/** A JSON object's fields, as read and not yet checked. */
type Fields = Readonly<Record<string, unknown>>;

/**
 * Move text as it may arrive: printable ASCII, up to MAX_MOVE_TEXT characters. The referee
 * reads the move; nothing else (a control character, half of a surrogate pair) gets that far.
 */
export const MOVE_TEXT = new RegExp(`^[ -~]{1,${MAX_MOVE_TEXT}}$`);

/** A JSON object, not null and not an array: what every message and request body must be. */
export const isObject = (v: unknown): v is Fields =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
/** A seat as a message names it. */
export const isSeat = (v: unknown): v is Colour => v === 'white' || v === 'black';
/** A game version: a whole number from 0, small enough to count exactly. */
export const isVersion = (v: unknown): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
/** A whole number as read: JSON's -0 is zero, and is kept as 0 so that it prints as it reads. */
export const whole = (v: number): number => v + 0;

/** Names the first key of `o` outside `allowed`, so typos and extras are refused, not ignored. */
export function extraKey(o: Fields, allowed: readonly string[]): string | undefined {
  return Object.keys(o).find((k) => !allowed.includes(k));
}

/**
 * Whether the JSON text `text`, already parsed, names a field twice in one object. JSON.parse
 * keeps the last of the two, another reader may keep the first: a message means one thing.
 */
function repeatsKey(text: string): boolean {
  // The keys of each open object; undefined for an open array.
  const open: (Set<string> | undefined)[] = [];
  let atKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const keys = open.at(-1);
      if (atKey && keys) {
        // Read as JSON reads it: "t" and "\u0074" are one key.
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (keys.has(key)) return true;
        keys.add(key);
      }
      atKey = false;
      i = end;
    } else if (c === '{' || c === '[') {
      open.push(c === '{' ? new Set() : undefined);
      atKey = c === '{';
    } else if (c === '}' || c === ']') {
      open.pop();
    } else if (c === ',') {
      atKey = open.at(-1) !== undefined;
    }
  }
  return false;
}

/** Parses a socket message's text into an object, or the refusal of it. */
export function readObject(text: string): Checked<Fields> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return refuse('bad-json', 'the message is not JSON');
  }
  if (!isObject(data)) return refuse('bad-message', 'a message is a JSON object with a field t');
  if (repeatsKey(text)) return refuse('bad-message', 'a field is named twice in the message');
  return { ok: true, value: data };
}

/** The refusal of a message with a field outside `allowed`, naming it and the message's type. */
export function shape(o: Fields, allowed: readonly string[]): Refusal | undefined {
  const extra = extraKey(o, allowed);
  return extra === undefined
    ? undefined
    : {
        code: 'bad-message',
        message: `"${extra.slice(0, 20)}" is not a field of a ${String(o.t).slice(0, 20)} message`,
      };
}

/** Reads the R16 term; absent means R10, so clients from before R16 still make their games. */
export function readCaptor(value: unknown): Checked<boolean> {
  if (value === undefined) return { ok: true, value: false };
  if (typeof value !== 'boolean') {
    return refuse(
      'bad-message',
      'captorPlacesQueen must be true (R16: the captor places a captured queen) or false (R10)',
    );
  }
  return { ok: true, value };
}

/** Reads a time control in milliseconds (or null, where `untimed` allows it). */
export function readClock(clock: unknown, untimed: true): Checked<TimeControl | null>;
export function readClock(clock: unknown, untimed: false): Checked<TimeControl>;
export function readClock(clock: unknown, untimed: boolean): Checked<TimeControl | null> {
  if (clock === null && untimed) return { ok: true, value: null };
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
      `clock must be ${untimed ? 'null or ' : ''}{ initial, increment } in milliseconds: 1 s to 3 h, and 0 to 3 min`,
    );
  }
  return { ok: true, value: { initial: whole(clock.initial), increment: whole(clock.increment) } };
}

/** Reads a challenge's pace: a clock, or `{ days }` of CORRESPONDENCE_DAYS. */
export function readPace(pace: unknown): Checked<Pace> {
  if (!isObject(pace) || !('days' in pace)) return readClock(pace, false);
  const days = CORRESPONDENCE_DAYS.find((d) => d === pace.days);
  if (extraKey(pace, ['days']) !== undefined || days === undefined) {
    return refuse('bad-message', `days must be one of ${CORRESPONDENCE_DAYS.join(', ')}`);
  }
  return { ok: true, value: { days } };
}
