// The agon command as users run it: a real process, its output streams and exit status.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CAPTOR_FEATURES,
  explainIllegal,
  FEATURES,
  makeMoveText,
  parseAgn,
  parseApn,
  parseMoveText,
  STANDARD_APN,
} from '@agon/engine';
import { describe, expect, it } from 'vitest';
import { agon, lines } from './agon.ts';

// White's guards have just completed the throne ring around their queen (R11).
const OVER_APN = 'gggg2/gg5/8/9/4GG4/4GQG3q/4GG4/9/8/7/6 b';

function engineMoves(apn: string): string[] {
  const pos = parseApn(apn);
  if (!pos.ok) throw new Error(pos.error.message);
  return pos.value.legalMoves().map(makeMoveText).sort();
}

/** The bench's search fingerprint (search nodes in all). */
const BENCH_FINGERPRINT = 3_377_673;

describe.concurrent('agon', () => {
  it('perft 1 to 3 from the start print 27, 713 and 18417 last', async () => {
    const runs = await Promise.all([1, 2, 3].map((d) => agon(['perft', String(d)])));
    expect(runs.map((r) => r.status)).toEqual([0, 0, 0]);
    expect(runs.map((r) => lines(r.stdout).at(-1))).toEqual(['27', '713', '18417']);
  });

  it('perft --divide lists each root move once, sorted, summing to the total', async () => {
    const { status, stdout } = await agon(['perft', '3', '--divide']);
    expect(status).toBe(0);
    const out = lines(stdout);
    const rows = out.slice(0, -1).map((l) => /^(\S+): (\d+)$/.exec(l)!);
    expect(rows.map((m) => m[1])).toEqual(engineMoves(STANDARD_APN));
    expect(rows.reduce((sum, m) => sum + Number(m[2]), 0)).toBe(Number(out.at(-1)));
    expect(out.at(-1)).toBe('18417');
  });

  it('moves lists the 27 legal turns of the start, as the engine does', async () => {
    const { status, stdout } = await agon(['moves']);
    expect(status).toBe(0);
    expect(lines(stdout)).toHaveLength(27);
    expect(lines(stdout)).toEqual(engineMoves(STANDARD_APN));
  });

  it('moves prints nothing when the game is over', async () => {
    expect(await agon(['moves', '--apn', OVER_APN])).toMatchObject({ status: 0, stdout: '' });
  });

  it('moves --batch answers each input line with one line', async () => {
    const { status, stdout } = await agon(
      ['moves', '--batch'],
      `${STANDARD_APN}\n${OVER_APN}\nx y\n`,
    );
    expect(status).toBe(0);
    const out = lines(stdout);
    expect(out).toHaveLength(3);
    expect(out[0]).toBe(engineMoves(STANDARD_APN).join(' '));
    expect(out[1]).toBe('');
    expect(out[2]).toMatch(/^error: \S/);
  });

  it.each([
    [['perft', '2', '--apn', 'not an apn'], /bad APN/],
    [['moves', '--apn', '6/7/8/9/10/Q9q/10/9/8/7/6 w'], /bad APN: .*guards/],
    [['frobnicate'], /unknown command "frobnicate"/],
    [['perft', 'three'], /bad depth "three"/],
    [['perft', '2', '--fast'], /unknown flag --fast/],
  ])('agon %j fails with status 2 and a message, no stack', async (args, message) => {
    const { status, stdout, stderr } = await agon(args);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^agon: /);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/^\s+at /m);
  });

  it('help lists the commands and each command has usage', async () => {
    const [all, one] = await Promise.all([agon(['--help']), agon(['perft', '--help'])]);
    expect(all.status).toBe(0);
    for (const name of ['play', 'moves', 'perft', 'bench', 'engine', 'match', 'tune'])
      expect(all.stdout).toContain(name);
    expect(one.status).toBe(0);
    expect(one.stdout).toMatch(/^usage: agon perft <depth>/);
  });

  it('play takes a scripted game: moves, an illegal move explained, undo, save', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agon-cli-'));
    const file = join(dir, 'game.agn');
    const { status, stdout } = await agon(
      ['play'],
      `f1-f2\nh1-g2\nf2-f9\nundo\nsave ${file}\nquit\nb1-b2\n`,
    );
    expect(status).toBe(0);
    const after = parseApn(STANDARD_APN);
    if (!after.ok) throw new Error(after.error.message);
    after.value.make(parseMove('f1-f2'));
    after.value.make(parseMove('h1-g2'));
    expect(stdout).toContain(explainIllegal(after.value, parseMove('f2-f9'))!.message);
    expect(stdout).toContain('Black to move> ');
    const record = parseAgn(readFileSync(file, 'utf8'));
    if (!record.ok) throw new Error(record.error.message);
    expect(record.value.game.moves.map(makeMoveText)).toEqual(['f1-f2']);
    // quit stops reading: the move after it was never played.
    expect(stdout).not.toContain('b1-b2');
  });

  it('play keeps the game when a file does not load, and ends at end of input', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agon-cli-'));
    const bad = join(dir, 'bad.agn');
    const saved = join(dir, 'saved.agn');
    writeFileSync(bad, '[Variant "Standard"]\n\n1. f1-f2 f11-f9\n');
    const { status, stdout } = await agon(['play'], `f1-f2\nload ${bad}\nh1-g2\nsave ${saved}\n`);
    expect(status).toBe(0);
    expect(stdout).toMatch(/The current game goes on: .*f11-f9/);
    const record = parseAgn(readFileSync(saved, 'utf8'));
    if (!record.ok) throw new Error(record.error.message);
    expect(record.value.game.moves.map(makeMoveText)).toEqual(['f1-f2', 'h1-g2']);
  });

  it('play announces the end of the game with its reason', async () => {
    const { status, stdout } = await agon(
      ['play', '--apn', 'gggg2/gg5/8/9/4GG4/4GQG3q/4G1G3/9/8/7/6 w'],
      'g7-g6\nf6-f5\n',
    );
    expect(status).toBe(0);
    expect(stdout).toMatch(/Game over, 1-0\. White wins: .*throne ring.*\(R11\)/);
    expect(stdout).toContain('game over> f6-f5\nThe game is over.');
  });

  it('play --level 1 answers the player with a legal move of the computer', async () => {
    const { status, stdout } = await agon(['play', '--level', '1'], 'f1-f2\nhint\nundo\nundo\n');
    expect(status).toBe(0);
    expect(stdout).toContain('The computer (level 1) plays Black.');
    expect(stdout).toContain('White plays f1-f2.');
    const reply = /^Black \(computer\) plays (\S+)\.$/m.exec(stdout)?.[1];
    const after = parseApn(STANDARD_APN);
    if (!after.ok) throw new Error(after.error.message);
    after.value.make(parseMove('f1-f2'));
    expect(after.value.legalMoves().map(makeMoveText)).toContain(reply);
    expect(stdout).toMatch(/^White to move> hint\nHint: \S+\.$/m);
    expect(stdout).toContain("Took back your last turn and the computer's reply.");
    expect(stdout).toMatch(/White to move> undo\nNothing to undo\.$/m);
  });

  it('play --side black lets the computer open as White', async () => {
    const { status, stdout } = await agon(['play', '--level', '2', '--side', 'black'], 'board\n');
    expect(status).toBe(0);
    expect(stdout).toMatch(/^White \(computer\) plays \S+\.$/m);
    expect(stdout).toContain('Black to move> board');
  });

  // Pinned: the node counts of fixed-depth searches change with almost any change to the
  // search or the evaluation. A change meant to alter play updates this number in the same
  // commit, with its measured effect (docs/strength.md).
  it('bench ends with the search lines and the pinned fingerprint of the search nodes', async () => {
    const { status, stdout } = await agon(['bench']);
    expect(status).toBe(0);
    const out = lines(stdout);
    expect(out[5]).toMatch(/^total nodes \d+$/);
    const searches = out
      .slice(7, -3)
      .map((l) => /^search .+ depth \d+ +(\d+) nodes +\d+\.\d{3} s {2}best \S+$/.exec(l));
    expect(searches).toHaveLength(4);
    const nodes = searches.reduce((sum, m) => sum + Number(m![1]), 0);
    expect(out.slice(-3)).toEqual([
      `search nodes ${nodes}`,
      expect.stringMatching(/^search nodes\/s \d+$/),
      `fingerprint ${nodes}`,
    ]);
    expect(nodes).toBe(BENCH_FINGERPRINT);
  });

  it('tune fits samples from a file and prints a weight for every feature', async () => {
    // Self-play games at a few hundred nodes rarely finish, and unfinished games give no
    // samples; so the fit is checked on a file of samples whose results follow one feature.
    const file = join(mkdtempSync(join(tmpdir(), 'agon-tune-')), 'samples.json');
    const samples = Array.from({ length: 40 }, (_, i) => {
      const features = FEATURES.map(() => 0);
      features[FEATURES.indexOf('guardRing1')] = i % 2 === 0 ? 2 : -2;
      return [features, i % 2 === 0 ? 1 : 0];
    });
    writeFileSync(file, JSON.stringify({ features: FEATURES, samples }));
    const { status, stdout } = await agon([
      'tune',
      '--games',
      '0',
      '--samples',
      file,
      '--iterations',
      '50',
    ]);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^samples 40 \(0 new, 40 from file\)$/m);
    expect(stdout).toMatch(/^k \d+\.\d$/m);
    expect(stdout).toMatch(/^loss before \d\.\d+, after \d\.\d+$/m);
    const weights = [...stdout.matchAll(/^ {2}-?\d+, +\/\/ (\w+): -?\d+ -> -?\d+$/gm)].map(
      (m) => m[1],
    );
    expect(weights).toEqual([...FEATURES]);
  });

  it('tune --pairs runs SPSA from --from weights and keeps the queen rising inward', async () => {
    // Start with the queen worth less the nearer she is to the throne: SPSA must not keep that.
    const from: number[] = FEATURES.map((f) =>
      f.startsWith('queen') && f !== 'queenVulnerable' ? 0 : 10,
    );
    from[FEATURES.indexOf('queenRing4')] = 50;
    const { status, stdout } = await agon([
      'tune',
      '--pairs',
      '2',
      '--nodes',
      '150',
      '--from',
      from.join(','),
    ]);
    expect(status).toBe(0);
    expect(stdout).toMatch(
      /^pairs 2: mean pair score of the last 2, plus minus minus, -?\d\.\d\d$/m,
    );
    const list = /^as --weights: (.*)$/m.exec(stdout)?.[1]?.split(',').map(Number);
    expect(list).toHaveLength(FEATURES.length);
    const queen = ['queenRing4', 'queenRing3', 'queenRing2', 'queenRing1', 'queenThrone'].map(
      (f) => list![FEATURES.indexOf(f as (typeof FEATURES)[number])]!,
    );
    for (let i = 1; i < queen.length; i++) expect(queen[i]).toBeGreaterThan(queen[i - 1]!);
  });

  it('tune --pairs --queen-placement captor tunes the R16 weights alone, in games under R16', async () => {
    const { status, stdout } = await agon([
      'tune',
      ...['--pairs', '1', '--nodes', '150', '--queen-placement', 'captor', '--from=-50,-10,-40'],
    ]);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^pairs 1 at 150 nodes a move, under R16$/m);
    const names = [...stdout.matchAll(/^ {2}-?\d+, +\/\/ (\w+): -?\d+ -> -?\d+$/gm)].map(
      (m) => m[1],
    );
    expect(names).toEqual([...CAPTOR_FEATURES]);
    expect(stdout).toMatch(/^as --from \(with --queen-placement captor\): -?\d+,-?\d+,-?\d+$/m);
    const refused = await agon([
      'tune',
      '--games',
      '1',
      '--nodes',
      '150',
      '--queen-placement',
      'captor',
    ]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/--queen-placement captor goes with --pairs/);
  });
});

function parseMove(text: string): number {
  const move = parseMoveText(text);
  if (!move.ok) throw new Error(move.error.message);
  return move.value;
}
