// The way into the analysis board from anywhere in the app: what to analyse, kept in the
// browser so that the analysis page (loaded only when first opened) finds it again after a
// reload.

import {
  type AgnVariation,
  Game,
  type GameOptions,
  type Move,
  makeAgn,
  type Position,
  parseAgn,
} from '@agon/engine';
import { routeHref } from './route.ts';
import { loadAnalysis, saveAnalysis } from './storage.ts';

/** A game to analyse: its start, its moves and side lines, and the turn to show first. */
export interface AnalysisSource {
  readonly start: Position;
  /** The house rules it is played under (R16 changes the engine's lines); none by default. */
  readonly options?: GameOptions;
  readonly moves: readonly Move[];
  readonly variations?: readonly AgnVariation[];
  readonly ply: number;
}

/** Keeps `source` as what the analysis board shows, across reloads (as AGN with side lines). */
export function keepAnalysis(source: AnalysisSource): void {
  const game = new Game(source.start, source.options);
  for (const m of source.moves) game.play(m);
  saveAnalysis({ agn: makeAgn(game, new Map(), source.variations ?? []), ply: source.ply });
}

/** Opens the analysis board on `source`, from the app's page or from an online game's. */
export function openAnalysis(source: AnalysisSource): void {
  keepAnalysis(source);
  if (location.pathname === '/') location.hash = routeHref('analysis');
  else location.assign(`/${routeHref('analysis')}`);
}

/** What the analysis page opens: the game last sent to it, if it still reads as one. */
export function analysisSource(): AnalysisSource | undefined {
  const saved = loadAnalysis() as { agn?: unknown; ply?: unknown } | undefined;
  if (typeof saved?.agn !== 'string') return undefined;
  // Read back through the rules: a stored record that does not play out is not opened.
  const record = parseAgn(saved.agn);
  if (!record.ok) return undefined;
  const { game, variations } = record.value;
  const ply = typeof saved.ply === 'number' ? saved.ply : game.moves.length;
  return { start: game.initial, options: game.options, moves: game.moves, variations, ply };
}
