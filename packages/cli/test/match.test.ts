// `agon match` with real engine processes, the random mover and engines that misbehave.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Game, parseAgn, parseApn } from '@agon/engine';
import { describe, expect, it } from 'vitest';
import { AepClient } from '../src/aep-client.ts';
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

// An engine without the CaptorPlacesQueen option that logs what it is sent to the file named
// by its argument and scores a position 300 for the side to move when the last move put a
// queen on b1, else -5 (its bestmove is never played in the test that uses it).
const SCORER = `const { appendFileSync } = require('node:fs');
let last = '';
require('node:readline').createInterface({ input: process.stdin }).on('line', (l) => {
  appendFileSync(process.argv[2], l + '\\n');
  if (l === 'aep') console.log('id name Scorer\\naepok');
  else if (l === 'isready') console.log('readyok');
  else if (l.startsWith('position')) last = l;
  else if (l.startsWith('go')) {
    console.log('info depth 1 score cp ' + (last.endsWith('@b1') ? 300 : -5) + ' nodes 1 nps 1 time 1 pv a1-b1');
    console.log('bestmove a1-b1');
  } else if (l === 'quit') process.exit(0);
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

  it('plays under R16 (--queen-placement captor), and the records say so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agon-match-'));
    const pgn = join(dir, 'games.agn');
    const { status, stdout } = await agon([
      'match',
      ...['--a', `"${process.execPath}" "${BIN}" engine`, '--b', 'novice', '--level-a', '3'],
      ...['--games', '2', '--movetime', '50', '--max-plies', '60', '--queen-placement', 'captor'],
      ...['--pgn', pgn],
    ]);
    expect(status).toBe(0);
    expect(stdout).toMatch(
      /^2 games, standard, captor places the queen \(R16\), movetime 50 ms, /m,
    );
    expect(stdout).not.toMatch(/has no CaptorPlacesQueen option/);
    expect(stdout).toMatch(/^forfeits: A 0, B 0$/m);
    // Every record replays under R16 only, as its QueenPlacement tag says.
    for (const text of readFileSync(pgn, 'utf8').split(/\n(?=\[Event )/)) {
      expect(text).toMatch(/^\[QueenPlacement "Captor"\]$/m);
      const record = parseAgn(text);
      if (!record.ok) throw new Error(record.error.message);
      expect(record.value.game.captorPlacesQueen).toBe(true);
    }
    const refused = await agon(
      ['match', '--a', 'random', '--b', 'random', '--games', '2'].concat([
        '--movetime',
        '10',
        '--queen-placement',
        'loser',
      ]),
    );
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(
      /unknown queen placement "loser": it is owner \(R10\) or captor \(R16\)/,
    );
  });

  it('an engine without CaptorPlacesQueen as captor plays the relocation it scores best (R16)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agon-match-'));
    const scorer = join(dir, 'scorer.cjs');
    const log = join(dir, 'scorer.log');
    writeFileSync(scorer, SCORER);
    const client = await AepClient.start(
      `"${process.execPath}" "${scorer}" "${log}"`,
      undefined,
      [],
      true,
    );
    try {
      expect(client.scoresRelocations).toBe(true);
      // Black owes her queen's relocation (RING_OPEN of the engine's R16 tests); White chooses.
      const start = parseApn('6/7/8/3q*5/4GG4/4GQG3g/4G4g/4G3g/7g/6g/5g b');
      if (!start.ok) throw new Error(start.error.message);
      const game = new Game(start.value, { captorPlacesQueen: true });
      const relocations = game.legalMoves().length;
      // A long movetime, so that each search's time limit never binds on a loaded machine:
      // the scorer answers at once.
      const movetime = 1_000_000;
      expect(await client.move(game, movetime)).toBe('d4@b1');
      // Each relocation was searched once, in an equal share of the movetime, and the game
      // was left as it was.
      const sent = readFileSync(log, 'utf8');
      expect(sent.match(/^go movetime /gm)).toHaveLength(relocations);
      expect(sent).toMatch(new RegExp(`^go movetime ${Math.floor(movetime / relocations)}$`, 'm'));
      expect(sent).not.toMatch(/CaptorPlacesQueen/);
      expect(game.moves).toHaveLength(0);
    } finally {
      await client.close();
    }
    // The same engine offering the option is told to choose as captor itself.
    const offering = join(dir, 'offering.cjs');
    const offeringLog = join(dir, 'offering.log');
    writeFileSync(
      offering,
      SCORER.replace(
        'id name Scorer',
        'option name CaptorPlacesQueen type check default false\\nid name Scorer',
      ),
    );
    const told = await AepClient.start(
      `"${process.execPath}" "${offering}" "${offeringLog}"`,
      undefined,
      [],
      true,
    );
    await told.close();
    expect(told.scoresRelocations).toBe(false);
    expect(readFileSync(offeringLog, 'utf8')).toMatch(
      /^setoption name CaptorPlacesQueen value true$/m,
    );
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
