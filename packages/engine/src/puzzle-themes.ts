// A puzzle's themes, found by code from its line (docs/puzzles.md lists each with the sentence
// the page shows after a solve).

import { ring } from './hex.ts';
import { type Move, moveFrom, moveKind, moveTo, RELOCATION, STEP } from './move.ts';
import { QUEEN_BIT } from './piece.ts';
import type { Position } from './position.ts';
import { PUZZLE_THEMES, type PuzzleGoal, type PuzzleTheme, winKind } from './puzzle.ts';

/**
 * The themes of a line from `pos` (left as it was), in PUZZLE_THEMES order. `solverChose[i]`
 * says whether the solver chose move i (under R16 the captor places a captured queen).
 */
export function themesOf(
  pos: Position,
  moves: readonly Move[],
  goal: PuzzleGoal,
  solverChose: readonly boolean[] = moves.map((_, i) => i % 2 === 0),
): PuzzleTheme[] {
  const tags = new Set<PuzzleTheme>();
  const start = pos.depth;
  if (pos.placing) tags.add('placement');
  if (goal === 'defend') tags.add('defence');
  else if (pos.stepCaptures(moves[0]!) === 0) tags.add('quiet-move');
  let last = false;
  for (const [i, move] of moves.entries()) {
    const own = i % 2 === 0;
    if (solverChose[i] && !own) tags.add('captor-rule');
    if (own && moveKind(move) === STEP) {
      const taken = pos.capturedBy(move);
      if (taken.length > 0) tags.add('capture');
      if (taken.length > 1) tags.add('double-capture');
      if (taken.some((cell) => (pos.board[cell]! & QUEEN_BIT) !== 0)) tags.add('queen-capture');
      if (goal === 'defend' && ring[moveTo(move)]! === 1) tags.add('ring-block');
    } else if (!own && moveKind(move) === STEP && pos.stepCaptures(move) > 0) {
      tags.add('sacrifice');
    } else if (!own && moveKind(move) === RELOCATION && !solverChose[i]) {
      tags.add('relocation-tempo');
    }
    last = i === moves.length - 1;
    if (last && goal === 'win' && ring[moveTo(move)]! <= 1) {
      // The ring completed by the last move: with the queen's own step (or placement) onto
      // the throne, or with a guard filling the ring round her.
      const queen = (pos.board[moveFrom(move)]! & QUEEN_BIT) !== 0;
      pos.make(move);
      if (pos.throneRing() >= 0) tags.add(queen ? 'throne-entry' : 'ring-closure');
      pos.unmake();
    }
    pos.make(move);
  }
  if (goal === 'win') {
    const kind = winKind(pos);
    if (kind) tags.add(kind);
    tags.add(`win-in-${(moves.length + 1) >> 1}` as PuzzleTheme);
  }
  while (pos.depth > start) pos.unmake();
  return PUZZLE_THEMES.filter((t) => tags.has(t));
}
