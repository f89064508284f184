import { describe, expect, it } from 'vitest';
import { AepSession, type Position, parseApn, parseMoveText, STANDARD_APN } from '../src/index.ts';
import { scene } from './helpers.ts';

function session(): { lines: string[]; send: (line: string) => void; s: AepSession } {
  const lines: string[] = [];
  let clock = 0;
  const send = (line: string) => lines.push(line);
  // A clock that advances on every read, so time limits end searches deterministically.
  const s = new AepSession({ send, now: () => (clock += 0.01) });
  return { lines, send, s };
}

function run(s: AepSession, lines: string[], commands: string[]): string[] {
  lines.length = 0;
  for (const c of commands) s.handle(c);
  return [...lines];
}

function after(moves: string[]): Position {
  const pos = parseApn(STANDARD_APN);
  if (!pos.ok) throw new Error(pos.error.message);
  for (const text of moves) {
    const move = parseMoveText(text);
    if (!move.ok) throw new Error(move.error.message);
    pos.value.make(move.value);
  }
  return pos.value;
}

const bestmove = (out: string[]) => out.find((l) => l.startsWith('bestmove '))?.slice(9);

describe('AEP (PROTOCOL.md)', () => {
  it('answers aep with id lines, the Level, Hash, Seed and MultiPV options, then aepok', () => {
    const { s, lines } = session();
    const out = run(s, lines, ['aep']);
    expect(out[0]).toMatch(/^id name /);
    expect(out[1]).toMatch(/^id author /);
    expect(out).toContain('option name MultiPV type spin default 1 min 1 max 5');
    for (const o of ['Level', 'Hash', 'Seed']) {
      expect(out.some((l) => l.startsWith(`option name ${o} type spin default`))).toBe(true);
    }
    expect(out.at(-1)).toBe('aepok');
    expect(run(s, lines, ['isready'])).toEqual(['readyok']);
  });

  it('searches with go depth and gives info lines then a legal bestmove', () => {
    const { s, lines } = session();
    const out = run(s, lines, ['position startpos moves f1-f2 f11-f10', 'go depth 3']);
    const infos = out.filter((l) => l.startsWith('info depth'));
    expect(infos).toHaveLength(3);
    expect(infos[2]).toMatch(
      /^info depth 3 score (cp -?\d+|win \d+|loss \d+) nodes \d+ nps \d+ time \d+ pv \S/,
    );
    const pos = after(['f1-f2', 'f11-f10']);
    const move = parseMoveText(bestmove(out)!);
    expect(move.ok && pos.isLegal(move.value)).toBe(true);
  });

  it('with MultiPV 3 gives three numbered lines per completed depth, best first', () => {
    const { s, lines } = session();
    const out = run(s, lines, [
      'setoption name MultiPV value 3',
      'position startpos',
      'go depth 3',
    ]);
    const infos = out.filter((l) => l.startsWith('info depth'));
    const parsed = infos.map((l) => {
      const m =
        /^info depth (\d+) multipv (\d) score cp (-?\d+) nodes \d+ nps \d+ time \d+ pv (\S+)/.exec(
          l,
        );
      if (!m) throw new Error(`not a MultiPV info line: ${l}`);
      return { depth: Number(m[1]), k: Number(m[2]), score: Number(m[3]), move: m[4]! };
    });
    expect(parsed.map((p) => [p.depth, p.k])).toEqual([
      [1, 1],
      [1, 2],
      [1, 3],
      [2, 1],
      [2, 2],
      [2, 3],
      [3, 1],
      [3, 2],
      [3, 3],
    ]);
    for (const depth of [1, 2, 3]) {
      const at = parsed.filter((p) => p.depth === depth);
      expect(new Set(at.map((p) => p.move)).size).toBe(3);
      expect(at.map((p) => p.score)).toEqual([...at.map((p) => p.score)].sort((a, b) => b - a));
    }
    expect(bestmove(out)).toBe(parsed.at(-3)!.move);
    expect(run(s, lines, ['setoption name MultiPV value 6'])[0]).toMatch(
      /^info string error MultiPV takes a whole number from 1 to 5/,
    );
  });

  it('reports a forced win as win N from the side to move', () => {
    const { s, lines } = session();
    const out = run(s, lines, [
      'position apn gggggg/7/8/9/4GG4/4GQG3q/4G5/4G4/8/7/6 w',
      'go depth 3',
    ]);
    expect(out.some((l) => / score win 1 /.test(l))).toBe(true);
    expect(bestmove(out)).toBe('h5-g6');
  });

  it('keeps the position when a move is illegal or the APN is bad, and says why', () => {
    const { s, lines } = session();
    run(s, lines, ['position startpos moves f1-f2']);
    const bad = run(s, lines, ['position startpos moves f1-f3', 'position apn 1/2/3 w']);
    expect(bad[0]).toMatch(/^info string error illegal move f1-f3: .*R7/);
    expect(bad[1]).toMatch(/^info string error bad APN/);
    const out = run(s, lines, ['go depth 1']);
    const move = parseMoveText(bestmove(out)!);
    expect(move.ok && after(['f1-f2']).isLegal(move.value)).toBe(true);
  });

  it('passes Contempt, ExtendCaptures and Prune to the search (measured options, off by default)', () => {
    // A middle game full of captures: extending them makes the same depth search more.
    const position = 'position startpos moves f1-f2 f11-f10 e2-e3 e10-e9 d2-d3 d10-d9';
    const nodesAt = (setting: string[]): number => {
      const { s, lines } = session();
      const out = run(s, lines, [...setting, position, 'go depth 4']);
      return Number(
        / nodes (\d+) /.exec(out.filter((l) => l.startsWith('info depth 4')).at(-1)!)![1],
      );
    };
    const plain = nodesAt([]);
    expect(nodesAt(['setoption name ExtendCaptures value 0'])).toBe(plain);
    expect(nodesAt(['setoption name ExtendCaptures value 1'])).not.toBe(plain);
    // Pruning starts in the fourth iteration: the same depth searches fewer nodes.
    expect(nodesAt(['setoption name Prune value 0'])).toBe(plain);
    expect(nodesAt(['setoption name Prune value 1'])).toBeLessThan(plain);
    const { s, lines } = session();
    expect(run(s, lines, ['setoption name ExtendCaptures value 2'])[0]).toMatch(
      /^info string error ExtendCaptures takes a whole number from 0 to 1/,
    );
    expect(run(s, lines, ['setoption name Contempt value -1'])[0]).toMatch(
      /^info string error Contempt takes a whole number from 0 to 1000/,
    );
  });

  it('says unknown command and goes on; bad option values are refused', () => {
    const { s, lines } = session();
    expect(run(s, lines, ['hello'])).toEqual(['info string unknown command']);
    expect(run(s, lines, ['setoption name Level value 0'])[0]).toMatch(/^info string error Level/);
    expect(s.handle('quit')).toBe(false);
  });

  it('answers bestmove none when the game is over', () => {
    const { s, lines } = session();
    const out = run(s, lines, [
      'position apn gggggg/7/8/9/4GG4/4GQG3q/4GG4/9/8/7/6 b',
      'go depth 2',
    ]);
    expect(bestmove(out)).toBe('none');
  });

  it('is deterministic for a given Seed at a lower level', () => {
    const play = () => {
      const { s, lines } = session();
      return bestmove(
        run(s, lines, [
          'setoption name Level value 3',
          'setoption name Seed value 42',
          'position startpos',
          'go',
        ]),
      );
    };
    expect(play()).toBe(play());
  });
});

