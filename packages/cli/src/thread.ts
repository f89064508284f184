// Worker threads for searches that must not block the main thread (`agon engine`) or that
// share out across cores (`agon tune`). Each worker is its own entry of the prebuilt
// command (build.mjs), next to the file this code is bundled into.

import { Worker, workerData } from 'node:worker_threads';

/** The worker modules, by the name of their source file without extension. */
type ThreadModule = 'engine-worker' | 'tune-worker' | 'puzzle-worker';

/** Starts a worker thread running `module`, which reads `data` with threadData. */
export function startThread(module: ThreadModule, data: unknown): Worker {
  return new Worker(new URL(`./${module}.js`, import.meta.url), { workerData: { data } });
}

/** Inside a worker from startThread: the data it was started with. */
export function threadData<T>(): T {
  return (workerData as { data: T }).data;
}
