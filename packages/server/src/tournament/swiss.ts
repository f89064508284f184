// A Swiss's rules, pure: each round's pairings and bye (the Dutch system's aims, by the
// tournament-pairings package's weighted matching), the points of a result, and the tie-breaks
// that rank players on equal points. The director pairs a round from the standings
// (standings.ts) once the last one's games are all over.

import type { Colour } from '@agon/engine';
import { Swiss } from 'tournament-pairings';

/** Points of each result; a bye is a full point, as on lichess and for FIDE's pairing byes. */
export const SWISS_POINTS = { win: 1, draw: 0.5, loss: 0, bye: 1 } as const;

/** A player to pair in a round, as the pairing needs them. */
export interface SwissEntrant {
  readonly player: string;
  readonly score: number;
  /** Their rating when they joined: the order within a score group. */
  readonly rating: number;
  /** Everyone they have been paired with, who they must not meet again. */
  readonly opponents: readonly string[];
  /** Their colours, game by game. */
  readonly colours: readonly Colour[];
  readonly hadBye: boolean;
}

/** A round's games, board by board (the best ranked first), and who sits it out for a point. */
export interface SwissPairing {
  readonly pairs: readonly { readonly white: string; readonly black: string }[];
  readonly bye: string | null;
}

/**
 * Pairs round `round` among `entrants` (those to pair: not paused or withdrawn, in join order,
 * which breaks ties of score and rating): no one meets an opponent again; with an odd number,
 * the bye goes to the lowest ranked who has had none and without whom the rest can all be
 * paired; players meet their own score group first, its top half against its bottom half in
 * order (the Dutch system); colours even out. Null when that cannot be done (fewer than two
 * players, or no rematch-free pairing and bye left): the event has run out of rounds.
 * The same entrants always give the same pairing.
 */
export function pairSwiss(entrants: readonly SwissEntrant[], round: number): SwissPairing | null {
  if (entrants.length < 2) return null;
  const ranked = entrants
    .map((e, order) => ({ e, order }))
    .sort((a, b) => b.e.score - a.e.score || b.e.rating - a.e.rating || a.order - b.order)
    .map(({ e }) => e);
  const met = new Map<string, Set<string>>(ranked.map((e) => [e.player, new Set(e.opponents)]));
  for (const e of ranked) for (const o of e.opponents) met.get(o)?.add(e.player);
  if (ranked.length % 2 === 0) {
    const pairs = pairAll(ranked, met, round);
    return pairs && { pairs, bye: null };
  }
  for (let k = ranked.length - 1; k >= 0; k--) {
    const bye = ranked[k]!;
    if (bye.hadBye) continue;
    const pairs = pairAll([...ranked.slice(0, k), ...ranked.slice(k + 1)], met, round);
    if (pairs) return { pairs, bye: bye.player };
  }
  return null;
}

/** Pairs every one of `ranked` (an even number, by rank), or null if no rematch-free way. */
function pairAll(
  ranked: readonly SwissEntrant[],
  met: ReadonlyMap<string, ReadonlySet<string>>,
  round: number,
): { white: string; black: string }[] | null {
  const avoid = ranked.map((e) => ranked.filter((o) => met.get(e.player)?.has(o.player)));
  // The package mislays a player with no one left to meet (it reads past its matching's end).
  if (avoid.some((a) => a.length === ranked.length - 1)) return null;
  // Its rating preference (near ratings meet) is turned into the Dutch system's: in each score
  // group, the k-th of the top half and the k-th of the bottom half get the same "rating", and
  // groups are kept far apart.
  const place = new Map<string, number>();
  for (let start = 0; start < ranked.length; ) {
    let end = start;
    while (end < ranked.length && ranked[end]!.score === ranked[start]!.score) end++;
    const half = Math.floor((end - start) / 2);
    for (let k = 0; k < end - start; k++) {
      place.set(ranked[start + k]!.player, start * ranked.length + (k < half ? k : k - half));
    }
    start = end;
  }
  const players = ranked.map((e, i) => ({
    id: e.player,
    score: e.score,
    rating: place.get(e.player)!,
    avoid: avoid[i]!.map((o) => o.player),
    seating: e.colours.map((c) => (c === 'white' ? 1 : -1) as 1 | -1),
  }));
  const matches = inOrder(() => Swiss(players, round, true, true));
  const rank = new Map(ranked.map((e, i) => [e.player, i]));
  const boards: [SwissEntrant, SwissEntrant][] = [];
  for (const m of matches) {
    if (m.player2 === null) return null;
    const a = ranked[rank.get(String(m.player1))!]!;
    const b = ranked[rank.get(String(m.player2))!]!;
    boards.push(rank.get(a.player)! < rank.get(b.player)! ? [a, b] : [b, a]);
  }
  boards.sort((x, y) => rank.get(x[0].player)! - rank.get(y[0].player)!);
  return boards.map(([top, bottom], board) =>
    topWhite(top, bottom, board)
      ? { white: top.player, black: bottom.player }
      : { white: bottom.player, black: top.player },
  );
}

