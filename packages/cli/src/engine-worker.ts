// The engine thread of `agon engine`: one AEP session answering lines in the order the main
// thread forwards them. A search blocks this thread, so it learns of a `stop` from a counter
// in shared memory rather than from its message queue.

import { parentPort } from 'node:worker_threads';
import { AepSession } from '@agon/engine';
import { type EngineThreadData, interrupts } from './engine.ts';
import { threadData } from './thread.ts';

const port = parentPort!;
const data = threadData<EngineThreadData>();
const counter = new Int32Array(data.interrupts);
// Interrupting lines this thread has handled. The main thread counts them as it reads them,
// so its count running ahead means one arrived after the search began; one read before the
// `go` has been handled by then and stops nothing.
let handled = 0;

const session = new AepSession(
  {
    send: (line) => port.postMessage(line),
    now: () => performance.now(),
    stopRequested: () => Atomics.load(counter, 0) > handled,
  },
  data.weights,
);

// null is the end of input: everything before it has been answered.
port.on('message', (line: string | null) => {
  let going = line !== null;
  if (line !== null) {
    try {
      going = session.handle(line);
    } catch (e) {
      // An engine bug must not end the session a GUI is driving.
      port.postMessage(`info string error ${e instanceof Error ? e.message : String(e)}`);
    }
    if (interrupts(line)) handled++;
  }
  if (!going) {
    port.postMessage(null);
    port.close();
  }
});
