// The computer player's thread: AEP lines in, AEP lines out. A search blocks this worker, never
// the page; the page stops a search by terminating the worker.

import { AepSession } from '@agon/engine';

const scope = self as unknown as {
  postMessage(line: string): void;
  onmessage: ((e: MessageEvent<string>) => void) | null;
};

const session = new AepSession({
  send: (line) => scope.postMessage(line),
  now: () => performance.now(),
});

scope.onmessage = (e) => {
  for (const line of e.data.split('\n')) session.handle(line);
};
