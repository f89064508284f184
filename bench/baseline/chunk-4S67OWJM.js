import {
  Args,
  startThread
} from "./chunk-TYN2BYO5.js";

// packages/cli/src/engine.ts
import { createInterface } from "node:readline";
function interrupts(line) {
  const word = firstWord(line);
  return word === "stop" || word === "quit";
}
function firstWord(line) {
  return line.trim().split(/\s+/, 1)[0];
}
var engineCommand = {
  name: "engine",
  summary: "speak the engine protocol (AEP) on stdin and stdout",
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
    const args = new Args("engine", argv, { weights: "value" });
    args.expectPositionals(0);
    const counter = new Int32Array(new SharedArrayBuffer(4));
    const weights = args.weights("weights");
    const data = {
      interrupts: counter.buffer,
      ...weights && { weights }
    };
    const worker = startThread("engine-worker", data);
    const input = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
    const finished = new Promise((resolve, reject) => {
      worker.on("message", (line) => {
        if (line === null) resolve();
        else process.stdout.write(`${line}
`);
      });
      worker.on("error", reject);
      worker.on("exit", () => reject(new Error("engine: the engine thread stopped unexpectedly")));
    });
    finished.catch(() => input.close());
    let endless = false;
    const forward = (line) => {
      if (interrupts(line)) {
        Atomics.add(counter, 0, 1);
        endless = false;
      } else if (firstWord(line) === "go") {
        endless = line.trim().split(/\s+/).includes("infinite");
      }
      worker.postMessage(line);
    };
    let quit = false;
    for await (const line of input) {
      forward(line);
      quit = firstWord(line) === "quit";
      if (quit) break;
    }
    if (!quit) {
      if (endless) forward("stop");
      worker.postMessage(null);
    }
    try {
      await finished;
    } finally {
      input.close();
      process.stdin.destroy();
    }
  }
};

export {
  interrupts,
  engineCommand
};
