// The validator of a vacation taken by hand (vacation.ts).

import type { Checked } from './refusal.ts';
import { VACATION_MAX_DAYS } from './vacation.ts';
import { extraKey, isObject, refuse } from './validate.ts';

/** Reads the body of POST /api/me/vacation: how many whole days, from now. */
export function parseVacation(body: unknown): Checked<{ readonly days: number }> {
  if (!isObject(body)) return refuse('bad-message', 'the request is a JSON object');
  const extra = extraKey(body, ['days']);
  if (extra !== undefined) return refuse('bad-message', `"${extra.slice(0, 20)}" is not an option`);
  const days = body.days;
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > VACATION_MAX_DAYS) {
    return refuse('bad-days', `days must be a whole number from 1 to ${VACATION_MAX_DAYS}`);
  }
  return { ok: true, value: { days } };
}
