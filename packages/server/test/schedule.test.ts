// The schedule of recurring tournaments: its file is read strictly (each fault named), the
// default one is valid, and each entry's next event is made once, however often and by however
// many processes the schedule is looked at (the store keys each occurrence).

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Problems } from '../src/common/problems.ts';
import { LocalRelay } from '../src/game/relay.ts';
import { SqliteStore } from '../src/storage/sqlite.ts';
import {
  DEFAULT_SCHEDULE,
  parseSchedule,
  Schedule,
  scheduleFromEnv,
} from '../src/tournament/schedule.ts';
import { listingOf } from '../src/tournament/view.ts';
import { remove } from './harness.ts';

const NOW = Date.UTC(2026, 11, 3, 17, 40);

describe('the schedule of recurring tournaments', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });

  it('reads the default schedule as valid and as the one used when none is named', () => {
    const read = parseSchedule(
      DEFAULT_SCHEDULE.map(({ key, cron, every, terms }) => ({ key, cron, every, ...terms })),
      NOW,
    );
    expect(read.ok && read.value).toEqual(DEFAULT_SCHEDULE);
    expect(scheduleFromEnv({}, NOW)).toBe(DEFAULT_SCHEDULE);
    expect(scheduleFromEnv({ AGON_SCHEDULE: 'none' }, NOW)).toEqual([]);
    expect(() => scheduleFromEnv({ AGON_SCHEDULE: '/no/such/file.json' }, NOW)).toThrow(
      /AGON_SCHEDULE/,
    );
  });

  it('names what is wrong with a schedule', () => {
    const good = { key: 'a', cron: '0 * * * *', ...DEFAULT_SCHEDULE[0]!.terms };
    const cases: [unknown, RegExp][] = [
      [{}, /list/],
      [[{ ...good, key: 'A B' }], /key/],
      [[good, good], /taken/],
      [[{ ...good, cron: 'every hour' }], /event a:/],
      [[{ ...good, minutes: 7 }], /minutes/],
      [[{ ...good, password: 'x' }], /open/],
      [[{ ...good, every: 'monthly' }], /every must be one of hourly, daily, weekly/],
    ];
    for (const [data, reason] of cases) {
      const read = parseSchedule(data, NOW);
      expect(read.ok, JSON.stringify(data)).toBe(false);
      if (!read.ok) expect(read.error.message).toMatch(reason);
    }
  });

  it('makes the next event of each entry once, from any number of lookers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agon-schedule-'));
    const store = new SqliteStore(dir);
    cleanups.push(async () => {
      await store.close();
      remove(dir);
    });
    const problems = new Problems(() => NOW);
    const schedules = [1, 2].map(
      () => new Schedule(DEFAULT_SCHEDULE, store, new LocalRelay(), problems, () => NOW),
    );
    for (const s of schedules) cleanups.push(() => s.stop());
    await Promise.all(schedules.flatMap((s) => [s.make(), s.make()]));
    await Promise.all(schedules.map((s) => s.make()));
    const listed = await store.listTournaments(0);
    expect(
      listed
        .map((t) => `${t.setup.terms.name} ${new Date(t.setup.terms.startsAt).toISOString()}`)
        .sort(),
    ).toEqual([
      'Daily Blitz Arena (R16) 2026-12-03T20:00:00.000Z',
      'Daily Rapid Arena 2026-12-03T18:00:00.000Z',
      'Hourly Blitz Arena 2026-12-03T18:00:00.000Z',
      'Hourly Bullet Arena 2026-12-03T18:30:00.000Z',
      'Weekly Rapid Swiss 2026-12-06T17:00:00.000Z',
    ]);
    expect(listed.every((t) => t.summary.status === 'upcoming')).toBe(true);
    // Named by kind on the wire, so that each page says the name in its reader's language.
    const named = Object.fromEntries(listed.map(listingOf).map((l) => [l.name, l.schedule]));
    expect(named).toEqual({
      'Daily Blitz Arena (R16)': { every: 'daily', speed: 'blitz', kind: 'arena', captor: true },
      'Daily Rapid Arena': { every: 'daily', speed: 'rapid', kind: 'arena' },
      'Hourly Blitz Arena': { every: 'hourly', speed: 'blitz', kind: 'arena' },
      'Hourly Bullet Arena': { every: 'hourly', speed: 'bullet', kind: 'arena' },
      'Weekly Rapid Swiss': { every: 'weekly', speed: 'rapid', kind: 'swiss' },
    });
  });
});
