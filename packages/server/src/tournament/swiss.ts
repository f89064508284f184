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

/**
 * A round's games, board by board (the best ranked first), and who sits it out for a point; no
 * games when no round can be paired any more.
 */
export interface SwissPairing {
  readonly pairs: readonly { readonly white: string; readonly black: string }[];
  readonly bye: string | null;
}

/**
 * Pairs round `round` among `entrants` (those to pair: not paused or withdrawn, in join order,
 * which breaks ties of score and rating). No one meets an opponent again. With an odd number,
 * the bye goes to the lowest ranked who has had none and without whom the rest can all be
 * paired. Two players who must both have the same colour next (FIDE's absolute preference: two
 * of it more, or two in a row) do not meet unless there is no other way. Players meet their own
 * score group first, its top half against its bottom half in order (the Dutch system), as far
 * as colours allow. No games when no pairing is possible (fewer than two players, or no pairing
 * without a rematch or a second bye): the event has run out of rounds. The same entrants
 * always give the same pairing. The package's matching takes time as the cube of the players:
 * about 0.1 s for 100 players, 2 s for 300.
 */
export function pairSwiss(entrants: readonly SwissEntrant[], round: number): SwissPairing {
  if (entrants.length < 2) return NO_ROUND;
  const ranked = entrants
    .map((e, order) => ({ e, order }))
    .sort((a, b) => b.e.score - a.e.score || b.e.rating - a.e.rating || a.order - b.order)
    .map(({ e }) => e);
  const met = new Map<string, Set<string>>(ranked.map((e) => [e.player, new Set(e.opponents)]));
  for (const e of ranked) for (const o of e.opponents) met.get(o)?.add(e.player);
  const byes = ranked.length % 2 === 0 ? [null] : [...ranked].reverse().filter((e) => !e.hadBye);
  // FIDE makes both rules absolute, no second bye and no meeting of two players who must have
  // the same colour: rather than let two such meet, the bye goes higher up if that helps.
  for (const strict of [true, false]) {
    for (const bye of byes) {
      const field = bye ? ranked.filter((e) => e !== bye) : ranked;
      const pairs = pairAll(field, met, round, strict);
      if (pairs) return { pairs, bye: bye?.player ?? null };
    }
  }
  return NO_ROUND;
}

const NO_ROUND: SwissPairing = { pairs: [], bye: null };

/**
 * Pairs every one of `ranked` (an even number, by rank), or null if there is no way without a
 * rematch (nor, if `strict`, without two players of the same absolute colour preference
 * meeting).
 */
function pairAll(
  ranked: readonly SwissEntrant[],
  met: ReadonlyMap<string, ReadonlySet<string>>,
  round: number,
  strict: boolean,
): { white: string; black: string }[] | null {
  const wants = ranked.map((e) => preference(e.colours));
  const absolute = (i: number): Colour | null => {
    const want = wants[i];
    return want?.strength === ABSOLUTE ? want.colour : null;
  };
  const avoid = ranked.map((e, i) =>
    ranked.filter(
      (o, j) =>
        met.get(e.player)?.has(o.player) ||
        (strict && i !== j && absolute(i) !== null && absolute(i) === absolute(j)),
    ),
  );
  // The package mislays a player with no one left to meet (it reads past its matching's end).
  if (avoid.some((a) => a.length >= ranked.length - 1)) return null;
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
  const boards: [number, number][] = [];
  for (const m of matches) {
    if (m.player2 === null) return null;
    const a = rank.get(String(m.player1))!;
    const b = rank.get(String(m.player2))!;
    boards.push(a < b ? [a, b] : [b, a]);
  }
  boards.sort((x, y) => x[0] - y[0]);
  return boards.map(([top, bottom], board) => {
    const t = ranked[top]!;
    const b = ranked[bottom]!;
    return topColour(t, wants[top] ?? null, b, wants[bottom] ?? null, board) === 'white'
      ? { white: t.player, black: b.player }
      : { white: b.player, black: t.player };
  });
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

/** FIDE's strengths of a colour preference: mild, strong, absolute. */
const MILD = 1;
const STRONG = 2;
const ABSOLUTE = 3;

/** The colour a player should have next and how much (FIDE), or null before their first game. */
interface Preference {
  readonly colour: Colour;
  readonly strength: typeof MILD | typeof STRONG | typeof ABSOLUTE;
  /** Whites minus Blacks. */
  readonly difference: number;
}

function preference(colours: readonly Colour[]): Preference | null {
  const last = colours.at(-1);
  if (!last) return null;
  const difference = colours.reduce((sum, c) => sum + (c === 'white' ? 1 : -1), 0);
  const deficit: Colour = difference > 0 ? 'black' : 'white';
  if (Math.abs(difference) > 1) return { colour: deficit, strength: ABSOLUTE, difference };
  if (colours.at(-2) === last) return { colour: other(last), strength: ABSOLUTE, difference };
  if (difference !== 0) return { colour: deficit, strength: STRONG, difference };
  return { colour: other(last), strength: MILD, difference };
}

const other = (c: Colour): Colour => (c === 'white' ? 'black' : 'white');

/**
 * The colour of `top`, ranked above `bottom` (FIDE's rules): both preferences if they agree;
 * else the stronger one (of two absolutes, the wider difference); else each the colour other than
 * the one they had the last time their colours differed; else the top player's preference. Two
 * who have not played yet: White and Black in turn on board after board.
 */
function topColour(
  top: SwissEntrant,
  t: Preference | null,
  bottom: SwissEntrant,
  b: Preference | null,
  board: number,
): Colour {
  if (!t) return b ? other(b.colour) : board % 2 === 0 ? 'white' : 'black';
  if (!b || t.colour !== b.colour) return t.colour;
  const edge =
    t.strength - b.strength ||
    (t.strength === ABSOLUTE ? Math.abs(t.difference) - Math.abs(b.difference) : 0);
  if (edge !== 0) return edge > 0 ? t.colour : other(t.colour);
  const tc = top.colours;
  const bc = bottom.colours;
  for (let i = tc.length - 1, j = bc.length - 1; i >= 0 && j >= 0; i--, j--) {
    if (tc[i] !== bc[j]) return other(tc[i]!);
  }
  return t.colour;
}

/** A finished Swiss game from a player's side, as the tie-breaks need it. */
export interface SwissGame {
  readonly opponent: string;
  readonly result: 'win' | 'draw' | 'loss';
  /** Called off (the absent side made no first move): not a game played, for the tie-breaks. */
  readonly forfeit: boolean;
}

/** The tie-breaks of a Swiss, as in the standings. */
interface Tiebreaks {
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
interface SwissLine extends Tiebreaks {
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
