// Quick pairing's choice, pure: who plays whom among the players waiting in one pool, and with
// which colours. The pool's pairing leader (lobby/waves.ts) runs it on a wave of waiting
// players now and then; each pair it proposes is then claimed atomically on the lobby board
// (docs/lobby.md). A wave is a maximum weight matching (Edmonds' blossom algorithm) rather
// than a greedy pass: as many pairs as the rating windows allow, then the smallest rating gaps,
// the longest waiters first when someone must wait for the next wave.

import type { Colour } from '@agon/engine';
import blossom from 'edmonds-blossom-fixed';

/** A player waiting in a pool, as the choice needs them. */
export interface Waiting {
  readonly player: string;
  readonly rating: number;
  /** When they started waiting (ms). */
  readonly since: number;
  /** Whites minus blacks over their recent games: the higher, the more they are due Black. */
  readonly balance: number;
}

/** Two players to pair, with their colours. */
export interface Pair<T extends Waiting> {
  readonly white: T;
  readonly black: T;
}

/** The rating gap allowed at once: about the spread of a new player's uncertainty. */
const WINDOW_START = 100;
/** ...widened by this much for each second of waiting... */
const WINDOW_PER_SECOND = 25;
/** ...until, after this long, anyone in the pool will do: a game beats waiting on. */
const WINDOW_OPEN_MS = 30_000;

/**
 * The most players one wave matches, the longest waiting first: the matching takes time of the
 * cube of its size (about 80 ms at 100 players here), and the rest are matched a wave later.
 */
const WAVE_MAX = 100;

/** Every pair weighs this much, so that any more pairs outweigh any smaller gaps. */
const PAIR_WEIGHT = 1_000_000;
/** Rating points a second of a pair's waiting is worth, up to WAIT_COUNTED_S seconds each. */
const POINTS_PER_SECOND = 4;
const WAIT_COUNTED_S = 60;

/** The rating gap a player who has waited `ms` accepts. */
export function ratingWindow(ms: number): number {
  if (ms >= WINDOW_OPEN_MS) return Number.POSITIVE_INFINITY;
  return WINDOW_START + (WINDOW_PER_SECOND * Math.max(0, ms)) / 1000;
}

/** Whether `a` and `b` may play at `now`: their gap within the window of the longer waiter. */
export function compatible(a: Waiting, b: Waiting, now: number): boolean {
  return Math.abs(a.rating - b.rating) <= ratingWindow(now - Math.min(a.since, b.since));
}

/**
 * Pairs the players waiting in one pool at `now`: of the WAVE_MAX longest waiting, the most
 * pairs whose gaps are within their windows; among those, the smallest gaps in all, and the
 * longer waiters rather than the newer. The colours go by balance (the one more due White gets
 * it), a coin (`random`) on a tie.
 */
export function pairUp<T extends Waiting>(
  waiting: readonly T[],
  now: number,
  random: () => number = Math.random,
): Pair<T>[] {
  const wave = [...waiting].sort((a, b) => a.since - b.since).slice(0, WAVE_MAX);
  const waited = wave.map((w) => Math.min(WAIT_COUNTED_S, Math.max(0, now - w.since) / 1000));
  const edges: [number, number, number][] = [];
  for (let i = 0; i < wave.length; i++) {
    for (let j = i + 1; j < wave.length; j++) {
      const a = wave[i]!;
      const b = wave[j]!;
      if (a.player === b.player || !compatible(a, b, now)) continue;
      const gap = Math.abs(a.rating - b.rating);
      const wait = POINTS_PER_SECOND * (waited[i]! + waited[j]!);
      edges.push([i, j, Math.round(PAIR_WEIGHT - gap + wait)]);
    }
  }
  if (edges.length === 0) return [];
  const mate = blossom(edges, true);
  const pairs: Pair<T>[] = [];
  for (let i = 0; i < wave.length; i++) {
    const j = mate[i] ?? -1;
    if (j <= i) continue;
    const a = wave[i]!;
    const b = wave[j]!;
    pairs.push(
      whiteFirst(a.balance, b.balance, random) ? { white: a, black: b } : { white: b, black: a },
    );
  }
  return pairs;
}

/**
 * Whether the player of colour balance `a` (whites minus blacks) takes White against the one of
 * balance `b`: the one more due White does, and a coin (`random`) decides between equals.
 */
export const whiteFirst = (a: number, b: number, random: () => number = Math.random): boolean =>
  a === b ? random() < 0.5 : a < b;

/** The colour the challenger gets for `side` ('random' tossed with `random`). */
export function challengerColour(
  side: Colour | 'random',
  random: () => number = Math.random,
): Colour {
  return side === 'random' ? (random() < 0.5 ? 'white' : 'black') : side;
}
