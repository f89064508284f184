// `agon engine`: the engine on standard input and output (PROTOCOL.md), for GUIs, match
// runners and other programs. The search runs in a worker thread so that this thread keeps
// reading input meanwhile: a search never yields, so `stop` reaches it through shared memory.

import { createInterface } from 'node:readline';
import { Args } from './args.ts';
import type { Command } from './command.ts';
import { startThread } from './thread.ts';

/** What the main thread gives the engine thread: a count of the interrupting lines read so far. */
export interface EngineThreadData {
  readonly interrupts: SharedArrayBuffer;
  /** Evaluation weights other than the built-in ones, from --weights. */
  readonly weights?: Int32Array;
}

/** Whether an input line ends a running search: `stop`, and `quit`, which must not wait for an endless one. */
export function interrupts(line: string): boolean {
  const word = firstWord(line);
  return word === 'stop' || word === 'quit';
}

/** The shell command that runs this program's own `agon engine`, as its own process. */
export function ownEngineCommand(): string {
  return `"${process.execPath}" "${process.argv[1]}" engine`;
}

function firstWord(line: string): string {
  return line.trim().split(/\s+/, 1)[0]!;
}

/** The `engine` command. */
export const engineCommand: Command = {
  name: 'engine',
  summary: 'speak the engine protocol (AEP) on stdin and stdout',
  usage: `usage: agon engine [--weights <w1,w2,...>]

Runs the engine as a program that speaks AEP (PROTOCOL.md) on standard input and output,
one command a line, for graphical interfaces, agon match and other programs. Start with
aep (answered by id, option and aepok lines), then position and go:

  aep | isready | setoption name <N> value <V> | newgame
  position startpos [moves ...] | position apn <APN> [moves ...]
  go [movetime <ms>] [depth <d>] [nodes <n>] [infinite] | stop | quit

Every answer is written as soon as it is known. stop ends a running search at once, with
its bestmove; a stop read before a go does not affect that go. quit ends any running
search the same way, answers the commands before it and exits. At the end of input the
engine answers every command it has read, waiting for a search to finish (a go infinite
is stopped), and exits. Bad input gets an "info string" line; it never ends the engine.

  --weights <list>  evaluation weights instead of the built-in ones, as whole numbers
                    separated by commas in the order of the evaluation's features (as
                    agon tune prints them), to measure other weights with agon match`,

  async run(argv) {
    const args = new Args('engine', argv, { weights: 'value' });
    args.expectPositionals(0);
    const counter = new Int32Array(new SharedArrayBuffer(4));
    const weights = args.weights('weights');
    const data: EngineThreadData = {
      interrupts: counter.buffer as SharedArrayBuffer,
      ...(weights && { weights }),
    };
    const worker = startThread('engine-worker', data);
    const input = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
    // The engine thread sends its lines, then null once it has answered everything.
    const finished = new Promise<void>((resolve, reject) => {
      worker.on('message', (line: string | null) => {
        if (line === null) resolve();
        else process.stdout.write(`${line}\n`);
      });
      worker.on('error', reject);
      worker.on('exit', () => reject(new Error('engine: the engine thread stopped unexpectedly')));
    });
    // Stop reading once the thread has failed, so the error is reported without more input.
    finished.catch(() => input.close());

    let endless = false; // a `go infinite` not yet followed by a stop
    const forward = (line: string): void => {
      if (interrupts(line)) {
        // Counted before the line is queued, so a search in progress sees it at once.
        Atomics.add(counter, 0, 1);
        endless = false;
      } else if (firstWord(line) === 'go') {
        endless = line.trim().split(/\s+/).includes('infinite');
      }
      worker.postMessage(line);
    };
    let quit = false;
    for await (const line of input) {
      forward(line);
      quit = firstWord(line) === 'quit';
      if (quit) break;
    }
    if (!quit) {
      // An infinite search would never end by itself at the end of input.
      if (endless) forward('stop');
      worker.postMessage(null);
    }
    try {
      await finished;
    } finally {
      input.close();
      process.stdin.destroy();
    }
  },
};
