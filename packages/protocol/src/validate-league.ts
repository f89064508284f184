// The validators of leagues (league.ts): a league's key and a player's action on one.

import { LEAGUE_KEY, type LeagueAction } from './league.ts';
import type { Checked } from './refusal.ts';
import { extraKey, isObject, refuse } from './validate.ts';

/** Reads a league's key from an address. */
export function parseLeagueKey(value: unknown): Checked<string> {
  return typeof value === 'string' && LEAGUE_KEY.test(value)
    ? { ok: true, value }
    : refuse('bad-message', 'a league key is 1 to 40 of a-z, 0-9 and -');
}

/** Reads the body of POST /api/leagues/:key/me. */
export function parseLeagueAction(body: unknown): Checked<LeagueAction> {
  if (!isObject(body)) return refuse('bad-message', 'the request is a JSON object');
  const extra = extraKey(body, ['action']);
  if (extra !== undefined) return refuse('bad-message', `"${extra.slice(0, 20)}" is not an option`);
  const action = body.action;
  if (action === 'join' || action === 'leave') return { ok: true, value: { action } };
  return refuse('bad-message', 'action must be join or leave');
}
