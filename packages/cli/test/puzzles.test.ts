// agon puzzles and agon verify-puzzles as a person runs them: real processes, files on disk.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeMoveText, parseApn, parsePuzzleSet, Searcher } from '@agon/engine';
import { describe, expect, it } from 'vitest';
import { agon } from './agon.ts';

describe('agon puzzles', () => {
  it('writes a set from seeded games that verify-puzzles proves, and reports its counts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agon-puzzles-'));
    const out = join(dir, 'set.json');
    const made = await agon([
      'puzzles',
      '--games',
      '8',
      '--seed',
      '7',
      '--levels',
      '1-7',
      '--out',
      out,
    ]);
    expect(made.status).toBe(0);
    expect(made.stderr).toMatch(/^examined (\d+) positions, found (\d+) puzzles, kept (\d+)/m);
    expect(made.stderr).toMatch(/^dropped: .*no-tactic \d+/m);
    expect(made.stderr).toMatch(/positions examined and .* puzzles found a minute/);
    expect(made.stderr).toMatch(/^sources: engine \d+, people 0, R16 \d+$/m);
    const set = parsePuzzleSet(readFileSync(out, 'utf8'));
    expect(set.ok).toBe(true);
    const puzzles = set.ok ? set.value.puzzles : [];
    expect(puzzles.length).toBeGreaterThan(0);
    for (const p of puzzles) expect(p.game).toMatch(/^engine-\d+$/);
    const ratings = puzzles.map((p) => p.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => a - b));
    const checked = await agon(['verify-puzzles', out, '--concurrency', '2']);
    expect(checked.stdout).toContain(`verified ${puzzles.length} of ${puzzles.length} puzzles`);
    expect(checked.status).toBe(0);
    // Written again with --rerate: the same puzzles, each rated by the estimate again.
    const again = join(dir, 'again.json');
    const rerated = await agon(['puzzles', '--keep', out, '--rerate', '--out', again]);
    expect(rerated.status).toBe(0);
    const second = parsePuzzleSet(readFileSync(again, 'utf8'));
    const ids = (s: typeof set) => (s.ok ? s.value.puzzles.map((p) => p.id).sort() : []);
    expect(ids(second)).toEqual(ids(set));
  }, 180_000);

  it('verify-puzzles names a puzzle whose line is not the only solution, and fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agon-puzzles-'));
    const file = join(dir, 'bad.json');
    // White wins in 2 here by two different first moves: not a puzzle, whichever is stored.
    const apn = '6/7/2g5/3gg4/4GGg3/3gGQG2g1/5G2q1/5G3/8/7/6 w';
    const pos = parseApn(apn);
    if (!pos.ok) throw new Error(pos.error.message);
    const line = new Searcher(8).search(pos.value, [], { depth: 3 })!.pv.slice(0, 3);
    expect(line).toHaveLength(3);
    const ambiguous = {
      id: 'twoways',
      apn,
      solution: line.map(makeMoveText),
      goal: 'win',
      themes: [],
      rating: 1000,
    };
    writeFileSync(
      file,
      JSON.stringify({ format: 'agon-puzzles', version: 1, puzzles: [ambiguous] }),
    );
    const ran = await agon(['verify-puzzles', file]);
    expect(ran.status).toBe(1);
    expect(ran.stdout).toMatch(/^failed twoways: /m);
    expect(ran.stdout).toContain('verified 0 of 1 puzzles');
  }, 60_000);

  it('refuses bad input with a message and status 2', async () => {
    const none = await agon(['puzzles']);
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/nothing to look at/);
    const levels = await agon(['puzzles', '--games', '1', '--levels', '9-2']);
    expect(levels.stderr).toMatch(/bad --levels "9-2"/);
    const dir = mkdtempSync(join(tmpdir(), 'agon-puzzles-'));
    writeFileSync(join(dir, 'x.json'), '{"format":"agon-puzzles","version":3,"puzzles":[]}');
    const version = await agon(['verify-puzzles', join(dir, 'x.json')]);
    expect(version.status).toBe(2);
    expect(version.stderr).toMatch(/version 3 is not 1/);
  });
});
