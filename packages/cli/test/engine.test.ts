// `agon engine` driven as a GUI drives it: lines in, answers read as they arrive.

import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { FEATURES, makeMoveText, parseApn, STANDARD_APN } from '@agon/engine';
import { describe, expect, it } from 'vitest';
import { agon, BIN, lines } from './agon.ts';

const START_MOVES = (() => {
  const pos = parseApn(STANDARD_APN);
  if (!pos.ok) throw new Error(pos.error.message);
  return pos.value.legalMoves().map(makeMoveText);
})();

/** An engine process answering line by line. */
class Engine {
  /** Every line it has written so far. */
  readonly output: string[] = [];
  private readonly child: ChildProcessWithoutNullStreams;
  private read = 0;
  private wake: (() => void) | undefined;

  constructor() {
    this.child = spawn(process.execPath, [BIN, 'engine']);
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      this.output.push(line);
      this.wake?.();
    });
  }

  send(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  /** The next line, after those already read, that matches; fails after `ms`. */
  async until(pattern: RegExp, ms = 30_000): Promise<string> {
    const deadline = performance.now() + ms;
    for (;;) {
      while (this.read < this.output.length) {
        const line = this.output[this.read++]!;
        if (pattern.test(line)) return line;
      }
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`no line matching ${pattern} in:\n${this.output.join('\n')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** Closes its input and waits for it to exit. */
  end(): Promise<number | null> {
    return new Promise((resolve) => {
      this.child.on('close', resolve);
      this.child.stdin.end();
    });
  }
}

describe.concurrent('agon engine', () => {
  it('answers aep, isready, unknown commands and bad input, in order', async () => {
    const { status, stdout } = await agon(
      ['engine'],
      'aep\nisready\nfrobnicate\nposition apn not/an/apn w\nsetoption name Level value 11\n',
    );
    expect(status).toBe(0);
    const out = lines(stdout);
    expect(out[0]).toMatch(/^id name \S/);
    expect(out[1]).toMatch(/^id author \S/);
    const aepok = out.indexOf('aepok');
    for (const name of ['Level', 'Hash', 'Seed']) {
      expect(out.slice(2, aepok)).toContainEqual(
        expect.stringMatching(
          new RegExp(`^option name ${name} type spin default \\d+ min \\d+ max \\d+$`),
        ),
      );
    }
    expect(out.slice(aepok)).toEqual([
      'aepok',
      'readyok',
      'info string unknown command',
      expect.stringMatching(/^info string error bad APN/),
      expect.stringMatching(/^info string error Level/),
    ]);
  });

  it('searches position startpos with go depth 2: info lines, then a legal bestmove', async () => {
    const { status, stdout } = await agon(['engine'], 'position startpos\ngo depth 2\n');
    expect(status).toBe(0);
    const out = lines(stdout);
    expect(
      out
        .slice(0, -1)
        .map(
          (l) =>
            /^info depth (\d+) score (cp -?\d+|win \d+|loss \d+) nodes \d+ nps \d+ time \d+ pv \S/.exec(
              l,
            )?.[1],
        ),
    ).toEqual(['1', '2']);
    const best = /^bestmove (\S+)$/.exec(out.at(-1)!)?.[1];
    expect(START_MOVES).toContain(best);
  });

  it('ends a go infinite at once on stop', async () => {
    const engine = new Engine();
    engine.send('position startpos');
    engine.send('go infinite');
    await engine.until(/^info depth 4 /);
    engine.send('stop');
    const best = await engine.until(/^bestmove /);
    expect(START_MOVES).toContain(best.split(' ')[1]);
    // The search was running, not over, when the stop came.
    expect(engine.output.filter((l) => l.startsWith('bestmove'))).toHaveLength(1);
    expect(await engine.end()).toBe(0);
  });

  it('does not let a stop sent before a go cut that go short', async () => {
    const engine = new Engine();
    engine.send('stop');
    engine.send('position startpos');
    engine.send('go depth 3');
    await engine.until(/^info depth 3 /);
    expect(START_MOVES).toContain((await engine.until(/^bestmove /)).split(' ')[1]);
    expect(await engine.end()).toBe(0);
  });

  it('waits at the end of input for the search to finish, and exits 0', async () => {
    const { status, stdout } = await agon(['engine'], 'position startpos\ngo depth 4\nisready\n');
    expect(status).toBe(0);
    const out = lines(stdout);
    expect(out.at(-3)).toMatch(/^info depth 4 /);
    expect(out.at(-2)).toMatch(/^bestmove \S+$/);
    expect(out.at(-1)).toBe('readyok');
  });

  it('answers what came before quit, stopping a search, and nothing after', async () => {
    const { status, stdout } = await agon(
      ['engine'],
      'isready\nposition startpos\ngo infinite\nquit\nisready\n',
    );
    expect(status).toBe(0);
    const out = lines(stdout);
    expect(out[0]).toBe('readyok');
    expect(out.at(-1)).toMatch(/^bestmove \S+$/);
    expect(out.filter((l) => l === 'readyok')).toHaveLength(1);
  });

  it('evaluates with the weights given by --weights, and refuses a wrong list', async () => {
    const go = 'position startpos\ngo depth 1\n';
    const score = (out: string) => /^info depth 1 score (cp -?\d+)/m.exec(out)?.[1];
    const zero = await agon(['engine', '--weights', FEATURES.map(() => 0).join(',')], go);
    expect(zero.status).toBe(0);
    expect(score(zero.stdout)).toBe('cp 0');
    const builtIn = await agon(['engine'], go);
    expect(score(builtIn.stdout)).not.toBe('cp 0');
    const bad = await agon(['engine', '--weights', '1,2,3'], go);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain(`give ${FEATURES.length} whole numbers separated by commas`);
  });
});
