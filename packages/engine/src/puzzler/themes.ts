// A puzzle's themes, found by code from its line (docs/puzzles.md lists each with the sentence
// the page shows after a solve).

import { ring } from '../hex.ts';
import { type Move, moveFrom, moveKind, moveTo, RELOCATION, STEP } from '../move.ts';
import { QUEEN_BIT } from '../piece.ts';
import type { Position } from '../position.ts';
import {
  PUZZLE_THEMES,
  type Puzzle,
  type PuzzleGoal,
  type PuzzleTheme,
  reachesGoal,
  replayPuzzle,
  solverChooses,
  winKind,
} from '../puzzle.ts';

// Whether the side to move in `pos` has exactly one move that does not let the other side
// win at once: a reply forced by a threat.
function onlyReply(pos: Position): boolean {
  let safe = 0;
  for (const reply of pos.legalMoves()) {
    pos.make(reply);
    const over = pos.outcome();
    const lost =
      over !== undefined
        ? over.winner !== undefined && over.winner === pos.turnColour
        : pos.legalMoves().some((m) => reachesGoal(pos, m, 'win'));
    pos.unmake();
    if (!lost && ++safe > 1) return false;
  }
  return safe === 1;
}

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
  const left = new Set<number>();
  for (const [i, move] of moves.entries()) {
    const own = i % 2 === 0;
    const last = i === moves.length - 1;
    if (own && moveKind(move) === STEP) {
      if (left.has(moveTo(move))) tags.add('make-room');
      left.add(moveFrom(move));
      if (i === 0 && !last && goal === 'win') {
        // How the combination begins: a guard stepping into the throne ring, or a move that
        // prepares outside it.
        const queen = (pos.board[moveFrom(move)]! & QUEEN_BIT) !== 0;
        if (!queen && ring[moveFrom(move)]! === 2 && ring[moveTo(move)]! === 1) {
          tags.add('ring-entry');
        } else if (ring[moveTo(move)]! > 1) {
          tags.add('from-afar');
        }
      }
    }
    if (solverChose[i] && !own) tags.add('captor-rule');
    if (own && moveKind(move) === STEP) {
      const taken = pos.capturedBy(move);
      if (taken.length > 0) tags.add('capture');
      if (taken.length > 1) tags.add('double-capture');
      if (taken.some((cell) => (pos.board[cell]! & QUEEN_BIT) !== 0)) tags.add('queen-capture');
      if (goal === 'defend' && ring[moveTo(move)]! === 1) tags.add('ring-block');
      // R11 is lost by a ring closed round an empty throne, so the queen takes the throne
      // before the last guard comes.
      if (!last && ring[moveTo(move)]! === 0) tags.add('throne-entry');
    } else if (!own && moveKind(move) === STEP && pos.stepCaptures(move) > 0) {
      tags.add('sacrifice');
    } else if (!own && moveKind(move) === RELOCATION && !solverChose[i]) {
      tags.add('relocation-tempo');
    }
    if (!own && !solverChose[i] && onlyReply(pos)) tags.add('forcing');
    if (last && goal !== 'defend') {
      if (pos.legalMoves().filter((m) => reachesGoal(pos, m, goal)).length > 1) {
        tags.add('double-threat');
      }
      if (goal === 'win') {
        pos.make(move);
        if (pos.throneRing() >= 0) tags.add('ring-closure');
        pos.unmake();
      }
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

/**
 * The themes of a stored puzzle's line, found again (the line replayed), or undefined when
 * the line does not replay: a set made again carries the themes of the current code.
 */
export function puzzleThemes(puzzle: Omit<Puzzle, 'id'>): PuzzleTheme[] | undefined {
  const line = replayPuzzle({ id: 'themes', ...puzzle });
  if (!line.ok) return undefined;
  const pos = line.value.start();
  const chose = line.value.moves.map((move, i) => {
    const mine = solverChooses(line.value.puzzle, i, pos);
    pos.make(move);
    return mine;
  });
  return themesOf(line.value.start(), line.value.moves, puzzle.goal, chose);
}
