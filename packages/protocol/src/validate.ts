// The hand-written validators that turn untrusted JSON into messages of the protocol. Unknown
// types, unknown fields, wrong types and out-of-range values are refused with a code, so
// nothing unchecked reaches the code that acts on a message.

import { type Colour, PUZZLE_THEMES, type PuzzleTheme } from '@agon/engine';
import { CORRESPONDENCE_DAYS, type Pace, type TimeControl } from './base.ts';
import {
  MAX_INCREMENT_MS,
  MAX_INITIAL_MS,
  MAX_MOVE_TEXT,
  MIN_INITIAL_MS,
  TOKEN,
} from './limits.ts';
import {
  CHALLENGE_ID,
  CHALLENGES_FROM,
  DECLINE_REASONS,
  type LobbyClientMessage,
  type LobbySettings,
  POOLS,
  type PoolId,
} from './lobby.ts';
import { type ClientMessage, type CreateRequest, QUICK_MESSAGES } from './messages.ts';
import { MAX_ENDPOINT, NOTICE_KINDS, type NoticeKind, type PushRequest } from './notice.ts';
import {
  checkName,
  NAME_LANGUAGES,
  type NameLanguage,
  PLAYER_ID,
  TRANSFER_CODE,
  tidyName,
} from './player.ts';
import {
  PUZZLE_ID,
  PUZZLE_MOVES_MAX,
  PUZZLE_THEMES_MAX,
  type PuzzleAttemptRequest,
} from './puzzle.ts';
import type { Checked, ErrorCode, Refusal } from './refusal.ts';
import {
  ARENA_MINUTES,
  EVENT_NAME,
  isLive,
  PASSWORD_MAX,
  STARTS_WITHIN_MS,
  SWISS_ROUNDS,
  TOURNAMENT_KINDS,
  type TournamentAction,
  type TournamentClientMessage,
  type TournamentRequest,
} from './tournament.ts';

const refuse = (
  code: ErrorCode,
  message: string,
): { readonly ok: false; readonly error: Refusal } => ({
  ok: false,
  error: { code, message },
});

type Fields = Readonly<Record<string, unknown>>;

/**
 * Move text as it may arrive: printable ASCII, up to MAX_MOVE_TEXT characters. The referee
 * reads the move; nothing else (a control character, half of a surrogate pair) gets that far.
 */
const MOVE_TEXT = new RegExp(`^[ -~]{1,${MAX_MOVE_TEXT}}$`);

const isObject = (v: unknown): v is Fields =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isSeat = (v: unknown): v is Colour => v === 'white' || v === 'black';
const isVersion = (v: unknown): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
/** A whole number as read: JSON's -0 is zero, and is kept as 0 so that it prints as it reads. */
const whole = (v: number): number => v + 0;

