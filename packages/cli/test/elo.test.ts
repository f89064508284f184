// The Elo estimate and its interval as `agon match` prints them.

import { describe, expect, it } from 'vitest';
import { eloOf, eloSummary } from '../src/elo.ts';

describe('Elo', () => {
  it('is 0 at an even score and symmetric about it', () => {
    expect(eloOf(0.5)).toBeCloseTo(0, 9);
    expect(eloOf(0.75)).toBeCloseTo(190.85, 1);
    expect(eloOf(0.25)).toBeCloseTo(-190.85, 1);
  });

  it('gives an interval from the spread of the game scores', () => {
    // s = 0.55, sd = 0.4717, se = 0.0472: the interval is elo(0.55 -/+ 0.0925).
    expect(eloSummary({ wins: 50, draws: 10, losses: 40 })).toBe('Elo +35 (95%: -30 to +102)');
  });

  it('reaches infinity at the ends of the interval honestly', () => {
    expect(eloSummary({ wins: 1, draws: 1, losses: 0 })).toMatch(
      /^Elo \+191 \(95%: -\d+ to \+inf\)$/,
    );
    expect(eloSummary({ wins: 2, draws: 0, losses: 0 })).toBe('Elo +inf (95%: > -216)');
    expect(eloSummary({ wins: 0, draws: 0, losses: 100 })).toBe('Elo -inf (95%: < -607)');
    expect(eloSummary({ wins: 0, draws: 4, losses: 0 })).toMatch(/^Elo 0 \(no interval/);
  });
});
