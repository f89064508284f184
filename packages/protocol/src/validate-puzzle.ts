// The validators of puzzles online (puzzle.ts): an attempt, and the themes asked for.

import { PUZZLE_THEMES, type PuzzleTheme } from '@agon/engine';
import {
  PUZZLE_ID,
  PUZZLE_MOVES_MAX,
  PUZZLE_THEMES_MAX,
  type PuzzleAttemptRequest,
} from './puzzle.ts';
import type { Checked } from './refusal.ts';
import { extraKey, isObject, MOVE_TEXT, refuse } from './validate.ts';

/**
 * Reads the body of POST /api/puzzles/attempts: a puzzle's id and the moves played on it, each
 * looking like move text (the server reads and judges them). The `solved` of older clients is
 * refused by name: a try without its moves cannot be judged.
 */
export function parsePuzzleAttempt(body: unknown): Checked<PuzzleAttemptRequest> {
  if (!isObject(body)) return refuse('bad-message', 'the request is a JSON object');
  const extra = extraKey(body, ['puzzle', 'moves']);
  if (extra === 'solved') {
    return refuse('bad-message', 'an attempt sends its moves, not whether it was solved');
  }
  if (extra !== undefined) return refuse('bad-message', `"${extra.slice(0, 20)}" is not an option`);
  if (typeof body.puzzle !== 'string' || !PUZZLE_ID.test(body.puzzle)) {
    return refuse('bad-message', "puzzle is a puzzle's id: 1 to 16 letters and digits");
  }
  const moves = body.moves;
  if (!Array.isArray(moves) || moves.length > PUZZLE_MOVES_MAX) {
    return refuse('bad-message', `moves is a list of at most ${PUZZLE_MOVES_MAX} move texts`);
  }
  const bad = moves.findIndex((m) => typeof m !== 'string' || !MOVE_TEXT.test(m));
  if (bad >= 0) {
    return refuse('bad-message', `moves[${bad}] is not move text such as f1-f2, e5@a3 or @c4`);
  }
  return { ok: true, value: { puzzle: body.puzzle, moves: moves as string[] } };
}

/**
 * Reads the `themes` of GET /api/puzzles/next: theme names separated by commas, at most
 * PUZZLE_THEMES_MAX of them, each one of the engine's; absent or empty, none (any puzzle).
 */
export function parsePuzzleThemes(query: unknown): Checked<readonly PuzzleTheme[]> {
  if (query === undefined || query === '') return { ok: true, value: [] };
  if (typeof query !== 'string') return refuse('bad-message', 'themes is named once');
  const names = query.split(',');
  if (names.length > PUZZLE_THEMES_MAX) {
    return refuse('bad-message', `at most ${PUZZLE_THEMES_MAX} themes may be named`);
  }
  const themes: PuzzleTheme[] = [];
  for (const name of names) {
    const theme = PUZZLE_THEMES.find((t) => t === name);
    if (!theme) return refuse('bad-message', `"${name.slice(0, 20)}" is not a puzzle theme`);
    if (!themes.includes(theme)) themes.push(theme);
  }
  return { ok: true, value: themes };
}
