// The search against plain minimax: at depths 1 to 3 (where the search reduces no move) its
// score must equal a full-width negamax over the engine's own move generator with the same
// leaves (a capture-only quiescence with stand pat), the same ends of the game (R11, R12)
// and the same reading of repetition (R13: a position seen before scores as a draw), with no
// pruning and no table. Any difference is a bug in the pruning, the table or the ordering.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/evaluate.ts';
import { type Position, parseApn, parseMoveText, Searcher, STANDARD_APN } from '../src/index.ts';
import { CONTEMPT_MARGIN, type SearchLimits, WIN } from '../src/search.ts';
import { arbChoices, arbPositionApn, playRandom } from './arbitraries.ts';

/** What the reference met on its way, so a test can show it covered each rule. */
interface Seen {
  throneRing: number;
  noMoves: number;
  repetition: number;
}

/** The search's options that change its tree or scores, modelled here the same way. */
interface Options {
  /** extendCaptures: a capture at depth 2 or less, below the root, is searched a turn deeper. */
  readonly extendCaptures?: boolean;
  /** What a repetition costs the root side (contempt once it applies; 0 a draw). */
  readonly contempt?: number;
}

function reference(
  pos: Position,
  depth: number,
  keys: string[],
  seen: Seen,
  options: Options = {},
): number {
  return negamax(pos, depth, 0, keys, seen, { ...options, rootDepth: depth });
}

const keyOf = (pos: Position): string => `${pos.hashLo}:${pos.hashHi}`;

function negamax(
  pos: Position,
  depth: number,
  ply: number,
  keys: string[],
  seen: Seen,
  options: Options & { rootDepth: number },
): number {
  const winner = pos.throneRing();
  if (winner >= 0) {
    seen.throneRing++;
    return winner === pos.turn ? WIN - ply : -(WIN - ply);
  }
  const key = keyOf(pos);
  if (ply > 0 && keys.includes(key)) {
    seen.repetition++;
    const contempt = options.contempt ?? 0;
    return ply % 2 === 0 ? -contempt : contempt;
  }
  if (depth === 0) return quiesce(pos, ply, seen);
  const moves = pos.legalMoves();
  if (moves.length === 0) {
    seen.noMoves++;
    return -(WIN - ply);
  }
  keys.push(key);
  let best = -WIN - 1;
  for (const move of moves) {
    const extend =
      options.extendCaptures === true &&
      ply > 0 &&
      depth <= 2 &&
      ply < 2 * options.rootDepth &&
      pos.stepCaptures(move) > 0;
    pos.make(move);
    best = Math.max(
      best,
      -negamax(pos, depth - 1 + (extend ? 1 : 0), ply + 1, keys, seen, options),
    );
    pos.unmake();
  }
  keys.pop();
  return best;
}

function quiesce(pos: Position, ply: number, seen: Seen): number {
  const winner = pos.throneRing();
  if (winner >= 0) {
    seen.throneRing++;
    return winner === pos.turn ? WIN - ply : -(WIN - ply);
  }
  const moves = pos.legalMoves();
  if (moves.length === 0) {
    seen.noMoves++;
    return -(WIN - ply);
  }
  let best = evaluate(pos);
  if (pos.capturedCount[pos.turn]! > 0 || pos.placing) return best;
  for (const move of moves) {
    if (pos.stepCaptures(move) === 0) continue;
    pos.make(move);
    best = Math.max(best, -quiesce(pos, ply + 1, seen));
    pos.unmake();
  }
  return best;
}

