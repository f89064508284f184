// The recurring events (docs/tournaments.md, "The schedule"): each entry of the schedule names
// its event's terms and, as a cron pattern read by croner in UTC, when it recurs. The next
// occurrence of each entry is always made ahead of time, so the tournaments page counts down
// to it; the store makes one event per entry and start, whichever process asks (its key is
// unique), and one process at a time asks (a lease).

import { readFileSync } from 'node:fs';
import {
  type Checked,
  type EventSchedule,
  parseTournamentRequest,
  ratingClass,
  SCHEDULE_EVERY,
  type ScheduleEvery,
  type TournamentTerms,
} from '@agon/protocol';
import { Cron } from 'croner';
import type { Problems } from '../common/problems.ts';
import { newShortId } from '../common/secret.ts';
import type { Relay } from '../game/relay.ts';
import type { TournamentStore } from './store.ts';
import { endsAt } from './timing.ts';

/** One recurring event: `key` names it for good (its events' keys are `key@start`). */
export interface ScheduleEntry {
  readonly key: string;
  /** When it starts, in cron's five fields, in UTC. */
  readonly cron: string;
  readonly terms: Omit<TournamentTerms, 'startsAt'>;
  /**
   * How often it recurs, for its name by kind, which each page says in its language; absent,
   * its events go by `terms.name` alone.
   */
  readonly every?: ScheduleEvery;
}

/** An entry's events' name by kind (the English `terms.name` is what older pages show). */
function scheduleOf(entry: ScheduleEntry): EventSchedule | undefined {
  const { every, terms } = entry;
  if (!every) return undefined;
  const speed = ratingClass(terms.clock);
  return { every, speed, kind: terms.kind, ...(terms.captorPlacesQueen && { captor: true }) };
}

const live = (minutes: number, seconds: number) => ({
  initial: minutes * 60_000,
  increment: seconds * 1000,
});

/** The terms every scheduled event shares; a thin one takes house bots (docs/tournaments.md). */
const RULES = {
  variant: 'standard',
  touchMove: false,
  captorPlacesQueen: false,
  bots: true,
} as const;

/**
 * The schedule a server runs unless told otherwise (AGON_SCHEDULE): a bullet and a blitz arena
 * every hour, a rapid arena every evening, an R16 (captor's rule) arena every evening, and a
 * Swiss every Sunday. Times are UTC: 18:00 UTC is evening in Europe and noon in the Americas.
 */
export const DEFAULT_SCHEDULE: readonly ScheduleEntry[] = [
  {
    key: 'hourly-blitz',
    every: 'hourly',
    cron: '0 * * * *',
    terms: {
      ...RULES,
      kind: 'arena',
      name: 'Hourly Blitz Arena',
      clock: live(3, 2),
      minutes: 45,
      rated: true,
      berserk: true,
    },
  },
  {
    key: 'hourly-bullet',
    every: 'hourly',
    cron: '30 * * * *',
    terms: {
      ...RULES,
      kind: 'arena',
      name: 'Hourly Bullet Arena',
      clock: live(1, 1),
      minutes: 20,
      rated: true,
      berserk: true,
    },
  },
  {
    key: 'daily-rapid',
    every: 'daily',
    cron: '0 18 * * *',
    terms: {
      ...RULES,
      kind: 'arena',
      name: 'Daily Rapid Arena',
      clock: live(10, 5),
      minutes: 90,
      rated: true,
      berserk: true,
    },
  },
  {
    key: 'daily-captor',
    every: 'daily',
    cron: '0 20 * * *',
    terms: {
      ...RULES,
      captorPlacesQueen: true,
      kind: 'arena',
      name: 'Daily Blitz Arena (R16)',
      clock: live(5, 3),
      minutes: 60,
      rated: true,
      berserk: true,
    },
  },
  {
    key: 'weekly-swiss',
    every: 'weekly',
    cron: '0 17 * * 0',
    terms: {
      ...RULES,
      kind: 'swiss',
      name: 'Weekly Rapid Swiss',
      clock: live(10, 5),
      rounds: 7,
      rated: true,
      berserk: false,
    },
  },
];

/**
 * Reads a schedule (the JSON of AGON_SCHEDULE's file): a list of `{ key, cron, ...terms }`,
 * each term read as a request to make an event is, each key once, each pattern one croner
 * takes.
 */
