// `agon match` with real engine processes, the random mover and engines that misbehave.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAgn } from '@agon/engine';
import { describe, expect, it } from 'vitest';
import { agon, BIN } from './agon.ts';

// An engine that completes the handshake, then answers every go with an illegal move.
const CHEAT = `require('node:readline').createInterface({ input: process.stdin }).on('line', (l) => {
  if (l === 'aep') console.log('id name Cheat\\naepok');
  else if (l === 'isready') console.log('readyok');
  else if (l.startsWith('go')) console.log('bestmove f1-f9');
  else if (l === 'quit') process.exit(0);
});
`;

// An engine that writes each go line it receives to the file named by its argument, then
// answers with an illegal move, so that each of its games ends at its first turn.
const RECORDER = `const { appendFileSync } = require('node:fs');
require('node:readline').createInterface({ input: process.stdin }).on('line', (l) => {
  if (l === 'aep') console.log('id name Recorder\\naepok');
  else if (l === 'isready') console.log('readyok');
  else if (l.startsWith('go')) { appendFileSync(process.argv[2], l + '\\n'); console.log('bestmove f1-f9'); }
  else if (l === 'quit') process.exit(0);
});
`;

/** A, D and L from the summary line, checking its form. */
function tally(stdout: string): { wins: number; draws: number; losses: number } {
  const m = /^A wins (\d+), draws (\d+), losses (\d+)$/m.exec(stdout);
  if (!m) throw new Error(`no summary in:\n${stdout}`);
  return { wins: Number(m[1]), draws: Number(m[2]), losses: Number(m[3]) };
}

describe.concurrent('agon match', () => {
  it('plays random against random and sums up two games', async () => {
    const { status, stdout } = await agon([
      'match',
      ...['--a', 'random', '--b', 'random', '--games', '2', '--movetime', '10'],
    ]);
    expect(status).toBe(0);
    const t = tally(stdout);
    expect(t.wins + t.draws + t.losses).toBe(2);
    expect(stdout).toMatch(/^game 1\/2 {2}A-B {2}(1-0|0-1|1\/2-1\/2) /m);
    expect(stdout).toMatch(/^game 2\/2 {2}B-A /m);
    expect(stdout).toMatch(/^score \d+\.\d%$/m);
    expect(stdout).toMatch(/^Elo ([+-]?\d+|[+-]inf) \(/m);
  });

  it('the engine at level 10 beats the random mover, and the games are recorded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agon-match-'));
    const pgn = join(dir, 'games.agn');
    const { status, stdout } = await agon([
      'match',
      ...['--a', `"${process.execPath}" "${BIN}" engine`, '--b', 'random'],
      ...['--games', '2', '--movetime', '50', '--level-a', '10', '--pgn', pgn],
    ]);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^A: Agon .* \(level 10\)$/m);
    expect(tally(stdout)).toEqual({ wins: 2, draws: 0, losses: 0 });
    expect(stdout).toMatch(/^score 100\.0%$/m);
    expect(stdout).toMatch(/^Elo \+inf \(95%: > [+-]\d+\)$/m);
    expect(stdout).toMatch(/^forfeits: A 0, B 0$/m);
    const records = readFileSync(pgn, 'utf8').split(/\n(?=\[Event )/);
    expect(records).toHaveLength(2);
    const games = records.map((text) => {
      const record = parseAgn(text);
      if (!record.ok) throw new Error(record.error.message);
      return record.value;
    });
    expect(games.map((g) => g.tags.get('White'))).toEqual([
      expect.stringMatching(/^Agon/),
      'random',
    ]);
    expect(games.map((g) => g.game.resultText)).toEqual(['1-0', '0-1']);
  });

  it('an illegal move loses the game for the engine that sent it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agon-match-'));
    const cheat = join(dir, 'cheat.cjs');
    writeFileSync(cheat, CHEAT);
    const { status, stdout } = await agon([
      'match',
      ...['--a', 'random', '--b', `"${process.execPath}" "${cheat}"`, '--games', '2'],
      ...['--movetime', '20'],
    ]);
    expect(status).toBe(0);
    expect(stdout).toMatch(/B forfeits: illegal move f1-f9/);
    expect(tally(stdout)).toEqual({ wins: 2, draws: 0, losses: 0 });
    expect(stdout).toMatch(/^forfeits: A 0, B 2$/m);
  });

  it('sets further options on an engine (--set-a), and stops on one it refuses', async () => {
    const games = ['--b', 'random', '--games', '2', '--movetime', '20', '--max-plies', '4'];
    const engine = `"${process.execPath}" "${BIN}" engine`;
    const ok = await agon([
      'match',
      '--a',
      engine,
      '--set-a',
      'Contempt=60,ExtendCaptures=1',
      ...games,
    ]);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/Contempt 60, ExtendCaptures 1/);
    const refused = await agon(['match', '--a', engine, '--set-a', 'Contempt=2000', ...games]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/refused the options: .*Contempt takes a whole number/);
    const malformed = await agon(['match', '--a', engine, '--set-a', 'Contempt', ...games]);
    expect(malformed.status).toBe(2);
    expect(malformed.stderr).toMatch(/--set-a takes Name=Value pairs, not "Contempt"/);
  });

  it('gives each engine its own time for a move (--movetime-a, --movetime-b)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agon-match-'));
    const recorder = join(dir, 'recorder.cjs');
    writeFileSync(recorder, RECORDER);
    const engine = (log: string): string =>
      `"${process.execPath}" "${recorder}" "${join(dir, log)}"`;
    const { status, stdout } = await agon([
      'match',
      ...['--a', engine('a.log'), '--b', engine('b.log'), '--games', '2'],
      ...['--movetime', '30', '--movetime-a', '120'],
    ]);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^2 games, standard, movetime A 120 ms, B 30 ms, /m);
    expect(readFileSync(join(dir, 'a.log'), 'utf8')).toBe('go movetime 120\n');
    expect(readFileSync(join(dir, 'b.log'), 'utf8')).toBe('go movetime 30\n');
  });

  it('an engine that does not start stops the match with status 2', async () => {
    const { status, stderr } = await agon([
      'match',
      ...['--a', `"${process.execPath}" -e 0`, '--b', 'random', '--games', '2', '--movetime', '10'],
    ]);
    expect(status).toBe(2);
    expect(stderr).toMatch(/^agon: match: engine .* did not start: exited with status 0/);
  });
});
