// The way into the analysis board from anywhere in the app: what to analyse, kept in the
// browser so that the analysis page (loaded only when first opened) finds it again after a
// reload.

import {
  type AgnVariation,
  Game,
  type GameOptions,
  type Move,
  makeAgn,
  makeApn,
  type Position,
  parseAgn,
} from '@agon/engine';
import { routeHref } from './route.ts';
import { loadAnalysis, saveAnalysis } from './storage.ts';

/**
 * The player's own online game an analysis was opened from: its lines are kept for them on
 * the server (docs/notebook.md); `days` says it is a game of days in play, in which the lines
 * can also be set as conditional moves.
 */
export interface AnalysedGame {
  readonly id: string;
  readonly days: boolean;
  /** The turns the game had when the analysis was opened: where conditional moves start. */
  readonly plies: number;
}

/** A game to analyse: its start, its moves and side lines, and the turn to show first. */
export interface AnalysisSource {
  readonly start: Position;
  /** The house rules it is played under (R16 changes the engine's lines); none by default. */
  readonly options?: GameOptions;
  readonly moves: readonly Move[];
  readonly variations?: readonly AgnVariation[];
  readonly ply: number;
  /** The player's online game it comes from, if it does. */
  readonly game?: AnalysedGame;
}

/** `source` as AGN, its side lines included. */
export function agnOf(source: AnalysisSource): string {
  const game = new Game(source.start, source.options);
  for (const m of source.moves) game.play(m);
  return makeAgn(game, new Map(), source.variations ?? []);
}

/** Keeps `source` as what the analysis board shows, across reloads (as AGN with side lines). */
export function keepAnalysis(source: AnalysisSource): void {
  saveAnalysis({ agn: agnOf(source), ply: source.ply, ...(source.game && { game: source.game }) });
}

/**
 * The study kept from an earlier visit (`kept`, AGN) laid over the game as it is now: kept
 * whole while the game has followed its main line; once the game left it, the game is the main
 * line, and what the kept main line had from the parting on becomes a side line, with the kept
 * side lines that branch before it. Undefined if `kept` is not a record of this game's start.
 */
export function overGame(source: AnalysisSource, kept: string): AnalysisSource | undefined {
  const record = parseAgn(kept);
  if (!record.ok || makeApn(record.value.game.initial) !== makeApn(source.start)) return undefined;
  const main = record.value.game.moves;
  const moves = source.moves;
  let k = 0;
  while (k < moves.length && k < main.length && main[k] === moves[k]) k++;
  if (k === moves.length) return { ...source, moves: main, variations: record.value.variations };
  const variations = [
    ...record.value.variations.filter((v) => v.at <= k),
    ...(main.length > k ? [{ at: k, moves: main.slice(k) }] : []),
  ];
  return { ...source, variations };
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
  const from = (saved as { game?: Partial<AnalysedGame> }).game;
  const own =
    typeof from?.id === 'string' && typeof from.days === 'boolean' && typeof from.plies === 'number'
      ? { game: { id: from.id, days: from.days, plies: from.plies } }
      : undefined;
  return { start: game.initial, options: game.options, moves: game.moves, variations, ply, ...own };
}
