// The leagues a server runs (docs/leagues.md): each one's key, name, days per move, the length
// of its seasons, and when a season may start, as a cron pattern read by croner in UTC. A season
// starts at the first occurrence after the last one's planned end (after enough players entered,
// for the first).

import { readFileSync } from 'node:fs';
import { type Checked, CORRESPONDENCE_DAYS, type Days, LEAGUE_KEY } from '@agon/protocol';
import { Cron } from 'croner';

/** One league's terms. */
export interface LeagueTerms {
  readonly key: string;
  readonly name: string;
  readonly days: Days;
  /** How long a season lasts, in days. */
  readonly seasonDays: number;
  /** When a season may start, in cron's five fields, in UTC. */
  readonly cron: string;
}

/** The longest season, in days. */
const SEASON_DAYS_MAX = 365;

/**
 * The league a server runs unless told otherwise (AGON_LEAGUES): 3 days per move, seasons of
 * 8 weeks starting on the 1st of every other month at 12:00 UTC (so a few days apart).
 */
export const DEFAULT_LEAGUES: readonly LeagueTerms[] = [
  { key: 'agon', name: 'Agon League', days: 3, seasonDays: 56, cron: '0 12 1 */2 *' },
];

/** Reads a list of leagues (the JSON of AGON_LEAGUES's file). */
export function parseLeagues(data: unknown): Checked<readonly LeagueTerms[]> {
  const bad = (message: string) =>
    ({ ok: false, error: { code: 'bad-message', message } }) as const;
  if (!Array.isArray(data)) return bad('leagues are a list');
  const leagues: LeagueTerms[] = [];
  for (const [i, item] of data.entries()) {
    if (typeof item !== 'object' || item === null) return bad(`league ${i + 1} is not an object`);
    const { key, name, days, seasonDays, cron } = item as Record<string, unknown>;
    if (typeof key !== 'string' || !LEAGUE_KEY.test(key)) {
      return bad(`league ${i + 1}: key must be 1 to 40 of a-z, 0-9 and -`);
    }
    if (leagues.some((l) => l.key === key)) return bad(`league ${key}: key is taken`);
    if (typeof name !== 'string' || name.trim() === '' || name.length > 40) {
      return bad(`league ${key}: name must be 1 to 40 characters`);
    }
    if (!CORRESPONDENCE_DAYS.some((d) => d === days)) {
      return bad(`league ${key}: days must be one of ${CORRESPONDENCE_DAYS.join(', ')}`);
    }
    if (!Number.isSafeInteger(seasonDays) || (seasonDays as number) < 1) {
      return bad(`league ${key}: seasonDays must be a whole number of days from 1`);
    }
    if ((seasonDays as number) > SEASON_DAYS_MAX) {
      return bad(`league ${key}: seasonDays must be at most ${SEASON_DAYS_MAX}`);
    }
    if (typeof cron !== 'string') return bad(`league ${key}: cron must be a cron pattern`);
    try {
      new Cron(cron, { timezone: 'UTC', paused: true }).stop();
    } catch (e) {
      return bad(`league ${key}: ${e instanceof Error ? e.message : String(e)}`);
    }
    leagues.push({ key, name, days: days as Days, seasonDays: seasonDays as number, cron });
  }
  return { ok: true, value: leagues };
}

/**
 * The leagues AGON_LEAGUES names: "none", the path of a JSON file (parseLeagues), or the default
 * when unset. Leagues that cannot be read stop the server with the reason.
 */
export function leaguesFromEnv(env: NodeJS.ProcessEnv): readonly LeagueTerms[] {
  const named = env.AGON_LEAGUES;
  if (!named) return DEFAULT_LEAGUES;
  if (named === 'none') return [];
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(named, 'utf8'));
  } catch (e) {
    throw new Error(`AGON_LEAGUES: ${e instanceof Error ? e.message : String(e)}`);
  }
  const read = parseLeagues(data);
  if (!read.ok) throw new Error(`AGON_LEAGUES: ${read.error.message}`);
  return read.value;
}

/** When `terms`' next season starts: the first occurrence of its pattern after `after`. */
export function nextStart(terms: LeagueTerms, after: number): number | null {
  const cron = new Cron(terms.cron, { timezone: 'UTC', paused: true });
  const next = cron.nextRun(new Date(after));
  cron.stop();
  return next ? next.getTime() : null;
}
