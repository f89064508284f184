import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  makeMoveText,
  moveFrom,
  moveKind,
  moveTo,
  type Position,
  parseApn,
  parseCell,
  playLevel,
  RELOCATION,
  Searcher,
  STANDARD_APN,
  seededRandom,
} from '../src/index.ts';
import { chooseAmong } from '../src/level.ts';
import { WIN } from '../src/search.ts';

function apn(text: string): Position {
  const r = parseApn(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

// White: queen on the throne, five guards in ring 1, a sixth on h5 next to the vacant g6.
const WIN_IN_ONE = 'gggggg/7/8/9/4GG4/4GQG3q/4G5/4G4/8/7/6 w';
// The same guards, but White's queen is far from the throne: closing the ring loses (R11).
const TRAP = 'gggggg/7/8/9/4GG4/Q3G1G3q/4G5/4G4/8/7/6 w';
// White: queen on the throne, five guards in ring 1, Black's queen on the sixth cell (e5),
// White's sixth guard on b2 in ring 4; Black to move.
const QUEEN_ON_THE_RING = 'g2g2/gG4g/8/g8/g3qG4/4GQG4/4GG4/9/8/7/6 b';

describe('search', () => {
  it('plays a win it finds, scoring it as a win in one turn (R11)', () => {
    const info = new Searcher(1).search(apn(WIN_IN_ONE), [], { depth: 4 });
    expect(info && makeMoveText(info.pv[0]!)).toBe('h5-g6');
    expect(info?.score).toBe(WIN - 1);
  });

  it('never closes the throne ring while its queen is away (R11 trap)', () => {
    const pos = apn(TRAP);
    expect(pos.legalMoves().map(makeMoveText)).toContain('h5-g6');
    const info = new Searcher(1).search(pos, [], { depth: 3 });
    expect(makeMoveText(info!.pv[0]!)).not.toBe('h5-g6');
    expect(info!.score).toBeGreaterThan(-WIN / 2);
  });

  it('sees a queen on the last ring cell lost: captured, she must leave it (R9, R10, R11)', () => {
    // A guard reaches a cell beside her and captures her; she is relocated off the ring (no
    // ring cell is vacant), and a guard steps into e5.
    const info = new Searcher(1).search(apn(QUEEN_ON_THE_RING), [], { depth: 6 });
    expect(info?.score).toBe(-(WIN - 6));
    const [relocation, last] = info!.pv.slice(-2);
    expect(moveKind(relocation!)).toBe(RELOCATION);
    expect(moveFrom(relocation!)).toBe(parseCell('e5'));
    expect(moveTo(last!)).toBe(parseCell('e5'));
  });

  it('reports nothing to play when the game is over (R11)', () => {
    const over = apn('gggggg/7/8/9/4GG4/4GQG3q/4GG4/9/8/7/6 b');
    expect(new Searcher(1).search(over, [], { depth: 3 })).toBeUndefined();
  });

  it('leaves the position as it found it and respects a node budget', () => {
    const pos = apn(STANDARD_APN);
    const info = new Searcher(1).search(pos, [], { nodes: 5000 });
    expect(pos.hashLo).toBe(apn(STANDARD_APN).hashLo);
    expect(pos.depth).toBe(0);
    expect(info!.nodes).toBeLessThan(5000 + 2048 * 2);
    expect(pos.isLegal(info!.pv[0]!)).toBe(true);
  });

  it('always returns a legal move in positions of random games', () => {
    const searcher = new Searcher(1);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 0, max: 80 }),
        (seed, plies) => {
          const pos = apn(STANDARD_APN);
          const random = seededRandom(seed);
          for (let i = 0; i < plies && !pos.outcome(); i++) {
            const moves = pos.legalMoves();
            pos.make(moves[Math.floor(random() * moves.length)]!);
          }
          const info = searcher.search(pos, [], { depth: 3 });
          if (pos.outcome()) expect(info).toBeUndefined();
          else expect(pos.isLegal(info!.pv[0]!)).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('levels', () => {
  const scores = [
    { move: 1, score: 50 },
    { move: 2, score: 40 },
    { move: 3, score: -500 },
  ];

  it('always plays a found win, whatever the temperature', () => {
    const random = seededRandom(1);
    const withWin = [...scores, { move: 9, score: WIN - 3 }];
    for (let i = 0; i < 50; i++) expect(chooseAmong(withWin, 200, random)).toBe(9);
  });

  it('never picks a move far below the best, and varies among the near-best', () => {
    const random = seededRandom(2);
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) seen.add(chooseAmong(scores, 20, random)!);
    expect(seen).toEqual(new Set([1, 2]));
  });

  it('gives the same move for the same seed, position and limits', () => {
    const pick = (seed: number) =>
      playLevel(new Searcher(1), apn(STANDARD_APN), [], 2, seededRandom(seed))!.move;
    expect(pick(7)).toBe(pick(7));
  });
});
