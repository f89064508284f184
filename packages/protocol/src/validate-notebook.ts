// The validators of a player's notebook of a game and of their conditional moves: their shape
// and limits. The rules of the game are the server's to check (the moves' legality from the
// game's position), not these.

import {
  type ConditionalLines,
  MAX_ANALYSIS,
  MAX_CONDITIONAL_LINES,
  MAX_CONDITIONAL_PLIES,
  MAX_GAME_NOTE,
  MAX_MOVE_NOTE,
  MAX_MOVE_NOTES,
  type MoveNote,
  type Notebook,
} from './notebook.ts';
import type { Checked } from './refusal.ts';
import { extraKey, isObject, isVersion, MOVE_TEXT, refuse } from './validate.ts';

/** A note's text: a string of at most `max` characters (UTF-16 units, as the browser counts). */
const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;

/** Reads the notes on moves: each ply from 1 once, in order, with a text of its own. */
function readMoveNotes(value: unknown): Checked<readonly MoveNote[]> {
  if (!Array.isArray(value) || value.length > MAX_MOVE_NOTES) {
    return refuse('bad-notes', `moves must be a list of at most ${MAX_MOVE_NOTES} notes`);
  }
  const notes: MoveNote[] = [];
  for (const item of value as unknown[]) {
    if (!isObject(item) || extraKey(item, ['ply', 'text']) !== undefined) {
      return refuse('bad-notes', 'a move note is { ply, text }');
    }
    const { ply, text } = item;
    if (!isVersion(ply) || ply < 1 || (notes.length > 0 && ply <= notes.at(-1)!.ply)) {
      return refuse('bad-notes', 'move notes name each ply from 1 once, in order');
    }
    if (!isText(text, MAX_MOVE_NOTE) || text.length === 0) {
      return refuse('bad-notes', `a move note is 1 to ${MAX_MOVE_NOTE} characters`);
    }
    notes.push({ ply, text });
  }
  return { ok: true, value: notes };
}

/**
 * Reads the body of PATCH /api/games/<id>/notes: the parts of the notebook to replace, each
 * whole (the notes on moves all together); the parts left out stay as they are.
 */
export function parseNotebookChange(body: unknown): Checked<Partial<Notebook>> {
  if (!isObject(body)) return refuse('bad-notes', 'the notes are a JSON object');
  const extra = extraKey(body, ['note', 'moves', 'analysis']);
  if (extra !== undefined) {
    return refuse('bad-notes', `"${extra.slice(0, 20)}" is not a field of the notes`);
  }
  const { note, analysis } = body;
  if (note !== undefined && !isText(note, MAX_GAME_NOTE)) {
    return refuse('bad-notes', `note must be text of at most ${MAX_GAME_NOTE} characters`);
  }
  const moves = body.moves === undefined ? undefined : readMoveNotes(body.moves);
  if (moves && !moves.ok) return moves;
  if (
    analysis !== undefined &&
    analysis !== null &&
    (!isText(analysis, MAX_ANALYSIS) || analysis.length === 0)
  ) {
    return refuse('bad-notes', `analysis must be AGN text of 1 to ${MAX_ANALYSIS} characters`);
  }
  return {
    ok: true,
    value: {
      ...(note !== undefined && { note }),
      ...(moves && { moves: moves.value }),
      ...(analysis !== undefined && { analysis }),
    },
  };
}

/** Reads the body of PUT /api/games/<id>/conditional (no lines: none kept). */
export function parseConditionalLines(body: unknown): Checked<ConditionalLines> {
  if (!isObject(body)) return refuse('bad-lines', 'the conditional moves are a JSON object');
  const extra = extraKey(body, ['from', 'lines']);
  if (extra !== undefined) {
    return refuse('bad-lines', `"${extra.slice(0, 20)}" is not a field of conditional moves`);
  }
  if (!isVersion(body.from)) {
    return refuse('bad-lines', 'from must be the number of turns played in the game');
  }
  const lines = body.lines;
  if (!Array.isArray(lines) || lines.length > MAX_CONDITIONAL_LINES) {
    return refuse('bad-lines', `lines must be a list of at most ${MAX_CONDITIONAL_LINES} lines`);
  }
  for (const line of lines as unknown[]) {
    if (!Array.isArray(line) || line.length < 2 || line.length > MAX_CONDITIONAL_PLIES) {
      return refuse(
        'bad-lines',
        `a line is a list of 2 to ${MAX_CONDITIONAL_PLIES} turns: theirs, then your answer`,
      );
    }
    if (!line.every((m) => typeof m === 'string' && MOVE_TEXT.test(m))) {
      return refuse('bad-lines', 'each turn of a line is a move in notation');
    }
  }
  return { ok: true, value: { from: body.from, lines: lines as string[][] } };
}