export function parseSchedule(data: unknown, now: number): Checked<readonly ScheduleEntry[]> {
  const bad = (message: string) =>
    ({ ok: false, error: { code: 'bad-message', message } }) as const;
  if (!Array.isArray(data)) return bad('a schedule is a list of events');
  const entries: ScheduleEntry[] = [];
  for (const [i, item] of data.entries()) {
    if (typeof item !== 'object' || item === null) return bad(`event ${i + 1} is not an object`);
    const { key, cron, every, ...rest } = item as Record<string, unknown>;
    if (typeof key !== 'string' || !/^[a-z0-9-]{1,40}$/.test(key)) {
      return bad(`event ${i + 1}: key must be 1 to 40 of a-z, 0-9 and -`);
    }
    if (entries.some((e) => e.key === key)) return bad(`event ${i + 1}: key ${key} is taken`);
    if (typeof cron !== 'string') return bad(`event ${key}: cron must be a cron pattern`);
    try {
      new Cron(cron, { timezone: 'UTC', paused: true }).stop();
    } catch (e) {
      return bad(`event ${key}: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (every !== undefined && !SCHEDULE_EVERY.some((e) => e === every)) {
      return bad(`event ${key}: every must be one of ${SCHEDULE_EVERY.join(', ')}`);
    }
    const terms = parseTournamentRequest({ ...rest, startsAt: now }, now);
    if (!terms.ok) return bad(`event ${key}: ${terms.error.message}`);
    if (terms.value.password !== undefined) return bad(`event ${key}: a scheduled event is open`);
    const { startsAt: _, password: __, ...kept } = terms.value;
    entries.push({
      key,
      cron,
      terms: kept,
      ...(every !== undefined && { every: every as ScheduleEvery }),
    });
  }
  return { ok: true, value: entries };
}

/**
 * The schedule AGON_SCHEDULE names: "none", the path of a JSON file (parseSchedule), or the
 * default when unset. A schedule that cannot be read stops the server with the reason.
 */
export function scheduleFromEnv(env: NodeJS.ProcessEnv, now: number): readonly ScheduleEntry[] {
  const named = env.AGON_SCHEDULE;
  if (!named) return DEFAULT_SCHEDULE;
  if (named === 'none') return [];
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(named, 'utf8'));
  } catch (e) {
    throw new Error(`AGON_SCHEDULE: ${e instanceof Error ? e.message : String(e)}`);
  }
  const read = parseSchedule(data, now);
  if (!read.ok) throw new Error(`AGON_SCHEDULE: ${read.error.message}`);
  return read.value;
}

/** How often the schedule is looked at. */
const BEAT_MS = 10_000;
/** The schedule's lease: a little over a beat. */
const LEASE_MS = 15_000;

/** The making of the schedule's events, on whichever process holds the lease. */
export class Schedule {
  private readonly timer: NodeJS.Timeout;
  private readonly crons: readonly { readonly entry: ScheduleEntry; readonly cron: Cron }[];
  private making: Promise<void> | undefined;

  constructor(
    entries: readonly ScheduleEntry[],
    private readonly store: TournamentStore,
    private readonly relay: Pick<Relay, 'lease'>,
    problems: Problems,
    private readonly now: () => number,
  ) {
    this.crons = entries.map((entry) => ({
      entry,
      cron: new Cron(entry.cron, { timezone: 'UTC', paused: true }),
    }));
    this.timer = setInterval(() => {
      this.make().catch((e: unknown) => problems.report('schedule', e, true));
    }, BEAT_MS);
    this.timer.unref();
    this.make().catch((e: unknown) => problems.report('schedule', e, true));
  }

  /**
   * Makes each entry's next event, if this process holds the lease and it is not made yet;
   * a call while one is under way answers when that one is done.
   */
  make(): Promise<void> {
    this.making ??= this.run().finally(() => {
      this.making = undefined;
    });
    return this.making;
  }

  private async run(): Promise<void> {
    if (this.crons.length === 0) return;
    if (!(await this.relay.lease('schedule', LEASE_MS))) return;
    const now = this.now();
    for (const { entry, cron } of this.crons) {
      const next = cron.nextRun(new Date(now));
      if (!next) continue;
      const terms = { ...entry.terms, startsAt: next.getTime() };
      const schedule = scheduleOf(entry);
      await this.store.createTournament(
        newShortId(),
        now,
        { terms, scheduled: `${entry.key}@${terms.startsAt}`, ...(schedule && { schedule }) },
        { status: 'upcoming', players: 0, endsAt: endsAt(terms) },
      );
    }
  }

  /** Stops making events; answers once the making under way, if any, is done. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    for (const { cron } of this.crons) cron.stop();
    await this.making?.catch(() => undefined);
  }
}
