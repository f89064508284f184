// R16 in the search: at a node where the side to move owes a queen relocation, the captor
// chooses, so the node's value is the side to move's worst relocation, and the move returned
// at such a root is the captor's choice.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate, features } from '../src/evaluate.ts';
import {
  CAPTOR_FEATURES,
  FEATURES,
  makeMoveText,
  moveKind,
  moveTo,
  playLevel,
  RELOCATION,
  ring,
  Searcher,
  seededRandom,
  WEIGHTS,
  WIN_BOUND,
} from '../src/index.ts';
import { BLACK } from '../src/piece.ts';
import { WIN } from '../src/search.ts';
import { arbPositionApn } from './arbitraries.ts';
import { load, scene } from './helpers.ts';

const R16 = { captorPlacesQueen: true } as const;

// White: queen on the throne, five guards in ring 1, the sixth on h5 beside the vacant g6;
// Black's queen is captured on d4 and Black owes her relocation. Under R10 Black puts her on
// g6 and the ring cannot close; under R16 White puts her elsewhere and closes it at once.
const RING_OPEN = scene(
  { f6: 'Q', e5: 'G', e6: 'G', f5: 'G', f7: 'G', g5: 'G', h5: 'G', d4: 'q*' },
  'b',
);

describe('R16 search: the captor chooses the queen’s cell', () => {
  it('sends the queen away from the ring and wins at once, where R10’s owner blocks it', () => {
    const r10 = new Searcher(1).search(load(RING_OPEN), [], { depth: 3 })!;
    expect(makeMoveText(r10.pv[0]!)).toBe('d4@g6');
    expect(r10.score).toBeGreaterThan(-WIN_BOUND);
    const r16 = new Searcher(1).search(load(RING_OPEN), [], { depth: 3, ...R16 })!;
    expect(moveKind(r16.pv[0]!)).toBe(RELOCATION);
    expect(makeMoveText(r16.pv[0]!)).not.toBe('d4@g6');
    // From the side to move's (Black's) view: lost in two turns, White's h5-g6 the second.
    expect(r16.score).toBe(-(WIN - 2));
    expect(makeMoveText(r16.pv[1]!)).toBe('h5-g6');
  });

  it('orders MultiPV lines for the captor and scores them from the side to move’s view', () => {
    const info = new Searcher(1).search(load(RING_OPEN), [], { depth: 3, multiPV: 3, ...R16 })!;
    expect(info.lines).toHaveLength(3);
    for (const line of info.lines) expect(line.score).toBe(-(WIN - 2));
    expect(info.lines.map((l) => makeMoveText(l.pv[0]!))).not.toContain('d4@g6');
  });

  it('plays the captor’s choice at every level that looks two turns ahead', () => {
    // Level 1 searches one turn: it cannot see White's h5-g6 after the relocation.
    for (let level = 2; level <= 9; level++) {
      const played = playLevel(
        new Searcher(1),
        load(RING_OPEN),
        [],
        level,
        seededRandom(level),
        R16,
      )!;
      expect(makeMoveText(played.move)).not.toBe('d4@g6');
    }
  });

  it('sends the queen where the captor captures her again at once, not beside the throne', () => {
    // Black's queen is captured on a1; White's guards stand around c4 and c5.
    const text = scene({ a1: 'q*', c3: 'G', c6: 'G', e3: 'G', b5: 'G', e5: 'G', g5: 'G' }, 'b');
    const r10 = new Searcher(1).search(load(text), [], { depth: 2 })!;
    expect(ring[moveTo(r10.pv[0]!)]).toBe(1);
    const pos = load(text);
    const r16 = new Searcher(1).search(pos, [], { depth: 2, ...R16 })!;
    pos.make(r16.pv[0]!);
    const queen = pos.queenCell[BLACK]!;
    const recaptures = pos.legalMoves().filter((m) => pos.capturedBy(m).includes(queen));
    expect(recaptures.length).toBeGreaterThan(0);
    expect(r16.score).toBeLessThan(r10.score);
  });
});

