// Reads the Bot API's request bodies (docs/bot-api.md, "The API"), sent as lichess's are: a form
// (every value a string) or JSON with the same keys. A challenge's terms, a chat line and a
// reason to decline are checked here, so nothing unchecked reaches the server's lobby or games.

import type { Colour } from '@agon/engine';
import { CORRESPONDENCE_DAYS, type Pace } from './base.ts';
import { MAX_INCREMENT_MS, MAX_INITIAL_MS, MIN_INITIAL_MS } from './limits.ts';
import { type ChallengeTerms, DECLINE_REASONS, type DeclineReason } from './lobby.ts';
import { QUICK_MESSAGES, type QuickMessage } from './messages.ts';
import type { Checked } from './refusal.ts';
import { extraKey, isObject, refuse } from './validate.ts';

/** The keys a challenge's body may have: lichess's, and Agon's R15 and R16. */
const CHALLENGE_KEYS = [
  'rated',
  'clock.limit',
  'clock.increment',
  'clock',
  'days',
  'color',
  'variant',
  'touchMove',
  'captorPlacesQueen',
] as const;

/** A body as it may come: none is an empty form. */
function fieldsOf(body: unknown): Checked<Readonly<Record<string, unknown>>> {
  if (body === undefined || body === null) return { ok: true, value: {} };
  if (!isObject(body)) return refuse('bad-message', 'the body is a form or a JSON object');
  return { ok: true, value: body };
}

/** A yes or no as a form ("true", "false") or JSON gives it; `fallback` when absent. */
function readFlag(v: unknown, name: string, fallback: boolean): Checked<boolean> {
  if (v === undefined) return { ok: true, value: fallback };
  if (v === true || v === 'true') return { ok: true, value: true };
  if (v === false || v === 'false') return { ok: true, value: false };
  return refuse('bad-message', `${name} must be true or false`);
}

/** A whole number as a form (digits) or JSON gives it; undefined when absent or not one. */
function readWhole(v: unknown): number | undefined {
  const n = typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/** The pace of a challenge: `clock.limit` and `clock.increment` in seconds, or `days`. */
function readBotPace(o: Readonly<Record<string, unknown>>): Checked<Pace> {
  const nested = isObject(o.clock) ? o.clock : undefined;
  if (o.clock !== undefined && (!nested || extraKey(nested, ['limit', 'increment']))) {
    return refuse('bad-message', 'clock must be { limit, increment } in seconds');
  }
  const limit = o['clock.limit'] ?? nested?.limit;
  const increment = o['clock.increment'] ?? nested?.increment;
  if (limit === undefined && increment === undefined) {
    if (o.days === undefined) {
      return refuse(
        'bad-message',
        'a challenge needs clock.limit and clock.increment (seconds), or days',
      );
    }
    const days = CORRESPONDENCE_DAYS.find((d) => d === readWhole(o.days));
    if (days === undefined) {
      return refuse('bad-message', `days must be one of ${CORRESPONDENCE_DAYS.join(', ')}`);
    }
    return { ok: true, value: { days } };
  }
  if (o.days !== undefined) return refuse('bad-message', 'give a clock or days, not both');
  const [s, inc] = [readWhole(limit), readWhole(increment ?? 0)];
  if (
    s === undefined ||
    inc === undefined ||
    s * 1000 < MIN_INITIAL_MS ||
    s * 1000 > MAX_INITIAL_MS ||
    inc * 1000 > MAX_INCREMENT_MS
  ) {
    return refuse(
      'bad-message',
      `clock.limit must be ${MIN_INITIAL_MS / 1000} to ${MAX_INITIAL_MS / 1000} seconds, clock.increment 0 to ${MAX_INCREMENT_MS / 1000}`,
    );
  }
  return { ok: true, value: { initial: s * 1000, increment: inc * 1000 } };
}

/** Reads the body of POST /api/challenge/{player}: the terms of the challenge. */
export function parseBotChallenge(body: unknown): Checked<ChallengeTerms> {
  const fields = fieldsOf(body);
  if (!fields.ok) return fields;
  const o = fields.value;
  const extra = extraKey(o, CHALLENGE_KEYS);
  if (extra !== undefined) return refuse('bad-message', `"${extra.slice(0, 20)}" is not a term`);
  const clock = readBotPace(o);
  if (!clock.ok) return clock;
  const variant = o.variant ?? 'standard';
  if (variant !== 'standard' && variant !== 'placement') {
    return refuse('bad-message', 'variant must be "standard" or "placement"');
  }
  const color = o.color ?? 'random';
  if (color !== 'white' && color !== 'black' && color !== 'random') {
    return refuse('bad-message', 'color must be "white", "black" or "random"');
  }
  const rated = readFlag(o.rated, 'rated', false);
  if (!rated.ok) return rated;
  const touchMove = readFlag(o.touchMove, 'touchMove', false);
  if (!touchMove.ok) return touchMove;
  const captor = readFlag(o.captorPlacesQueen, 'captorPlacesQueen', false);
  if (!captor.ok) return captor;
  return {
    ok: true,
    value: {
      clock: clock.value,
      variant,
      touchMove: touchMove.value,
      captorPlacesQueen: captor.value,
      side: color as Colour | 'random',
      rated: rated.value,
    },
  };
}

/**
 * Reads the body of POST /api/bot/game/{id}/chat: `room` "player" and `text`, one of Agon's quick
 * messages, by its key ("good-luck") or as said ("Good luck!"): a game has no free text.
 */
export function parseBotChat(body: unknown): Checked<QuickMessage> {
  const fields = fieldsOf(body);
  if (!fields.ok) return fields;
  const o = fields.value;
  const extra = extraKey(o, ['room', 'text']);
  if (extra !== undefined) return refuse('bad-message', `"${extra.slice(0, 20)}" is not a field`);
  if (o.room !== 'player') {
    return refuse('bad-message', 'room must be "player": a game has no spectators\' chat');
  }
  const said =
    typeof o.text === 'string'
      ? o.text
          .trim()
          .toLowerCase()
          .replace(/[^a-z ]/g, '')
          .replace(/ +/g, '-')
      : '';
  const message = QUICK_MESSAGES.find((m) => m === said);
  if (!message) {
    return refuse(
      'bad-message',
      `text must be one of the quick messages ${QUICK_MESSAGES.join(', ')}`,
    );
  }
  return { ok: true, value: message };
}

/**
 * Reads the body of POST /api/challenge/{id}/decline: an optional `reason`, Agon's
 * ("too-fast") or lichess's spelling ("tooFast"); lichess's "standard" is Agon's "variant".
 */
export function parseBotDecline(body: unknown): Checked<DeclineReason> {
  const fields = fieldsOf(body);
  if (!fields.ok) return fields;
  const o = fields.value;
  const extra = extraKey(o, ['reason']);
  if (extra !== undefined) return refuse('bad-message', `"${extra.slice(0, 20)}" is not a field`);
  if (o.reason === undefined) return { ok: true, value: 'generic' };
  const said =
    typeof o.reason === 'string' ? o.reason.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`) : '';
  const reason = DECLINE_REASONS.find((r) => r === (said === 'standard' ? 'variant' : said));
  if (!reason) return refuse('bad-message', `reason must be one of ${DECLINE_REASONS.join(', ')}`);
  return { ok: true, value: reason };
}