describe('AEP CaptorPlacesQueen (R16)', () => {
  // White's queen on the throne, five guards round it and the sixth on h5 beside the vacant
  // g6; Black owes the relocation of its queen, captured on d4.
  const ringOpen = scene(
    { f6: 'Q', e5: 'G', e6: 'G', f5: 'G', f7: 'G', g5: 'G', h5: 'G', d4: 'q*' },
    'b',
  );

  it('lists the option as a check, off by default', () => {
    const { s, lines } = session();
    expect(run(s, lines, ['aep'])).toContain(
      'option name CaptorPlacesQueen type check default false',
    );
  });

  it('answers go with the captor’s choice, scored from the side to move’s view', () => {
    const { s, lines } = session();
    const owner = run(s, lines, [`position apn ${ringOpen}`, 'go depth 3']);
    expect(bestmove(owner)).toBe('d4@g6');
    const captor = run(s, lines, [
      'setoption name CaptorPlacesQueen value true',
      `position apn ${ringOpen}`,
      'go depth 3',
    ]);
    const move = bestmove(captor)!;
    expect(move).toMatch(/^d4@/);
    expect(move).not.toBe('d4@g6');
    expect(captor.filter((l) => l.startsWith('info depth')).at(-1)).toMatch(/ score loss 2 /);
    // Off again: the owner's choice again.
    const back = run(s, lines, [
      'setoption name CaptorPlacesQueen value false',
      `position apn ${ringOpen}`,
      'go depth 3',
    ]);
    expect(bestmove(back)).toBe('d4@g6');
  });

  it('refuses a value other than true or false, naming the option', () => {
    const { s, lines } = session();
    expect(run(s, lines, ['setoption name CaptorPlacesQueen value 1'])[0]).toBe(
      'info string error CaptorPlacesQueen takes true or false, not "1"',
    );
  });
});
