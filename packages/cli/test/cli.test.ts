// The agon command as users run it: a real process, its output streams and exit status.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  explainIllegal,
  makeMoveText,
  parseAgn,
  parseApn,
  parseMoveText,
  STANDARD_APN,
} from '@agon/engine';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/agon.mjs', import.meta.url));
// White's guards have just completed the throne ring around their queen (R11).
const OVER_APN = 'gggg2/gg5/8/9/4GG4/4GQG3q/4GG4/9/8/7/6 b';

interface Ran {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function agon(args: readonly string[], input = ''): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input);
  });
}

const lines = (text: string): string[] => text.split('\n').slice(0, -1);

function engineMoves(apn: string): string[] {
  const pos = parseApn(apn);
  if (!pos.ok) throw new Error(pos.error.message);
  return pos.value.legalMoves().map(makeMoveText).sort();
}

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
    for (const name of ['play', 'moves', 'perft', 'bench']) expect(all.stdout).toContain(name);
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
});

function parseMove(text: string): number {
  const move = parseMoveText(text);
  if (!move.ok) throw new Error(move.error.message);
  return move.value;
}
