// The validator of a vacation taken by hand or booked ahead (vacation.ts).

import { DAY_MS } from './base.ts';
import type { Checked } from './refusal.ts';
import { VACATION_AHEAD_DAYS, VACATION_GRACE_MS, VACATION_MAX_DAYS } from './vacation.ts';
import { extraKey, isObject, refuse } from './validate.ts';

/** A vacation asked for: how many whole days, and from when (undefined: from now). */
export interface VacationAsked {
  readonly days: number;
  readonly from: number | undefined;
}

/**
 * Reads the body of POST /api/me/vacation at `now`: `{"days": n}` from now, or with `"from"` (ms
 * since 1970) booked ahead. A start up to VACATION_GRACE_MS past is taken as now.
 */
export function parseVacation(body: unknown, now: number): Checked<VacationAsked> {
  if (!isObject(body)) return refuse('bad-message', 'the request is a JSON object');
  const extra = extraKey(body, ['days', 'from']);
  if (extra !== undefined) return refuse('bad-message', `"${extra.slice(0, 20)}" is not an option`);
  const days = body.days;
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > VACATION_MAX_DAYS) {
    return refuse('bad-days', `days must be a whole number from 1 to ${VACATION_MAX_DAYS}`);
  }
  const from = body.from;
  if (from === undefined) return { ok: true, value: { days, from: undefined } };
  if (typeof from !== 'number' || !Number.isSafeInteger(from)) {
    return refuse('bad-from', 'from must be a time in ms since 1970, a whole number');
  }
  if (from < now - VACATION_GRACE_MS) return refuse('bad-from', 'from is in the past');
  if (from > now + VACATION_AHEAD_DAYS * DAY_MS) {
    return refuse('bad-from', `from is more than ${VACATION_AHEAD_DAYS} days ahead`);
  }
  return { ok: true, value: { days, from: from > now ? from : undefined } };
}
