// A waiting list's hours between the player's clock and the server's UTC hours: whole-hour
// offsets either side of Greenwich and India's half hour, and the span read back as it was set.

import { describe, expect, it } from 'vitest';
import { hoursBetween, localHour, spanOf, utcHour } from '../src/lobby/hours.ts';

/** Date's offsets: minutes behind UTC. */
const HELSINKI = -120;
const NEW_YORK = 300;
const INDIA = -330;

describe('waiting-list hours', () => {
  it('turn a local hour into the UTC hour it starts in, and back', () => {
    expect(utcHour(18, HELSINKI)).toBe(16);
    expect(utcHour(1, HELSINKI)).toBe(23);
    expect(utcHour(22, NEW_YORK)).toBe(3);
    expect(utcHour(18, INDIA)).toBe(12);
    expect(utcHour(3, INDIA)).toBe(21);
    for (const offset of [HELSINKI, NEW_YORK, INDIA, 0]) {
      for (let h = 0; h < 24; h++) expect(localHour(utcHour(h, offset), offset)).toBe(h);
    }
  });

  it('make a span round midnight, all day when its ends meet, and read it back', () => {
    expect(hoursBetween(18, 22)).toEqual([18, 19, 20, 21]);
    expect(hoursBetween(22, 2)).toEqual([22, 23, 0, 1]);
    expect(hoursBetween(7, 7)).toHaveLength(24);
    expect(spanOf(hoursBetween(22, 2))).toEqual({ from: 22, to: 2 });
    expect(spanOf(hoursBetween(18, 22))).toEqual({ from: 18, to: 22 });
    expect(spanOf(hoursBetween(5, 5))).toEqual({ from: 0, to: 0 });
    expect(spanOf([])).toBeUndefined();
  });
});
