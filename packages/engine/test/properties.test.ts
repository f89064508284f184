import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distance } from '../src/hex.ts';
import {
  CELL_COUNT,
  cellAt,
  cellQ,
  cellR,
  explainIllegal,
  makeApn,
  makeMoveText,
  moveFrom,
  moveKind,
  moveTo,
  opposite,
  type Piece,
  PLACEMENT_APN,
  Position,
  parseApn,
  perft,
  QUEEN_BIT,
  ring,
  STANDARD_APN,
  STEP,
} from '../src/index.ts';
import { BLACK_BIT, CAPTURED_BIT, WHITE_BIT } from '../src/piece.ts';
import { apnsAlong, arbChoices, arbPositionApn, arbStartApn, playRandom } from './arbitraries.ts';
import { load, sorted } from './helpers.ts';
import { refApply, refFromApn, refMoves, refToApn, refWinner } from './reference.ts';

type Map2 = (q: number, r: number) => [number, number];
// Half turn about the throne.
const halfTurn: Map2 = (q, r) => [-q, -r];
// Reflection in the f file (q = 0): fixes every f cell, keeps rings, maps the six direction
// vectors onto one another (so adjacency and lines survive): (q, r) -> (-q, q + r).
const mirror: Map2 = (q, r) => [-q, q + r];

