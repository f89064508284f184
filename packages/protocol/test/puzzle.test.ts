// The validators of the online puzzle requests: an attempt's body and the themes of the next
// puzzle asked for, read exactly, everything else refused with bad-message.

import { PUZZLE_THEMES } from '@agon/engine';
import { describe, expect, it } from 'vitest';
import { PUZZLE_THEMES_MAX, parsePuzzleAttempt, parsePuzzleThemes } from '../src/index.ts';

const refused = (checked: { ok: boolean; error?: { code: string } }): string | undefined =>
  checked.ok ? undefined : checked.error?.code;

describe('parsePuzzleAttempt', () => {
  it('reads a puzzle id and whether it was solved', () => {
    expect(parsePuzzleAttempt({ puzzle: '0k3x9aa', solved: true })).toEqual({
      ok: true,
      value: { puzzle: '0k3x9aa', solved: true },
    });
    expect(parsePuzzleAttempt({ puzzle: 'A'.repeat(16), solved: false }).ok).toBe(true);
  });

  it('refuses anything else with bad-message', () => {
    for (const body of [
      null,
      [],
      'x',
      42,
      {},
      { puzzle: '0k3x9aa' },
      { solved: true },
      { puzzle: '0k3x9aa', solved: 'yes' },
      { puzzle: '0k3x9aa', solved: 1 },
      { puzzle: '', solved: true },
      { puzzle: 'A'.repeat(17), solved: true },
      { puzzle: '../etc', solved: true },
      { puzzle: 7, solved: true },
      { puzzle: '0k3x9aa', solved: true, rating: 3000 },
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
