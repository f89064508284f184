// The validators of tournaments (tournament.ts): the request that makes an event, a player's
// action on one, and the messages of an event's socket.

import { TOKEN } from './limits.ts';
import { tidyName } from './player.ts';
import type { Checked } from './refusal.ts';
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
import {
  extraKey,
  isObject,
  readCaptor,
  readObject,
  readPace,
  refuse,
  shape,
  whole,
} from './validate.ts';

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
    'bots',
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
    ['bots', true],
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
    bots: flags.bots === true,
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
