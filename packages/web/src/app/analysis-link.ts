// The way into the analysis board from anywhere in the app: what to analyse, kept until the
// analysis page (loaded only when first opened) takes it.

import type { Move, Position } from '@agon/engine';
import { signal } from '@preact/signals';
import { routeHref } from './route.ts';

/** A game to analyse: its start, its moves, and the turn to show first. */
export interface AnalysisSource {
  readonly start: Position;
  readonly moves: readonly Move[];
  readonly ply: number;
}

/** What the analysis page opens next; undefined opens the standard start. */
export const analysisSource = signal<AnalysisSource | undefined>(undefined);

/** Opens the analysis board on `source`. */
export function openAnalysis(source: AnalysisSource): void {
  analysisSource.value = source;
  location.hash = routeHref('analysis');
}