/** The position under a board map, colours (and side to move, hands) swapped if asked. */
function transform(pos: Position, map: Map2, swap: boolean): Position {
  const s = pos.toSetup();
  const board: (Piece | undefined)[] = new Array(CELL_COUNT).fill(undefined);
  s.board.forEach((p, c) => {
    if (!p) return;
    const [q, r] = map(cellQ[c]!, cellR[c]!);
    const to = cellAt(q, r);
    if (to < 0) throw new Error('map leaves the board');
    board[to] = swap ? { ...p, colour: opposite(p.colour) } : p;
  });
  const r = Position.fromSetup({
    board,
    turn: swap ? opposite(s.turn) : s.turn,
    hand: swap ? { white: s.hand.black, black: s.hand.white } : s.hand,
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const winnerLetter = (pos: Position): 'w' | 'b' | undefined => {
  const o = pos.outcome();
  return o?.winner === undefined ? undefined : o.winner === 'white' ? 'w' : 'b';
};

describe('board maps used for symmetry', () => {
  it('map the board onto itself, keeping rings', () => {
    for (const map of [halfTurn, mirror]) {
      const images = new Set<number>();
      for (let c = 0; c < CELL_COUNT; c++) {
        const to = cellAt(...map(cellQ[c]!, cellR[c]!));
        expect(to).toBeGreaterThanOrEqual(0);
        expect(ring[to]).toBe(ring[c]);
        images.add(to);
      }
      expect(images.size).toBe(CELL_COUNT);
    }
  });

  it('leave both starts unchanged (R4 symmetry; the placement start too)', () => {
    for (const text of [STANDARD_APN, PLACEMENT_APN]) {
      const [board, , hand] = text.split(' ');
      const turned = makeApn(transform(load(text), halfTurn, true)).split(' ');
      expect(turned).toEqual(hand ? [board, 'b', hand] : [board, 'b']);
      expect(makeApn(transform(load(text), mirror, false))).toBe(text);
    }
  });
});

describe('move generation against a literal reading of the rules', () => {
  it('agrees on arbitrary valid positions: legal turns, the result of each, and the outcome', () => {
    fc.assert(
      fc.property(arbPositionApn, (text) => {
        const pos = load(text);
        const ref = refFromApn(text);
        expect(makeApn(pos)).toBe(text);
        const engineMoves = pos.legalMoves();
        expect(sorted(engineMoves.map(makeMoveText))).toEqual(sorted(refMoves(ref)));
        for (const m of engineMoves) {
          pos.make(m);
          expect(makeApn(pos), makeMoveText(m)).toBe(refToApn(refApply(ref, makeMoveText(m))));
          pos.unmake();
        }
        expect(winnerLetter(pos)).toBe(refWinner(ref));
      }),
      { numRuns: 300 },
    );
  });

  it('agrees along random games', () => {
    fc.assert(
      fc.property(arbStartApn, arbChoices(120), (start, choices) => {
        playRandom(start, choices, (pos, move) => {
          const ref = refFromApn(makeApn(pos));
          expect(sorted(pos.legalMoves().map(makeMoveText))).toEqual(sorted(refMoves(ref)));
          const next = refToApn(refApply(ref, makeMoveText(move)));
          const copy = pos.clone();
          copy.make(move);
          expect(makeApn(copy)).toBe(next);
          expect(winnerLetter(copy)).toBe(refWinner(refFromApn(next)));
        });
      }),
      { numRuns: 60 },
    );
  });
});

describe('symmetry of perft', () => {
  const checkSymmetric = (pos: Position, depth: number) => {
    const n = perft(pos, depth);
    expect(perft(transform(pos, halfTurn, true), depth)).toBe(n);
    expect(perft(transform(pos, mirror, false), depth)).toBe(n);
  };

  it('is unchanged at depth 2 under the half turn with colours swapped and the f-file mirror', () => {
    fc.assert(
      fc.property(arbPositionApn, (text) => checkSymmetric(load(text), 2)),
      { numRuns: 150 },
    );
  });

  it('is unchanged at depth 3 for positions of random games', () => {
    fc.assert(
      fc.property(fc.constantFrom(STANDARD_APN, PLACEMENT_APN), arbChoices(60), (s, choices) =>
        checkSymmetric(playRandom(s, choices), 3),
      ),
      { numRuns: 15 },
    );
  });
});

describe('Zobrist key', () => {
  it('stays equal to computeHash along random games and comes back on unmake', () => {
    fc.assert(
      fc.property(arbStartApn, arbChoices(150), (start, choices) => {
        const keys: [number, number][] = [];
        const pos = playRandom(start, choices, (p) => {
          expect([p.hashLo, p.hashHi]).toEqual(p.computeHash());
          keys.push([p.hashLo, p.hashHi]);
        });
        expect([pos.hashLo, pos.hashHi]).toEqual(pos.computeHash());
        // A position rebuilt from its own data hashes the same: the key is a function of
        // the position (R13), not of the path to it.
        const rebuilt = Position.fromSetup(pos.toSetup());
        expect(rebuilt.ok && [rebuilt.value.hashLo, rebuilt.value.hashHi]).toEqual([
          pos.hashLo,
          pos.hashHi,
        ]);
        while (keys.length) {
          pos.unmake();
          expect([pos.hashLo, pos.hashHi]).toEqual(keys.pop());
        }
      }),
      { numRuns: 60 },
    );
  });

  it('tells apart positions that differ only in side to move, a capture mark or the hand', () => {
    const key = (text: string) => {
      const p = load(text);
      return `${p.hashLo}:${p.hashHi}`;
    };
    const base = '1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1';
    const keys = [
      `${base} w`,
      `${base} b`,
      '1g*2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1 w',
      '6/7/8/9/10/Q9q/10/9/8/7/6 w 6/6',
      '1G4/7/8/9/10/Q9q/10/9/8/7/6 w 5/6',
      '1g4/7/8/9/10/Q9q/10/9/8/7/6 w 6/5',
    ].map(key);
    expect(new Set(keys).size).toBe(keys.length);
    // A 0/0 hand field is the same as none.
    expect(key(`${base} w 0/0`)).toBe(key(`${base} w`));
  });

  it('is the same after two move orders reaching one position', () => {
    const a = load(STANDARD_APN);
    const b = load(STANDARD_APN);
    for (const t of ['b1-c1', 'h1-i1', 'a5-a4'])
      a.make(a.legalMoves().find((m) => makeMoveText(m) === t)!);
    for (const t of ['a5-a4', 'h1-i1', 'b1-c1'])
      b.make(b.legalMoves().find((m) => makeMoveText(m) === t)!);
    expect(makeApn(a)).toBe(makeApn(b));
    expect([a.hashLo, a.hashHi]).toEqual([b.hashLo, b.hashHi]);
  });
});

describe('invariants along random games', () => {
  it('never steps outward', () => {
    fc.assert(
      fc.property(arbStartApn, arbChoices(150), (start, choices) => {
        const bad: string[] = [];
        playRandom(start, choices, (pos) => {
          for (const m of pos.legalMoves()) {
            if (moveKind(m) !== STEP) continue;
            const from = moveFrom(m);
            const to = moveTo(m);
            // R7: an adjacent vacant cell, never of a higher ring.
            if (distance(from, to) !== 1 || ring[to]! > ring[from]! || pos.board[to] !== 0) {
              bad.push(`${makeApn(pos)} ${makeMoveText(m)}`);
            }
          }
        });
        expect(bad).toEqual([]);
      }),
      { numRuns: 80 },
    );
  });

  it('never reaches an invalid position, and every generated move is legal', () => {
    fc.assert(
      fc.property(arbStartApn, arbChoices(120), (start, choices) => {
        const check = (pos: Position) => {
          expect(Position.fromSetup(pos.toSetup()).ok).toBe(true);
          expect(parseApn(makeApn(pos)).ok).toBe(true);
          for (let ci = 0; ci < 2; ci++) {
            const bit = ci === 0 ? WHITE_BIT : BLACK_BIT;
            let captured = 0;
            let queens = 0;
            let guards = 0;
            for (let c = 0; c < CELL_COUNT; c++) {
              const b = pos.board[c]!;
              if (!(b & bit)) continue;
              if (b & CAPTURED_BIT) captured++;
              if (b & QUEEN_BIT) queens++;
              else guards++;
            }
            expect(queens).toBe(1);
            expect(guards + pos.hand[ci]!).toBe(6);
            expect(pos.capturedCount[ci]).toBe(captured);
            expect(pos.board[pos.queenCell[ci]!]! & (bit | QUEEN_BIT)).toBe(bit | QUEEN_BIT);
          }
          const moves = pos.legalMoves();
          expect(new Set(moves).size).toBe(moves.length);
          for (const m of moves) expect(explainIllegal(pos, m)).toBeUndefined();
          // A relocation is always possible (R12's note), so only steps can run out.
          if (pos.capturedCount[pos.turn]! > 0 || pos.placing)
            expect(moves.length).toBeGreaterThan(0);
        };
        const end = playRandom(start, choices, (pos) => check(pos));
        check(end);
      }),
      { numRuns: 40 },
    );
  });

  it('make then unmake restores the APN exactly, move by move and all the way back', () => {
    fc.assert(
      fc.property(arbStartApn, arbChoices(150), (start, choices) => {
        const seen = apnsAlong(start, choices);
        // Beyond the APN, unmake must restore what the next turn depends on: the legal
        // turns and the bookkeeping behind them.
        const state = (p: Position) => ({
          apn: makeApn(p),
          moves: p.legalMoves(),
          queens: [...p.queenCell],
          captured: [...p.capturedCount],
          hand: [...p.hand],
          key: [p.hashLo, p.hashHi],
        });
        const pos = playRandom(start, choices, (p, m) => {
          const before = state(p);
          p.make(m);
          p.unmake();
          expect(state(p)).toEqual(before);
        });
        for (let i = seen.length - 1; i > 0; i--) {
          expect(makeApn(pos)).toBe(seen[i]);
          pos.unmake();
        }
        expect(makeApn(pos)).toBe(seen[0]);
        expect(pos.depth).toBe(0);
      }),
      { numRuns: 60 },
    );
  });

  it('round-trips every position through APN', () => {
    fc.assert(
      fc.property(arbStartApn, arbChoices(150), (start, choices) => {
        const check = (pos: Position) => {
          const text = makeApn(pos);
          const back = parseApn(text);
          expect(back.ok).toBe(true);
          if (!back.ok) return;
          expect(makeApn(back.value)).toBe(text);
          expect(back.value.toSetup()).toEqual(pos.toSetup());
          expect([back.value.hashLo, back.value.hashHi]).toEqual([pos.hashLo, pos.hashHi]);
        };
        check(playRandom(start, choices, check));
      }),
      { numRuns: 60 },
    );
  });
});
