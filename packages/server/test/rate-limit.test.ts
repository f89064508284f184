// The counts behind every per-player and per-address limit of a process alone (and of a
// cluster while Redis is away): a long limit is not forgotten because short ones come and go,
// and a flood of fresh keys is refused rather than allowed to wipe the counts still running.

import { describe, expect, it } from 'vitest';
import { type Rate, Windows } from '../src/common/rate-limit.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const perMinute: Rate = { count: 10, windowMs: MINUTE };
const perHour: Rate = { count: 6, windowMs: HOUR };
/** How many keys a process counts at once. */
const KEPT = 100_000;

describe('counts of actions in windows', () => {
  it('remembers an hour’s count while a busy minute’s keys come and go', () => {
    const windows = new Windows();
    const start = 10 * HOUR;
    for (let n = 0; n < 6; n++) expect(windows.take('rename:p1', perHour, start)).toBe(0);
    // Minutes of fresh addresses, more than the table holds, each minute's ending before the
    // next: the hour's count must outlive every prune they cause.
    let now = start;
    for (let minute = 0; minute < 3; minute++) {
      now = start + minute * MINUTE + 1000;
      for (let n = 0; n < KEPT; n++) windows.take(`players:${minute}:${n}`, perMinute, now);
    }
    expect(windows.take('rename:p1', perHour, now)).toBe(start + HOUR - now);
  });

  it('refuses a fresh key while the table is full of running counts, and forgets none', () => {
    const windows = new Windows();
    const now = 20 * HOUR;
    for (let n = 0; n < 6; n++) windows.take('rename:p1', perHour, now);
    for (let n = 1; n < KEPT; n++) windows.take(`flood:${n}`, perMinute, now);
    // Full: a fresh key waits for the first window to end instead of pushing a count out.
    expect(windows.take('made:p2', perHour, now + 5)).toBe(MINUTE - 5);
    expect(windows.take('rename:p1', perHour, now + 5)).toBeGreaterThan(0);
    expect(windows.take('flood:7', perMinute, now + 5)).toBe(0);
    // Once the flood's minute has ended, there is room again, and the hour is still counted.
    expect(windows.take('made:p2', perHour, now + MINUTE)).toBe(0);
    expect(windows.take('rename:p1', perHour, now + MINUTE)).toBe(HOUR - MINUTE);
  });

  it('counts each key in its own window, and anew in the next', () => {
    const windows = new Windows();
    const now = 30 * HOUR;
    for (let n = 0; n < 10; n++) expect(windows.take('a', perMinute, now)).toBe(0);
    expect(windows.take('a', perMinute, now + 500)).toBe(MINUTE - 500);
    expect(windows.take('b', perMinute, now + 500)).toBe(0);
    expect(windows.take('a', perMinute, now + MINUTE)).toBe(0);
  });
});