/**
 * Runs the package with its shuffle of the players kept from moving them: the order it is given
 * (by rank) then settles ties between equally good pairings, so that the same standings always
 * pair alike, on any process. Safe as the package's work is synchronous.
 */
function inOrder<T>(run: () => T): T {
  const random = Math.random;
  // floor(r * (i + 1)) === i: its Fisher-Yates swaps each player with itself.
  Math.random = () => 1 - Number.EPSILON;
  try {
    return run();
  } finally {
    Math.random = random;
  }
}

/**
 * Whether `top`, ranked above `bottom`, gets White (FIDE's colour rules in short): the one with
 * more Blacks than Whites; else the one who had Black the last time their colours differed;
 * else the top player gets the colour they did not have last; in the first round, White on
 * every other board.
 */
function topWhite(top: SwissEntrant, bottom: SwissEntrant, board: number): boolean {
  const balance = surplus(top) - surplus(bottom);
  if (balance !== 0) return balance < 0;
  const t = top.colours;
  const b = bottom.colours;
  for (let i = t.length - 1, j = b.length - 1; i >= 0 && j >= 0; i--, j--) {
    if (t[i] !== b[j]) return t[i] === 'black';
  }
  const topLast = t.at(-1);
  if (topLast) return topLast === 'black';
  const bottomLast = b.at(-1);
  if (bottomLast) return bottomLast === 'white';
  return board % 2 === 0;
}

const surplus = (e: SwissEntrant): number =>
  e.colours.reduce((sum, c) => sum + (c === 'white' ? 1 : -1), 0);

/** A finished Swiss game from a player's side, as the tie-breaks need it. */
export interface SwissGame {
  readonly opponent: string;
  readonly result: 'win' | 'draw' | 'loss';
  /** Called off (the absent side made no first move): not a game played, for the tie-breaks. */
  readonly forfeit: boolean;
}

/** The tie-breaks of a Swiss, as in the standings. */
export interface Tiebreaks {
  /** The sum of the scores of the opponents played. */
  readonly buchholz: number;
  /** The sum of the scores of the opponents beaten, and half those of the opponents drawn. */
  readonly sonnebornBerger: number;
}

/**
 * A player's tie-breaks from their games and everyone's score now (`scoreOf`). Byes and
 * forfeits count for neither, as FIDE leaves out games not played: a bye, or an opponent who
 * never showed, says nothing about the strength of a player's opposition.
 */
export function swissTiebreaks(
  games: readonly SwissGame[],
  scoreOf: (player: string) => number,
): Tiebreaks {
  let buchholz = 0;
  let sonnebornBerger = 0;
  for (const g of games) {
    if (g.forfeit) continue;
    const score = scoreOf(g.opponent);
    buchholz += score;
    sonnebornBerger += score * SWISS_POINTS[g.result];
  }
  return { buchholz, sonnebornBerger };
}

/** A line of a Swiss's standings, as its ranking needs it. */
export interface SwissLine extends Tiebreaks {
  readonly score: number;
  /** Join order, 0 the first. */
  readonly order: number;
}

/** The standings' order: points, then Buchholz, then Sonneborn-Berger, then who joined first. */
export const compareSwiss = (a: SwissLine, b: SwissLine): number =>
  b.score - a.score ||
  b.buchholz - a.buchholz ||
  b.sonnebornBerger - a.sonnebornBerger ||
  a.order - b.order;