/** Names the first key of `o` outside `allowed`, so typos and extras are refused, not ignored. */
function extraKey(o: Fields, allowed: readonly string[]): string | undefined {
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
function readObject(text: string): Checked<Fields> {
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

/** Reads the R16 term; absent means R10, so clients from before R16 still make their games. */
function readCaptor(value: unknown): Checked<boolean> {
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
function readClock(clock: unknown, untimed: true): Checked<TimeControl | null>;
function readClock(clock: unknown, untimed: false): Checked<TimeControl>;
function readClock(clock: unknown, untimed: boolean): Checked<TimeControl | null> {
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
function readPace(pace: unknown): Checked<Pace> {
  if (!isObject(pace) || !('days' in pace)) return readClock(pace, false);
  const days = CORRESPONDENCE_DAYS.find((d) => d === pace.days);
  if (extraKey(pace, ['days']) !== undefined || days === undefined) {
    return refuse('bad-message', `days must be one of ${CORRESPONDENCE_DAYS.join(', ')}`);
  }
  return { ok: true, value: { days } };
}

/** Reads one lobby socket message, trusting nothing, as `parseClientMessage` reads a game's. */
export function parseLobbyMessage(text: string): Checked<LobbyClientMessage> {
  const read = readObject(text);
  if (!read.ok) return read;
  const data = read.value;
  const fields = (allowed: readonly string[]): Refusal | undefined =>
    shape(data, ['t', ...allowed]);
  switch (data.t) {
    case 'hello': {
      const bad = fields(['token', 'watch']);
      if (bad) return { ok: false, error: bad };
      if (typeof data.token !== 'string' || !TOKEN.test(data.token)) {
        return refuse('bad-message', "token must be the player's 43-character secret");
      }
      if (data.watch !== undefined && data.watch !== true) {
        return refuse('bad-message', 'watch must be true or left out');
      }
      return {
        ok: true,
        value: { t: 'hello', token: data.token, ...(data.watch && { watch: true }) },
      };
    }
    case 'seek': {
      const bad = fields(['pool']);
      if (bad) return { ok: false, error: bad };
      const pool = POOLS.find((p) => p.id === data.pool);
      if (!pool) {
        return refuse('bad-message', `pool must be one of ${POOLS.map((p) => p.id).join(', ')}`);
      }
      return { ok: true, value: { t: 'seek', pool: pool.id } };
    }
    case 'challenge': {
      const bad = fields([
        'clock',
        'variant',
        'touchMove',
        'captorPlacesQueen',
        'side',
        'rated',
        'to',
      ]);
      if (bad) return { ok: false, error: bad };
      if (data.to !== undefined && (typeof data.to !== 'string' || !PLAYER_ID.test(data.to))) {
        return refuse('bad-message', "to must be a player's 10-character id");
      }
      const clock = readPace(data.clock);
      if (!clock.ok) return clock;
      if (data.variant !== 'standard' && data.variant !== 'placement') {
        return refuse('bad-message', 'variant must be "standard" or "placement"');
      }
      if (data.side !== 'random' && !isSeat(data.side)) {
        return refuse('bad-message', 'side must be "white", "black" or "random"');
      }
      if (typeof data.touchMove !== 'boolean' || typeof data.rated !== 'boolean') {
        return refuse('bad-message', 'touchMove and rated must be true or false');
      }
      const captorPlacesQueen = readCaptor(data.captorPlacesQueen);
      if (!captorPlacesQueen.ok) return captorPlacesQueen;
      return {
        ok: true,
        value: {
          t: 'challenge',
          clock: clock.value,
          variant: data.variant,
          touchMove: data.touchMove,
          captorPlacesQueen: captorPlacesQueen.value,
          side: data.side as Colour | 'random',
          rated: data.rated,
          ...(data.to !== undefined && { to: data.to }),
        },
      };
    }
    case 'decline': {
      const bad = fields(['id', 'reason']);
      if (bad) return { ok: false, error: bad };
      if (typeof data.id !== 'string' || !CHALLENGE_ID.test(data.id)) {
        return refuse('bad-message', "id must be a challenge's 8-character id");
      }
      const reason = DECLINE_REASONS.find((r) => r === data.reason);
      if (!reason) {
        return refuse('bad-message', `reason must be one of ${DECLINE_REASONS.join(', ')}`);
      }
      return { ok: true, value: { t: 'decline', id: data.id, reason } };
    }
    case 'withdraw':
    case 'accept': {
      const bad = fields(['id']);
      if (bad) return { ok: false, error: bad };
      if (typeof data.id !== 'string' || !CHALLENGE_ID.test(data.id)) {
        return refuse('bad-message', "id must be a challenge's 8-character id");
      }
      return { ok: true, value: { t: data.t, id: data.id } };
    }
    case 'unseek':
    case 'ping': {
      const bad = fields([]);
      return bad ? { ok: false, error: bad } : { ok: true, value: { t: data.t } };
    }
    default:
      return refuse('bad-message', 'unknown message type');
  }
}

/** Reads the body of POST /api/players: the language the new player's name is made in. */
export function parseNewPlayer(body: unknown): Checked<{ readonly language: NameLanguage }> {
  if (!isObject(body)) return refuse('bad-message', 'the request is a JSON object');
  const extra = extraKey(body, ['language']);
  if (extra !== undefined) return refuse('bad-message', `"${extra.slice(0, 20)}" is not an option`);
  const language = NAME_LANGUAGES.find((l) => l === (body.language ?? 'en'));
  if (!language)
    return refuse('bad-message', `language must be one of ${NAME_LANGUAGES.join(', ')}`);
  return { ok: true, value: { language } };
}

/** Reads the body of PATCH /api/me: a new name, checked by the name rules. */
export function parseRename(body: unknown): Checked<{ readonly name: string }> {
  if (!isObject(body)) return refuse('bad-message', 'the request is a JSON object');
  const extra = extraKey(body, ['name']);
  if (extra !== undefined) return refuse('bad-message', `"${extra.slice(0, 20)}" is not an option`);
  const name = checkName(body.name);
  return name.ok ? { ok: true, value: { name: name.value } } : name;
}

/** Reads the body of POST /api/players/transfer: a transfer code, spaces and dashes allowed. */
export function parseTransfer(body: unknown): Checked<{ readonly code: string }> {
  if (!isObject(body)) return refuse('bad-message', 'the request is a JSON object');
  const extra = extraKey(body, ['code']);
  if (extra !== undefined) return refuse('bad-message', `"${extra.slice(0, 20)}" is not an option`);
  const code = typeof body.code === 'string' ? body.code.toLowerCase().replace(/[\s-]/g, '') : '';
  if (!TRANSFER_CODE.test(code)) {
    return refuse(
      'bad-code',
      'a transfer code is twelve letters and digits, as the other device shows it',
    );
  }
  return { ok: true, value: { code } };
}

/** A push endpoint's scheme and host (no user name or password), then its path. */
const ENDPOINT = /^(https?):\/\/([A-Za-z0-9.:[\]-]+)(\/[!-~]*)?$/;
/** A host of this machine, with any port: an endpoint here is only ever a test's. */
const LOOPBACK_HOST = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|\[::1\])(:\d{1,5})?$/;
/** An uncompressed P-256 public key (65 bytes, first 0x04) in base64url. */
const P256DH = /^B[A-Za-z0-9_-]{86}$/;
/** A 16-byte authentication secret in base64url. */
const AUTH = /^[A-Za-z0-9_-]{22}$/;

/**
 * Reads a push endpoint: an https:// address of a push service; http:// only to this machine,
 * and only where `loopback` allows it (the tests' own push service).
 */
function readEndpoint(value: unknown, loopback: boolean): Checked<string> {
  if (typeof value !== 'string' || value.length > MAX_ENDPOINT) {
    return refuse(
      'bad-subscription',
      `endpoint must be a URL of at most ${MAX_ENDPOINT} characters`,
    );
  }
  const parts = ENDPOINT.exec(value);
  if (!parts) return refuse('bad-subscription', 'endpoint must be an https:// URL');
  if (parts[1] === 'http' && !(loopback && LOOPBACK_HOST.test(parts[2] ?? ''))) {
    return refuse('bad-subscription', 'endpoint must be an https:// URL');
  }
  return { ok: true, value };
}

/**
 * Reads the body of POST /api/me/push: a browser's push subscription (`endpoint`, `keys`, and
 * the `expirationTime` browsers add, which is not kept), the language its notices are worded
 * in and the kinds of notice switched off. `loopback` lets an http:// endpoint on this machine
 * through.
 */
export function parsePushRequest(body: unknown, loopback = false): Checked<PushRequest> {
  if (!isObject(body)) return refuse('bad-subscription', 'the request is a JSON object');
  const extra = extraKey(body, ['endpoint', 'expirationTime', 'keys', 'language', 'off']);
  if (extra !== undefined) {
    return refuse('bad-subscription', `"${extra.slice(0, 20)}" is not a field of a subscription`);
  }
  const endpoint = readEndpoint(body.endpoint, loopback);
  if (!endpoint.ok) return endpoint;
  const keys = body.keys;
  if (!isObject(keys) || extraKey(keys, ['p256dh', 'auth']) !== undefined) {
    return refuse('bad-subscription', 'keys must be { p256dh, auth }');
  }
  // Browsers leave out base64's padding; a client that adds it is not refused for that.
  const unpadded = (v: unknown): string => (typeof v === 'string' ? v.replace(/=+$/, '') : '');
  const p256dh = unpadded(keys.p256dh);
  if (!P256DH.test(p256dh)) {
    return refuse(
      'bad-subscription',
      'keys.p256dh must be a P-256 public key (65 bytes, base64url)',
    );
  }
  const auth = unpadded(keys.auth);
  if (!AUTH.test(auth)) {
    return refuse('bad-subscription', 'keys.auth must be 16 bytes in base64url');
  }
  const language = NAME_LANGUAGES.find((l) => l === (body.language ?? 'en'));
  if (!language) {
    return refuse('bad-subscription', `language must be one of ${NAME_LANGUAGES.join(', ')}`);
  }
  const off = body.off ?? [];
  const kinds = Array.isArray(off) ? off.filter((k) => NOTICE_KINDS.includes(k as NoticeKind)) : [];
  if (!Array.isArray(off) || kinds.length !== off.length || new Set(kinds).size !== kinds.length) {
    return refuse(
      'bad-subscription',
      `off must list kinds of notice, each once, of ${NOTICE_KINDS.join(', ')}`,
    );
  }
  return {
    ok: true,
    value: {
      endpoint: endpoint.value,
      keys: { p256dh, auth },
      language,
      off: kinds as NoticeKind[],
    },
  };
}

/** Reads the body of DELETE /api/me/push: the endpoint of the subscription to forget. */
export function parsePushEndpoint(body: unknown): Checked<{ readonly endpoint: string }> {
  if (!isObject(body)) return refuse('bad-subscription', 'the request is a JSON object');
  const extra = extraKey(body, ['endpoint']);
  if (extra !== undefined)
    return refuse('bad-subscription', `"${extra.slice(0, 20)}" is not an option`);
  // Any endpoint that could have been kept: one no longer allowed is still forgotten.
  const endpoint = readEndpoint(body.endpoint, true);
  return endpoint.ok ? { ok: true, value: { endpoint: endpoint.value } } : endpoint;
}

/**
 * Reads the body of PATCH /api/me/settings: either setting or both (a missing one is left as
 * it is). The waiting list's pools and hours are sets: each at most once.
 */
export function parseSettings(body: unknown): Checked<Partial<LobbySettings>> {
  if (!isObject(body)) return refuse('bad-message', 'the request is a JSON object');
  const extra = extraKey(body, ['challengesFrom', 'waitingList']);
  if (extra !== undefined) return refuse('bad-message', `"${extra.slice(0, 20)}" is not an option`);
  const from = body.challengesFrom;
  const challengesFrom = CHALLENGES_FROM.find((c) => c === from);
  if (from !== undefined && !challengesFrom) {
    return refuse('bad-message', `challengesFrom must be one of ${CHALLENGES_FROM.join(', ')}`);
  }
  const list = body.waitingList;
  if (list === undefined) return { ok: true, value: challengesFrom ? { challengesFrom } : {} };
  if (!isObject(list) || extraKey(list, ['pools', 'hours']) !== undefined) {
    return refuse('bad-message', 'waitingList is {pools, hours}');
  }
  const { pools, hours } = list;
  const ids = POOLS.map((p) => p.id as string);
  if (
    !Array.isArray(pools) ||
    !pools.every((p) => typeof p === 'string' && ids.includes(p)) ||
    new Set(pools).size !== pools.length
  ) {
    return refuse('bad-message', `waitingList.pools must be distinct pools of ${ids.join(', ')}`);
  }
  if (
    !Array.isArray(hours) ||
    !hours.every((h) => Number.isInteger(h) && h >= 0 && h <= 23) ||
    new Set(hours).size !== hours.length
  ) {
    return refuse('bad-message', 'waitingList.hours must be distinct hours of 0 to 23 (UTC)');
  }
  return {
    ok: true,
    value: {
      ...(challengesFrom && { challengesFrom }),
      waitingList: { pools: pools as PoolId[], hours: (hours as number[]).map(whole) },
    },
  };
}

/** Reads an event's name: tidied, EVENT_NAME long, printable, no invisible characters. */
function readEventName(value: unknown): Checked<string> {
  const name = typeof value === 'string' ? tidyName(value) : '';
  const length = [...name].length;
  if (
    length < EVENT_NAME.min ||
    length > EVENT_NAME.max ||
    /[\p{C}\p{Default_Ignorable_Code_Point}]/u.test(name)
  ) {
    return refuse(
      'bad-message',
      `name must be ${EVENT_NAME.min} to ${EVENT_NAME.max} visible characters`,
    );
  }
  return { ok: true, value: name };
}

/** Reads a password: 1 to PASSWORD_MAX characters, or absent. */
function readPassword(value: unknown): Checked<string | undefined> {
  if (value === undefined) return { ok: true, value: undefined };
  if (typeof value !== 'string' || value.length < 1 || value.length > PASSWORD_MAX) {
    return refuse('bad-message', `password must be 1 to ${PASSWORD_MAX} characters`);
  }
  return { ok: true, value };
}

/**
 * Reads the body of POST /api/tournaments at `now`: an arena of ARENA_MINUTES and a live clock,
 * or a Swiss of SWISS_ROUNDS rounds, live or over days, starting within STARTS_WITHIN_MS.
 */
export function parseTournamentRequest(body: unknown, now: number): Checked<TournamentRequest> {
  if (!isObject(body)) return refuse('bad-message', 'the request is a JSON object');
  const extra = extraKey(body, [
    'kind',
    'name',
    'clock',
    'variant',
    'touchMove',
    'captorPlacesQueen',
    'rated',
    'startsAt',
    'minutes',
    'rounds',
    'berserk',
    'password',
  ]);
  if (extra !== undefined) return refuse('bad-message', `"${extra.slice(0, 20)}" is not an option`);
  const kind = TOURNAMENT_KINDS.find((k) => k === body.kind);
  if (!kind) return refuse('bad-message', `kind must be one of ${TOURNAMENT_KINDS.join(', ')}`);
  const name = readEventName(body.name);
  if (!name.ok) return name;
  const clock = readPace(body.clock);
  if (!clock.ok) return clock;
  if (kind === 'arena' && !isLive(clock.value)) {
    return refuse('bad-message', 'an arena is played live: clock is { initial, increment }');
  }
  const variant = body.variant === undefined ? 'standard' : body.variant;
  if (variant !== 'standard' && variant !== 'placement') {
    return refuse('bad-message', 'variant must be "standard" or "placement"');
  }
  const captorPlacesQueen = readCaptor(body.captorPlacesQueen);
  if (!captorPlacesQueen.ok) return captorPlacesQueen;
  const flags: Record<string, boolean> = {};
  for (const [key, absent] of [
    ['touchMove', false],
    ['rated', true],
    ['berserk', kind === 'arena'],
  ] as const) {
    const value = body[key] === undefined ? absent : body[key];
    if (typeof value !== 'boolean') return refuse('bad-message', `${key} must be true or false`);
    flags[key] = value;
  }
  if (kind === 'swiss' && flags.berserk) {
    return refuse('bad-message', 'berserk is for arenas only');
  }
  const startsAt = body.startsAt;
  if (
    typeof startsAt !== 'number' ||
    !Number.isSafeInteger(startsAt) ||
    startsAt < now - 60_000 ||
    startsAt > now + STARTS_WITHIN_MS
  ) {
    return refuse('bad-message', 'startsAt must be a time (ms) from now to 30 days ahead');
  }
  const password = readPassword(body.password);
  if (!password.ok) return password;
  const base = {
    kind,
    name: name.value,
    clock: clock.value,
    variant,
    touchMove: flags.touchMove === true,
    captorPlacesQueen: captorPlacesQueen.value,
    rated: flags.rated === true,
    startsAt: Math.max(now, startsAt),
    berserk: flags.berserk === true,
    ...(password.value !== undefined && { password: password.value }),
  } as const;
  if (kind === 'arena') {
    const minutes = ARENA_MINUTES.find((m) => m === body.minutes);
    if (minutes === undefined || body.rounds !== undefined) {
      return refuse('bad-message', `an arena lasts minutes: one of ${ARENA_MINUTES.join(', ')}`);
    }
    return { ok: true, value: { ...base, minutes } };
  }
  const rounds = body.rounds;
  if (
    typeof rounds !== 'number' ||
    !Number.isInteger(rounds) ||
    rounds < SWISS_ROUNDS.min ||
    rounds > SWISS_ROUNDS.max ||
    body.minutes !== undefined
  ) {
    return refuse('bad-message', `a Swiss has rounds: ${SWISS_ROUNDS.min} to ${SWISS_ROUNDS.max}`);
  }
  return { ok: true, value: { ...base, rounds: whole(rounds) } };
}

/** Reads the body of POST /api/tournaments/:id/me. */
export function parseTournamentAction(body: unknown): Checked<TournamentAction> {
  if (!isObject(body)) return refuse('bad-message', 'the request is a JSON object');
  const action = body.action;
  if (action === 'join') {
    const extra = extraKey(body, ['action', 'password']);
    if (extra !== undefined) {
      return refuse('bad-message', `"${extra.slice(0, 20)}" is not an option`);
    }
    const password = readPassword(body.password);
    if (!password.ok) return password;
    return {
      ok: true,
      value: { action, ...(password.value !== undefined && { password: password.value }) },
    };
  }
  if (action === 'withdraw' || action === 'pause' || action === 'resume') {
    const extra = extraKey(body, ['action']);
    if (extra !== undefined) {
      return refuse('bad-message', `"${extra.slice(0, 20)}" is not an option`);
    }
    return { ok: true, value: { action } };
  }
  return refuse('bad-message', 'action must be join, withdraw, pause or resume');
}

/**
 * Reads the body of POST /api/puzzles/attempts: a puzzle's id and the moves played on it, each
 * looking like move text (the server reads and judges them). The `solved` of older clients is
 * refused by name: a try without its moves cannot be judged.
 */
export function parsePuzzleAttempt(body: unknown): Checked<PuzzleAttemptRequest> {
  if (!isObject(body)) return refuse('bad-message', 'the request is a JSON object');
  const extra = extraKey(body, ['puzzle', 'moves']);
  if (extra === 'solved') {
    return refuse('bad-message', 'an attempt sends its moves, not whether it was solved');
  }
  if (extra !== undefined) return refuse('bad-message', `"${extra.slice(0, 20)}" is not an option`);
  if (typeof body.puzzle !== 'string' || !PUZZLE_ID.test(body.puzzle)) {
    return refuse('bad-message', "puzzle is a puzzle's id: 1 to 16 letters and digits");
  }
  const moves = body.moves;
  if (!Array.isArray(moves) || moves.length > PUZZLE_MOVES_MAX) {
    return refuse('bad-message', `moves is a list of at most ${PUZZLE_MOVES_MAX} move texts`);
  }
  const bad = moves.findIndex((m) => typeof m !== 'string' || !MOVE_TEXT.test(m));
  if (bad >= 0) {
    return refuse('bad-message', `moves[${bad}] is not move text such as f1-f2, e5@a3 or @c4`);
  }
  return { ok: true, value: { puzzle: body.puzzle, moves: moves as string[] } };
}

/**
 * Reads the `themes` of GET /api/puzzles/next: theme names separated by commas, at most
 * PUZZLE_THEMES_MAX of them, each one of the engine's; absent or empty, none (any puzzle).
 */
export function parsePuzzleThemes(query: unknown): Checked<readonly PuzzleTheme[]> {
  if (query === undefined || query === '') return { ok: true, value: [] };
  if (typeof query !== 'string') return refuse('bad-message', 'themes is named once');
  const names = query.split(',');
  if (names.length > PUZZLE_THEMES_MAX) {
    return refuse('bad-message', `at most ${PUZZLE_THEMES_MAX} themes may be named`);
  }
  const themes: PuzzleTheme[] = [];
  for (const name of names) {
    const theme = PUZZLE_THEMES.find((t) => t === name);
    if (!theme) return refuse('bad-message', `"${name.slice(0, 20)}" is not a puzzle theme`);
    if (!themes.includes(theme)) themes.push(theme);
  }
  return { ok: true, value: themes };
}

/** Reads one message of an event's socket; the server must trust nothing a client sends. */
export function parseTournamentMessage(text: string): Checked<TournamentClientMessage> {
  const read = readObject(text);
  if (!read.ok) return read;
  const data = read.value;
  const page = (): Checked<number> =>
    Number.isSafeInteger(data.page) && (data.page as number) >= 1
      ? { ok: true, value: data.page as number }
      : refuse('bad-message', 'page must be a whole number from 1');
  switch (data.t) {
    case 'hello': {
      const bad = shape(data, ['t', 'token', 'page']);
      if (bad) return { ok: false, error: bad };
      if (data.token !== undefined && (typeof data.token !== 'string' || !TOKEN.test(data.token))) {
        return refuse('bad-message', "token must be the player's 43-character secret");
      }
      const read = page();
      if (!read.ok) return read;
      const token = data.token as string | undefined;
      return { ok: true, value: { t: 'hello', page: read.value, ...(token && { token }) } };
    }
    case 'page': {
      const bad = shape(data, ['t', 'page']);
      if (bad) return { ok: false, error: bad };
      const read = page();
      return read.ok ? { ok: true, value: { t: 'page', page: read.value } } : read;
    }
    case 'ping': {
      const bad = shape(data, ['t']);
      return bad ? { ok: false, error: bad } : { ok: true, value: { t: 'ping' } };
    }
    default:
      return refuse('bad-message', 'unknown message type');
  }
}
