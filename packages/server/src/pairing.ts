// Quick pairing's choice, pure: who plays whom among the players waiting in one pool, and with
// which colours. The lobby runs it on every process now and then; each pair it proposes is
// then claimed atomically on the lobby board, so two processes proposing the same pair make
// one game (docs/lobby.md).

import type { Colour } from '@agon/engine';

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

/** The rating gap a player who has waited `ms` accepts. */
export function ratingWindow(ms: number): number {
  if (ms >= WINDOW_OPEN_MS) return Number.POSITIVE_INFINITY;
  return WINDOW_START + (WINDOW_PER_SECOND * Math.max(0, ms)) / 1000;
}

/**
 * Pairs the players waiting in one pool at `now`: the longest waiting first, each with the
 * unpaired player nearest in rating that the longer waiter of the two (the wider window) allows. The
 * colours go by balance (the one more due White gets it), a coin (`random`) on a tie.
 */
export function pairUp<T extends Waiting>(
  waiting: readonly T[],
  now: number,
  random: () => number = Math.random,
): Pair<T>[] {
  const queue = [...waiting].sort((a, b) => a.since - b.since);
  const taken = new Set<string>();
  const pairs: Pair<T>[] = [];
  for (const first of queue) {
    if (taken.has(first.player)) continue;
    taken.add(first.player);
    let best: T | undefined;
    for (const other of queue) {
      if (taken.has(other.player)) continue;
      const gap = Math.abs(other.rating - first.rating);
      const window = ratingWindow(now - Math.min(first.since, other.since));
      if (gap <= window && (!best || gap < Math.abs(best.rating - first.rating))) best = other;
    }
    if (!best) {
      taken.delete(first.player); // a later, closer arrival may still take them this round
      continue;
    }
    taken.add(best.player);
    const firstWhite =
      first.balance === best.balance ? random() < 0.5 : first.balance < best.balance;
    pairs.push(firstWhite ? { white: first, black: best } : { white: best, black: first });
  }
  return pairs;
}

/** The colour the challenger gets for `side` ('random' tossed with `random`). */
export function challengerColour(
  side: Colour | 'random',
  random: () => number = Math.random,
): Colour {
  return side === 'random' ? (random() < 0.5 ? 'white' : 'black') : side;
}