describe('R16 search properties', () => {
  it('changes no search result when off: the same pv, score and nodes as without the option', () => {
    fc.assert(
      fc.property(arbPositionApn, fc.integer({ min: 1, max: 3 }), (text, depth) => {
        const pos = load(text);
        const plain = new Searcher(1).search(pos, [], { depth });
        const off = new Searcher(1).search(pos, [], { depth, captorPlacesQueen: false });
        expect(off?.pv).toEqual(plain?.pv);
        expect(off?.score).toBe(plain?.score);
        expect(off?.nodes).toBe(plain?.nodes);
      }),
      { numRuns: 40 },
    );
  });

  it('chooses, at a captor node, the relocation worst for the side to move (depth 1 and 2)', () => {
    const owing = arbPositionApn.filter((text) => {
      const pos = load(text);
      return pos.owesQueen && pos.outcome() === undefined;
    });
    fc.assert(
      fc.property(owing, fc.integer({ min: 1, max: 2 }), (text, depth) => {
        const pos = load(text);
        const info = new Searcher(1).search(pos, [], { depth, ...R16 })!;
        // Every relocation scored exactly, from the side to move's view.
        const all = new Searcher(1).search(pos, [], { depth, scoreAllRootMoves: true, ...R16 })!;
        const worst = Math.min(...all.rootScores.map((s) => s.score));
        expect(info.score).toBe(worst);
        expect(all.rootScores.find((s) => s.move === info.pv[0])?.score).toBe(worst);
        if (depth === 2) {
          // Independently: each relocation made, the captor's reply searched one turn deep.
          let expected = WIN + 1;
          for (const move of pos.legalMoves()) {
            pos.make(move);
            const reply = new Searcher(1).search(pos, [], { depth: 1, ...R16 });
            pos.unmake();
            // The captor's score one ply below the root: a win counts one turn more.
            const s = reply === undefined ? -(WIN - 1) : reply.score;
            const shifted = s >= WIN_BOUND ? s - 1 : s <= -WIN_BOUND ? s + 1 : s;
            expected = Math.min(expected, -shifted);
          }
          expect(info.score).toBe(expected);
        }
      }),
      { numRuns: 25 },
    );
  });
});

// Black's queen on h6 can be captured by a White step (g6 is open to White's guard beside
// it, i5 holds a White guard); White's queen on b6 cannot be captured next turn.
const EXPOSED = '5g/Gg3G1/8/1g5G1/10/1Q6q2/7G2/g8/8/1g4g/G4G';

describe('R16 evaluation: the captor places the queen', () => {
  const only = (feature: (typeof CAPTOR_FEATURES)[number], weight: number): Int32Array => {
    const w = new Int32Array(CAPTOR_FEATURES.length);
    w[CAPTOR_FEATURES.indexOf(feature)] = weight;
    return w;
  };

  it('weighs a queen the side to move can capture, and not one it could only be captured by', () => {
    // R16: White, to move, can capture Black's queen, and as captor will choose her cell.
    const white = load(`${EXPOSED} w`);
    expect(evaluate(white, WEIGHTS, only('queenExposed', -100)) - evaluate(white)).toBe(100);
    // Black to move can step her away: she is not exposed, and White's queen is safe.
    const black = load(`${EXPOSED} b`);
    expect(evaluate(black, WEIGHTS, only('queenExposed', -100))).toBe(evaluate(black));
  });

  it('adds the vulnerable and captured queen weights to R10’s counts of them', () => {
    const f = new Int32Array(FEATURES.length);
    fc.assert(
      fc.property(arbPositionApn, (text) => {
        const pos = load(text);
        features(pos, f);
        const sign = pos.turn === 0 ? 1 : -1;
        const vulnerable = f[FEATURES.indexOf('queenVulnerable')]!;
        const captured = f[FEATURES.indexOf('capturedQueen')]!;
        const r10 = evaluate(pos);
        // `+ 0` makes -0 and 0 compare equal.
        const plus = (w: Int32Array): number => evaluate(pos, WEIGHTS, w) - r10 + 0;
        expect(plus(only('queenVulnerable', -7))).toBe(-7 * vulnerable * sign + 0);
        expect(plus(only('capturedQueen', -9))).toBe(-9 * captured * sign + 0);
        // Zero R16 weights are R10's evaluation.
        expect(plus(new Int32Array(CAPTOR_FEATURES.length))).toBe(0);
      }),
      { numRuns: 200 },
    );
  });
});
