// The validators of leagues (league.ts): a league's key, a player's action on one, and which
// page of a season its view shows.

import { LEAGUE_KEY, type LeagueAction, type LeaguePageAsked } from './league.ts';
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

/** A tier's or page's number as an address writes it: a whole number from 1, up to 6 digits. */
const PAGE_NUMBER = /^[1-9][0-9]{0,5}$/;

/**
 * Reads which page of a season the query of GET /api/leagues/:key (or of the league page's
 * address) asks for: `tier` and `page`, each a whole number from 1 or left out. Other parameters
 * are not the league's and are let be.
 */
export function parseLeaguePageAsked(query: unknown): Checked<LeaguePageAsked> {
  if (!isObject(query)) return refuse('bad-message', 'the query is a set of parameters');
  const asked: { tier?: number; page?: number } = {};
  for (const name of ['tier', 'page'] as const) {
    const value = query[name];
    if (value === undefined) continue;
    if (typeof value !== 'string' || !PAGE_NUMBER.test(value))
      return refuse('bad-message', `${name} must be a whole number from 1 to 999999, given once`);
    asked[name] = Number(value);
  }
  return { ok: true, value: asked };
}

/** The query that asks for `asked` (parseLeaguePageAsked reads it back): empty for neither part. */
export function makeLeaguePageAsked(asked: LeaguePageAsked): string {
  const parts = [
    ...(asked.tier === undefined ? [] : [`tier=${asked.tier}`]),
    ...(asked.page === undefined ? [] : [`page=${asked.page}`]),
  ];
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}
