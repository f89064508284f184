// MultiPV (PROTOCOL.md, issue 11): the k best root moves with their lines. The first line is
// the very search MultiPV 1 makes, and the lines come best first.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Position, Searcher, STANDARD_APN } from '../src/index.ts';
import { arbChoices, playRandom } from './arbitraries.ts';
import { load } from './helpers.ts';

const arbLive = arbChoices(60)
  .map((choices) => playRandom(STANDARD_APN, choices))
  .filter((pos) => pos.outcome() === undefined);

// Two turns from the start where the second line's own search once scored above the first
// (-4 against -11 at depth 4): the first search had found that move no better, with
// reductions; the further lines are now searched below the line before them.
const ABOVE_THE_FIRST = '1g2G1/6g/1G6/g7G/10/Q8q1/10/g7G/8/G5g/1g2G1 w';
// The costliest of the thousands of random positions tried: five lines cost 28 times one
// line's nodes at depth 4 while the further lines wrote no table (about 6 times with one).
const COSTLY = 'G5/7/8/3gG1g2/1g3G4/3g5q1/1Q6G1/9/1g2G3/3G1g1/6 b';

function infos(pos: Position, depth: number, multiPV: number) {
  return [...new Searcher(1).iterate(pos.clone(), [], { depth, multiPV })];
}

describe('MultiPV', () => {
  it('finds k lines whose first equals MultiPV 1 at every depth, ordered by score', () => {
    fc.assert(
      fc.property(arbLive, fc.integer({ min: 2, max: 5 }), (pos, k) => {
        const single = infos(pos, 4, 1);
        const multi = infos(pos, 4, k);
        expect(multi.map((i) => i.depth)).toEqual(single.map((i) => i.depth));
        const moves = pos.legalMoves().length;
        multi.forEach((info, d) => {
          expect(info.lines).toHaveLength(Math.min(k, moves));
          expect(info.lines[0]!.pv[0]).toBe(single[d]!.pv[0]);
          expect(info.lines[0]!.score).toBe(single[d]!.score);
          expect(info.pv).toEqual(single[d]!.pv);
          const scores = info.lines.map((l) => l.score);
          expect(scores).toEqual([...scores].sort((a, b) => b - a));
          expect(new Set(info.lines.map((l) => l.pv[0])).size).toBe(info.lines.length);
          for (const line of info.lines) expect(pos.isLegal(line.pv[0]!)).toBe(true);
        });
      }),
      // A random seed each run, few runs: each costs two searches to depth 4.
      {
        numRuns: 15,
        examples: [
          [load(ABOVE_THE_FIRST), 4],
          [load(COSTLY), 5],
        ],
      },
    );
  });

  it('searches the further lines with a table of their own, so they cost like a search', () => {
    const pos = load(COSTLY);
    const single = infos(pos, 4, 1).at(-1)!;
    const multi = infos(pos, 4, 5).at(-1)!;
    expect(multi.lines).toHaveLength(5);
    // Five lines, each a search of its own: about five times one line, not the 28 times
    // they cost without a table.
    expect(multi.nodes).toBeLessThan(single.nodes * 10);
  });

  it('never scores a further line above the line before it', () => {
    const [, , , fourth] = infos(load(ABOVE_THE_FIRST), 4, 4);
    expect(fourth!.lines.map((l) => l.score)).toEqual([-11, -11, -11, -11]);
  });

  it('gives one line, as before, without multiPV', () => {
    const pos = playRandom(STANDARD_APN, []);
    const [info] = infos(pos, 1, 1);
    expect(info!.lines).toEqual([{ score: info!.score, pv: info!.pv }]);
  });
});

describe('excluded root moves', () => {
  it('scores the best of the other moves, as scoring every root move exactly does', () => {
    fc.assert(
      fc.property(arbLive, (pos) => {
        fc.pre(pos.legalMoves().length > 1);
        const all = new Searcher(1).search(pos.clone(), [], { depth: 2, scoreAllRootMoves: true })!;
        const best = all.pv[0]!;
        const rest = all.rootScores.filter((s) => s.move !== best);
        const others = new Searcher(1).search(pos.clone(), [], { depth: 2, exclude: [best] })!;
        expect(others.pv[0]).not.toBe(best);
        expect(others.score).toBe(Math.max(...rest.map((s) => s.score)));
      }),
      { numRuns: 40 },
    );
  });
});
