import { describe, expect, it } from 'vitest';
import { WIN_CHANCE_SCALE } from '../src/chances.ts';
import { whiteChances } from '../src/index.ts';
import { WIN } from '../src/search.ts';

describe('whiteChances', () => {
  it('is even at 0 and follows the logistic curve with the fitted scale', () => {
    expect(whiteChances(0, 'white')).toBe(0.5);
    expect(whiteChances(WIN_CHANCE_SCALE, 'white')).toBeCloseTo(1 / (1 + Math.exp(-1)), 12);
  });

  it('reads the score from the side to move: the same score for Black is the mirror', () => {
    for (const s of [-900, -120, 35, 400]) {
      expect(whiteChances(s, 'white') + whiteChances(s, 'black')).toBeCloseTo(1, 12);
    }
  });

  it('rises with the score', () => {
    const scores = [-2000, -500, -50, 0, 50, 500, 2000];
    const chances = scores.map((s) => whiteChances(s, 'white'));
    expect(chances).toEqual([...chances].sort((a, b) => a - b));
    expect(new Set(chances).size).toBe(scores.length);
  });

  it('gives a found win or loss as certain', () => {
    expect(whiteChances(WIN - 3, 'white')).toBe(1);
    expect(whiteChances(WIN - 3, 'black')).toBe(0);
    expect(whiteChances(-(WIN - 5), 'white')).toBe(0);
    expect(whiteChances(-(WIN - 5), 'black')).toBe(1);
  });
});
