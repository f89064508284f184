import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CELL_COUNT, Position, parseApn, STANDARD_APN, seededRandom } from '../src/index.ts';

function start(): Position {
  const r = parseApn(STANDARD_APN);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

// The R8 test reads a map kept up to date by make/unmake; it must always agree with a map
// built from scratch, after every kind of turn and every take-back (relocations may land two
// cells from where they start, the case that once broke it).
describe('R8 forbidden-cell map', () => {
  it('agrees with a fresh position after every make and unmake of random games', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const pos = start();
        const random = seededRandom(seed);
        const map = (p: Position) => {
          let bits = '';
          for (let c = 0; c < CELL_COUNT; c++)
            bits += +p.isForbidden(c, 0) + 2 * +p.isForbidden(c, 1);
          return bits;
        };
        const same = () => {
          const fresh = Position.fromSetup(pos.toSetup());
          if (!fresh.ok) throw new Error(fresh.error.message);
          if (map(pos) !== map(fresh.value)) expect(map(pos)).toBe(map(fresh.value));
        };
        for (let i = 0; i < 150 && !pos.outcome(); i++) {
          const moves = pos.legalMoves();
          for (const m of moves) {
            pos.make(m);
            same();
            pos.unmake();
          }
          same();
          pos.make(moves[Math.floor(random() * moves.length)]!);
        }
      }),
      { numRuns: 4 },
    );
  });
});
