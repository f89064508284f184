// The validators of the online puzzle requests: an attempt's body and the themes of the next
// puzzle asked for, read exactly, everything else refused with bad-message.

import { PUZZLE_THEMES } from '@agon/engine';
import { describe, expect, it } from 'vitest';
import {
  PUZZLE_MOVES_MAX,
  PUZZLE_THEMES_MAX,
  parsePuzzleAttempt,
  parsePuzzleThemes,
} from '../src/index.ts';

const refused = (checked: { ok: boolean; error?: { code: string } }): string | undefined =>
  checked.ok ? undefined : checked.error?.code;

describe('parsePuzzleAttempt', () => {
  it('reads a puzzle id and the moves played on it', () => {
    expect(parsePuzzleAttempt({ puzzle: '0k3x9aa', moves: ['d3-e4', 'a2@b1', '@c4'] })).toEqual({
      ok: true,
      value: { puzzle: '0k3x9aa', moves: ['d3-e4', 'a2@b1', '@c4'] },
    });
    expect(parsePuzzleAttempt({ puzzle: 'A'.repeat(16), moves: [] }).ok).toBe(true);
    const longest = Array.from({ length: PUZZLE_MOVES_MAX }, () => 'a10-b10x');
    expect(parsePuzzleAttempt({ puzzle: 'p1', moves: longest }).ok).toBe(true);
  });

  it('refuses a claim of a solve without moves, naming why', () => {
    const claim = parsePuzzleAttempt({ puzzle: '0k3x9aa', solved: true });
    expect(claim).toEqual({
      ok: false,
      error: { code: 'bad-message', message: expect.stringMatching(/sends its moves/) },
    });
    expect(refused(parsePuzzleAttempt({ puzzle: '0k3x9aa', moves: [], solved: true }))).toBe(
      'bad-message',
    );
  });

  it('refuses anything else with bad-message', () => {
    for (const body of [
      null,
      [],
      'x',
      42,
      {},
      { puzzle: '0k3x9aa' },
      { moves: [] },
      { puzzle: '0k3x9aa', moves: 'd3-e4' },
      { puzzle: '0k3x9aa', moves: [1] },
      { puzzle: '0k3x9aa', moves: [''] },
      { puzzle: '0k3x9aa', moves: ['d3-e4-f5-g6'] },
      { puzzle: '0k3x9aa', moves: ['d3\n'] },
      { puzzle: '0k3x9aa', moves: Array.from({ length: PUZZLE_MOVES_MAX + 1 }, () => 'd3-e4') },
      { puzzle: '', moves: [] },
      { puzzle: 'A'.repeat(17), moves: [] },
      { puzzle: '../etc', moves: [] },
      { puzzle: 7, moves: [] },
      { puzzle: '0k3x9aa', moves: [], rating: 3000 },
    ]) {
      expect(refused(parsePuzzleAttempt(body)), JSON.stringify(body)).toBe('bad-message');
    }
  });
});

describe('parsePuzzleThemes', () => {
  it('reads none, one or several known themes, each once', () => {
    expect(parsePuzzleThemes(undefined)).toEqual({ ok: true, value: [] });
    expect(parsePuzzleThemes('')).toEqual({ ok: true, value: [] });
    expect(parsePuzzleThemes('capture,win-in-2,capture')).toEqual({
      ok: true,
      value: ['capture', 'win-in-2'],
    });
    const most = PUZZLE_THEMES.slice(0, PUZZLE_THEMES_MAX).join(',');
    expect(parsePuzzleThemes(most).ok).toBe(true);
  });

  it('refuses unknown themes, too many, and a repeated query parameter', () => {
    const tooMany = PUZZLE_THEMES.slice(0, PUZZLE_THEMES_MAX + 1).join(',');
    for (const query of ['nonsense', 'capture,', ',', tooMany, ['capture', 'throne-ring'], 5]) {
      expect(refused(parsePuzzleThemes(query)), String(query)).toBe('bad-message');
    }
  });
});