function load(apn: string): Position {
  const r = parseApn(apn);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function searchScore(
  pos: Position,
  depth: number,
  history: [number, number][] = [],
  limits: SearchLimits = {},
): number {
  const info = new Searcher(1).search(pos, history, { ...limits, depth });
  if (!info) throw new Error('no search result');
  return info.score;
}

// Positions met in random games from the start, and arbitrary crowded positions, where the
// game goes on (the search has nothing to say about a finished one).
const arbLive = fc
  .oneof(
    arbChoices(80).map((choices) => playRandom(STANDARD_APN, choices)),
    arbPositionApn.map(load),
  )
  .filter((pos) => pos.outcome() === undefined);

// Found in a random game: one of Black's 18 turns leaves White, crowded round the throne, no
// legal turn (R12).
const NO_MOVES_APN = '6/7/g3g3/3q1G3/4GGG3/4GQGg3/3g1g4/9/6g1/7/6 b';

describe('search score equals plain minimax', () => {
  it.each([1, 2, 3])('at depth %i on random positions', (depth) => {
    const seen: Seen = { throneRing: 0, noMoves: 0, repetition: 0 };
    fc.assert(
      fc.property(arbLive, (pos) => {
        expect(searchScore(pos.clone(), depth)).toBe(reference(pos, depth, [], seen));
      }),
      { numRuns: [0, 150, 50, 12][depth] },
    );
  });

  it.each([
    // White's queen on the throne and five guards in ring 1: h5-g6 completes the ring (R11).
    ['R11 win', 'gggggg/7/8/9/4GG4/4GQG3q/4G5/4G4/8/7/6 w', 'throneRing'],
    // The same with the queen away: closing the ring loses (R11), so the search must not.
    ['R11 trap', 'gggggg/7/8/9/4GG4/Q3G1G3q/4G5/4G4/8/7/6 w', 'throneRing'],
    // A black step can leave White no legal turn (R12).
    ['R12', NO_MOVES_APN, 'noMoves'],
  ] as const)('at depths 1-3 where the game ends: %s', (_name, apn, rule) => {
    for (const depth of [1, 2, 3]) {
      const seen: Seen = { throneRing: 0, noMoves: 0, repetition: 0 };
      expect(searchScore(load(apn), depth)).toBe(reference(load(apn), depth, [], seen));
      if (depth === 3) expect(seen[rule]).toBeGreaterThan(0);
    }
  });

  it('at depths 1-3 when the game so far makes repetitions reachable (R13)', () => {
    // Both sides stepped out and back: the start is on the board again, and stepping out
    // again repeats positions of the game.
    const { pos, history, keys } = afterOutAndBack(STANDARD_APN, 'f1', 'f2');
    for (const depth of [1, 2, 3]) {
      const seen: Seen = { throneRing: 0, noMoves: 0, repetition: 0 };
      expect(searchScore(pos.clone(), depth, history)).toBe(reference(pos, depth, [...keys], seen));
      if (depth >= 2) expect(seen.repetition).toBeGreaterThan(0);
    }
  });

  it.each([1, 2, 3])('with extendCaptures, at depth %i on random positions', (depth) => {
    const seen: Seen = { throneRing: 0, noMoves: 0, repetition: 0 };
    fc.assert(
      fc.property(arbLive, (pos) => {
        const options = { extendCaptures: true };
        expect(searchScore(pos.clone(), depth, [], options)).toBe(
          reference(pos, depth, [], seen, options),
        );
      }),
      { numRuns: [0, 100, 30, 4][depth] },
    );
  });

  it.each([1, 2, 3])(
    'with prune, at depth %i on random positions (it prunes from depth 4)',
    (depth) => {
      const seen: Seen = { throneRing: 0, noMoves: 0, repetition: 0 };
      fc.assert(
        fc.property(arbLive, (pos) => {
          expect(searchScore(pos.clone(), depth, [], { prune: true })).toBe(
            reference(pos, depth, [], seen),
          );
        }),
        { numRuns: [0, 100, 30, 8][depth] },
      );
    },
  );

  it('with contempt, a repetition costs the root side once she is ahead (R13)', () => {
    // White's queen in ring 1 (f5) puts her well ahead; she stepped out and back, and so did
    // Black's queen, so a guard's step sideways and back repeats a position of the game.
    const { pos, history, keys } = afterOutAndBack(
      '1g2G1/G5g/8/g7G/10/4Q5q/10/g7G/8/G5g/1g2G1 w',
      'f5',
      'f4',
    );
    const contempt = 60;
    expect(searchScore(pos.clone(), 1)).toBeGreaterThan(CONTEMPT_MARGIN);
    for (const depth of [2, 3]) {
      const seen: Seen = { throneRing: 0, noMoves: 0, repetition: 0 };
      const score = searchScore(pos.clone(), depth, history, { contempt });
      expect(score).toBe(reference(pos, depth, [...keys], seen, { contempt }));
      if (depth === 3) expect(seen.repetition).toBeGreaterThan(0);
    }
  });
});

// The position after White's queen stepped from `from` to `to` and back, and Black's queen
// from f11 to f10 and back: the keys of the four positions before it, as a game's history.
function afterOutAndBack(apn: string, from: string, to: string) {
  const pos = load(apn);
  const history: [number, number][] = [];
  const keys: string[] = [];
  for (const text of [`${from}-${to}`, 'f11-f10', `${to}-${from}`, 'f10-f11']) {
    history.push([pos.hashLo, pos.hashHi]);
    keys.push(keyOf(pos));
    const move = parseMoveText(text);
    if (!move.ok) throw new Error(move.error.message);
    pos.make(move.value);
  }
  return { pos, history, keys };
}
