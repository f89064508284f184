import { describe, expect, it } from 'vitest';
import { DIRECTIONS, distance } from '../src/hex.ts';
import {
  CELL_COUNT,
  cellAt,
  cellName,
  cellQ,
  cellR,
  FILES,
  neighbour,
  OUTER_RING,
  parseCell,
  RING1,
  ring,
  stepStart,
  stepTargets,
  THRONE,
} from '../src/index.ts';
import {
  ALL_CELLS,
  axial,
  DIRS,
  nameAt,
  neighbours,
  ringOf,
  SPEC_CORNERS,
  SPEC_OUTER_RING,
  SPEC_RING1,
} from './helpers.ts';

const idx = (name: string): number => parseCell(name);
const names = (cells: readonly number[]): string[] => cells.map(cellName);

describe('R1 cells and rings', () => {
  it('has 91 cells, named in APN order with the files of NOTATION.md', () => {
    expect(CELL_COUNT).toBe(91);
    expect(ALL_CELLS).toHaveLength(91);
    expect(FILES.join('')).toBe('abcdefghikl');
    expect(Array.from({ length: CELL_COUNT }, (_, c) => cellName(c))).toEqual(ALL_CELLS);
  });

  it('has ring sizes 1, 6, 12, 18, 24, 30', () => {
    const sizes = [0, 0, 0, 0, 0, 0];
    for (let c = 0; c < CELL_COUNT; c++) sizes[ring[c]!]!++;
    expect(sizes).toEqual([1, 6, 12, 18, 24, 30]);
  });

  it('agrees with the axial formula and ring definition of NOTATION.md on every cell', () => {
    for (const name of ALL_CELLS) {
      const c = idx(name);
      const [q, r] = axial(name);
      expect([cellQ[c], cellR[c]], name).toEqual([q, r]);
      expect(cellAt(q, r), name).toBe(c);
      expect(ring[c], name).toBe(ringOf(name));
    }
  });

  it('puts the throne on f6 and ring 1 on e5 e6 f5 f7 g5 g6', () => {
    expect(cellName(THRONE)).toBe('f6');
    expect(ring[THRONE]).toBe(0);
    expect(names(RING1).sort()).toEqual([...SPEC_RING1].sort());
  });

  it('walks the outer ring from f1 in the order NOTATION.md lists', () => {
    expect(names(OUTER_RING)).toEqual(SPEC_OUTER_RING);
    for (const c of OUTER_RING) expect(ring[c]).toBe(5);
  });

  it('names as corners exactly the six cells with three neighbours', () => {
    const corners = ALL_CELLS.filter((n) => neighbours(n).length === 3);
    expect(corners.sort()).toEqual([...SPEC_CORNERS].sort());
    for (const n of SPEC_CORNERS) {
      const c = idx(n);
      const onBoard = [0, 1, 2, 3, 4, 5].filter((d) => neighbour[c * 6 + d]! >= 0);
      expect(onBoard, n).toHaveLength(3);
    }
  });

  it('makes two cells adjacent exactly when they share an edge (240 edges on a side-6 hexagon)', () => {
    let links = 0;
    for (const name of ALL_CELLS) {
      const c = idx(name);
      const engine = [0, 1, 2, 3, 4, 5]
        .map((d) => neighbour[c * 6 + d]!)
        .filter((n) => n >= 0)
        .map(cellName);
      expect(engine.sort(), name).toEqual(neighbours(name).sort());
      links += engine.length;
      for (const other of engine) expect(distance(c, idx(other))).toBe(1);
    }
    // A side-s hexagon has 9s^2 - 15s + 6 edges: 240 for s = 6, each counted from both ends.
    expect(links).toBe(480);
  });

  it('uses the direction vectors of NOTATION.md, opposite directions three apart', () => {
    expect(DIRECTIONS.map((d) => [...d])).toEqual(DIRS.map((d) => [...d]));
    for (let d = 0; d < 3; d++) {
      expect(DIRECTIONS[d]![0] + DIRECTIONS[d + 3]![0]).toBe(0);
      expect(DIRECTIONS[d]![1] + DIRECTIONS[d + 3]![1]).toBe(0);
    }
  });

  it('measures hex distance on axial coordinates', () => {
    expect(distance(idx('f1'), idx('f11'))).toBe(10);
    expect(distance(idx('a1'), idx('l6'))).toBe(10);
    expect(distance(idx('f6'), idx('a3'))).toBe(5);
    expect(distance(idx('c4'), idx('c4'))).toBe(0);
  });
});

describe('R2 lines', () => {
  it('never puts a corner cell between two cells: one side of each line is off the board', () => {
    for (const n of SPEC_CORNERS) {
      for (let d = 0; d < 3; d++) {
        const c = idx(n);
        const bothOn = neighbour[c * 6 + d]! >= 0 && neighbour[c * 6 + d + 3]! >= 0;
        expect(bothOn, `${n} direction ${d}`).toBe(false);
      }
    }
  });

  it('gives every non-corner outer cell exactly one line through it (along the edge)', () => {
    for (const n of SPEC_OUTER_RING.filter((c) => !SPEC_CORNERS.includes(c))) {
      const c = idx(n);
      const lines = [0, 1, 2].filter(
        (d) => neighbour[c * 6 + d]! >= 0 && neighbour[c * 6 + d + 3]! >= 0,
      );
      expect(lines, n).toHaveLength(1);
    }
  });
});

describe('R7 step targets table', () => {
  it('lists for each cell exactly the adjacent cells of the same or a nearer ring', () => {
    for (const name of ALL_CELLS) {
      const c = idx(name);
      const table = names(Array.from(stepTargets.subarray(stepStart[c]!, stepStart[c + 1]!)));
      const expected = neighbours(name).filter((n) => ringOf(n) <= ringOf(name));
      expect(table.sort(), name).toEqual(expected.sort());
    }
  });
});

describe('cell names', () => {
  it('reads every name, upper-case files too, and rejects non-cells', () => {
    for (const name of ALL_CELLS) {
      expect(cellName(parseCell(name))).toBe(name);
      expect(parseCell(name.toUpperCase())).toBe(parseCell(name));
    }
    for (const bad of ['j1', 'a7', 'a0', 'f12', 'l7', 'g11', 'f01', '', 'f', '6', 'ff6', ' f6']) {
      expect(parseCell(bad), bad).toBe(-1);
    }
    expect(cellName(-1)).toBe('?');
    expect(nameAt(6, 0)).toBeUndefined();
  });
});

describe('cellAt far off the board', () => {
  it('answers -1 for any axial coordinates off the board, however far', () => {
    for (const [q, r] of [
      [0, 29],
      [29, 0],
      [-40, 3],
      [6, -6],
      [3, 3],
    ] as const) {
      expect(cellAt(q, r)).toBe(-1);
    }
  });
});
