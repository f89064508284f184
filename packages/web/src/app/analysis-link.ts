// The way into the analysis board from anywhere in the app: what to analyse, kept in the
// browser so that the analysis page (loaded only when first opened) finds it again after a
// reload.

import {
  Game,
  type Move,
  makeApn,
  makeMoveText,
  type Position,
  parseApn,
  parseMoveText,
} from '@agon/engine';
import { routeHref } from './route.ts';
import { loadAnalysis, saveAnalysis } from './storage.ts';

/** A game to analyse: its start, its moves, and the turn to show first. */
export interface AnalysisSource {
  readonly start: Position;
  readonly moves: readonly Move[];
  readonly ply: number;
}

/** Keeps `source` as what the analysis board shows, across reloads. */
export function keepAnalysis(source: AnalysisSource): void {
  saveAnalysis({
    start: makeApn(source.start),
    moves: source.moves.map(makeMoveText),
    ply: source.ply,
  });
}

/** Opens the analysis board on `source`. */
export function openAnalysis(source: AnalysisSource): void {
  keepAnalysis(source);
  location.hash = routeHref('analysis');
}

/** What the analysis page opens: the game last sent to it, if it still reads as one. */
export function analysisSource(): AnalysisSource | undefined {
  const saved = loadAnalysis() as { start?: unknown; moves?: unknown; ply?: unknown } | undefined;
  if (typeof saved?.start !== 'string' || !Array.isArray(saved.moves)) return undefined;
  const start = parseApn(saved.start);
  if (!start.ok) return undefined;
  // Replayed through the rules: a stored game that does not play out is not opened.
  const game = new Game(start.value);
  for (const text of saved.moves) {
    const move = typeof text === 'string' ? parseMoveText(text) : undefined;
    if (!move?.ok || !game.play(move.value).ok) return undefined;
  }
  const ply = typeof saved.ply === 'number' ? saved.ply : game.moves.length;
  return { start: start.value, moves: game.moves, ply };
}
